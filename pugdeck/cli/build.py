"""`pugdeck build`: the deck tailored to a group, as built JSON and a print-and-play PDF."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pugdeck.authoring.loading import gc_paused
from pugdeck.authoring.slugs import nfc
from pugdeck.building.parameters import (
    PROFILE,
    all_parameters,
    game_parameters,
    given_values,
)
from pugdeck.building.pipeline import Built, build, pdf_stem, write_outputs
from pugdeck.cli.common import (
    DEFAULT_DECK,
    DEFAULT_GAME,
    deck_argument,
    deck_origin,
    name_option,
    progress_bar,
    quiet_option,
    report_build,
    with_origin,
)
from pugdeck.games.parameters import CHOICE, FILE, FLAG, INT, Parameter
from pugdeck.games.printing import printer_of, render_built
from pugdeck.games.registry import game

if TYPE_CHECKING:
    from pugdeck.render.pdf import PdfLayout

DUPLEX_CHOICES = ("long", "short", "fold", "none")
# What the PDF holds, for the summary line: a user who printed --duplex none reads that the
# backs are not in it, and where to get them.
SIDES = {"long": "PDF: fronts and backs for long-edge duplex",
         "short": "PDF: fronts and backs for short-edge duplex",
         "fold": "PDF: each front beside its back, to cut, fold and glue",
         "none": "PDF: fronts only, no backs (--duplex fold prints them beside the fronts)"}
# One card a page with bleed is a print shop's file: each back is the page after its front.
BLEED_SIDES = {"long": "PDF: one card a page for a print shop, each back after its front (long-edge duplex)",
               "short": "PDF: one card a page for a print shop, each back after its front (short-edge duplex)",
               "none": "PDF: one card a page for a print shop, fronts only, no backs"}
PAPER_LABELS = {"a4": "A4", "letter": "US Letter"}


def pdf_description(layout: PdfLayout, duplex: str, bleed: float | None, pages: int) -> dict:
    """The PDF written, for --json: its pages as they are, not as the options were asked."""
    return {"paper": layout.paper, "page_mm": [layout.width_mm, layout.height_mm],
            "pages": pages, "cards_per_page": layout.cards_per_page, "duplex": duplex,
            "bleed_mm": bleed,
            "sides": BLEED_SIDES[duplex] if bleed is not None and duplex != "fold" else SIDES[duplex]}


def pdf_line(pdf: dict) -> str:
    """The PDF written, for the summary line: what it holds, on which pages."""
    width, height = pdf["page_mm"]
    size = (f"{PAPER_LABELS[pdf['paper']]} pages" if pdf["paper"] is not None
            else f"pages of {width:g} × {height:g} mm")
    per_page, fold = pdf["cards_per_page"], pdf["duplex"] == "fold"
    each = ("" if per_page == 1 and not fold else
            f", {per_page} pair{'s' * (per_page != 1)} a page" if fold else f", {per_page} cards a page")
    bleed = f" with {pdf['bleed_mm']:g} mm bleed" if pdf["bleed_mm"] is not None else ""
    proof = "; a proof: each front marked with its card id and file:line" if pdf.get("proof") else ""
    return f"{pdf['sides']}; {pdf['pages']} {size}{each}{bleed}{proof}"


class FiniteFloatRange(click.FloatRange):
    """A number in a range, never NaN or an infinity: NaN compares false with both bounds, so
    Click's FloatRange lets `nan` through, and a PDF would then say `nan` where a size goes."""

    def convert(self, value, param, ctx) -> float:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a number", param, ctx)
        return number


class BackOffset(click.ParamType):
    """X,Y in millimetres."""

    name = "X,Y"

    def convert(self, value, param, ctx) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        try:
            x, y = (float(part) for part in str(value).split(","))
        except ValueError:
            self.fail(f"expected two numbers in mm like 0.5,-1, not {value!r}", param, ctx)
        if not (math.isfinite(x) and math.isfinite(y)):  # `nan,nan` would move every back to `nan`
            self.fail(f"expected two numbers in mm like 0.5,-1, not {value!r}", param, ctx)
        if max(abs(x), abs(y)) > 10:
            self.fail("a back offset over 10 mm is a layout problem, not misregistration", param, ctx)
        return (x, y)


def _option(parameter: Parameter):
    """The Click option of a group parameter, as its declaration says."""
    kind = parameter.kind
    common = {"help": parameter.help, "metavar": parameter.metavar}
    if kind == FLAG:
        return click.option(parameter.flag, parameter.name, is_flag=True, help=parameter.help)
    if kind == INT:
        return click.option(parameter.flag, parameter.name, **common,
                            type=click.IntRange(parameter.minimum, parameter.maximum))
    if kind == CHOICE:
        return click.option(parameter.flag, parameter.name, **common, type=click.Choice(parameter.choices))
    if kind == FILE:
        return click.option(parameter.flag, parameter.name, **common, multiple=parameter.repeatable,
                            type=click.Path(exists=True, dir_okay=False))
    # Words (ids, tags) are compared with deck text, which is read as NFC.
    return click.option(parameter.flag, parameter.name, **common, multiple=parameter.repeatable,
                        callback=_composed)


def _composed(ctx, param, value):
    """A TEXT parameter's words in NFC, as deck files are read (authoring/slugs.py)."""
    if isinstance(value, tuple):
        return tuple(nfc(word) for word in value)
    return value if value is None else nfc(value)


