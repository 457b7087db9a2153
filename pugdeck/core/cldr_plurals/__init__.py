"""Every language's CLDR plural rule, read from a table instead of Babel's locale data.

`rules_of(language)` gives the rule Babel's `Locale.parse(language).plural_form` has — for
a tag Babel does not know, its language's; for a language CLDR does not know, English's —
as `{category: condition}` in CLDR's syntax. `categories_of(language)` gives the categories
a text in it needs, `form_of(language, n)` the category of a whole number n ≥ 0 by its
rule. The table (`table.py`) is written from the installed Babel by `python -m
pugdeck.core.cldr_plurals`, each rule with its categories and a function of a whole number
(what Babel's `PluralRule` gives it; a test holds each to Babel); it lists a tag only where
its rule is not its language's, a language only where its rule is not English's.
Asking Babel's `Locale` for the rule loads the locale's whole CLDR data (dates, currencies,
time zones: ~5 MB and 90 M instructions, a sixth of a 120-card build's start-up) for the
few lines a plural rule is; importing Babel's rule engine and asking it for the categories
cost another 35 M.
"""

from __future__ import annotations

from collections.abc import Callable

from pugdeck.core.cldr_plurals.table import RULES

_BY_TAG = {tag: (rule, categories, form) for rule, categories, form, tags in RULES for tag in tags.split()}
_ENGLISH = _BY_TAG["en"]


def _entry(language: str) -> tuple[dict[str, str], tuple[str, ...], Callable[[int], str]]:
    tag = language.lower().replace("_", "-")
    if tag in _BY_TAG:
        return _BY_TAG[tag]
    return _BY_TAG.get(tag.split("-")[0], _ENGLISH)


def rules_of(language: str) -> dict[str, str]:
    """The CLDR plural rule of a language tag (`ru`, `pt-PT`, `de-AT`), without case."""
    return _entry(language)[0]


def categories_of(language: str) -> tuple[str, ...]:
    """The plural categories a text in `language` needs, in CLDR's order: those its rule
    gives a whole number below a million, and `other`. `ru` → one, few, many, other."""
    return _entry(language)[1]


def form_of(language: str, count: int) -> str:
    """The category `language`'s rule gives the whole number `count` ≥ 0."""
    return _entry(language)[2](count)
