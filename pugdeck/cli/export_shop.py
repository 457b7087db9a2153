"""`pugdeck export print-shop`: card images for MakePlayingCards or The Game Crafter."""

from __future__ import annotations

from pathlib import Path

import click

from pugdeck.cli.build import run_build
from pugdeck.cli.common import progress_bar, report_build, with_origin
from pugdeck.cli.export import export_options
from pugdeck.export.output_record import recorded_batch
from pugdeck.export.print_shop import DEFAULT_DPI, SHOPS, shop_folder, shop_pictures, shop_plan
from pugdeck.export.print_shop_check import check_safe_zone
from pugdeck.export.print_shop_manifest import manifest_csv

SIZES = ", ".join(f"{key}: {'x'.join(map(str, shop.pixels()))} px ({shop.name})"
                  for key, shop in SHOPS.items())


@click.command("print-shop")
@export_options
@click.option("--shop", "shop_key", type=click.Choice(sorted(SHOPS)), required=True,
              help="The shop whose poker-card size, bleed and safe zone to use.")
@click.option("--dpi", type=click.IntRange(150, 1200), default=DEFAULT_DPI, show_default=True,
              help="Resolution; card and bleed scale together (the shops ask for 300).")
def print_shop_command(deck: Path, name: str | None, out_dir: str, shop_key: str, dpi: int,
                       quiet: bool, **options) -> None:
    """Card images to upload to a print shop: out/<name>/print-shop-<shop>/.

    One PNG per distinct card face in fronts/ (copies of a card share one image; the blank
    customs, both turd cards and the reference card are there too), one per kind of back in
    backs/, and manifest.csv: each file, its copies, its back and its cards. Sizes at 300
    dpi with bleed: {sizes}. Text or an icon closer to the cut than the shop's safe line
    fails the export, naming the card; nothing is written. docs/printing.md, "Print shops",
    says what to pick at each shop.
    """
    shop = SHOPS[shop_key]
    built = run_build(deck, options, name)
    images = shop_plan(built, check_safe_zone(built, shop))
    folder = shop_folder(built, Path(out_dir), shop)
    manifest = folder / "manifest.csv"
    size = 0
    # Text that does not fit is found while drawing: its `DeckError` ends the batch before any
    # file lands.
    with recorded_batch(folder, [*(folder / image.path for image in images), manifest]) as write:
        with progress_bar(len(images), "Rasterising", quiet=quiet) as advance:
            for image, data in shop_pictures(built, shop, images, dpi, progress=advance):
                write(folder / image.path, data)  # on disk at once: memory stays flat
                size += len(data)
        write(manifest, data := manifest_csv(images))
        size += len(data)
    report_build(built)
    if quiet:
        return
    click.echo(with_origin(built.summary))
    fronts = [image for image in images if image.back]
    cards = sum(image.copies for image in fronts)
    width, height = shop.pixels(dpi)
    click.echo(f"wrote {len(fronts)} front image{'s' * (len(fronts) != 1)} for {cards} card{'s' * (cards != 1)} and "
               f"{len(images) - len(fronts)} back{'s' * (len(images) - len(fronts) != 1)}, "
               f"{width} x {height} px at {dpi} dpi ({size / 1e6:.1f} MB), in {folder}")
    click.echo(f"manifest: {manifest}")


print_shop_command.help = (print_shop_command.help or "").replace("{sizes}", SIZES)
