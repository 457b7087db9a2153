"""Texts with placeholders, plural forms and gendered descriptives, in a language: the
generic part that the printed fixed texts (render/strings.py) and the engines' narration
(games/narration.py) share, so neither imports the other.

A text names its values as `{name}` (`{{` writes a brace). A number that changes a word
comes in one key per plural category of the language, `<key>_one`, `<key>_few`,
`<key>_other`…, picked by the language's CLDR plural rule (the Unicode CLDR rules as Babel
ships them, tabled in `core/cldr_plurals`: every language, not only the bundled ones). The
categories a language *needs* are those its rule gives to a whole number below one million,
and always `other` (CLDR's fallback): English, German, Spanish, French one/other, Russian
one/few/many/other, Japanese only other, Arabic all six. Spanish and French say "many" only
for whole millions, which no count here reaches; such a count reads `<key>_other`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from os.path import commonprefix
from string import Formatter
from typing import NamedTuple

from pugdeck.core.cldr_plurals import categories_of, form_of


class StringProblem(ValueError):
    """A text that cannot be formatted (a code path asked for a value it does not give)."""


# CLDR's category names, in CLDR's order: how a language's list of forms is written.
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def plural_categories(language: str) -> tuple[str, ...]:
    """The plural categories a text in `language` needs, in CLDR's order: those its rule
    gives to a whole number below a million, and `other`. `ru` → one, few, many, other."""
    return categories_of(language)


def plural_form(language: str, count: int) -> str:
    """The plural category of `count` in `language` by CLDR's rule, among those the
    language needs (`plural_categories`): `one` for 1 in English, `few` for 2 in Russian,
    `one` for 0 in French; a category beyond them (Spanish "many" for a whole million)
    reads as `other`."""
    category = form_of(language, abs(count))
    return category if category in categories_of(language) else "other"


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


# -- descriptives in forms ------------------------------------------------------------------
# A card's descriptive ("porque soy …") is one text, or two forms when it changes with the
# speaker's gender: {masculine: "un pésimo mentiroso", feminine: "una pésima mentirosa"}.
FORMS = ("masculine", "feminine")
FORM_SEPARATOR = " / "  # how a card prints both forms: "un pésimo mentiroso / una pésima mentirosa"
# Languages whose adjectives and nouns agree with the speaker ("soy listo" / "soy lista"): a
# descriptive in them may need both forms. In the others (English, Japanese, Finnish…) one
# text serves everyone, and two forms are most likely a slip.
GENDERED_LANGUAGES = frozenset((
    "es", "fr", "de", "it", "pt", "ca", "gl", "ro", "ru", "uk", "be", "pl", "cs", "sk", "sl",
    "hr", "sr", "bs", "bg", "mk", "lt", "lv", "el", "he", "ar", "hi", "ur",
))


class Forms(NamedTuple):
    """A descriptive's two forms, as an engine keeps them (hashable, unlike the mapping)."""

    masculine: str
    feminine: str

    def get(self, form: str, default: object = None) -> object:
        return getattr(self, form) if form in FORMS else default

    def __getitem__(self, form):  # noqa: ANN001, ANN204 (by form name, like the mapping)
        return getattr(self, form) if isinstance(form, str) else tuple.__getitem__(self, form)


def has_forms(descriptive: object) -> bool:
    """Whether a descriptive comes in its two forms (a mapping of `FORMS`, or `Forms`)."""
    return isinstance(descriptive, Mapping | Forms)


def engine_descriptive(descriptive: object) -> str | Forms | None:
    """A built card's `descriptive` as an engine keeps it: a text, `Forms`, or None."""
    if descriptive is None:
        return None
    if has_forms(descriptive):
        return Forms(str(descriptive["masculine"]), str(descriptive["feminine"]))
    return str(descriptive)


def descriptive_for(descriptive: object, form: str | None = None) -> str | None:
    """What a speaker says of a card's descriptive (a card's `descriptive` value: a text,
    its forms, or None): one text as it is; of two forms the speaker's `form`
    (`masculine` / `feminine`), or both as the card prints them when the speaker's form is
    not known (a bot, a seat that gave none)."""
    if descriptive is None:
        return None
    if not has_forms(descriptive):
        return str(descriptive)
    if form in FORMS:
        return str(descriptive[form])
    return printed_descriptive(descriptive)


