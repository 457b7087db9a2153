"""`pugdeck build` as plain functions: load → check → (game) filter/check → outputs.

The game-specific middle lives in each game's `build` module; this module only loads the
deck, hands it to its game, and writes the outputs atomically.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from pugdeck.atomic import write_files
from pugdeck.authoring.loading import load_deck
from pugdeck.authoring.slugs import RULE, is_slug
from pugdeck.building.deck_check import check_deck_at, game_of
from pugdeck.building.parameters import game_parameters, merged, values_for
from pugdeck.building.profiles import load_profile, located_in_profile
from pugdeck.core.built_deck import Built, dumps
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic, errors_in
from pugdeck.games.registry import game


def check(deck_path: Path) -> tuple[Any, list]:
    """The checked, typed deck; raises `DeckError` with every error (warnings are kept)."""
    # Read without positions, as `validate` reads it: a problem found later (while drawing)
    # still points into the files, the file's positions read when it is located.
    deck, diagnostics = check_deck_at(deck_path)
    if errors_in(diagnostics) or deck is None:
        raise DeckError(diagnostics)
    if not all(hasattr(deck, name) for name in ("info", "origins", "folder")):
        # A game's check_deck of its own returned something else (its loaded deck, say).
        spec = game_of(load_deck(deck_path, positions=False, partial=True))
        raise DeckError([Diagnostic("", 0, 0, None, "game", ERROR,
                                    f"{spec.title} broke pugdeck's game contract: its check_deck returned "
                                    f"a {type(deck).__name__}, not a checked deck (games/deck_checks.py "
                                    "CheckedDeck: info, origins, folder)")])
    return deck, diagnostics


def build(deck_path: Path, params: Mapping[str, Any] | None = None, *, profile: Path | None = None,
          name: str | None = None, extra_sources: tuple[tuple[str, str, str], ...] = ()) -> Built:
    """Build the deck at `deck_path` for a group (see the game's build module).

    `params` holds the parameters the group gave, by name (`{"no_red": True}`); a profile
    file's are added first and the given ones added to them (building/parameters.py). A
    parameter the deck's game does not take is an error. `name`, if given, must be a slug
    (the built deck's `name`), so `write_outputs` writes inside its folder.
    """
    if name is not None and not is_slug(name):
        raise ValueError(f"the output name {name!r} must be a slug ({RULE})")
    deck, diagnostics = check(deck_path)
    spec = game(deck.info.game)
    flags = given = dict(params or {})
    doc = None
    if profile is not None:
        from_profile, doc = load_profile(profile, spec)
        given = merged(from_profile, flags, game_parameters(spec))
        extra_sources = (*extra_sources, ("profile", doc.path.name, doc.sha256))
    values = values_for(spec, given)
    try:
        built = spec.build_deck(deck, values, name=name, extra_sources=extra_sources)
    except DeckError as exc:
        if doc is None:
            raise
        raise DeckError(located_in_profile(exc.diagnostics, doc, flags)) from None
    return replace(built, diagnostics=diagnostics, origins=deck.origins)


# What each print option adds to the PDF's name when it is not the default, in this order.
DEFAULT_PAPER, DEFAULT_DUPLEX = "a4", "long"
DUPLEX_IN_NAME = {"short": "short", "fold": "fold", "none": "fronts-only"}


def pdf_stem(name: str, paper: str = DEFAULT_PAPER, duplex: str = DEFAULT_DUPLEX,
             bleed_mm: float | None = None, proof: bool = False) -> str:
    """The PDF's name without `.pdf`: the built deck's name, then the paper, the duplex and
    the bleed where they differ from the defaults (`<name>-letter-fold`, `<name>-bleed3`),
    in that fixed order as the filters are, so a home print, a folded one and a shop's file
    of one deck sit side by side in out/ instead of each replacing the last. A bleed PDF's
    pages are cut to the card (but fold's), so the paper does not name it. A proof
    (`build --proof`) ends in `-proof`: it never takes the place of the print itself."""
    parts = [name]
    on_paper = bleed_mm is None or duplex == "fold"
    if paper != DEFAULT_PAPER and on_paper:
        parts.append(paper)
    if duplex != DEFAULT_DUPLEX:
        parts.append(DUPLEX_IN_NAME[duplex])
    if bleed_mm is not None:
        parts.append(f"bleed{bleed_mm:g}")
    if proof:
        parts.append("proof")
    return "-".join(parts)


def write_outputs(built: Built, out_dir: Path, pdf: bytes | None = None,
                  pdf_name: str | None = None) -> list[Path]:
    """Write `<name>.json` (and the PDF, `<pdf_name>.pdf`, by default `<name>.pdf`) into
    `out_dir`, all or nothing."""
    outputs = {out_dir / f"{built.name}.json": dumps(built.doc)}
    if pdf is not None:
        outputs[out_dir / f"{pdf_name or built.name}.pdf"] = pdf
    write_files(outputs)
    return list(outputs)
