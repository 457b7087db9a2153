"""The built deck names its turd components in the deck's language without reading the
print template: the deck's own `strings.turd_title`, else the game's words (narration.yaml)."""

from __future__ import annotations

import json
import shutil

import pytest

from pugdeck.building.parameters import values_for
from pugdeck.building.pipeline import build, check
from pugdeck.games.registry import game
from pugdeck.games.spec import GameSpec


def _turd_names(built) -> set[str]:
    return {c["name"] for c in built.components if c["kind"] == "turd"}


def _starter(tmp_path, language: str, extra: str = ""):
    folder = tmp_path / language
    shutil.copytree(game("pug-you").starter_folder(language), folder)
    if extra:
        text = (folder / "deck.yaml").read_text(encoding="utf-8")
        (folder / "deck.yaml").write_text(text.replace("include:", extra + "include:", 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize(("language", "name"), [("en", "Turd card"), ("es", "Carta caca"),
                                                ("de", "Häufchen-Karte"), ("fr", "Carte caca")])
def test_a_build_names_the_turds_in_the_decks_language_without_the_template(tmp_path, monkeypatch, language, name):
    def no_template(*args, **kwargs):
        raise AssertionError("a build must not load the print template")

    deck, _ = check(_starter(tmp_path, language))  # the deck check reads the template (print checks)
    spec = game("pug-you")
    monkeypatch.setattr(GameSpec, "load_template", no_template)
    assert _turd_names(spec.build_deck(deck, values_for(spec, {}))) == {name}


def test_the_decks_own_turd_title_names_the_components(tmp_path):
    folder = _starter(tmp_path, "en", 'strings: {turd_title: "Poo {{card}}"}\n')
    built = build(folder)
    assert _turd_names(built) == {"Poo {card}"}
    assert json.loads(json.dumps(built.doc))["deck"]["strings"] == {"turd_title": "Poo {{card}}"}
