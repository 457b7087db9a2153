"""Words for a PixelPug match: one line per event, as everyone or as one player saw it.

`describe` turns one event (see `observation.visible_events`) into a line; `narrate` replays
an action log on a fresh state and tells the whole match as an omniscient narrator (it sees
every hand: it is a log, not a player), which is what the golden transcripts record.
`game_log` is the machine log's JSON form; `replay` in engine.py plays it back.
"""

from __future__ import annotations

from pugdeck.games.engine_input import log_fields
from pugdeck.games.pixelpug.engine import Game
from pugdeck.games.pixelpug.observation import visible_events
from pugdeck.games.pixelpug.state import State

LOG_FORMAT = "pugdeck-pixelpug-log"
HOW = {"elimination": "last one standing", "dog-food": "found the Dog Food",
       "points": "most points when the deck ran out"}


def default_names(players: int) -> list[str]:
    """P0, P1, …"""
    return [f"P{seat}" for seat in range(players)]


def card_label(game: Game, card_id: str) -> str:
    """'Nip (nip#2, red, 1 point)'."""
    info = game.card(card_id)
    colour = ", red" if info.attack else ""
    return f"{info.name} ({card_id}{colour}, {info.points} point{'s' * (info.points != 1)})"


def hand_label(game: Game, cards: list[str]) -> str:
    """'[Nap, Dog Food]'."""
    return "[" + ", ".join(game.card(c).name for c in cards) + "]" if cards else "[no cards]"


def describe(game: Game, event: dict, names: list[str]) -> str | None:
    """One line for one event, or None for events that need no words."""
    kind = event["event"]
    who = names[event["seat"]] if "seat" in event and event["seat"] is not None else ""
    them = names[event["target"]] if event.get("target") is not None else ""
    if kind == "round":
        return f"— Round {event['round'] + 1}: {names[event['first']]} starts —"
    if kind == "play":
        line = f"{who} plays {card_label(game, event['card'])}"
        if them:
            line += f" on {them}"
        if "name" in event:
            line += f", naming {game.kind_names[event['name']]}"
        return line
    if kind == "no-target":
        return "  no valid target: the card does nothing"
    if kind == "guess":
        if "shielded" in event:  # Empty Bowl
            if event["shielded"]:
                return f"  {them} has the Dog Food — and Protection: no win"
            return f"  {them} has the Dog Food!" if event["hit"] else f"  {them} has no Dog Food"
        return f"  a hit: {them} holds one!" if event["hit"] else "  a miss"
    if kind == "life":
        lives = event["lives"]
        return f"  {who} loses a life ({lives} left)"
    if kind == "saved":
        return f"  {who} discards Protection and stays in the round"
    if kind == "eliminated":
        return f"  {who} is out of the round, showing {hand_label(game, event['hand'])}"
    if kind == "round-over":
        if event["winner"] is None:
            return "  The round is a tie on points: nobody wins it"
        return f"  {names[event['winner']]} wins the round ({HOW[event['how']]})"
    if kind == "given":
        return f"  {who} takes a Treat"
    if kind == "pile-empty":
        return "  no Treats left: nothing happens"
    if kind == "duel":
        a, d = event["choices"]
        result = "a tie: nothing happens" if event["winner"] is None else f"{names[event['winner']]} wins"
        return f"  {who} shows {a}, {them} shows {d}: {result}"
    if kind == "discarded":
        where = " out of the round" if event.get("to") == "out-of-round" else ""
        return f"  {who} discards {hand_label(game, event['cards'])}{where} and draws a new card"
    if kind == "look":
        if "hand" in event:
            return f"  {who} sees {them}'s hand: {hand_label(game, event['hand'])}"
        return f"  {who} looks at {them}'s hand"
    if kind == "swap":
        return f"  {who} and {them} swap hands"
    if kind == "fish":
        if event["hit"]:
            return f"  {them} hands over {game.card(event['card']).name}"
        return f"  {them} has none: go fisch!"
    if kind == "compare":
        if event["lower"] is None:
            return "  equal points: nobody blinks"
        return f"  {names[event['lower']]} has the lower hand"
    return None


def narrate(game: Game, log: list[dict], names: list[str] | None = None) -> list[str]:
    """The whole match told from its log, every hand shown."""
    names = names or default_names(game.players)
    state = game.new_initial_state()
    lines: list[str] = []
    for action in log:
        seat = state.current_player()  # CHANCE, or TERMINAL when a log goes on after the end
        if seat >= 0 and action["type"] == "play":
            hand = [game.ids[c] for c in state.hands[seat]]
            lines.append(f"{names[seat]} holds {hand_label(game, hand)}")
        if seat >= 0 and action["type"] == "rps":
            lines.append(f"  {names[seat]} picks {action['choice']} in secret")
        start = len(state.events)
        state.apply_action(action)
        for event in visible_events(state, None, start):  # the narrator sees every detail
            line = describe(game, event, names)
            if line:
                lines.append(line)
    if state.is_terminal():
        champion = state.champion()
        wins = ", ".join(f"{names[s]} {w}" for s, w in enumerate(state.round_wins))
        lines.append(f"{names[champion]} is the PixelPug Champion! (round wins: {wins})"
                     if champion is not None else f"No champion after {len(state.results)} rounds.")
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
