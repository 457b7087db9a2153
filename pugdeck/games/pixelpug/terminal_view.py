"""What the person playing PixelPug in a terminal reads: the table, their hand, the cards'
rules, and what happened since they last chose, all from their own seat's view.

Everything here reads `State.observation(seat)` and the events as that seat saw them
(`Event.view`), never the state itself, so no other hand, no face-down
card and no duel choice of another seat can reach the screen.
"""

from __future__ import annotations

from collections.abc import Callable

from pugdeck.games.pixelpug.engine import Game
from pugdeck.games.pixelpug.transcript import describe, round_points


def card_words(game: Game, card_id: str) -> str:
    """'Nip (red, 1 point)': a card as a player names it, without its id."""
    info, words = game.card(card_id), game.words
    return words("card_words_red" if info.attack else "card_words", name=info.name,
                 points=words.counted("n_points", info.points))


def card_rule(game: Game, card_id: str, copies: int = 1) -> str:
    """'Nip ×2 (red, 1 point): Name a card other than Nip. …': the card (how many of it you
    hold, when more than one) and its rules text."""
    named = card_words(game, card_id)
    if copies > 1:
        named = named.replace(" (", f" ×{copies} (", 1)
    return game.words("card_rule", named=named, text=game.card(card_id).text)  # fr: a space before the colon


def kinds_in(game: Game, cards: list[str]) -> list[str]:
    """One card of each kind in `cards`, in order (two copies play alike)."""
    seen: dict[str, str] = {}
    for card in cards:
        seen.setdefault(game.card(card).card, card)
    return list(seen.values())


def help_lines(game: Game, observation: dict) -> list[str]:
    """What `?` prints: the rules of the cards in hand, then how the round is won."""
    hand, words = kinds_in(game, observation["hand"]), game.words
    lines = [words("help_hand")] + [f"  {card_rule(game, c)}" for c in hand]
    return lines + [words("help_turn"), words.counted("help_round", observation["round_wins_needed"]),
                    words("help_keys")]


def table_lines(game: Game, observation: dict, names: list[str]) -> list[str]:
    """The public table, one seat a line, then the player's own points."""
    me, words = observation["seat"], game.words
    labels = [words("you_mark", name=names[s]) if s == me else names[s] for s in range(game.players)]
    width = max(len(label) for label in labels)
    lines = [words("table", cards=words.counted("n_cards", observation["deck_size"]),
                   treats=words.counted("n_treats", observation["treats_left"]),
                   wins=words.counted("n_round_wins", observation["round_wins_needed"]))]
    for seat in range(game.players):
        if observation["alive"][seat]:
            status = words("seat_status_doghouse" if observation["doghouse"][seat] else "seat_status",
                           cards=words.counted("n_cards", observation["hand_sizes"][seat]),
                           lives=words.counted("n_lives", observation["lives"][seat]))
        else:
            status = words("seat_out")
        played = _counted([game.card(c).name for c in observation["discards"][seat]]) or words("nothing_yet")
        line = words("seat_line", status=status, wins=words.counted("n_round_wins", observation["round_wins"][seat]),
                     played=played)
        lines.append(f"  {labels[seat].ljust(width)}  {line}")
    return lines


def _counted(names: list[str]) -> str:
    """'Nip ×2, Nap': each name once, in the order first played, with its count."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name + (f" ×{n}" if n > 1 else "") for name, n in counts.items())


def play_line(game: Game, event: dict, names: list[str], me: int) -> str:
    """'Bot 1 plays Nip (red, 1 point) on Ana, naming Nap'; 'You play … on yourself'."""
    seat, target, words = event["seat"], event.get("target"), game.words
    values = {"name": names[seat], "card": card_words(game, event["card"]),
              "target": names[target] if target is not None else ""}
    if target is None:
        key = "you_play" if seat == me else "plays"
    elif target == seat:
        key = "you_play_on_yourself" if seat == me else "play_on_themselves"
    else:
        key = "you_play_on" if seat == me else "plays_on"
    line = words(key, **values)
    if "name" in event:  # the card it names, as a clause after the play
        line = words("naming_you" if seat == me else "naming", play=line, kind=game.kind_names[event["name"]])
    return line


class EventFeed:
    """Prints, after each step, what the person's seat saw happen since the last one."""

    def __init__(self, game: Game, seat: int, names: list[str], say):
        self.game, self.seat, self.names, self.say = game, seat, names, say

    def tell(self, events: list[dict], observe: Callable[[], dict]) -> None:
        """Say one step's events as the person's seat saw them (`Event.view`); `observe()`
        is their observation after it, for a round's summary."""
        for event in events:
            if event["event"] == "round":
                self.say("")
            line = play_line(self.game, event, self.names, self.seat) if event["event"] == "play" else \
                describe(self.game, event, self.names)
            if line:
                self.say(line)
            if event["event"] == "round-over":
                self._round_summary(observe())

    def _round_summary(self, observation: dict) -> None:
        result, words = observation["results"][-1], self.game.words
        for line in round_points(self.game, result, self.names):
            self.say(line)
        wins = ", ".join(f"{self.names[s]} {w}" for s, w in enumerate(observation["round_wins"]))
        self.say("  " + words("round_wins", wins=wins, needed=observation["round_wins_needed"]))


def ending_line(game: Game, observation: dict, names: list[str]) -> str:
    """Who is the Champion, and the round wins."""
    champion, words = observation["champion"], game.words
    wins = ", ".join(f"{names[s]} {w}" for s, w in enumerate(observation["round_wins"]))
    if champion is None:
        return words("no_champion_view", rounds=words.counted("n_rounds", len(observation["results"])), wins=wins)
    return words("champion", name=names[champion], wins=wins)