def filter_options(command: click.Command) -> click.Command:
    """The group parameters of every registered game (docs/parameters.md), shared by build
    and the exports; the deck's game refuses those it does not take."""
    for parameter in reversed(all_parameters()):
        command = _option(parameter)(command)
    return command


def preferences_from(options: dict) -> tuple[dict, Path | None]:
    """The group parameters the command line gave, by name, and the profile file if any."""
    given = given_values(options, all_parameters())
    profile = given.pop(PROFILE.name, None)
    return given, Path(profile) if profile else None


def run_build(deck: Path, options: dict, name: str | None) -> Built:
    """`build` from the parsed command line: its group parameters and profile."""
    given, profile = preferences_from(options)
    return build(deck, given, profile=profile, name=name)


def _example_name() -> str:
    """An output name as `build` makes one: the default deck with its game's first flag."""
    flags = [p for p in game_parameters(game(DEFAULT_GAME)) if p.kind == FLAG]
    return DEFAULT_DECK + (f"-{flags[0].profile_key}" if flags else "")


@click.command("build")
@deck_argument
@filter_options
@name_option(f"Output name [default: the deck id and the filters, e.g. {_example_name()}].")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="out", show_default=True,
              help="Folder for the outputs.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="Sheet size for 3 x 3 cards (fold: 2 x 2 pairs, landscape).")
@click.option("--duplex", type=click.Choice(DUPLEX_CHOICES), default="long", show_default=True,
              help="Backs mirrored for long- or short-edge duplex printing; fold prints each front "
                   "beside its back, to cut, fold and glue (single-sided printers); none prints "
                   "fronts only.")
@click.option("--bleed", type=FiniteFloatRange(0, 10), metavar="MM",
              help="Print-shop output: one card per page with this bleed, TrimBox and BleedBox set "
                   "(with --duplex fold: this bleed around each folded pair).")
@click.option("--back-offset", type=BackOffset(), default="0,0", metavar="X,Y", show_default=True,
              help="Shift the backs by X,Y mm (+ = right/up on the backs page) to correct a "
                   "duplex printer's misregistration: `pugdeck calibrate` measures it.")
@click.option("--pdf/--no-pdf", default=True, show_default=True, help="Also write the print-and-play PDF.")
@click.option("--proof", is_flag=True,
              help="A proof to read on paper: each front marked small with its card id and the "
                   "file:line it is written at; the PDF's name ends in -proof.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary on stdout.")
@quiet_option
def build_command(deck: Path, name: str | None, out_dir: str, paper: str, duplex: str,
                  bleed: float | None, back_offset: tuple[float, float], pdf: bool, proof: bool,
                  as_json: bool, quiet: bool, **options) -> None:
    """Build DECK for a group: out/<name>.json (the built deck) and out/<name>.pdf.

    DECK is a deck folder or its deck.yaml (default: the deck.yaml here or in the nearest
    folder above, else the bundled {title} deck). The PDF's name adds the paper, duplex and
    bleed when they are not the defaults (out/<name>-letter-fold.pdf, out/<name>-bleed3.pdf).
    Nothing is written unless everything succeeds.
    """
    if proof and not pdf:
        raise click.BadOptionUsage("proof", "--proof marks the PDF's cards; --no-pdf writes no PDF, "
                                   "so leave one of them out")
    if back_offset != (0.0, 0.0) and duplex in ("fold", "none"):
        raise click.BadOptionUsage("back_offset", f"--back-offset corrects where a duplex printer "
                                   f"puts the backs; --duplex {duplex} prints "
                                   + ("each back beside its front" if duplex == "fold" else "no backs")
                                   + ", so leave it out")
    built = run_build(deck, options, name)
    document = described = None
    if pdf:
        # No cyclic garbage collection while drawing: a PDF's objects all live until it is
        # saved, so the collector keeps scanning them for nothing (peak memory unchanged).
        with gc_paused(), progress_bar(len(built.doc["cards"]) + built.blanks, "Drawing cards",
                                       quiet=quiet or as_json) as advance:
            document = render_built(built, paper=paper, duplex=duplex, bleed_mm=bleed,
                                    back_offset_mm=back_offset, progress=advance, proof=proof)
        from pugdeck.render.pdf import page_count, pdf_layout  # noqa: PLC0415 (reportlab: only when printing)

        layout = pdf_layout(built, printer_of(built), paper=paper, duplex=duplex, bleed_mm=bleed)
        described = pdf_description(layout, duplex, bleed, page_count(document))
        if proof:  # only then, so the --json of every other build stays as it was
            described["proof"] = True
    # --name is the user's own name for every file; else the PDF's records how it prints.
    pdf_name = built.name if name is not None else pdf_stem(built.name, paper, duplex, bleed, proof)
    written = write_outputs(built, Path(out_dir), document, pdf_name)
    report_build(built)
    if as_json:
        if described is not None:
            described = {"file": str(written[-1]), **described}
        click.echo(json.dumps({"name": built.name, "deck_origin": deck_origin(),
                               "files": [str(p) for p in written], "pdf": described,
                               "cards": len(built.doc["cards"]), "blanks": built.blanks,
                               "checked": built.doc["checked"], "removed": built.doc["filters"]["removed"]},
                              indent=2, ensure_ascii=False))
    elif not quiet:
        click.echo(with_origin(built.summary) + (f"; {pdf_line(described)}" if described else ""))
        for path in written:
            click.echo(f"wrote {path}")


# The default deck's game is named once, in cli/common.py.
build_command.help = build_command.help.format(title=game(DEFAULT_GAME).title)
