"""Group parameters: what a group may ask of `pugdeck build`, declared once as data.

A game lists its own in `GameSpec.parameters`; the ones every game takes are declared in
`pugdeck/building/parameters.py`. From these declarations come the command-line options of
`build` and the exports, the fields of a profile file and its schema, the values a game's
`build_deck` receives and the table in docs/parameters.md (Squib: options are declared
data, and a test fails when one is undocumented). One name runs through every layer:
`no_red` is the value's key, `--no-red` the flag and `no-red` the profile field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pugdeck.authoring.slugs import SLUG_PATTERN

FLAG = "flag"  # on or off: `--savage`
INT = "int"  # a whole number in a range: `--players N`
CHOICE = "choice"  # one word of a list: `--only customs`
TEXT = "text"  # words, each given with its own flag: `--exclude-tag TAG` (repeatable)
FILE = "file"  # an existing file: `--profile FILE`, or several: `--customs FILE` (repeatable)
KINDS = (FLAG, INT, CHOICE, TEXT, FILE)

# Ids and tags, as the authoring schemas write them: a Unicode slug (authoring/slugs.py).
SLUG = SLUG_PATTERN


@dataclass(frozen=True)
class Parameter:
    """One thing a group may ask for, as a flag and as a profile field."""

    name: str  # the value's key in Python: `no_red`
    kind: str  # one of KINDS
    help: str  # the flag's help line, also the profile field's description
    default: Any = None  # the value when it is not given (False for a flag, () when repeatable)
    metavar: str | None = None  # how --help shows the value: N, ID, FILE
    repeatable: bool = False  # TEXT and FILE: given any number of times, the value is a tuple
    minimum: int | None = None  # INT
    maximum: int | None = None  # INT
    choices: tuple[str, ...] = ()  # CHOICE
    pattern: str | None = None  # TEXT: the form each value must have
    item: str = ""  # what one value of a repeatable parameter is, for the profile schema
    detail: str = ""  # more words for the docs table and the profile schema than --help has
    in_profile: bool = True  # False for a parameter that is no group preference (--profile)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"parameter {self.name}: kind {self.kind!r} is not one of {KINDS}")
        if self.kind == FLAG and self.default is None:
            object.__setattr__(self, "default", False)
        if self.repeatable and self.default is None:
            object.__setattr__(self, "default", ())

    @property
    def flag(self) -> str:
        """The command-line option: `--no-red`."""
        return "--" + self.name.replace("_", "-")

    @property
    def profile_key(self) -> str:
        """The field of a profile file: `no-red`."""
        return self.name.replace("_", "-")


def flag(name: str, help: str, **more: Any) -> Parameter:
    """An on/off parameter (off unless given)."""
    return Parameter(name, FLAG, help, **more)


def int_range(name: str, minimum: int, maximum: int, help: str, **more: Any) -> Parameter:
    """A whole number from `minimum` to `maximum`; None unless given."""
    return Parameter(name, INT, help, minimum=minimum, maximum=maximum, **more)


def choice(name: str, choices: tuple[str, ...], help: str, **more: Any) -> Parameter:
    """One word of `choices`; None unless given."""
    return Parameter(name, CHOICE, help, choices=choices, **more)


def texts(name: str, help: str, **more: Any) -> Parameter:
    """Words given one per flag (`--exclude a --exclude b`); () unless given."""
    return Parameter(name, TEXT, help, repeatable=True, **more)


def files(name: str, help: str, **more: Any) -> Parameter:
    """Existing files given one per flag; in a profile, relative to the profile file."""
    return Parameter(name, FILE, help, repeatable=True, **more)


def file(name: str, help: str, **more: Any) -> Parameter:
    """One existing file; None unless given."""
    return Parameter(name, FILE, help, **more)
