"""The live page's own words come in its state, in the deck's language: a Spanish deck's
page says "Filtros", "Buscar", "al día"; a deck with no good build yet gets English."""

from __future__ import annotations

import shutil
from pathlib import Path

from pugdeck.live.documents import page_state
from pugdeck.live.session import LiveSession

VERBENA = Path(__file__).parents[2] / "docs" / "examples" / "verbena"


def test_a_spanish_deck_gets_the_pages_words_in_spanish(tmp_path):
    deck = shutil.copytree(VERBENA, tmp_path / "verbena")
    session = LiveSession(deck, {})
    session.rebuild()
    words = page_state(session)["words"]
    assert words["language"] == "es" and words["plurals"] == ["one", "other"]
    texts = words["texts"]
    assert (texts["filters"], texts["search"], texts["problems"]) == ("Filtros", "Buscar", "Problemas")
    assert texts["up_to_date"] == "al día (construcción {version})"
    assert texts["count_other"] == "{shown} de {total} cartas"


def test_an_english_deck_keeps_the_pages_english_words(small_deck):
    session = LiveSession(small_deck, {})
    session.rebuild()
    words = page_state(session)["words"]
    assert words["language"] == "en"
    assert words["texts"]["up_to_date"] == "up to date (build {version})"
    assert words["texts"]["failed_last_good"] == "build {version} failed: showing the last good cards"
