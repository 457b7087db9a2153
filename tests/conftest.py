"""Fixtures shared by the whole suite: decks written to a temporary folder; and the suite's
Hypothesis profile (tests/helpers/hypothesis_profiles.py), loaded before any test module.

`write_deck` writes `deck.yaml` and the files a test names, and makes the temporary folder
the working directory, so diagnostics read as a user sees them: `deck/cards.yaml:9:5: …`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.register_assert_rewrite("helpers")  # before the import below: their asserts explain themselves
from helpers import hypothesis_profiles  # noqa: E402

hypothesis_profiles.load(os.environ)

DECK_HEADER = """\
deck:
  id: test-deck
  name: Test deck
  game: pug-you
"""

# A pug card with every field a played card needs, as block YAML (lines 2–9 of a file
# that starts with `cards:`).
VALID_CARD = {
    "id": "cake-thief",
    "kind": "pug",
    "level": "green",
    "question": "Who would eat the last piece of cake and blame the dog?",
    "badges": 1,
    "descriptive": "a sneaky cake thief",
    "turds": 1,
    "thermometer": 1,
}


def card_yaml(card: dict) -> str:
    """One card as an author writes it: `  - id: …` then one `    key: value` per line."""
    lines = []
    for i, (key, value) in enumerate(card.items()):
        if isinstance(value, str):
            value = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        lines.append(("  - " if i == 0 else "    ") + f"{key}: {value}")
    return "\n".join(lines) + "\n"


@pytest.fixture
def valid_card() -> dict:
    """A fresh copy of a valid pug card (a dict), to change in a test."""
    return dict(VALID_CARD)


@pytest.fixture
def cards_file():
    """`cards_file(card, …)`: the text of a card file holding these cards (dicts)."""
    return lambda *cards: "cards:\n" + "".join(card_yaml(c) for c in cards)


@pytest.fixture
def write_deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """`write_deck(deck_yaml=None, files={relpath: text or bytes})` → the deck folder.

    With no `deck_yaml`, deck.yaml is a valid header including every `.yaml` file given, in
    order. The working directory becomes the folder above the deck, which is named `deck`.
    """
    monkeypatch.chdir(tmp_path)

    def write(deck_yaml: str | None = None, files: dict[str, str | bytes] | None = None,
              folder: str = "deck") -> Path:
        root = tmp_path / folder
        root.mkdir(parents=True, exist_ok=True)
        files = files or {}
        if deck_yaml is None:
            includes = [name for name in files if name.endswith(".yaml")]
            deck_yaml = DECK_HEADER + (f"include: [{', '.join(includes)}]\n" if includes else "")
        for name, content in {"deck.yaml": deck_yaml, **files}.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        return root

    return write
