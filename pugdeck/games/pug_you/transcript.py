"""A readable, omniscient transcript of a game, told from its action log.

`narrate` replays the log on a fresh state and describes every step by comparing the
state before and after it, so `pugdeck play` and `pugdeck replay LOG.json` print the same
text by construction. The narrator sees face-down cards (it is a log, not a player).
`game_log` / `game_from_log` are the machine log's JSON form.
"""

from __future__ import annotations

from pugdeck.games.engine_input import log_fields
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.phases import FIRST_QUESTION, SECOND_QUESTION, Phase
from pugdeck.games.pug_you.state import State

LOG_FORMAT = "pugdeck-pug-you-log"


def seat_name(seat: int) -> str:
    """How the transcript names a seat: P0, P1, ..."""
    return f"P{seat}"


def join_words(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def loser_speech(game: Game, scored: list[int]) -> str:
    """The rulebook's closing line, "I lost because I'm fake and basic and ...": the
    descriptives of the scored cards that carry badges, joined with "and" only. A
    descriptive is one phrase (the bundled deck's have no commas), so no comma is added
    between them either and each reads whole. A mutt takes badges away, so it gives no
    reason for losing, even when it has a descriptive."""
    words = [info.descriptive for info in (game.cards[c] for c in scored)
             if info.kind != "mutt" and info.badges > 0 and info.descriptive]
    if not words:
        return "I lost without a single pug on me."
    return f"I lost because I'm {' and '.join(words)}."


def _card_label(game: Game, card: int) -> str:
    info = game.cards[card]
    if info.kind == "mutt":
        return f'{info.id} "{info.question}" (healthy mutt, {info.badges} badges)'
    level = info.level or info.color
    return f'{info.id} "{info.question}" ({level}, {info.badges} badge{"s" * (info.badges != 1)})'


def _score_line(game: Game, seat: int, card: int) -> str:
    info = game.cards[card]
    because = f" because I'm {info.descriptive}" if info.descriptive else ""
    if info.kind == "mutt" and info.badges <= 0:
        taken = -info.badges
        return (f"  {seat_name(seat)} scores {info.id}: \"The healthy mutt takes "
                f"{taken} badge{'s' * (taken != 1)} away{because}.\"")
    return (f"  {seat_name(seat)} scores {info.id}: \"I get {info.badges} "
            f"badge{'s' * (info.badges != 1)}{because}.\"")


def _header(game: Game, labels: list[str]) -> list[str]:
    deck = game.doc.get("deck", {})
    limit = game.rules.badge_limit
    end = f"until someone has {limit} badges" if limit is not None else f"{game.rules.rounds} rounds"
    seats = ", ".join(f"{seat_name(s)} {labels[s]}" for s in range(game.players))
    return [(f"Pug You! with {deck.get('name', '?')} {deck.get('version', '')} "
             f"({len(game.cards)} cards), {game.players} players, seed {game.seed}"),
            f"Hands of {game.hand_size}, {end}. Seats: {seats}."]


def narrate(game: Game, log: list[dict], labels: list[str] | None = None) -> list[str]:
    """The transcript of `log` played on `game`, one string per line."""
    labels = labels or ["player"] * game.players
    state = game.new_initial_state()
    lines = _header(game, labels)
    for action in log:
        before = state.clone()
        state.apply_action(action)
        lines.extend(_describe(game, before, action, state))
    if state.is_terminal():
        lines.extend(_ending(game, state))
    return lines


def _describe(game: Game, before: State, action: dict, after: State) -> list[str]:
    kind, seat, out = action["type"], before.current, []
    name = seat_name(seat)
    if kind == "shuffle":
        if before.shuffle_pile == "deck":
            out.append(f"Shuffled {len(action['order'])} cards and dealt {game.hand_size} to "
                       f"each player; {len(after.draw)} form the draw pile.")
        else:
            n = len(action["order"])
            cards = "1 discarded card is" if n == 1 else f"{n} discarded cards are"
            out.append(f"  The draw pile is empty: {cards} shuffled into a new one.")
    elif kind == "offer":
        out.append(f"  {name} offers {action['card']} face down")
    elif kind == "choose":
        card = after.active_card
        out.append(f"  {name} takes {seat_name(action['from'])}'s card and reads it out: "
                   f"{_card_label(game, card)}")
    elif kind == "ask":
        card = after.active_card
        why = "Nobody can offer: " if before.question == FIRST_QUESTION else "Second question, no offers: "
        if after.active_source == "hand":
            out.append(f"  {why}{name} asks from their own hand: {_card_label(game, card)}")
        else:
            out.append(f"  {why}{name} gets rid of one of their scored cards and asks it again: "
                       f"{_card_label(game, card)}")
    elif kind == "nominate":
        out.append(f"  {name} nominates {join_words([seat_name(s) for s in action['nominees']])}")
    elif kind == "vote":
        turds = game.turds[game.index[action["card"]]]
        out.append(f"  {name} votes for {seat_name(action['nominee'])} with {action['card']} "
                   f"({turds} turd{'s' * (turds != 1)})")
    elif kind == "award":
        out.append(f"  {name} decides that {seat_name(action['nominee'])} scores")
    out.extend(_consequences(game, before, after))
    return out


def _consequences(game: Game, before: State, after: State) -> list[str]:
    """What the engine did on its own after the action: reveal, score, tie, refill, next turn."""
    out = []
    if after.last_reveal is not before.last_reveal and after.last_reveal is not None:
        parts = [f"{seat_name(n)} {w} turd{'s' * (w != 1)}" for n, w, _cards in after.last_reveal]
        out.append(f"  Votes revealed: {', '.join(parts)}")
    for seat in range(game.players):
        new = [c for c in after.scored[seat] if c not in before.scored[seat]]
        out.extend(_score_line(game, seat, c) for c in new)
    if after.ties > before.ties:
        tied = join_words([seat_name(s) for s in after.tied])
        second = " again" if before.question == SECOND_QUESTION else ""
        out.append(f"  Tie{second} between {tied}! The pugs are confused: "
                   f"{seat_name(after.active)} decides who scores.")
    if before.phase == Phase.AWARD and before.question == SECOND_QUESTION:
        out.append("  After a second tie the turn passes.")
    elif before.phase == Phase.AWARD and after.question == FIRST_QUESTION and after.phase != Phase.ASK:
        out.append(f"  {seat_name(before.active)} has no card left for a second question; "
                   "the turn passes.")
    if after.ran_out and not before.ran_out:
        out.append("  The draw pile and the discard pile are both empty: hands stay short.")
    new_turn = after.active != before.active or bool(before.box)  # the first deal starts turn 1
    if new_turn and not after.is_terminal():
        rnd = after.turn // game.players + 1
        out.append("")
        out.append(f"Turn {after.turn + 1} (round {rnd}): {seat_name(after.active)} is the "
                   "active player")
    return out


def _why_over(game: Game, state: State) -> str:
    if state.end_reason == "rounds":
        return f"after {game.rules.rounds} complete rounds"
    if state.end_reason == "nothing_to_ask":
        return "because no card is left to ask"
    limit = game.rules.badge_limit
    reached = [seat_name(s) for s, n in enumerate(state.printed_badges()) if n >= limit]
    return (f"because {join_words(reached)} reached the limit of {limit} badges "
            "(mutts count only in the final scoring)")


def _ending(game: Game, state: State) -> list[str]:
    scores = state.scores()
    out = ["", f"Game over after {state.turn} turns, {_why_over(game, state)}.",
           "Badges: " + ", ".join(f"{seat_name(s)} {b}" for s, b in enumerate(scores))]
    for seat in state.losers():
        out.append(f"{seat_name(seat)} loses with {scores[seat]} badges: "
                   f"\"{loser_speech(game, state.scored[seat])}\"")
    return out


def game_log(game: Game, state: State, labels: list[str]) -> dict:
    """The machine log: enough to rebuild the game and replay it exactly, deck included."""
    return {"format": LOG_FORMAT, "format_version": 1, "players": game.players,
            "seed": game.seed, "bots": labels, "deck": game.doc, "actions": state.history(),
            "result": {"badges": state.scores(), "losers": state.losers(),
                       "end": state.end_reason}}


def game_from_log(log: dict, source: str = "<log>") -> tuple[Game, list[dict], list[str]]:
    """The game, the actions and the seat labels of a machine log (raises on a bad log)."""
    if not isinstance(log, dict) or log.get("format") != LOG_FORMAT:
        raise ValueError(f"{source}: not a Pug You! game log (expected format {LOG_FORMAT!r})")
    deck, players, seed, actions, labels = log_fields(log, source)
    return Game(deck, players, seed, source=source), actions, labels
