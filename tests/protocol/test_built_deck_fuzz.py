"""Hand-edited built decks, through `pugdeck play` and the engine server: never a traceback.

A built deck is a file anyone may edit, and a frontend may send any object as `deck_doc`.
Each case is a seeded mutation of a bundled deck, built here with `pugdeck build --no-pdf`:
values of the wrong type, valid values moved to the wrong place, numbers nudged past their
bounds, keys and cards dropped or doubled, effect steps rewritten. `play` must exit 0 or 1
with a message (never an exception), and the server must answer `ok` or a refusal other
than `internal`, in JSON any parser takes.

PUGDECK_FUZZ_SEED picks another series (default 0); a failure names the seed and the case.
"""

from __future__ import annotations

import copy
import json
import os
import random

import pytest
from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.protocol.server import Server
from pugdeck.protocol.stream import encode
from pugdeck.resources import bundled_deck

CASES = 1000
SEED = int(os.environ.get("PUGDECK_FUZZ_SEED", "0"))
GAMES = ("pug-you", "pixelpug")

HOSTILE = [None, True, False, 0, 1, -1, 2, 3, 7, 10**30, -(10**30), 1.5, float("nan"), "", "x",
           "GREEN", "Red", "\ud800", "a\u2028b", "pug you", [], [1], ["a"], {}, {"op": "draw"}]
OPS = ["none", "draw", "give-from-pile", "lose-life", "extra-life-in-hand", "protection-until-next-turn",
       "guess-holder", "guess-card", "rps-duel", "discard-hand-and-draw", "look-at-hand", "swap-hands",
       "fish", "compare-hands"]
STEP_KEYS = ["target", "amount", "pile", "card", "unless-holding", "on-hit", "loser", "winner", "tie",
             "lower", "else"]
STEP_VALUES = ["self", "opponent", "target-player", "treats", "dog-food", "nip", "win-round", "lose-life",
               "draw", "none", 1, 5, 0]


@pytest.fixture(scope="module")
def base_decks(tmp_path_factory) -> dict[str, str]:
    """The bundled decks as `pugdeck build --no-pdf` writes them (JSON text), cut down to be
    quick to check and to play, since every case is checked and many are played: a deck the
    schema refuses is judged again, slowly, for every message, card by card. Pug You! for
    three or four players with hands of two, one round and a dozen cards; PixelPug to one
    round win with every kind of card once."""
    out = tmp_path_factory.mktemp("built")
    decks = {}
    for name in GAMES:
        result = CliRunner().invoke(main, ["build", str(bundled_deck(name)), "--no-pdf", "--out", str(out)])
        assert result.exit_code == 0, result.output
        decks[name] = json.loads((out / f"{name}.json").read_text(encoding="utf-8"))
    pug = decks["pug-you"]
    pug["rules"].update(rounds=1, hand_size=2, players={"min": 3, "max": 4})
    pug["cards"] = pug["cards"][::9][:12]  # every level and the mutts; the draw pile runs dry
    pixel = decks["pixelpug"]
    pixel["rules"].update(round_wins=1, players={"min": 2, "max": 3})
    pixel["cards"] = [card for card in pixel["cards"] if card["copy"] == 1]
    return {name: json.dumps(doc) for name, doc in decks.items()}


def _nodes(value, path=()):
    yield path, value
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        yield from _nodes(child, (*path, key))


def mutate(doc: str, rng: random.Random) -> dict:
    """The deck `doc` (JSON text) with one to three seeded edits. An edit is chosen first, then a
    place it fits, so most cases get past the schema to the engines' own checks and play."""
    doc = json.loads(doc)
    for _ in range(rng.choice((1, 1, 2, 3))):
        edit = rng.choices(EDITS, weights=[weight for weight, _, _ in EDITS_TABLE])[0]
        nodes = [(path, value) for path, value in list(_nodes(doc))[1:] if edit.fits(path, value)]
        if nodes:
            path, value = rng.choice(nodes)
            parent = doc
            for key in path[:-1]:
                parent = parent[key]
            edit.apply(parent, path[-1], value, doc, rng)
    return doc


class Edit:
    def __init__(self, fits, apply):
        self.fits, self.apply = fits, apply


def _transplant(parent, key, value, doc, rng):
    """A valid value of the same name, from elsewhere in the deck."""
    same = [v for p, v in _nodes(doc) if p and p[-1] == key and v is not value]
    parent[key] = copy.deepcopy(rng.choice(same)) if same else rng.choice(HOSTILE)