def printed_descriptive(descriptive: object) -> str | None:
    """A descriptive as a card prints it: one text as it is; two forms once when they are
    the same, else compactly (`compact_forms`): "un/a pésimo/a mentiroso/a". (A form that is
    missing or not a text, which the schema reports, is left out, so the other can still be
    checked for fit.)"""
    if not has_forms(descriptive):
        return None if descriptive is None else str(descriptive)
    forms = [text for text in (descriptive.get(form) for form in FORMS) if isinstance(text, str)]
    if len(forms) == 2 and forms[0] != forms[1]:
        return compact_forms(*forms)
    return forms[0] if forms else None


_VOWELS = frozenset("aeiouyàáâäãåæèéêëìíîïòóôöõøœùúûüýÿ")
_TRAILING = re.compile(r"^(.*?)(\W*)$", re.DOTALL)


def compact_forms(masculine: str, feminine: str) -> str:
    """Both forms in one line, the way Spanish, German and French print them on forms and
    name tags: word by word, a word that is the same once, one that differs by its ending
    as the masculine word and the feminine ending ("pésimo/a", "Lügner/in", "menteur/euse",
    "miserable/r", as German writes "ein/e miserable/r Lügner/in"), any other pair whole
    ("el/la", "rey/reina"). Forms of different lengths in words print whole, "m / f"."""
    words_m, words_f = masculine.split(), feminine.split()
    if len(words_m) != len(words_f):
        return f"{masculine}{FORM_SEPARATOR}{feminine}"
    return " ".join(_compact_word(m, f) for m, f in zip(words_m, words_f))


def _compact_word(masculine: str, feminine: str) -> str:
    if masculine == feminine:
        return masculine
    core_m, tail_m = _TRAILING.match(masculine).groups()
    core_f, tail_f = _TRAILING.match(feminine).groups()
    if tail_m != tail_f or not core_m or not core_f:  # "ami," / "amie,": the comma stays outside
        return f"{masculine}/{feminine}"
    return _compact_core(core_m, core_f) + tail_m


def _compact_core(masculine: str, feminine: str) -> str:
    if feminine.startswith(masculine):  # un/a, Lügner/in, ami/e, professionnel/le
        return f"{masculine}/{feminine[len(masculine):]}"
    if masculine.startswith(feminine):  # miserable/r, Gefangene/r
        return f"{feminine}/{masculine[len(feminine):]}"
    common = shared = len(commonprefix([masculine, feminine]))
    # back over up to two vowels, so the ending starts a syllable: menteur/euse, not menteur/se
    while shared > common - 2 and shared > 0 and masculine[shared - 1].lower() in _VOWELS:
        shared -= 1
    ending_m, ending_f = masculine[shared:], feminine[shared:]
    if common >= 3 and len(ending_f) <= 4 and len(ending_f) <= len(ending_m) + 3:
        return f"{masculine}/{ending_f}"  # pésimo/a, rieur/euse
    return f"{masculine}/{feminine}"


def every_form(descriptive: object) -> str:
    """Every word of a descriptive, each form whole (what a search of the cards matches)."""
    if not has_forms(descriptive):
        return "" if descriptive is None else str(descriptive)
    forms = [text for text in (descriptive.get(form) for form in FORMS) if isinstance(text, str)]
    return " ".join(dict.fromkeys(forms))


def needs_forms(language: str | None) -> bool:
    """Whether a descriptive in `language` may change with the speaker (`GENDERED_LANGUAGES`)."""
    return (language or "en").split("-")[0].lower() in GENDERED_LANGUAGES


def form_problem(descriptive: object, language: str | None) -> str | None:
    """A warning for a descriptive given in forms that it need not be, or None."""
    if not has_forms(descriptive):
        return None
    if descriptive.get("masculine") == descriptive.get("feminine"):
        return "both forms of the descriptive are the same: write it once, as one text"
    if not needs_forms(language):
        return (f"deck.language '{language or 'en'}' does not change a descriptive with the "
                f"speaker; the card prints both forms (\"{printed_descriptive(descriptive)}\")")
    return None


def in_form_order(descriptive: object) -> object:
    """A descriptive as a built deck keeps it: a text as it is, forms in `FORMS` order
    (whatever order the YAML gave them), so the same deck builds the same bytes."""
    return {form: descriptive[form] for form in FORMS} if isinstance(descriptive, Mapping) else descriptive
