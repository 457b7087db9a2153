"""Slugs: the ids a deck gives itself, its cards and its tags, in any script.

A slug is lowercase letters of any script, digits and '-', starting with a letter or a
digit, in Unicode's NFC form: `el-niño`, `große-klappe`, `ночь-кино`, `猫の手`. Each character is
- a letter (category L*) that lowercasing leaves as it is: a lowercase letter (`ß` is one)
  or a letter of a script without case (CJK, Arabic, Devanagari, …);
- a combining mark (M*) right after a letter, digit or mark (Devanagari's vowel signs, an
  accent NFC has no composed letter for);
- a decimal digit of any script (Nd);
- '-', but not first.
Nothing else: no capitals, spaces, '_', '.', '/', and no invisible characters (a zero-width
joiner would make two ids that look the same).

The schemas say it twice. Their `pattern` (`SLUG_PATTERN`) is what any JSON Schema tool,
an editor's included, can read: the ASCII characters exactly as above, any other character
let through. Their `"format": "slug"` is asserted by pugdeck's own validators with
`is_slug` (schema_checks.py), which judges the rest. Deck files are read as NFC
(yaml_text.read_text), and so is text given on the command line (`nfc`), so two ids that
differ only in how an accent is encoded are one id, and a second card with it is a
duplicate.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

FORMAT = "slug"  # the schemas' `"format"` for a slug
# Exact for ASCII, lenient for the rest (which `is_slug` judges): in Python's `re` and in
# ECMA-262 alike. Beside it, the ASCII-only slug the schemas used to have, still a template
# name's form.
SLUG_PATTERN = "^(?:[a-z0-9]|[^\\x00-\\x7f])(?:[a-z0-9-]|[^\\x00-\\x7f])*$"
ASCII_SLUG_PATTERN = "^[a-z0-9][a-z0-9-]*$"
RULE = "lowercase letters of any script, digits and '-', starting with a letter or digit"
_ASCII_SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")
MAX_ID = 64  # the longest id the schemas allow (their maxLength): a longer suggestion is no help


def nfc(text: str) -> str:
    """`text` in NFC (composed) form; ASCII text as it is, without a look."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def composed(value: Any) -> Any:
    """A JSON value with every text in it (keys too) in NFC: a request that names a card
    by an id written decomposed still names it."""
    if isinstance(value, str):
        return nfc(value)
    if isinstance(value, list):
        return [composed(item) for item in value]
    if isinstance(value, dict):
        return {composed(key): composed(item) for key, item in value.items()}
    return value


def is_slug(text: object) -> bool:
    """Whether `text` is a slug (see the module); the schemas' `slug` format."""
    if not isinstance(text, str):
        return True  # the schema's `type` says what is wrong
    if text.isascii():
        return _ASCII_SLUG.fullmatch(text) is not None
    return slug_problem(text) is None


def slug_problem(text: str) -> str | None:
    """What keeps `text` from being a slug, in words ('É' is a capital letter), or None."""
    if not text:
        return "it is empty"
    if not unicodedata.is_normalized("NFC", text):
        return "it is not in NFC (composed) form"
    previous = ""
    for ch in text:
        kind = unicodedata.category(ch)
        if kind[0] == "L":
            if ch.lower() != ch:
                return f"'{ch}' is a capital letter"
        elif kind[0] == "M":
            if not previous or previous == "-":
                return f"the mark {_shown(ch)} must follow a letter or digit"
        elif ch == "-":
            if not previous:
                return "it starts with '-'"
        elif kind != "Nd":
            return f"{_shown(ch)} is not a letter, digit or '-'"
        previous = ch
    return None


def slugify(text: str) -> str:
    """The nearest slug to `text` ('' if none): NFC, lowercase, each run of other
    characters one '-'. `El Niño` → `el-niño`."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).lower()):
        kind = unicodedata.category(ch)
        keep = (kind[0] == "L" and ch.lower() == ch) or kind == "Nd" or (
            kind[0] == "M" and out and out[-1] != "-")
        if keep:
            out.append(ch)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-")


def slug_message(subject: str, value: str, shown: str) -> str:
    """The error for a value that is not a slug: the rule, why, and the nearest slug.
    `shown` is how the value reads in the message (schema_checks.describe)."""
    problem = slug_problem(value) if isinstance(value, str) else None
    text = f"{subject} must be a slug ({RULE}), not {shown}"
    if problem:
        text += f": {problem}"
    better = slugify(value) if isinstance(value, str) else ""
    if better and better != value and len(better) <= MAX_ID:
        text += f"; did you mean '{better}'?"
    return text


def _shown(ch: str) -> str:
    if ch == " ":
        return "a space"
    if ch.isprintable():
        return f"'{ch}'"
    return f"U+{ord(ch):04X} ({unicodedata.name(ch, 'unnamed')})"
