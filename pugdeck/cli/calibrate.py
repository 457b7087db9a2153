"""`pugdeck calibrate`: the duplex test sheet that measures a printer's `--back-offset`."""

from __future__ import annotations

from pathlib import Path

import click

from pugdeck.atomic import write_files
from pugdeck.cli.build import BackOffset
from pugdeck.cli.common import quiet_option


@click.command("calibrate")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="Sheet size: the one you print decks on.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="out", show_default=True,
              help="Folder for calibration-<paper>.pdf.")
@click.option("--back-offset", type=BackOffset(), default="0,0", metavar="X,Y", show_default=True,
              help="Print the back shifted as `build --back-offset X,Y` would: to check an offset "
                   "you read (the sheet then reads 0,0).")
@quiet_option
def calibrate_command(paper: str, out_dir: str, back_offset: tuple[float, float], quiet: bool) -> None:
    """Write out/calibration-<paper>.pdf, a two-page duplex test sheet.

    Print both pages on one sheet, double-sided at 100 %, with the duplex setting you print
    decks with. Hold it to the light, back towards you: where the front's middle cross meets
    the scales on the back, read X and Y, and build with `--back-offset X,Y`.
    """
    from pugdeck.render.calibration import calibration_pdf  # reportlab loads only to draw

    path = Path(out_dir) / f"calibration-{paper}.pdf"
    write_files({path: calibration_pdf(paper, back_offset)})
    if quiet:
        return
    click.echo(f"wrote {path}")
    click.echo("Print it double-sided at 100 % (actual size), hold it to the light with the back "
               "towards you, read X and Y at the middle cross, then: pugdeck build --back-offset X,Y")
