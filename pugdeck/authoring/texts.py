"""Texts with placeholders and plural pairs, in a language: the generic part that the
printed fixed texts (render/strings.py) and the engines' narration (games/narration.py)
share, so neither imports the other.

A text names its values as `{name}` (`{{` writes a brace). A number that changes a word
comes in one key per plural category of the language, `<key>_one`, `<key>_few`,
`<key>_other`…, picked by the language's CLDR plural rule (Babel's copy of the Unicode
CLDR data: every language, not only the bundled ones). The categories a language *needs*
are those its rule gives to a whole number below one million, and always `other` (CLDR's
fallback): English, German, Spanish, French one/other, Russian one/few/many/other,
Japanese only other, Arabic all six. Spanish and French say "many" only for whole
millions, which no count here reaches; such a count reads `<key>_other`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from string import Formatter


class StringProblem(ValueError):
    """A text that cannot be formatted (a code path asked for a value it does not give)."""


# CLDR's category names, in CLDR's order: how a language's list of forms is written.
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
# The whole numbers a language's needed categories are read from: CLDR's integer rules
# repeat by 100 or 1000 below a million (only "many" for whole millions lies beyond).
_COUNTS_SAMPLED = range(0, 1001)


@cache
def _rule(language: str):  # noqa: ANN202 (babel's PluralRule)
    # Imported when a count is first worded: Babel's import and a locale's data take ~70 ms,
    # which a command that counts nothing (`pugdeck games`, `--help`) need not pay.
    from babel import Locale, UnknownLocaleError  # noqa: PLC0415

    try:
        return Locale.parse(language.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError):
        base = language.split("-")[0]
        if base != language:
            return _rule(base)
        return Locale.parse("en").plural_form  # a tag CLDR does not know counts as English does


@cache
def plural_categories(language: str) -> tuple[str, ...]:
    """The plural categories a text in `language` needs, in CLDR's order: those its rule
    gives to a whole number below a million, and `other`. `ru` → one, few, many, other."""
    rule = _rule(language)
    found = {rule(count) for count in _COUNTS_SAMPLED} | {"other"}
    return tuple(category for category in PLURAL_CATEGORIES if category in found)


def plural_form(language: str, count: int) -> str:
    """The plural category of `count` in `language` by CLDR's rule, among those the
    language needs (`plural_categories`): `one` for 1 in English, `few` for 2 in Russian,
    `one` for 0 in French; a category beyond them (Spanish "many" for a whole million)
    reads as `other`."""
    category = _rule(language)(abs(count))
    return category if category in plural_categories(language) else "other"


def plural_keys(key: str, language: str) -> tuple[str, ...]:
    """The keys a counted text `key` needs in `language`: `key_one`, `key_few`… ."""
    return tuple(f"{key}_{category}" for category in plural_categories(language))


def plural_base(key: str) -> tuple[str, str] | None:
    """`(base, category)` when `key` names a plural category (`ref_mutt_few` →
    `("ref_mutt", "few")`), else None."""
    base, _, category = key.rpartition("_")
    return (base, category) if base and category in PLURAL_CATEGORIES else None


def placeholder_problem(text: str, allowed: Iterable[str] | None) -> str | None:
    """Why `text` is not a valid text, or None. Placeholders are bare names from
    `allowed` (None: any name); no positional `{}`, no `{a.b}`, `{a[0]}`, `{a!r}`, `{a:>3}`."""
    try:
        parsed = list(Formatter().parse(text))
    except ValueError as exc:
        return f"{exc}; write '{{{{' or '}}}}' for a brace that is not a placeholder"
    names = tuple(allowed) if allowed is not None else None
    usable = ", ".join(f"{{{n}}}" for n in names) if names else "none"
    for _literal, name, spec, conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            return (f"'{{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}' "
                    f"is not a placeholder: write a bare name (this text's: {usable})")
        if names is not None and name not in names:
            from pugdeck.authoring.schema_checks import suggest  # noqa: PLC0415 (only on a mistake)

            return f"unknown placeholder '{{{name}}}'{suggest(name, names)} (this text's: {usable})"
    return None


def placeholders(text: str) -> frozenset[str]:
    """The placeholder names `text` uses."""
    return frozenset(name for _lit, name, _spec, _conv in Formatter().parse(text) if name is not None)


def format_text(text: str, values: Mapping[str, object]) -> str:
    """`text` with each placeholder replaced by its value (checked texts only)."""
    out = []
    for literal, name, _spec, _conversion in Formatter().parse(text):
        out.append(literal)
        if name is not None:
            if name not in values:
                raise StringProblem(f"no value for placeholder '{{{name}}}' in {text!r}")
            out.append(str(values[name]))
    return "".join(out)


def language_of(available: Iterable[str], language: str) -> str | None:
    """The language of `available` that `language` reads: the tag itself, else the tag less
    its last subtag, and so on (`de-AT` → `de`), compared without case."""
    by_lower = {lang.lower(): lang for lang in available}
    tag = language.lower()
    while tag:
        if tag in by_lower:
            return by_lower[tag]
        tag = tag.rpartition("-")[0]
    return None
