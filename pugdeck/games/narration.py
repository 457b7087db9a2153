"""The words an engine says (transcripts, `play --human`), in the built deck's language.

A game keeps its phrases in a YAML file of its own folder (`narration.yaml`: language →
key → text); the terminal's shared words are in games/terminal.yaml. Each text is a whole
sentence with `{placeholders}` (authoring/texts.py: the same rules as the printed fixed
texts), and a count that changes a word comes as `<key>_one`, `<key>_few`… `<key>_other`,
one key per CLDR plural category of the language, picked by its rule. The language is
`deck.language` of the built deck, read as the fixed texts read it (`de-AT` → `de`); a
language no file has is told in English.
Every key exists in every language with the same placeholders (tests/games/test_narration.py).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

from pugdeck.authoring.texts import format_text, language_of, plural_form

FALLBACK = "en"  # the language of a deck whose language no narration file has


@cache
def phrasebook(path: Path) -> dict[str, dict[str, str]]:
    """language → key → text, as the file has them (bundled, trusted: read once)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


class Words:
    """One language's texts of one phrasebook: `words("key", name=...)`, `words.counted(...)`."""

    def __init__(self, path: Path, language: str | None):
        book = phrasebook(path)
        self.language = language_of(book, language or FALLBACK) or FALLBACK
        self.texts = book[self.language]

    def __call__(self, key: str, /, **values: object) -> str:
        return format_text(elide(self.language, self.texts[key], values), values)

    def counted(self, key: str, count: int, /, **values: object) -> str:
        """`<key>_one`, `<key>_few`… by the language's CLDR rule for `count` (given as `{count}`)."""
        return self(f"{key}_{plural_form(self.language, count)}", count=count, **values)

    def nested(self, text: str) -> str:
        """`text` (a card's own words) as it reads inside this language's quotation marks:
        its quotes become the inner ones (`quotes_nested`: «a “b” c», „a ‚b‘ c“)."""
        for pair in self.texts.get("quotes_nested", "").split(" "):  # not split(): U+202F is a space
            outer, _, inner = pair.partition("=")
            if outer:
                text = text.replace(outer.replace("_", "\u00a0"), inner)
        return text

    def join(self, items: list[str]) -> str:
        """'a', 'a and b', 'a, b and c' in the language (`list_two`); before a last item that
        starts with the sound /i/, `list_two_before_i` (Spanish "Ana e Inés", "agua y hielo")."""
        if len(items) == 1:
            return items[0]
        key = "list_two_before_i" if starts_with_i_sound(items[-1]) else "list_two"
        return self(key, first=", ".join(items[:-1]), last=items[-1])


# The RAE's rule for "y" → "e": the next word starts with the vowel sound /i/, written i- or
# hi- ("e Inés", "e hijos", "e ídolo"), but not where that i opens a diphthong with the vowel
# after it ("y hielo", "y hiena", "y iodo"). Leading quotes and brackets do not count.
_I_SOUND = re.compile(r"^[\W_]*h?(?:[ií](?![aeouáéóú])|í)", re.IGNORECASE)


def starts_with_i_sound(text: str) -> bool:
    """Whether `text` starts with the vowel sound /i/ as Spanish spelling shows it."""
    return _I_SOUND.match(text) is not None


# French elision before a filled-in word that starts with a vowel sound: "la carte de Anne" →
# "la carte d’Anne", "décide que Élodie marque" → "décide qu’Élodie marque". Only the words
# written right before a placeholder in a phrasebook text are elided (a name, a card's name);
# a leading h is left alone (h muet or h aspiré cannot be told from the spelling), as is a
# y before a vowel ("de Yolande", but "d’Yves").
ELISIONS = {"fr": {"de": "d’", "que": "qu’", "lorsque": "lorsqu’", "puisque": "puisqu’", "jusque": "jusqu’"}}
_ELIDABLE = re.compile(r"(?<![\w’'])(" + "|".join(sorted({word for words in ELISIONS.values() for word in words}))
                       + r") \{(\w+)\}", re.IGNORECASE)  # any word of ELISIONS before a placeholder
_VOWEL_SOUND = re.compile(r"^(?:[aeiouàâäéèêëîïôöùûüæœ]|y(?![aeiouàâäéèêëîïôöùûü]))", re.IGNORECASE)


def starts_with_vowel_sound(text: str) -> bool:
    """Whether `text` starts with a vowel sound as French elision needs it (a vowel, or a y
    before a consonant; not an h)."""
    return _VOWEL_SOUND.match(text) is not None


def elide(language: str, text: str, values: dict[str, object]) -> str:
    """`text` with its elisions done for the values that fill it (French: de → d’, que → qu’)."""
    words = ELISIONS.get(language)
    if not words or "{" not in text:
        return text

    def one(match: re.Match) -> str:
        word, name = match.group(1), match.group(2)
        value = values.get(name)
        if not isinstance(value, str) or not starts_with_vowel_sound(value):
            return match.group(0)
        short = words[word.lower()]
        if word[0].isupper():
            short = short[0].upper() + short[1:]
        return f"{short}{{{name}}}"

    return _ELIDABLE.sub(one, text)


def deck_language(doc: dict) -> str:
    """The language a built deck names (`deck.language`), English when it names none."""
    deck = doc.get("deck") if isinstance(doc, dict) else None
    language = deck.get("language") if isinstance(deck, dict) else None
    return language if isinstance(language, str) and language else FALLBACK
