"""Fixed texts: what a printed card (or the HTML gallery) says that is not card data, in the
deck's language.

A template carries `strings: {<language>: {<key>: text}}`, merged through `extends` like its
other keys; every template's strings start from `templates/shared/strings.yaml` (the
gallery's labels, which no game owns). A game declares its keys and the placeholders each
text may use (`GameSpec.template_strings`); a text names them as `{hand_size}`, and `{{`
writes a brace. A deck picks the language with `deck.language` and may restate any text in
deck.yaml (`strings:`). A number that changes a word comes in two keys, `<key>_one` and
`<key>_other`, picked by the language's plural rule (`plural_form`).
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple

# The generic part, shared with the engines' narration (which must not import render/).
from pugdeck.authoring.texts import (  # noqa: F401 (StringProblem: re-exported)
    StringProblem,
    format_text,
    language_of,
    placeholder_problem,
    plural_form,
)
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic

Place = tuple[str, int, int]  # (file, line, column) where a text was written
NOWHERE: Place = ("", 0, 0)
SHOWN_MISSING = 6  # keys a "missing strings" message names before it counts the rest

# The keys every game has, and their placeholders: the HTML gallery's labels
# (export/html.py). Their texts are in templates/shared/strings.yaml.
SHARED_KEYS: dict[str, tuple[str, ...]] = {
    "gallery_level": (), "gallery_kind": (), "gallery_search": (), "gallery_empty": (),
    "gallery_count_one": ("visible", "total"), "gallery_count_other": ("visible", "total"),
    "gallery_in_play_one": ("count",), "gallery_in_play_other": ("count",),
    "gallery_more_printed_one": ("count",), "gallery_more_printed_other": ("count",),
    "gallery_built": ("version",),
    "pdf_subject": ("deck", "version"),  # the PDF's metadata: what its file is
}


class Strings(NamedTuple):  # not a dataclass: see render/shapes.py
    """The fixed texts of one deck, resolved: every key of its game, in one language."""

    language: str  # as the deck asked for it (`de-AT`), for its plural rule
    texts: dict[str, str]
    places: dict[str, Place]  # where each of the template's texts was written
    overridden: frozenset = frozenset()  # keys the deck restates in deck.yaml `strings:`
    # deck.yaml path → where it is: asked only for a message, so a clean deck is never placed
    place_of: Callable[[tuple], Place] | None = None

    def text(self, key: str, /, **values: object) -> str:
        """The text `key` with its placeholders filled in."""
        return format_text(self.texts[key], values)

    def plural(self, key: str, number: int, /, **values: object) -> str:
        """`<key>_one` or `<key>_other`, by the language's rule for `number`, filled in."""
        return self.text(self.plural_key(key, number), **values)

    def plural_key(self, key: str, number: int, /) -> str:
        """`<key>_one` or `<key>_other`: the key `plural` reads for `number`."""
        return f"{key}_{plural_form(self.language, number)}"

    def where(self, key: str) -> Place:
        """Where the text `key` was written: deck.yaml if the deck restates it, else the template."""
        if key in self.overridden:
            return self.place_of(("strings", key)) if self.place_of else NOWHERE
        return self.places.get(key, NOWHERE)

    def problem(self, key: str, message: str) -> Diagnostic:
        """An error about the text `key`, located where it was written."""
        return Diagnostic(*self.where(key), None, f"strings.{key}", ERROR, message)


def template_string_problems(strings: object, keys: Mapping[str, tuple[str, ...]] | None
                             ) -> list[tuple[tuple, str]]:
    """Keys a template's `strings` sets that its game does not print, and texts whose
    placeholders are wrong, by where they were written. A language may lack keys: a deck
    in it must give them (`resolve_strings`)."""
    problems: list[tuple[tuple, str]] = []
    for language, texts in (strings or {}).items() if isinstance(strings, dict) else ():
        for key, text in (texts or {}).items():
            where = ("strings", language, key)
            if keys is not None and key not in keys:
                from pugdeck.authoring.schema_checks import suggest  # noqa: PLC0415 (on a mistake)

                problems.append((where, f"template: unknown string '{key}'{suggest(key, keys)} "
                                        f"(docs/printing.md lists each game's strings)"))
                continue
            problem = placeholder_problem(text, keys.get(key) if keys is not None else None)
            if problem:
                problems.append((where, f"strings.{language}.{key}: {problem}"))
    return problems


def complete_languages(strings: Mapping[str, Mapping[str, str]], keys: Iterable[str]) -> list[str]:
    """The languages that hold a text for every key, sorted."""
    needed = set(keys)
    return sorted(lang for lang, texts in strings.items() if needed <= set(texts))


def resolve_strings(template, language: str, overrides: Mapping[str, str] | None = None,
                    place_of: Callable[[tuple], Place] | None = None) -> Strings:
    """The deck's fixed texts: the template's in `language` (or its base language), the
    deck's own `strings:` over them. Raises `DeckError` when a text is missing (located at
    the deck's `deck.language`) or an override's placeholders are wrong (at the override):
    `place_of(path)` says where a value of deck.yaml is."""
    keys = template.string_keys
    found = language_of(template.strings, language)
    texts = dict(template.strings.get(found, {})) if found else {}
    places = {key: template.string_places.get((found, key), NOWHERE) for key in texts}

    def place(path: tuple) -> Place:
        return place_of(path) if place_of else NOWHERE

    problems: list[Diagnostic] = []
    for key, text in (overrides or {}).items():
        problem = placeholder_problem(text, keys.get(key, ())) if key in keys else (
            f"unknown string '{key}' (docs/printing.md lists this game's strings)")
        if problem:
            problems.append(Diagnostic(*place(("strings", key)), None, f"strings.{key}", ERROR,
                                       f"strings.{key}: {problem}"))
        texts[key] = text
    missing = [key for key in keys if key not in texts]
    if missing:
        problems.append(Diagnostic(*place(("deck", "language")), None, "language", ERROR,
                                   _missing_message(template, language, found, missing)))
    if problems:
        raise DeckError(problems)
    return Strings(language, texts, places, frozenset(overrides or ()), place_of)


def _missing_message(template, language: str, found: str | None, missing: list[str]) -> str:
    total = len(template.string_keys)
    count = (f"all {total} strings" if len(missing) == total
             else f"the {len(missing)} missing string{'s' * (len(missing) != 1)}")
    shown = ", ".join(missing[:SHOWN_MISSING]) + (
        f" and {len(missing) - SHOWN_MISSING} more" if len(missing) > SHOWN_MISSING else "")
    give = f"give {count} under `strings:` in deck.yaml ({shown}; docs/printing.md lists them)"
    if found:
        return f"deck.language '{language}': template '{template.name}' lacks texts in '{found}'; {give}"
    bundled = complete_languages(template.strings, template.string_keys)
    return (f"deck.language '{language}': template '{template.name}' has strings in "
            f"{', '.join(bundled) or 'no language'}; choose one of them, or {give}")


def deck_strings(template, deck: Mapping, place_of: Callable[[tuple], Place] | None = None) -> Strings:
    """`resolve_strings` for a deck as the built deck's `deck` block has it (`language`, and
    `strings` when it restates any); `place_of(path)` locates a value of deck.yaml, e.g.
    `("strings", "turd_title")`, for the messages."""
    return resolve_strings(template, deck.get("language") or "en", deck.get("strings") or {}, place_of)
