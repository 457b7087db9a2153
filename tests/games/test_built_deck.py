"""The built deck's bytes (`core.built_deck.dumps`): its layout is part of the format."""

from __future__ import annotations

import json

from pugdeck.core.built_deck import dumps


def test_cards_and_components_one_a_line_the_rest_indented():
    doc = {"format": "pugdeck-deck", "deck": {"name": "Pug Yóu!", "tags": ["a", "b"]}, "filters": {},
           "components": [{"id": "t1", "kind": "turd"}], "cards": [{"id": "a", "n": 1}, {"id": "é", "q": None}],
           "empty": []}
    text = dumps(doc).decode("utf-8")
    assert text == (
        '{\n'
        '  "format": "pugdeck-deck",\n'
        '  "deck": {\n'
        '    "name": "Pug Yóu!",\n'
        '    "tags": [\n'
        '      "a",\n'
        '      "b"\n'
        '    ]\n'
        '  },\n'
        '  "filters": {},\n'
        '  "components": [\n'
        '    {"id": "t1", "kind": "turd"}\n'
        '  ],\n'
        '  "cards": [\n'
        '    {"id": "a", "n": 1},\n'
        '    {"id": "é", "q": null}\n'
        '  ],\n'
        '  "empty": []\n'
        '}\n')
    assert json.loads(text) == doc


def test_an_empty_document():
    assert dumps({}) == b"{\n\n}\n"
