"""`pugdeck export png|tts|html` and `pugdeck preview`: the deck as pictures for other frontends.

Every export builds the deck with the same group-preference flags as `pugdeck build`, draws
the print PDF once (one card per page) and rasterises it, so what a frontend shows is what
prints. Files are written all or nothing. The CSV and print-shop exports live in modules
of their own, imported only when named (`LazySubgroup`), and each export here imports the
libraries only it uses (the gallery, the preview's Pillow drawing, the TTS sheets) when
it runs: `export png` imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from pugdeck.atomic import write_files
from pugdeck.cli.build import filter_options, run_build
from pugdeck.cli.common import (
    DEFAULT_DECK,
    LazySubgroup,
    deck_argument,
    name_option,
    progress_bar,
    quiet_option,
    report_build,
    with_origin,
)
from pugdeck.core.built_deck import Built
from pugdeck.export.output_record import recorded_batch
from pugdeck.export.png import CardPdf, card_pdf, faces_of, png_folder, png_images, png_pages

export = LazySubgroup("export", help="Write the deck for other frontends: PNG images, a "
                      "Tabletop Simulator deck, an HTML gallery, …",
                      lazy={"csv": ("pugdeck.cli.export_csv", "csv_command"),
                            "print-shop": ("pugdeck.cli.export_shop", "print_shop_command")})


def export_options(command: click.Command) -> click.Command:
    """DECK, the group-preference flags, --name and --out: what every export takes."""
    command = click.option("--out", "out_dir", type=click.Path(file_okay=False), default="out",
                           show_default=True, help="Folder for the outputs.")(command)
    command = name_option("Output name [default: the deck id and the filters, "
                          f"e.g. {DEFAULT_DECK}-no-red].")(command)
    return deck_argument(filter_options(quiet_option(command)))


def run_export(deck: Path, options: dict, name: str | None,
               make_files: Callable[[Built, CardPdf], dict[Path, bytes]],
               record: Callable[[Built], tuple[Path, str]] | None = None) -> tuple[Built, dict[Path, int]]:
    """Build, draw, make the files and write them. With `record` (the built deck → the
    export's folder and the names it owns there), the folder's output record goes in the
    same batch (`recorded_batch`). Then the build's summary line (which deck, when DECK was
    left out), unless --quiet. Returns the built deck and each file's size."""
    built, pdf = built_and_drawn(deck, options, name)
    files = make_files(built, pdf)
    if record is None:
        write_files(files)
    else:
        folder, owned = record(built)
        with recorded_batch(folder, files, owned) as write:
            for path, data in files.items():
                write(path, data)
    report_build(built)
    if not options.get("quiet"):
        click.echo(with_origin(built.summary))
    return built, {path: len(data) for path, data in files.items()}


def built_and_drawn(deck: Path, options: dict, name: str | None) -> tuple[Built, CardPdf]:
    """The built deck and its card-per-page PDF."""
    built = run_build(deck, options, name)
    with progress_bar(len(faces_of(built)), "Drawing cards", quiet=options.get("quiet", False)) as advance:
        return built, card_pdf(built, progress=advance)


def _report(sizes: dict[Path, int], what: str, quiet: bool = False) -> None:
    """One line per folder, or the file itself when a folder got only one."""
    if quiet:
        return
    by_folder: dict[Path, list[Path]] = {}
    for path in sizes:
        by_folder.setdefault(path.parent, []).append(path)
    for folder, paths in sorted(by_folder.items()):
        if len(paths) == 1:
            click.echo(f"wrote {paths[0]}")
        else:
            size = sum(sizes[p] for p in paths) / 1e6
            click.echo(f"wrote {len(paths)} {what} ({size:.1f} MB) in {folder}")


@export.command("png")
@export_options
@click.option("--dpi", type=click.IntRange(36, 1200), default=300, show_default=True,
              help="Resolution: a poker card is 750 x 1050 px at 300 dpi.")
@click.option("--preview", is_flag=True, help="Also write out/<name>-preview.png, one contact "
              "sheet of the whole deck, small enough to share in a chat.")
def png_command(deck: Path, name: str | None, out_dir: str, dpi: int, preview: bool,
                **options) -> None:
    """One PNG per card face and one of the back: out/<name>/png/<card>.png.

    A card id like worst-roommate#1 becomes worst-roommate-1.png; blank customs keep their
    ids (custom-1.png …), then turd-1.png, turd-2.png, turn-overview.png and back.png. Images this
    command wrote earlier, of cards no longer in the deck, are removed from that folder; any
    other file there is left alone (the folder's .pugdeck-outputs.json records ours).
    """
    from pugdeck.export.preview import preview_path, preview_png  # noqa: PLC0415 (only with --preview)

    built, pdf = built_and_drawn(deck, options, name)
    pages = png_pages(built, Path(out_dir), pdf)
    extra = {preview_path(built, Path(out_dir)): b""} if preview else {}
    sizes: dict[Path, int] = {}
    with recorded_batch(png_folder(built, Path(out_dir)), [*pages, *extra], "*.png") as write:
        with progress_bar(len(pages), "Rasterising", quiet=options["quiet"]) as advance:
            for path, data in png_images(pdf, pages, dpi, progress=advance):
                write(path, data)  # on disk at once: memory stays flat in the number of cards
                sizes[path] = len(data)
        for path in extra:
            data = preview_png(built, pdf)
            write(path, data)
            sizes[path] = len(data)
    report_build(built)
    if not options["quiet"]:
        click.echo(with_origin(built.summary))
    _report(sizes, "PNG images", options["quiet"])


