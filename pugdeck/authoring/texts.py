"""Texts with placeholders and plural pairs, in a language: the generic part that the
printed fixed texts (render/strings.py) and the engines' narration (games/narration.py)
share, so neither imports the other.

A text names its values as `{name}` (`{{` writes a brace). A number that changes a word
comes in two keys, `<key>_one` and `<key>_other`, picked by the language's plural rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from string import Formatter


class StringProblem(ValueError):
    """A text that cannot be formatted (a code path asked for a value it does not give)."""


def plural_form(language: str, count: int) -> str:
    """`one` or `other`: CLDR's rule for the language, as far as these two forms go. French
    treats 0 as singular ("0 point"); English, German, Spanish and every other language here
    take `one` for exactly 1. A language with more forms words its texts to need only these."""
    base = language.split("-")[0].lower()
    if base == "fr":
        return "one" if abs(count) in (0, 1) else "other"
    return "one" if abs(count) == 1 else "other"


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