def _nudge(parent, key, value, doc, rng):
    parent[key] = value + rng.choice((-100, -3, -2, -1, 1, 2, 3, 100))


def _step(parent, key, value, doc, rng):
    """An effect step rewritten: another operation, a target or parameter added or dropped."""
    if rng.random() < 0.3:
        value["op"] = rng.choice(OPS)
        return
    name = rng.choice(STEP_KEYS)
    if name in value and rng.random() < 0.5:
        del value[name]
    else:
        value[name] = rng.choice(STEP_VALUES)


def _double_or_cut(parent, key, value, doc, rng):
    if rng.random() < 0.5:
        parent.append(copy.deepcopy(value))  # a doubled card (its id twice), a doubled step
    else:
        del parent[key:]


def _drop(parent, key, value, doc, rng):
    del parent[key]


def _text(parent, key, value, doc, rng):
    parent[key] = rng.choice((value.upper(), value + "\ud800", value + " ", ""))


def _hostile(parent, key, value, doc, rng):
    parent[key] = copy.deepcopy(rng.choice(HOSTILE))


def _in_rules(path, value):
    return path[0] == "rules"


EDITS_TABLE = [
    (25, lambda path, value: isinstance(path[-1], str), _transplant),
    (15, lambda path, value: type(value) is int, _nudge),
    (10, lambda path, value: _in_rules(path, value) and not isinstance(value, dict), _hostile),
    (20, lambda path, value: isinstance(value, dict) and "op" in value, _step),
    (10, lambda path, value: isinstance(path[-1], int) and path[0] == "cards" and len(path) in (2, 4),
     _double_or_cut),
    (5, lambda path, value: isinstance(path[-1], str), _drop),
    (5, lambda path, value: isinstance(value, str), _text),
    (10, lambda path, value: True, _hostile),
]
EDITS = [Edit(fits, apply) for _, fits, apply in EDITS_TABLE]


def _players(doc: dict, rng: random.Random) -> int:
    rules = doc.get("rules")
    players = rules.get("players") if isinstance(rules, dict) else None
    low = players.get("min") if isinstance(players, dict) else None
    return low if type(low) is int and 1 <= low <= 8 and rng.random() < 0.9 else rng.choice((0, 2, 5, 9))


def test_hand_edited_built_decks_never_crash_play_or_the_server(base_decks, tmp_path):
    runner = CliRunner()
    path = tmp_path / "deck.json"
    outcomes = {"played": 0, "refused": 0}
    for case in range(CASES):
        rng = random.Random(f"{SEED}/{case}")
        name = GAMES[case % 2]
        doc = mutate(base_decks[name], rng)
        players, seed = _players(doc, rng), rng.randrange(1000)
        where = f"PUGDECK_FUZZ_SEED={SEED}, case {case} ({name})"

        # `pugdeck play`, reading the deck from a file as a user would give it
        path.write_text(json.dumps(doc), encoding="utf-8")  # ensure_ascii: \ud800 stays an escape
        args = ["play", str(path), "-p", str(players), "--seed", str(seed)] + (["--json"] if case % 3 == 0 else [])
        result = runner.invoke(main, args)
        assert result.exit_code in (0, 1) and isinstance(result.exception, (SystemExit, type(None))), \
            f"{where}: play crashed: {result.exception!r}\n{result.output[-2000:]}"
        assert "Traceback" not in result.output, where
        if result.exit_code == 1:
            assert result.output.strip(), f"{where}: play exited 1 without a word"

        # the engine server, with the deck inline and every seat a bot: the game plays out
        # (a line with NaN or a lone surrogate is refused as it is read, before the engine)
        request = {"id": case, "cmd": "new_game", "deck_doc": doc, "players": players, "seed": seed,
                   "bots": {str(seat): "random" for seat in range(max(0, min(players, 8)))}}
        response = Server(root=tmp_path).handle_line(json.dumps(request))  # as a client writes it
        assert response["ok"] or response["error"]["code"] != "internal", f"{where}: {response}"
        line = json.loads(encode(response))  # strict JSON, whatever the deck held
        assert line["ok"] == response["ok"] and line["id"] in (case, None), where
        assert (result.exit_code == 0) == response["ok"], f"{where}: play and serve disagree: {result.output[-1500:]} {response}"
        outcomes["played" if response["ok"] else "refused"] += 1
    # The series is worth running only if it reaches the engines as well as the checks.
    assert outcomes["played"] >= CASES // 10 and outcomes["refused"] >= CASES // 2, outcomes
