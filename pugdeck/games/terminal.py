"""A person at the terminal choosing among numbered options: the shared part of `play --human`.

Each game's terminal module (games/<game>/terminal.py) says what happened and lists what
the person may do as `Option`s; `Person.choose` asks until it gets an answer. A line is read
through `read(prompt, secret)`: Click's prompt functions in the command, a script in tests.
A number or a name picks an option; `?` or `help` prints the game's help (the rules of the
cards in hand) and asks again; `back` returns to the previous question where there is one;
`quit` or the end of the input (Ctrl-D) raises `LeftTheGame`; anything else gets one line
saying what to type, and the question again. Ctrl-C (KeyboardInterrupt) is the command's.
The person's own words (the hint, the refusals) are in the deck's language (terminal.yaml),
and its words for help, back and quit (`ayuda`, `zurück`, `quitter`) work beside the English.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pugdeck.games.narration import Words

HELP_WORDS = ("?", "help")
BACK_WORDS = ("back",)
QUIT_WORDS = ("quit", "exit")
BACK = -1  # what `choose` returns when the person typed `back` where it was offered
WIDTH = 78  # lines are wrapped, and a compact list laid out, within a narrow terminal
_SHORT_ASIDE = re.compile(r"\([^()\n]{1,32}\)")  # kept on one line when wrapping
_HELD_SPACE = "\ue000"  # private use, no break for textwrap (one in a deck prints as a space)


class LeftTheGame(Exception):  # noqa: N818 (a person leaving is not an error of the program)
    """The person left before the end: they typed `quit`, or their input ended (Ctrl-D)."""


@dataclass(frozen=True)
class Option:
    """One choice: what the list shows after its number, and the words that pick it too."""

    label: str
    keys: tuple[str, ...] = ()
    # Listed, marked as chosen, and refused: a question asked again (the second nominee)
    # keeps every number it had, so the 3 a person read before is still the 3.
    taken: bool = False


def words(text: str) -> str:
    """`text` as it is matched: case folded, spaces collapsed."""
    return " ".join(text.casefold().split())


SHARED_WORDS = Path(__file__).with_name("terminal.yaml")


def terminal_words(language: str | None) -> Words:
    """The shared words of `play --human` in `language` (English when there are none in it)."""
    return Words(SHARED_WORDS, language)


def _typed(words: Words, key: str, english: tuple[str, ...]) -> tuple[str, ...]:
    """The words that do `key` (help, back, quit): the language's and the English ones."""
    return english + tuple(w.strip().casefold() for w in words(key).split(","))


class Person:
    """The seat a person plays: `say` prints a line, `choose` asks for one of some options."""

    def __init__(self, read: Callable[[str, bool], str], write: Callable[[str], None],
                 language: str | None = None):
        self.read, self.write = read, write
        self.words = terminal_words(language)
        self.help_words = _typed(self.words, "help_words", HELP_WORDS)
        self.back_words = _typed(self.words, "back_words", BACK_WORDS)
        self.quit_words = _typed(self.words, "quit_words", QUIT_WORDS)

    def say(self, line: str = "") -> None:
        """Print `line`, wrapped at word breaks to `WIDTH`, continued a little further in."""
        if len(line) <= WIDTH:
            self.write(line)
            return
        indent = " " * (len(line) - len(line.lstrip()) + 4)
        # A short parenthesis ("(yellow, 2 badges, 3 turds)") is read as one thing: its
        # spaces are held by a stand-in textwrap does not break at, then put back.
        held = _SHORT_ASIDE.sub(lambda m: m.group(0).replace(" ", _HELD_SPACE), line)
        for part in textwrap.wrap(held, WIDTH, subsequent_indent=indent, break_on_hyphens=False):
            self.write(part.replace(_HELD_SPACE, " "))

    def choose(self, question: str, options: Sequence[Option], help_lines: Callable[[], list[str]],
               *, secret: bool = False, can_go_back: bool = False, compact: bool = False) -> int:
        """The index of the option the person picks (or `BACK`). The options are listed
        first, unless `secret`, where the question itself names them (a duel choice a
        neighbour must not read off the screen; what was typed is not echoed either)."""
        if not secret:
            self._list(options, compact)
        hint = self.words(("hint_many" if len(options) > 1 else "hint_single") + ("_back" if can_go_back else ""),
                          count=len(options))
        while True:
            try:
                line = self.read(f"{question} [{hint}]: ", secret)
            except EOFError:
                raise LeftTheGame from None
            text = words(line)
            if text in self.help_words:
                for help_line in help_lines():
                    self.say(help_line)
                if not secret:
                    self._list(options, compact)
                continue
            if can_go_back and text in self.back_words:
                return BACK
            picked = _pick(text, options)
            if isinstance(picked, int) and options[picked].taken:
                self.say(self.words("refuse_taken", number=picked + 1))
                continue
            if isinstance(picked, int):
                return picked
            if text in self.quit_words:
                raise LeftTheGame
            self.say(_refusal(self.words, line, picked, len(options), secret))

    def _list(self, options: Sequence[Option], compact: bool) -> None:
        labels = [f"{n}) " + (self.words("taken", label=option.label) if option.taken else option.label)
                  for n, option in enumerate(options, 1)]
        if not compact:
            for label in labels:
                self.say("  " + label)
            return
        cell = max(len(label) for label in labels) + 2
        per_row = max(1, (WIDTH - 2) // cell)
        for start in range(0, len(labels), per_row):
            row = labels[start:start + per_row]
            self.say("  " + "".join(label.ljust(cell) for label in row).rstrip())


def _pick(text: str, options: Sequence[Option]) -> int | list[int]:
    """The option `text` names (its number, one of its words, or the start of exactly one
    option's words); else the options it could mean ([] for none)."""
    if text.isdigit():
        number = int(text)
        return number - 1 if 1 <= number <= len(options) else []
    if not text:
        return []
    exact = [i for i, option in enumerate(options) if text in (words(k) for k in option.keys)]
    if exact:
        free = [i for i in exact if not options[i].taken]
        return (free or exact)[0]  # options sharing a word are alike (two copies of one card)
    starts = sorted({i for i, option in enumerate(options) if not option.taken
                     for key in option.keys if words(key).startswith(text)})
    return starts[0] if len(starts) == 1 else starts


def _refusal(words: Words, line: str, could_be: list[int], count: int, secret: bool) -> str:
    """One line: what was wrong, and what to type instead."""
    numbers = words("numbers_many", count=count) if count > 1 else words("numbers_single")
    if secret:  # never repeat a secret answer back on the screen
        return words("refuse_secret", numbers=numbers)
    shown = line.strip()
    if len(could_be) > 1:
        listed = [str(i + 1) for i in could_be]
        return words("refuse_ambiguous", text=shown, which=words("list_or", first=", ".join(listed[:-1]),
                                                                  last=listed[-1]))
    if not shown:
        return words("refuse_empty", numbers=numbers)
    return words("refuse", text=shown[:40], numbers=numbers)
