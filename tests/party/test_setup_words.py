"""The set-up speaks the deck's language (issue 24): each toggle, each choice, the counts
by level and the blue-card form; and where the language changes a descriptive with the
speaker, the form takes both forms, kept in the customs file as `build` reads them."""

from __future__ import annotations

import shutil

import pytest
import yaml

from helpers.party_harness import Running
from helpers.party_setup import KARAOKE_ES, setup_room, spanish_deck
from pugdeck.building.pipeline import build
from pugdeck.games.narration import Words
from pugdeck.games.registry import bundled_decks, registered
from pugdeck.party.documents import PAGE_WORDS, screen_state
from pugdeck.party.setup import toggles


@pytest.mark.parametrize("spec", [s for s in registered().values() if s.has("party_view")], ids=lambda s: s.title)
def test_every_toggle_and_choice_has_words_in_every_language(spec):
    page = yaml.safe_load(PAGE_WORDS.read_text(encoding="utf-8"))
    game_words = yaml.safe_load(spec.party_view().PARTY_WORDS.read_text(encoding="utf-8"))
    for language in ("en", "es", "de", "fr"):
        known = set(page[language]) | set(game_words[language])
        for parameter in toggles(spec):
            keys = [f"toggle_{parameter.name}"] + [f"toggle_{parameter.name}_{c}" for c in parameter.choices]
            assert set(keys) <= known, (language, parameter.name)


def test_a_spanish_set_up_labels_its_toggles_counts_and_form_in_spanish(tmp_path):
    room = setup_room(spanish_deck(tmp_path), tmp_path)
    state = screen_state(room)
    labels = {t["key"]: t["label"] for t in state["setup"]["toggles"]}
    assert labels["no-red"] == "Sin cartas rojas (hardcore)" and labels["exclude"] == "Cartas apartadas (sus ids)"
    english = {p.profile_key: p.help for p in toggles(room.table.spec)}
    assert not any(labels[key] == english[key] for key in labels)  # no help text left in English
    only = next(t for t in state["setup"]["toggles"] if t["key"] == "only")
    assert only["kind"] == "text" and only["label"].startswith("Solo estas (customs")
    assert state["setup"]["count_titles"] == {"green": "Verde", "yellow": "Amarillo", "red": "Rojo",
                                              "mutt": "Chuchos sanos"}
    form = {f["key"]: f for f in state["blue"]["form"]}
    assert form["level"]["choice_labels"] == {"green": "Verde", "yellow": "Amarillo", "red": "Rojo"}
    assert form["descriptive"]["forms"]["feminine"] == "como lo dice una mujer, si cambia"
    assert form["question"]["forms"] is None  # only the descriptive changes with the speaker


def test_an_english_form_asks_one_descriptive(tmp_path):
    deck = shutil.copytree(bundled_decks()["pug-you"], tmp_path / "deck")
    form = {f["key"]: f for f in screen_state(setup_room(deck, tmp_path))["blue"]["form"]}
    assert form["descriptive"]["forms"] is None and form["level"]["choice_labels"]["red"] == "Red"
    assert Words(PAGE_WORDS, "en")("toggle_exclude") == "Cards set aside (their ids)"


def test_a_blue_card_in_two_forms_is_kept_in_both_as_build_reads_them(tmp_path):
    deck = spanish_deck(tmp_path)
    server = Running(setup_room(deck, deck))
    try:
        code, key = server.room.code, server.room.screen_key
        _status, ana = server.post(f"/r/{code}/join", {"name": "Ana"})
        status, answer = server.post(f"/r/{code}/blue", {"card": KARAOKE_ES}, ana["token"])
        assert status == 200 and answer["accepted"], answer
        server.post(f"/s/{key}/blue", {"id": "party-blue-1", "approve": True})
        customs = deck / "party-customs.yaml"
        written = yaml.safe_load(customs.read_text(encoding="utf-8"))["cards"][0]
        assert written["descriptive"] == KARAOKE_ES["descriptive"]
        card = next(c for c in build(deck, {"customs": (str(customs),)}).doc["cards"] if c["id"].split("#")[0] == "party-blue-1")
        assert card["descriptive"] == KARAOKE_ES["descriptive"]
        # The same feminine, or none, is one text; anything else in the forms is refused.
        same = {**KARAOKE_ES, "descriptive": {"masculine": "el del karaoke", "feminine": "el del karaoke"}}
        assert server.post(f"/r/{code}/blue", {"card": same, "preview": True}, ana["token"])[1]["problems"] == []
        for forms in ({"masculine": "x", "neuter": "y"}, {"feminine": "una"}, {"masculine": 7, "feminine": "a"},
                      {"masculine": "a", "feminine": "b" * 401}, ["a", "b"]):
            status, answer = server.post(f"/r/{code}/blue", {"card": {**KARAOKE_ES, "descriptive": forms}},
                                         ana["token"])
            assert status == 400 and answer["error"]["code"] == "bad_card", forms
        # A feminine form too long for the card: the build's message, at the descriptive.
        long = {**KARAOKE_ES, "descriptive": {"masculine": "un pesado", "feminine": "una " + "pesadísima " * 5}}
        answer = server.post(f"/r/{code}/blue", {"card": long, "preview": True}, ana["token"])[1]
        assert answer["problems"] and {p["field"] for p in answer["problems"]} == {"descriptive"}, answer
    finally:
        server.stop()


@pytest.mark.parametrize(("bots", "said"), [
    (0, ""),
    (1, "Un bot ocupa 1 asiento más; el mazo se juega de 5 a 10."),
    (3, "Los bots ocupan 3 asientos más; el mazo se juega de 5 a 10."),
])
def test_the_screen_counts_the_bots_in_the_decks_language(tmp_path, bots, said):
    # "Los bots ocupan 1 asientos más" was the page's own {count} in a text with no singular
    room = setup_room(spanish_deck(tmp_path), tmp_path)
    room.table.wanted_bots = bots
    assert screen_state(room)["bots_note"] == said
