"""The group parameters every game takes, and a group's values checked against its game.

Each game declares its own parameters (`GameSpec.parameters`, see pugdeck/games/parameters.py);
the ones below are declared here once for all. The command line offers the union over the
registered games (`all_parameters`); a value the deck's game does not take is refused with
a message naming the games that do (`values_for`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.games.parameters import FLAG, SLUG, Parameter, file, int_range, texts
from pugdeck.games.registry import registered
from pugdeck.games.spec import GameSpec

SHARED = (
    texts("exclude", "Set a card aside (repeatable).", metavar="ID", pattern=SLUG, item="A card id."),
    int_range("players", 2, 20, "Fail unless the deck is playable for N players.", metavar="N"),
)
PROFILE = file("profile", "A group profile (YAML, same fields as these flags); flags add to it.",
               metavar="FILE", in_profile=False)


def game_parameters(spec: GameSpec) -> tuple[Parameter, ...]:
    """What a deck of this game may be built with: its own parameters, then the shared ones."""
    return (*spec.parameters, *SHARED)


def all_parameters(games: Iterable[GameSpec] | None = None) -> tuple[Parameter, ...]:
    """The union over games (default: the registered ones), each name once, in declaration
    order, then the shared parameters and `--profile`: the options of `build` and the exports."""
    union: dict[str, Parameter] = {}
    for spec in registered().values() if games is None else games:
        for parameter in spec.parameters:
            known = union.setdefault(parameter.name, parameter)
            if known.kind != parameter.kind or known.repeatable != parameter.repeatable:
                raise TypeError(f"{spec.title} declares {parameter.flag} unlike another game does")
    for parameter in (*SHARED, PROFILE):
        if parameter.name in union:
            raise TypeError(f"{parameter.flag} is shared by every game; no game may declare it")
        union[parameter.name] = parameter
    return tuple(union.values())


def given_values(options: Mapping[str, Any], parameters: Iterable[Parameter]) -> dict[str, Any]:
    """The parameters a user gave (those whose value is not the default), lists as tuples."""
    out = {}
    for parameter in parameters:
        value = options.get(parameter.name, parameter.default)
        value = tuple(value) if parameter.repeatable else value
        if value != parameter.default:
            out[parameter.name] = value
    return out


def merged(profile: Mapping[str, Any], flags: Mapping[str, Any],
           parameters: Iterable[Parameter]) -> dict[str, Any]:
    """A profile with command-line flags added: switches and lists add up, numbers and words
    given on the command line override the profile's."""
    out = dict(profile)
    by_name = {p.name: p for p in parameters}
    for name, value in flags.items():
        parameter = by_name.get(name)
        if name not in out or parameter is None:
            out[name] = value
        elif parameter.kind == FLAG:
            out[name] = out[name] or value
        elif parameter.repeatable:
            out[name] = tuple(dict.fromkeys((*out[name], *value)))
        elif value is not None:
            out[name] = value
    return out


def values_for(spec: GameSpec, given: Mapping[str, Any]) -> Mapping[str, Any]:
    """Every parameter of the game with its value (the default when not given), read-only;
    raises `DeckError` naming each given parameter the game does not take."""
    parameters = game_parameters(spec)
    names = {p.name for p in parameters}
    refused = [_refusal(spec, name) for name in given if name not in names]
    if refused:
        raise DeckError(refused)
    return MappingProxyType({p.name: given.get(p.name, p.default) for p in parameters})


def not_taken(spec: GameSpec, name: str, as_profile_key: bool = False) -> str:
    """Why `name` is refused for this game: which games take it, and what this one takes."""
    others = [g.title for g in registered().values() if any(p.name == name for p in g.parameters)]
    def shown(p: Parameter) -> str:
        return p.profile_key if as_profile_key else p.flag
    own = [shown(p) for p in (*game_parameters(spec), *(() if as_profile_key else (PROFILE,)))]
    what = f"'{name.replace('_', '-')}'" if as_profile_key else "--" + name.replace("_", "-")
    whose = f"a {' and '.join(others)} preference" if others else "no parameter of any game"
    return f"{what} is {whose}; {spec.title} takes only {_listed(own)}"


def _refusal(spec: GameSpec, name: str) -> Diagnostic:
    return Diagnostic("", 0, 0, None, name.replace("_", "-"), ERROR, not_taken(spec, name))


def _listed(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)
