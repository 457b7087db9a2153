"""What the person playing PixelPug in a terminal reads: the table, their hand, the cards'
rules, and what happened since they last chose, all from their own seat's view.

Everything here reads `State.observation(seat)` and the events that seat saw
(`observation.visible_events`), never the state itself, so no other hand, no face-down
card and no duel choice of another seat can reach the screen.
"""

from __future__ import annotations

from pugdeck.games.pixelpug.engine import Game
from pugdeck.games.pixelpug.observation import visible_events
from pugdeck.games.pixelpug.transcript import describe
from pugdeck.games.terminal import plural


def card_words(game: Game, card_id: str) -> str:
    """'Nip (red, 1 point)': a card as a player names it, without its id."""
    info = game.card(card_id)
    return f"{info.name} ({'red, ' if info.attack else ''}{plural(info.points, 'point')})"


def card_rule(game: Game, card_id: str, copies: int = 1) -> str:
    """'Nip ×2 (red, 1 point): Name a card other than Nip. …': the card (how many of it you
    hold, when more than one) and its rules text."""
    words = card_words(game, card_id)
    if copies > 1:
        words = words.replace(" (", f" ×{copies} (", 1)
    return f"{words}: {game.card(card_id).text}"


def kinds_in(game: Game, cards: list[str]) -> list[str]:
    """One card of each kind in `cards`, in order (two copies play alike)."""
    seen: dict[str, str] = {}
    for card in cards:
        seen.setdefault(game.card(card).card, card)
    return list(seen.values())


def help_lines(game: Game, observation: dict) -> list[str]:
    """What `?` prints: the rules of the cards in hand, then how the round is won."""
    hand = kinds_in(game, observation["hand"])
    lines = ["The cards in your hand:"] + [f"  {card_rule(game, c)}" for c in hand]
    lines += ["On your turn you drew a card; play one. Red cards are attacks: a player in the "
              "Doghouse cannot be chosen by them.",
              "A round is won by the last player standing, by Empty Bowl finding the Dog Food, or, "
              "when the deck runs out, by the most points in hand and discard pile. "
              f"First to {plural(observation['round_wins_needed'], 'round win')} is the Champion.",
              "Type a number or a name; back returns to the card; quit (or Ctrl-D) leaves the game."]
    return lines


def table_lines(game: Game, observation: dict, names: list[str]) -> list[str]:
    """The public table, one seat a line, then the player's own points."""
    me = observation["seat"]
    labels = [names[s] + (" (you)" if s == me else "") for s in range(game.players)]
    width = max(len(label) for label in labels)
    lines = [f"Deck {plural(observation['deck_size'], 'card')}, "
             f"{plural(observation['treats_left'], 'Treat')} left in their pile, "
             f"first to {plural(observation['round_wins_needed'], 'round win')}"]
    for seat in range(game.players):
        if observation["alive"][seat]:
            status = (f"{plural(observation['hand_sizes'][seat], 'card')}, "
                      f"{plural(observation['lives'][seat], 'life', 'lives')}")
            if observation["doghouse"][seat]:
                status += ", in the Doghouse"
        else:
            status = "out of the round"
        played = _counted([game.card(c).name for c in observation["discards"][seat]]) or "nothing yet"
        wins = plural(observation["round_wins"][seat], "round win")
        lines.append(f"  {labels[seat].ljust(width)}  {status}; {wins}; played: {played}")
    return lines


def _counted(names: list[str]) -> str:
    """'Nip ×2, Nap': each name once, in the order first played, with its count."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name + (f" ×{n}" if n > 1 else "") for name, n in counts.items())


def play_line(game: Game, event: dict, names: list[str], me: int) -> str:
    """'Bot 1 plays Nip (red, 1 point) on Ana, naming Nap'; 'You play … on yourself'."""
    seat, target = event["seat"], event.get("target")
    line = f"{'You play' if seat == me else names[seat] + ' plays'} {card_words(game, event['card'])}"
    if target is not None:
        line += f" on {'yourself' if seat == me else 'themselves'}" if target == seat else f" on {names[target]}"
    if "name" in event:
        line += f", naming {game.kind_names[event['name']]}"
    return line


class EventFeed:
    """Prints, after each step, what the person's seat saw happen since the last one."""

    def __init__(self, game: Game, seat: int, names: list[str], say):
        self.game, self.seat, self.names, self.say = game, seat, names, say
        self.shown = 0

    def catch_up(self, state) -> None:
        for event in visible_events(state, self.seat, self.shown):
            if event["event"] == "round":
                self.say("")
            line = play_line(self.game, event, self.names, self.seat) if event["event"] == "play" else \
                describe(self.game, event, self.names)
            if line:
                self.say(line)
            if event["event"] == "round-over":
                self._round_summary(state.observation(self.seat))
        self.shown = len(state.events)

    def _round_summary(self, observation: dict) -> None:
        result = observation["results"][-1]
        if result["how"] in ("points", "tie"):
            points = ", ".join(f"{self.names[s]} {'out' if p is None else plural(p, 'point')}"
                               for s, p in enumerate(result["points"]))
            self.say(f"  Points in hand and discard pile: {points}")
        wins = ", ".join(f"{self.names[s]} {w}" for s, w in enumerate(observation["round_wins"]))
        self.say(f"  Round wins: {wins} (first to {observation['round_wins_needed']} is the Champion)")


def ending_line(observation: dict, names: list[str]) -> str:
    """Who is the Champion, and the round wins."""
    champion = observation["champion"]
    wins = ", ".join(f"{names[s]} {w}" for s, w in enumerate(observation["round_wins"]))
    if champion is None:
        return f"No champion after {plural(len(observation['results']), 'round')} (round wins: {wins})."
    return f"{names[champion]} is the PixelPug Champion! (round wins: {wins})"
