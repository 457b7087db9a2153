"""Rewrite `table.py` from the installed Babel: `python -m pugdeck.core.cldr_plurals`.

Every tag Babel knows is asked as the deck's language would be (`-`, not `_`): each CLDR
locale, each language alias (`iw`, `fra`) and each key of the likely-subtag table. The
`und` tags (no language) are left out: they count as English does."""

from __future__ import annotations

from pathlib import Path

from babel import Locale, UnknownLocaleError, __version__, localedata
from babel.core import get_cldr_version, get_global
from babel.plural import PluralRule

TABLE = Path(__file__).with_name("table.py")
WIDTH = 96
CATEGORIES = ("zero", "one", "two", "few", "many", "other")  # CLDR's order
# The whole numbers a rule's needed categories are read from: CLDR's integer rules repeat
# by 100 or 1000 below a million (only "many" for whole millions lies beyond).
COUNTS_SAMPLED = range(0, 1001)


def babel_rules(language: str) -> dict[str, str]:
    """What Babel's locale data says for `language`; a tag it does not know reads its
    language's rule, a language it does not know English's (as `rules_of` promises)."""
    try:
        return dict(Locale.parse(language.replace("-", "_")).plural_form.rules)
    except (UnknownLocaleError, ValueError):
        base = language.split("-")[0]
        return babel_rules(base) if base != language else babel_rules("en")


def known_tags() -> list[str]:
    """Every tag Babel has data or a mapping for, lower case, `-` between subtags."""
    found = {*localedata.locale_identifiers(), *get_global("language_aliases"), *get_global("likely_subtags")}
    tags = {tag.replace("_", "-").lower() for tag in found}
    return sorted(tag for tag in tags if tag.split("-")[0] != "und")


def table() -> dict[str, dict[str, str]]:
    """Each tag whose rule is not the one `rules_of` would give it without an entry:
    a language unlike English, a longer tag unlike its language."""
    rules = {tag: babel_rules(tag) for tag in known_tags()}
    english = rules["en"]
    languages = {tag: rule for tag, rule in rules.items() if "-" not in tag and (rule != english or tag == "en")}
    tags = {tag: rule for tag, rule in rules.items()
            if "-" in tag and rule != languages.get(tag.split("-")[0], english)}
    return {**languages, **tags}


def whole_number_python(ast: tuple) -> str | bool:
    """A condition of Babel's parsed rule as Python over a whole number `n` (a count), or
    True/False where it does not depend on `n`. For a whole number CLDR's operands are
    `n` and `i` (the number), `v`, `w`, `f`, `t` (its decimals), `c` and `e` (its exponent)
    all 0; `in` is then a plain comparison and `mod` Python's `%` (n ≥ 0)."""
    op, args = ast
    if op in ("n", "i"):
        return "n"
    if op in ("v", "w", "f", "t", "c", "e"):
        return "0"
    if op == "value":
        return str(args[0])
    if op == "mod":
        left, right = (whole_number_python(a) for a in args)
        return str(int(left) % int(right)) if left == "0" else f"{left} % {right}"
    if op == "relation":
        method, expr, (_, ranges) = args
        if method != "in":  # Babel reads CLDR's `=`, `!=` (with `not`) and `within` as in/within
            raise SystemExit(f"a plural rule uses '{method}': teach whole_number_python it")
        x = whole_number_python(expr)
        bounds = [(int(whole_number_python(a)), int(whole_number_python(b))) for a, b in ranges]
        if x.isdigit():
            return any(a <= int(x) <= b for a, b in bounds)
        tests = [f"{x} == {a}" if a == b else f"{a} <= {x} <= {b}" for a, b in bounds]
        return tests[0] if len(tests) == 1 else "(" + " or ".join(tests) + ")"
    if op == "not":
        inner = whole_number_python(args[0])
        return (not inner) if isinstance(inner, bool) else f"not {_operand(inner)}"
    if op in ("and", "or"):
        left, right = (whole_number_python(a) for a in args)
        for known, other in ((left, right), (right, left)):
            if isinstance(known, bool):  # and: True drops out, False decides; or: the reverse
                return other if known == (op == "and") else known
        return f"({left} {op} {right})"
    raise SystemExit(f"a plural rule holds '{op}': teach whole_number_python it")


def _operand(text: str) -> str:
    return text if text.startswith("(") or " " not in text else f"({text})"


def form_function(name: str, rule: dict[str, str]) -> list[str]:
    """The source of `name(n)`: the category of a whole number `n` ≥ 0 by `rule`, its
    conditions tried in the order Babel's `PluralRule` tries them."""
    lines = [f"def {name}(n):"]
    for category, ast in PluralRule(rule).abstract:
        condition = whole_number_python(ast)
        if condition is True:
            lines.append(f"    return {category!r}")
            return lines
        if condition is not False:
            lines += [f"    if {condition}:",
                      f"        return {category!r}"]
    return [*lines, "    return 'other'"]


def needed_categories(rule: dict[str, str]) -> tuple[str, ...]:
    """The categories a text needs by `rule`: those it gives a whole number below a
    million (`COUNTS_SAMPLED`), and `other` (CLDR's fallback), in CLDR's order."""
    found = {PluralRule(rule)(count) for count in COUNTS_SAMPLED} | {"other"}
    return tuple(category for category in CATEGORIES if category in found)


def source(entries: dict[str, dict[str, str]]) -> str:
    """table.py: each distinct rule once, as its conditions, the categories a text needs by
    it, a function giving a count's category, and the tags that follow it."""
    by_rule: dict[tuple, list[str]] = {}
    for tag, rule in entries.items():
        by_rule.setdefault(tuple(sorted(rule.items())), []).append(tag)
    ordered = sorted(by_rule.items(), key=lambda item: sorted(item[1])[0])
    lines = [f'"""Generated by `python -m pugdeck.core.cldr_plurals` from Babel {__version__} '
             f'(CLDR {get_cldr_version()}); do not edit."""',
             "# ruff: noqa",
             "# Each rule's category of a whole number n >= 0, as Babel's PluralRule gives it (rules",
             "# that differ only for decimals share one).", ""]
    functions: dict[tuple[str, ...], str] = {}  # body → name
    names = []
    for rule, _tags in ordered:
        body = tuple(form_function("", dict(rule))[1:])
        if body not in functions:
            functions[body] = f"_form_{len(functions)}"
            lines += [f"def {functions[body]}(n):", *body, ""]
        names.append(functions[body])
    lines += ["# Each CLDR plural rule ({category: condition}; `other` is the rest), the categories",
              "# a text needs by it, its function above and the tags that follow it, lower case.",
              "RULES = ("]
    for (rule, tags), name in zip(ordered, names):
        written = repr(dict(rule))
        if len(written) > WIDTH - 6:  # one condition a line
            written = "{\n" + "".join(f"        {c!r}: {t!r},\n" for c, t in rule) + "     }"
        lines.append(f"    ({written},")
        lines.append(f"     {needed_categories(dict(rule))!r}, {name},")
        lines += [f"     {chunk!r}" for chunk in _wrapped(sorted(tags))]
        lines[-1] += "),"
    lines.append(")")
    return "\n".join(lines) + "\n"


def _wrapped(tags: list[str]) -> list[str]:
    chunks, line = [], ""
    for tag in tags:
        if line and len(line) + len(tag) + 1 > WIDTH - 8:
            chunks.append(line + " ")
            line = ""
        line += (" " if line else "") + tag
    return [*chunks, line]


def main() -> None:
    TABLE.write_text(source(table()), encoding="utf-8")
    print(f"wrote {TABLE}")


if __name__ == "__main__":
    main()
