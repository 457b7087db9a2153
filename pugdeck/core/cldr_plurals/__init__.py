"""Every language's CLDR plural rule, read from a table instead of Babel's locale data.

`rules_of(language)` gives the rule Babel's `Locale.parse(language).plural_form` has — for
a tag Babel does not know, its language's; for a language CLDR does not know, English's —
as `{category: condition}` in CLDR's syntax, for `babel.plural.PluralRule`. The table
(`table.py`) is written from the installed Babel by `python -m pugdeck.core.cldr_plurals`;
it lists a tag only where its rule is not its language's, a language only where its rule
is not English's.
Asking Babel's `Locale` for the rule loads the locale's whole CLDR data (dates, currencies,
time zones: ~5 MB and 90 M instructions, a sixth of a 120-card build's start-up) for the
few lines a plural rule is.
"""

from __future__ import annotations

from pugdeck.core.cldr_plurals.table import RULES

_BY_TAG = {tag: rule for rule, tags in RULES for tag in tags.split()}
_ENGLISH = _BY_TAG["en"]


def rules_of(language: str) -> dict[str, str]:
    """The CLDR plural rule of a language tag (`ru`, `pt-PT`, `de-AT`), without case."""
    tag = language.lower().replace("_", "-")
    if tag in _BY_TAG:
        return _BY_TAG[tag]
    return _BY_TAG.get(tag.split("-")[0], _ENGLISH)