def _base_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    from pugdeck.export.tts_places import base_url_problem  # noqa: PLC0415 (the TTS export's)

    problem = base_url_problem(value) if value is not None else None
    if problem:
        raise click.BadParameter(problem, ctx=ctx, param=param)
    return value


def _tts_dir(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """`default`: TTS's Saved Objects folder on this system, which TTS must have made;
    a path: an existing folder."""
    if value is None:
        return None
    if value == "default":
        from pugdeck.export.tts_places import default_saved_objects, default_tts_data  # noqa: PLC0415

        folder, data = default_saved_objects(), default_tts_data()
        if not (data / "Saves").is_dir():
            raise click.BadParameter(
                f"Tabletop Simulator keeps its saves in {data / 'Saves'} on this system, and "
                "there is no such folder: start TTS once, or name the Saved Objects folder "
                "(--tts-dir DIR)", ctx=ctx, param=param)
        return folder
    folder = Path(value)
    if not folder.is_dir():
        raise click.BadParameter(f"'{value}' is not a folder; give TTS's Saved Objects folder "
                                 "(docs/tts.md says where it is) or 'default'", ctx=ctx, param=param)
    return folder


@export.command("tts")
@export_options
@click.option("--base-url", metavar="URL", callback=_base_url, help="Where the images will be "
              "hosted (http:// or https://): the JSON points at URL/<file> [default: "
              "file:/// URLs of the written images, for this computer only].")
@click.option("--tts-dir", metavar="DIR", callback=_tts_dir, help="Write the saved object and "
              "its thumbnail straight into this folder: TTS's Saves/Saved Objects, or "
              "'default' for this system's (docs/tts.md).")
def tts_command(deck: Path, name: str | None, out_dir: str, base_url: str | None,
                tts_dir: Path | None, **options) -> None:
    """A Tabletop Simulator custom deck in out/<name>/tts/.

    Face sheets of up to 10 x 7 cards (69 cards and the hidden card each, at most 4096 px a
    side, JPEG), the backs, and <name>.json: a saved object holding the deck and the cards
    played beside it (turd cards, the turn overview), with its thumbnail <name>.png. Copy
    both into TTS's "Saves/Saved Objects" folder, or let --tts-dir write them there. Upload
    the images and use --base-url to share the deck with other players.
    """
    from pugdeck.export.tts import (  # noqa: PLC0415 (the TTS sheets: only this export)
        refuse_foreign_saved_object,
        saved_object_paths,
        table_size,
        tts_files,
        tts_folder,
    )

    def make(built: Built, pdf: CardPdf) -> dict[Path, bytes]:
        if tts_dir is not None:
            refuse_foreign_saved_object(saved_object_paths(built, Path(out_dir), tts_dir)[0])
        with progress_bar(table_size(built, pdf), "Building sheets", quiet=options["quiet"]) as advance:
            return tts_files(built, Path(out_dir), base_url, pdf=pdf, saved_dir=tts_dir,
                             progress=advance)

    built, sizes = run_export(deck, options, name, make,
                              record=lambda b: (tts_folder(b, Path(out_dir)), f"{b.name}-faces-*.jpg"))
    _report(sizes, "Tabletop Simulator files", options["quiet"])
    if not options["quiet"]:
        click.echo(f"saved object: {saved_object_paths(built, Path(out_dir), tts_dir)[0]}")


@export.command("html")
@export_options
@click.option("--dpi", type=click.IntRange(36, 600), default=120, show_default=True,
              help="Resolution of the embedded pictures; higher is sharper and heavier.")
def html_command(deck: Path, name: str | None, out_dir: str, dpi: int, **options) -> None:
    """One self-contained HTML page of every card, out/<name>.html, with toggles by level
    and kind and a search box: for sharing a deck for review."""
    from pugdeck.export.html import gallery_html, html_path  # noqa: PLC0415 (only this export)

    def make(built: Built, pdf: CardPdf) -> dict[Path, bytes]:
        with progress_bar(len(pdf.faces), "Rasterising", quiet=options["quiet"]) as advance:
            return {html_path(built, Path(out_dir)): gallery_html(built, dpi, pdf=pdf,
                                                                   progress=advance)}

    _, sizes = run_export(deck, options, name, make)
    _report(sizes, "HTML page", options["quiet"])


@click.command("preview")
@export_options
def preview_command(deck: Path, name: str | None, out_dir: str, **options) -> None:
    """One contact-sheet PNG of the whole deck, out/<name>-preview.png, small enough to
    share in a chat (at most 4096 px wide and 2 MB)."""
    from pugdeck.export.preview import preview_path, preview_png  # noqa: PLC0415 (Pillow's drawing)

    def make(built: Built, pdf: CardPdf) -> dict[Path, bytes]:
        return {preview_path(built, Path(out_dir)): preview_png(built, pdf)}

    _, sizes = run_export(deck, options, name, make)
    _report(sizes, "preview", options["quiet"])
