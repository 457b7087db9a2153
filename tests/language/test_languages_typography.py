"""A number and the word it counts stay on one printed line: "3\u00a0points", "{hand_size}\u00a0cartas",
"{badge_limit}\u00a0Orden", a no-break space between them (a reference card or a card text
that wraps between "3" and "Punkte" reads as two things). Read from the printed fixed texts
(the templates' `strings:`) and the bundled PixelPug deck's card texts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parents[2]
# The placeholders that print a bare number of something, and the words that may follow a
# number without being what it counts ("{large_hand_size} with 8+ players", "6 o más").
AMOUNTS = ("count", "points", "nominees", "hand_size", "large_hand_size", "large_from", "badge_limit",
           "mutt_badges", "rounds")
NOT_UNITS = {"with", "of", "or", "to", "and", "si", "o", "y", "de", "a", "ab", "und", "oder", "von", "bis",
             "dès", "et", "ou", "sur", "à", "en"}
NUMBER_THEN_WORD = re.compile(r"(?:\{(?:" + "|".join(AMOUNTS) + r")\}|(?<![\w{])\d+) (?P<word>[^\W\d_]+)")
# The printed texts of each template, by language.
PRINTED = [(template, language) for template in ("pixelpug", "pug-you") for language in ("en", "es", "de", "fr")]


def _strings(template: str, language: str) -> dict[str, str]:
    data = yaml.safe_load((ROOT / "templates" / f"{template}.yaml").read_text(encoding="utf-8"))
    return data["strings"][language]


def _broken(text: str) -> list[str]:
    return [m.group(0) for m in NUMBER_THEN_WORD.finditer(text) if m["word"].lower() not in NOT_UNITS]


@pytest.mark.parametrize(("template", "language"), PRINTED, ids=[f"{t}:{lang}" for t, lang in PRINTED])
def test_a_printed_number_keeps_its_word_on_its_line(template, language):
    broken = {key: _broken(text) for key, text in _strings(template, language).items()
              if not key.startswith("desc_") and _broken(text)}  # desc_: the gallery's labels, not a card
    assert not broken, f"templates/{template}.yaml {language}: write \\u00a0 between the number and its word: {broken}"


def test_the_pixelpug_deck_keeps_a_number_with_its_word():
    broken = {}
    for path in sorted((ROOT / "decks" / "pixelpug" / "cards").glob("*.yaml")):
        for card in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]:
            if _broken(card.get("text", "")):
                broken[card["id"]] = _broken(card["text"])
    assert not broken, broken


def test_the_rule_sees_a_plain_space_and_lets_a_no_break_space_and_a_preposition_pass():
    assert _broken("a nap is worth 3 points") == ["3 points"]
    assert _broken("a nap is worth 3\u00a0points") == []
    assert _broken("Draw up to {hand_size} ({large_hand_size} with {large_from}+ players)") == []
    assert _broken("Cuando alguien llega a {badge_limit} medallas") == ["{badge_limit} medallas"]
    assert _broken("Nominee {number} of {nominees}.") == []
