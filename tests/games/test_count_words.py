"""Every text that carries a count says it in the count's own form: "1 badge", "2 badges",
"1 medalla", "0 badge" in French. A text with a count is a plural family (`<key>_one`,
`<key>_other`, … one key per form its language needs), never one sentence for every number
("loses with 1 badges", "-1 medallas"). Read from every phrasebook and template of the
bundled games and the party's pages, in every language they are written in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from pugdeck.authoring.texts import plural_form

ROOT = Path(__file__).parents[2]
PHRASEBOOKS = [ROOT / "pugdeck" / "games" / "pug_you" / "narration.yaml",
               ROOT / "pugdeck" / "games" / "pixelpug" / "narration.yaml",
               ROOT / "pugdeck" / "games" / "terminal.yaml", ROOT / "pugdeck" / "live" / "words.yaml",
               # the party's pages: each game's own words and the pages' shared ones
               *sorted((ROOT / "pugdeck" / "games").glob("*/party.yaml")), ROOT / "pugdeck" / "party" / "words.yaml"]
TEMPLATES = [ROOT / "templates" / "pug-you.yaml", ROOT / "templates" / "pixelpug.yaml",
             ROOT / "templates" / "shared" / "strings.yaml"]
FAMILY = re.compile(r"^(?P<base>.+)_(?P<form>zero|one|two|few|many|other)$")
# Placeholders whose value is a bare number a deck's rules or the play can make 1 (or 0, or
# -1), so that the word after it changes with it: "{count} badges", "{limit}\u00a0Pkt.".
# (Other values arrive worded already: "{rounds}" in intro_rounds is "2 rounds".)
COUNTS = ("count", "badges", "limit", "badge_limit", "mutt_badges", "points")
COUNTED = re.compile(r"\{(" + "|".join(COUNTS) + r")\}[\s\u00a0\u202f]*[^\W\d_]")
# Counts that are never 1, with why.
NEVER_ONE = {"shuffled": "the whole deck: at least players x hand size cards"}


def _books() -> list[tuple[str, str, dict[str, str]]]:
    found = []
    for path in PHRASEBOOKS:
        for language, texts in yaml.safe_load(path.read_text(encoding="utf-8")).items():
            found.append((f"{path.relative_to(ROOT)}:{language}", language, texts))
    for path in TEMPLATES:
        for language, texts in yaml.safe_load(path.read_text(encoding="utf-8"))["strings"].items():
            found.append((f"{path.relative_to(ROOT)}:{language}", language, texts))
    return found


BOOKS = _books()


def _in_family(key: str, texts: dict) -> bool:
    """`key` is one form of a counted text: `<base>_<form>`, with `<base>_other` beside it
    (so `list_two` or `hint_many` are plain keys)."""
    match = FAMILY.match(key)
    return bool(match) and f"{match['base']}_other" in texts


def _forms(language: str) -> set[str]:
    return {plural_form(language, n) for n in range(0, 1001)}


@pytest.mark.parametrize(("where", "language", "texts"), BOOKS, ids=[b[0] for b in BOOKS])
def test_every_text_with_a_count_is_a_plural_family(where, language, texts):
    single = [key for key, text in texts.items() if isinstance(text, str) and key not in NEVER_ONE
              and not _in_family(key, texts) and COUNTED.search(text)]
    assert not single, f"{where}: one sentence for every number in {single}; write <key>_one and <key>_other"


@pytest.mark.parametrize(("where", "language", "texts"), BOOKS, ids=[b[0] for b in BOOKS])
def test_every_plural_family_has_each_form_its_language_needs(where, language, texts):
    families: dict[str, set[str]] = {}
    for key in texts:
        if _in_family(key, texts) and (match := FAMILY.match(key)):
            families.setdefault(match["base"], set()).add(match["form"])
    missing = {base: sorted(_forms(language) - forms) for base, forms in families.items()
               if _forms(language) - forms}
    assert not missing, f"{where}: {missing}"
