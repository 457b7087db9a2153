"""The live session: rebuilt on demand, the last good view kept through a broken save."""

from __future__ import annotations

from pathlib import Path

import pytest

from pugdeck.live.documents import page_state, status
from pugdeck.live.session import LiveSession


@pytest.fixture
def deck(small_deck) -> Path:
    return small_deck


def test_a_good_build_shows_every_card_and_a_summary_in_the_decks_words(deck):
    session = LiveSession(deck, {})
    session.rebuild()
    state = status(session)
    assert state == {"ok": True, "version": 1, "cards": 3, "problems": state["problems"]}
    page = page_state(session)
    # what `build` says, with the kinds and levels as the deck's template names them
    assert page["summary"].startswith("test-deck: 3 cards (Green 3)")
    assert session.view.built.summary.startswith("test-deck: 3 cards (green 3)")
    titles = [card["title"] for card in page["cards"] if card["played"]]
    assert titles == ["Who sings in the shower?", "Who naps at work?", "Who eats the last biscuit?"]
    assert all(card["src"] == f"/cards/{card['key']}.png" for card in page["cards"])
    # the deck is too small for a game: the build's warning is a problem of severity warning
    assert [p["severity"] for p in state["problems"]] == ["warning"]


def test_a_broken_save_keeps_the_last_good_cards_and_locates_the_problem(deck):
    session = LiveSession(deck, {})
    session.rebuild()
    good = page_state(session)["cards"]
    text = (deck / "cards.yaml").read_text(encoding="utf-8")
    (deck / "cards.yaml").write_text(text.replace("thermometer: 1", "thermometer: 9", 1), encoding="utf-8")
    assert session.rebuild() is None
    state = status(session)
    assert state["ok"] is False and state["version"] == 2 and state["cards"] == 3
    [problem] = [p for p in state["problems"] if p["severity"] == "error"]
    assert (problem["file"], problem["line"], problem["card"]) == ("deck/cards.yaml", 9, "card-0")
    assert "thermometer" in problem["message"]
    page = page_state(session)
    assert page["cards"] == good  # the last good view, unchanged
    assert page["problems"][0]["target"] == good[0]["key"]  # a click scrolls to the card

    (deck / "cards.yaml").write_text(text, encoding="utf-8")
    session.rebuild()
    assert status(session)["ok"] is True and status(session)["version"] == 3


def test_a_deck_that_cannot_be_read_at_all_is_a_problem_not_a_crash(deck):
    session = LiveSession(deck, {})
    (deck / "deck.yaml").write_text("deck: [unclosed\n", encoding="utf-8")
    session.rebuild()
    state = status(session)
    assert state["ok"] is False and state["cards"] == 0
    assert state["problems"][0]["file"] == "deck/deck.yaml" and state["problems"][0]["line"] == 2
    assert page_state(session)["cards"] == []


def test_only_the_changed_card_is_drawn_again(deck):
    session = LiveSession(deck, {})
    assert session.rebuild().drawn == len(session.view.cards)
    before = {card.face.card_id: card.key for card in session.view.cards}
    text = (deck / "cards.yaml").read_text(encoding="utf-8")
    (deck / "cards.yaml").write_text(text.replace("Who naps at work?", "Who naps at lunch?"), encoding="utf-8")
    assert session.rebuild().drawn == 1
    after = {card.face.card_id: card.key for card in session.view.cards}
    assert [card for card in before if before[card] != after[card]] == ["card-1#1"]
    assert session.rebuild().drawn == 0  # nothing changed: nothing drawn


def test_toggles_are_the_games_flags_and_rebuild_with_them(deck):
    session = LiveSession(deck, {})
    session.rebuild()
    names = [toggle["name"] for toggle in page_state(session)["toggles"]]
    assert "no_green" in names and "players" not in names  # on/off filters only
    session.set_toggles({"no_green": True})
    session.rebuild()
    assert status(session)["cards"] == 0
    assert "no-green removed 3" in page_state(session)["summary"]
    assert [t["on"] for t in page_state(session)["toggles"] if t["name"] == "no_green"] == [True]
    session.set_toggles({"no_green": False})
    session.rebuild()
    assert status(session)["ok"] is True and status(session)["cards"] == 3
    with pytest.raises(ValueError, match="expected on/off values"):
        session.set_toggles({"not_a_filter": True})
    with pytest.raises(ValueError):
        session.set_toggles({"no_green": "yes"})


def test_the_filters_given_on_the_command_line_apply(deck):
    session = LiveSession(deck, {"exclude": ("card-0",)})
    session.rebuild()
    assert status(session)["cards"] == 2
    assert "exclude" in session.view.built.summary or "removed" in session.view.built.summary


def test_blank_customs_are_shown_by_their_own_ids(tmp_path):
    """The page names a blank as the deck does, so `--exclude` takes what the page shows."""
    from pugdeck.building.starter import start_deck  # noqa: PLC0415
    from pugdeck.games.registry import game  # noqa: PLC0415

    folder = tmp_path / "mazo"
    start_deck(folder, game("pug-you"), "es")
    session = LiveSession(folder, {})
    session.rebuild()
    blanks = [card["id"] for card in page_state(session)["cards"] if card["kind"] == "blank"]
    assert blanks == ["en-blanco-1", "en-blanco-2"]
    session = LiveSession(folder, {"exclude": ("en-blanco-1",)})
    session.rebuild()
    assert [card["id"] for card in page_state(session)["cards"] if card["kind"] == "blank"] == ["en-blanco-2"]


def test_the_summary_and_the_problems_speak_the_decks_language(tmp_path):
    from pugdeck.building.starter import start_deck  # noqa: PLC0415
    from pugdeck.games.registry import game  # noqa: PLC0415

    folder = tmp_path / "mazo"
    start_deck(folder, game("pug-you"), "es")
    session = LiveSession(folder, {"no_mutts": True})
    session.rebuild()
    page = page_state(session)
    assert page["summary"] == ("mazo-no-mutts: 10 cartas (Verde 3, Amarillo 4, Rojo 2, Azules escritas 1) "
                               "+ 2 en blanco para escribir; no-mutts ha quitado 1 carta; demasiado "
                               "pequeño para cualquier número de personas")
    (warning,) = page["problems"]
    assert warning["text"].startswith("aviso: the deck is too small")  # the check's own words stay English
    cards = folder / "cards" / "mutts.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("    thermometer: 1", "    thermometer: 9", 1),
                     encoding="utf-8")
    session.rebuild()
    (broken,) = [p["text"] for p in page_state(session)["problems"] if p["severity"] == "error"]
    assert broken.endswith("cards/mutts.yaml:10:18: carta 'dia-de-mudanza': 'thermometer' must be "
                           "from 1 to 3, not 9"), broken
    assert "card '" not in broken


def test_every_language_of_the_page_has_every_key():
    import yaml  # noqa: PLC0415

    from pugdeck.live.documents import PAGE_WORDS  # noqa: PLC0415

    books = yaml.safe_load(PAGE_WORDS.read_text(encoding="utf-8"))
    english = set(books["en"])
    assert {"summary_cards_one", "summary_playable", "warning"} <= english
    for language, texts in books.items():
        assert set(texts) == english, language
