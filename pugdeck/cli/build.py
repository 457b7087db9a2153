"""`pugdeck build`: the deck tailored to a group, as built JSON and a print-and-play PDF."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from pugdeck.building.pipeline import Built, build, render_built, write_outputs
from pugdeck.cli.common import deck_argument, progress_bar, report_diagnostics
from pugdeck.authoring.diagnostics import DeckError
from pugdeck.games.pug_you.filters import Preferences
from pugdeck.authoring.loading import gc_paused


class BackOffset(click.ParamType):
    """X,Y in millimetres."""

    name = "X,Y"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        try:
            x, y = (float(part) for part in str(value).split(","))
        except ValueError:
            self.fail(f"expected two numbers in mm like 0.5,-1, not {value!r}", param, ctx)
        if max(abs(x), abs(y)) > 10:
            self.fail("a back offset over 10 mm is a layout problem, not misregistration", param, ctx)
        return (x, y)


def filter_options(command):
    """The group-preference flags (DESIGN.md §3), shared by build and the exports."""
    options = [
        click.option("--no-red", is_flag=True, help="Leave the red (hardcore) cards out."),
        click.option("--no-yellow", is_flag=True, help="Leave the yellow cards out."),
        click.option("--no-green", is_flag=True, help="Leave the green (nice) cards out."),
        click.option("--no-mutts", is_flag=True, help="Leave the pink healthy mutts out."),
        click.option("--savage", is_flag=True, help="No green cards and no mutts."),
        click.option("--strangers", is_flag=True, help="Drop cards with a full thermometer."),
        click.option("--max-thermometer", type=click.IntRange(1, 3), metavar="N",
                     help="Drop cards whose thermometer is above N."),
        click.option("--exclude", multiple=True, metavar="ID", help="Set a card aside (repeatable)."),
        click.option("--exclude-tag", multiple=True, metavar="TAG",
                     help="Set aside every card with this tag (repeatable)."),
        click.option("--customs", multiple=True, type=click.Path(exists=True, dir_okay=False),
                     metavar="FILE", help="Add written blue custom cards from a YAML file (repeatable)."),
        click.option("--only", type=click.Choice(["customs"]),
                     help="Build only the blue custom cards."),
        click.option("--blanks", type=click.IntRange(0, 90), metavar="N",
                     help="Print N blank blue cards to write on [default: the deck's blanks]."),
        click.option("--players", type=click.IntRange(2, 20), metavar="N",
                     help="Fail unless the deck is playable for N players."),
        click.option("--profile", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
                     help="A group profile (YAML, same fields as these flags); flags add to it."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def preferences_from(options: dict) -> tuple[Preferences, tuple[tuple[str, str, str], ...]]:
    """Preferences from the flags merged into the profile; the profile as an extra source."""
    flags = Preferences(
        no_red=options["no_red"], no_yellow=options["no_yellow"], no_green=options["no_green"],
        no_mutts=options["no_mutts"], savage=options["savage"], strangers=options["strangers"],
        max_thermometer=options["max_thermometer"], exclude=tuple(options["exclude"]),
        exclude_tags=tuple(options["exclude_tag"]), only_customs=options["only"] == "customs",
        players=options["players"], blanks=options["blanks"], customs=tuple(options["customs"]),
    )
    if not options["profile"]:
        return flags, ()
    from pugdeck.games.pug_you.profiles import load_profile  # only a build with --profile

    profile, doc = load_profile(Path(options["profile"]))
    return profile.merged(flags), (("profile", doc.path.name, doc.sha256),)


def run_build(deck: Path, options: dict, name: str | None) -> Built:
    prefs, extra = preferences_from(options)
    return build(deck, prefs, name=name, extra_sources=extra)


@click.command("build")
@deck_argument
@filter_options
@click.option("--name", help="Output name [default: the deck id and the filters, e.g. pug-you-no-red].")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="out", show_default=True,
              help="Folder for the outputs.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="Sheet size for 3 x 3 cards.")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long", show_default=True,
              help="Backs mirrored for long- or short-edge duplex printing; none prints no backs.")
@click.option("--bleed", type=click.FloatRange(0, 10), metavar="MM",
              help="Print-shop output: one card per page with this bleed, TrimBox and BleedBox set.")
@click.option("--back-offset", type=BackOffset(), default="0,0", metavar="X,Y", show_default=True,
              help="Shift the backs by X,Y mm to correct a printer's misregistration.")
@click.option("--pdf/--no-pdf", default=True, show_default=True, help="Also write the print-and-play PDF.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary on stdout.")
def build_command(deck: Path, name: str | None, out_dir: str, paper: str, duplex: str,
                  bleed: float | None, back_offset: tuple[float, float], pdf: bool, as_json: bool,
                  **options) -> None:
    """Build DECK for a group: out/<name>.json (the built deck) and out/<name>.pdf.

    DECK is a deck folder or its deck.yaml (default: the bundled Pug You! deck). Nothing is
    written unless everything succeeds.
    """
    try:
        built = run_build(deck, options, name)
        document = None
        if pdf:
            # No cyclic garbage collection while drawing: a PDF's objects all live until it is
            # saved, so the collector keeps scanning them for nothing (peak memory unchanged).
            with gc_paused(), progress_bar(len(built.doc["cards"]) + built.blanks,
                                           "Drawing cards") as advance:
                document = render_built(built, paper=paper, duplex=duplex, bleed_mm=bleed,
                                        back_offset_mm=back_offset, progress=advance)
        written = write_outputs(built, Path(out_dir), document)
    except DeckError as exc:
        report_diagnostics(exc.diagnostics)
        sys.exit(1)
    report_diagnostics(built.diagnostics)
    for warning in built.warnings:
        click.echo(f"warning: {warning}", err=True)
    if as_json:
        click.echo(json.dumps({"name": built.name, "files": [str(p) for p in written],
                               "cards": len(built.doc["cards"]), "blanks": built.blanks,
                               "checked": built.doc["checked"], "removed": built.doc["filters"]["removed"]},
                              indent=2))
    else:
        click.echo(built.summary)
        for path in written:
            click.echo(f"wrote {path}")
