"""A game's parts: what each one does, and how a declared `"module:attribute"` is loaded.

A `GameSpec` declares its parts in `parts` (games/spec.py); `GameSpec.part(name)` imports
one when a stage first needs it. A game that declares no part of a name says so with the
sentence here, at the command that needs it: "High Card cannot print".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any


class MissingPart(NotImplementedError):
    """A command needs a part the game does not declare; the message is the sentence a user
    reads ("High Card cannot print"), and the stage reports it as an error (exit 1)."""


#: What each part does, as the sentence's end when a game lacks it: `parts` keys.
PARTS: dict[str, str] = {
    # authoring: the check skeleton's hooks (games/deck_checks.py `DeckChecks`)
    "checks": "decks cannot be checked",
    # building: `build_deck(deck, params, *, name, extra_sources) -> Built`
    "build_deck": "decks cannot be built",
    # printing: `print_run(built, template, fonts, bleed) -> PrintRun`, `faces(built)`
    "print_run": "cannot print",
    "faces": "cannot print",
    # exports: `card_description(card, strings) -> str`
    "card_description": "describes no cards",
    # engine: the Game class, its IllegalAction, bots and logs (games/state.py)
    "new_game": "has no engine",
    "illegal_action": "has no engine",
    "bot_kinds": "has no bots of its own",
    "make_bots": "has no bots of its own",
    "narrate": "has no transcript",
    "game_log": "has no machine log",
    "game_from_log": "has no engine that replays its logs",
    "action_order": "documents no order of its actions",
    "card_places": "does not list where its cards are",
    "hidden_cards": "does not say which cards are hidden",
    "play_in_terminal": "cannot be played in the terminal",
    # protocol: `spoken(game, state, event) -> [{"seat", "text"}]`, what is said aloud at a
    # public event in each speaker's form (the protocol's `said`); optional
    "spoken": "says nothing aloud",
    # reports: `simulate(...)`, its `simulation_report` and `plot`
    "simulate": "cannot be simulated",
    "simulation_report": "cannot be simulated",
    "plot": "draws no charts",
    # `pugdeck party`: a module, what its pages show (docs/party.md)
    "party_view": "cannot be played at a party",
}


def load_part(path: str) -> Any:
    """The object a `"module:attribute.path"` string names, imported now."""
    module, _, attributes = path.partition(":")
    target = import_module(module.strip())
    for attribute in filter(None, attributes.strip().split(".")):
        target = getattr(target, attribute)
    return target


@dataclass
class Simulation:
    """What `GameSpec.simulate` played: the request, and the game's statistics per player
    count (its own summary objects, which only its `simulation_report` and `plot` read)."""

    deck: str | None  # the built deck's name
    games: int  # games per player count
    seed: int
    bots: str
    summaries: list = field(default_factory=list)
