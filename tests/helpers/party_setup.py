"""Rooms with their set-up open, for the set-up's tests (tests/party/test_setup*.py): the
bundled Pug You! deck copied where a test may write, a Spanish copy, the `pugdeck init`
starter that is too small for anyone."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from helpers.devtools_browser import DevToolsPipe, headless_chromium
from helpers.party_harness import Tab, dressed
from pugdeck.building.pipeline import build
from pugdeck.cli import main
from pugdeck.games.registry import bundled_decks, game
from pugdeck.party.blue import BlueCards
from pugdeck.party.room import Room, card_pictures
from pugdeck.party.setup import Setup
from pugdeck.party.table import PartyTable

KARAOKE_ES = {"question": "¿Quién cantaría karaoke en un funeral?", "level": "yellow", "badges": 2,
              "descriptive": {"masculine": "un pesado del karaoke", "feminine": "una pesada del karaoke"},
              "turds": 2, "thermometer": 2}


def setup_room(deck: Path, folder: Path) -> Room:
    """A Pug You! room for the deck in `deck` (the bundled one's pictures) with its set-up
    open, saved in `folder`."""
    spec = game("pug-you")
    built = build(deck)
    room = dressed(Room(PartyTable(spec, built.doc)), built, "pug-you")
    return _with_setup(room, deck, folder, built)


def _with_setup(room: Room, deck: Path, folder: Path, built) -> Room:
    spec = room.table.spec
    room.setup = Setup(deck, spec, {}, folder, built)
    room.blue = BlueCards(room.setup, spec.party_view().BLUE_CARDS)
    room.played = built
    return room


def spanish_deck(tmp_path: Path) -> Path:
    """The bundled Pug You! deck in Spanish, in `tmp_path/deck`."""
    deck = shutil.copytree(bundled_decks()["pug-you"], tmp_path / "deck")
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(text.replace("language: en", "language: es"), encoding="utf-8")
    return deck


def starter_room(tmp_path: Path) -> tuple[Room, Path]:
    """A room for the 11-card deck `pugdeck init` writes (its own pictures), set-up open."""
    result = CliRunner().invoke(main, ["init", str(tmp_path / "small")])
    assert result.exit_code == 0, result.output
    deck, spec = tmp_path / "small", game("pug-you")
    built = build(deck)
    assert not spec.player_counts(built.doc)  # playable for nobody
    room = Room(PartyTable(spec, built.doc))
    room.cards, room.pictures, _why = card_pictures(built)
    return _with_setup(room, deck, deck, built), deck


def browser(tmp_path_factory):
    """One headless chromium for a test module: `pipe = pytest.fixture(scope="module",
    name="pipe")(browser)` in the module."""
    yield from headless_chromium(tmp_path_factory, "the set-up's browser tests")


def fetched_digest(tab: Tab, href: str) -> str:
    """The SHA-256 of what the page gets at `href` (fetched by the page itself)."""
    tab.evaluate(f"window.digest = null; fetch({json.dumps(href)}).then(r => r.arrayBuffer())"
                 ".then(b => crypto.subtle.digest('SHA-256', b)).then(d => { window.digest = "
                 "Array.from(new Uint8Array(d), x => x.toString(16).padStart(2, '0')).join(''); })")
    return tab.wait_until("window.digest", timeout=120)


def joined_phones(pipe: DevToolsPipe, join_url: str, names: tuple[str, ...]) -> list[Tab]:
    """A 390 px phone per name, each in its own browser context, joined at `join_url`."""
    phones = []
    for name in names:
        phone = Tab(pipe, 390, 844, mobile=True)
        phone.open(join_url)
        phone.type_text("#name", name)
        phone.click("#join-button")
        phone.wait_until("document.body.dataset.joined === 'true'")
        phones.append(phone)
    return phones
