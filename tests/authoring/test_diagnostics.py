"""How a diagnostic reads: one line, whatever the deck's text holds, and never a screenful."""

from __future__ import annotations

import json

import pytest

from pugdeck.core.diagnostics import ERROR, WARNING, Diagnostic


def diagnostic(message: str, card: str | None = None, severity: str = ERROR) -> Diagnostic:
    return Diagnostic("deck/cards.yaml", 3, 7, card, "question", severity, message)


def test_the_format_names_file_line_column_and_card():
    assert diagnostic("too long", card="a").format() == "deck/cards.yaml:3:7: card 'a': too long"
    assert diagnostic("close", severity=WARNING).format() == "deck/cards.yaml:3:7: warning: close"


@pytest.mark.parametrize("raw, shown", [("\u2028", "\\u2028"), ("\u2029", "\\u2029"), ("\x85", "\\x85"),
                                        ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"), ("\x1b", "\\x1b"),
                                        ("\u202e", "\\u202e"), ("\u2066", "\\u2066")])
def test_characters_that_break_or_disguise_a_line_are_shown_as_escapes(raw, shown):
    d = diagnostic(f"not text '{raw}'", card=f"a{raw}b")
    assert d.format() == f"deck/cards.yaml:3:7: card 'a{shown}b': not text '{shown}'"
    as_json = json.dumps(d.as_json(), ensure_ascii=False)
    assert raw not in as_json and json.loads(as_json)["card"] == f"a{shown}b"
    assert d.card == f"a{raw}b"  # the value itself is kept as written (ids are matched by it)


def test_printable_text_is_left_alone():
    assert diagnostic("'Wer würde?' — 🐶 \u00e9\u0301", card="x").format().endswith("'Wer würde?' — 🐶 \u00e9\u0301")


def test_a_message_of_thousands_of_characters_keeps_its_start_and_its_advice():
    text = diagnostic("unknown field '" + "9" * 5000 + "'; did you mean 'no-red'?").format()
    assert len(text) < 1100
    assert text.startswith("deck/cards.yaml:3:7: unknown field '999")
    assert "…(4,140 characters left out)…" in text and text.endswith("'; did you mean 'no-red'?")


def test_a_long_card_id_is_cut_where_it_names_the_card():
    assert diagnostic("m", card="x" * 500).format() == f"deck/cards.yaml:3:7: card '{'x' * 79}…': m"
