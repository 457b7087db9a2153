"""Words for a PixelPug match: one line per event, as everyone or as one player saw it.

`describe` turns one event (a view of one of `State.events`) into a line; `narrate` replays
an action log on a fresh state and tells the whole match as an omniscient narrator (it sees
every hand: it is a log, not a player), which is what the golden transcripts record.
`game_log` is the machine log's JSON form; `replay` in engine.py plays it back.
"""

from __future__ import annotations

from pugdeck.games.engine_input import log_fields
from pugdeck.games.pixelpug.engine import Game
from pugdeck.games.pixelpug.state import State

LOG_FORMAT = "pugdeck-pixelpug-log"
HOW = {"elimination": "how_elimination", "dog-food": "how_dog_food", "points": "how_points"}


def default_names(players: int) -> list[str]:
    """P0, P1, …"""
    return [f"P{seat}" for seat in range(players)]


def card_label(game: Game, card_id: str) -> str:
    """'Nip (nip#2, red, 1 point)'."""
    info = game.card(card_id)
    return game.words.counted("label_red" if info.attack else "label", info.points, name=info.name, id=card_id)


def hand_label(game: Game, cards: list[str]) -> str:
    """'[Nap, Dog Food]'."""
    return "[" + ", ".join(game.card(c).name for c in cards) + "]" if cards else game.words("no_cards")


def describe(game: Game, event: dict, names: list[str]) -> str | None:
    """One line for one event, or None for events that need no words."""
    kind, words = event["event"], game.words
    who = names[event["seat"]] if "seat" in event and event["seat"] is not None else ""
    them = names[event["target"]] if event.get("target") is not None else ""
    if kind == "round":
        return words("round", round=event["round"] + 1, name=names[event["first"]])
    if kind == "play":
        if event.get("target") is not None and event["target"] == event["seat"] and "name" not in event:
            return words("play_on_themselves", name=who, card=card_label(game, event["card"]))
        key = "plays" + ("_on" if them else "") + ("_naming" if "name" in event else "")
        return words(key, name=who, card=card_label(game, event["card"]), target=them,
                     kind=game.kind_names.get(event.get("name"), ""))
    line = _consequence(game, event, names, who, them)
    return None if line is None else "  " + line


def _consequence(game: Game, event: dict, names: list[str], who: str, them: str) -> str | None:
    """What a card's effect did (indented by `describe`)."""
    kind, words = event["event"], game.words
    if kind == "no-target":
        return words("no_target")
    if kind == "guess":
        if "shielded" in event:  # Empty Bowl
            key = "shielded" if event["shielded"] else "found" if event["hit"] else "not_found"
        else:
            key = "hit" if event["hit"] else "miss"
        return words(key, target=them)
    if kind == "life":
        return words.counted("life", event["lives"], name=who)
    if kind == "saved":
        return words("saved", name=who, lives=words.counted("n_lives", event["lives"]))
    if kind == "eliminated":
        return words("eliminated", name=who, hand=hand_label(game, event["hand"]))
    if kind == "round-over":
        if event["winner"] is None:
            return words("round_tie")
        return words("round_won", name=names[event["winner"]], how=words(HOW[event["how"]]))
    if kind == "given":
        return words("given", name=who)
    if kind == "pile-empty":
        return words("pile_empty")
    if kind == "duel":
        shown, answer = (words(choice) for choice in event["choices"])
        if event["winner"] is None:
            return words("duel_tie", name=who, target=them, shown=shown, answer=answer)
        return words("duel_won", name=who, target=them, shown=shown, answer=answer, winner=names[event["winner"]])
    if kind == "discarded":
        key = "discarded_out" if event.get("to") == "out-of-round" else "discarded"
        return words(key, name=who, hand=hand_label(game, event["cards"]))
    if kind == "look":
        if "hand" in event:
            return words("sees", name=who, target=them, hand=hand_label(game, event["hand"]))
        return words("looks", name=who, target=them)
    if kind == "swap":
        return words("swap", name=who, target=them)
    if kind == "fish":
        return words("fish_hit", target=them, card=game.card(event["card"]).name) if event["hit"] else \
            words("fish_miss", target=them)
    if kind == "compare":
        if event["lower"] is None:
            return words("compare_equal")
        return words("compare_lower", name=names[event["lower"]])
    return None


def round_points(game: Game, result: dict, names: list[str]) -> list[str]:
    """The points each player ended a round on, when points decided it (or tied it)."""
    if result["how"] not in ("points", "tie"):
        return []
    words = game.words
    points = ", ".join(words("seat_out_points", name=names[s]) if p is None else
                       words("seat_points", name=names[s], points=words.counted("n_points", p))
                       for s, p in enumerate(result["points"]))
    return ["  " + words("round_points", points=points)]


def narrate(game: Game, log: list[dict], names: list[str] | None = None) -> list[str]:
    """The whole match told from its log, every hand shown."""
    names, words = names or default_names(game.players), game.words
    state = game.new_initial_state()
    lines: list[str] = []
    for action in log:
        seat = state.current_player()  # CHANCE, or TERMINAL when a log goes on after the end
        if seat >= 0 and action["type"] == "play":
            hand = [game.ids[c] for c in state.hands[seat]]
            lines.append(words("holds", name=names[seat], hand=hand_label(game, hand)))
        if seat >= 0 and action["type"] == "rps":
            lines.append("  " + words("picks", name=names[seat], choice=words(action["choice"])))
        start = len(state.events)
        state.apply_action(action)
        for event in state.events[start:]:
            line = describe(game, event.full(), names)  # the narrator sees every detail
            if line:
                lines.append(line)
            if event.full()["event"] == "round-over":
                lines += round_points(game, state.results[-1], names)
    if state.is_terminal():
        champion = state.champion()
        wins = ", ".join(f"{names[s]} {w}" for s, w in enumerate(state.round_wins))
        lines.append(words("champion", name=names[champion], wins=wins) if champion is not None
                     else words.counted("no_champion", len(state.results)))
    return lines


def game_log(state: State, labels: list[str]) -> dict:
    """The machine log: enough to rebuild the match and replay it exactly, deck included."""
    g = state.game
    return {"format": LOG_FORMAT, "format_version": 1, "players": g.players, "seed": g.seed,
            "bots": labels, "deck": g.doc, "actions": state.history(),
            "result": {"round_wins": state.scores(), "champion": state.champion(),
                       "rounds": len(state.results)}}


def game_from_log(log: dict, source: str = "<log>") -> tuple[Game, list[dict], list[str]]:
    """The game, the actions and the seat labels of a machine log (raises on a bad log)."""
    if not isinstance(log, dict) or log.get("format") != LOG_FORMAT:
        raise ValueError(f"{source}: not a PixelPug log (expected format {LOG_FORMAT!r})")
    deck, players, seed, actions, labels = log_fields(log, source)
    return Game(deck, players, seed, source=source), actions, labels
