"""Playing PixelPug in a terminal against bots: what the human sees and how they choose.

The human sees only their own view: the events as their seat saw them, their hand, the
public table. Legal actions are numbered; a rock–paper–scissors choice is typed without
echo, so a neighbour glancing at the screen learns nothing. `read` and `write` are plain
callables (Click's prompt and echo in the command), so tests drive a match with a script.
"""

from __future__ import annotations

from collections.abc import Callable

from pugdeck.games.pixelpug.bots import make_bots
from pugdeck.games.pixelpug.engine import CHANCE, Game
from pugdeck.games.pixelpug.observation import visible_events
from pugdeck.games.pixelpug.state import State
from pugdeck.games.pixelpug.transcript import card_label, describe


def action_label(game: Game, action: dict, names: list[str]) -> str:
    """'Play Nip (nip#2, red, 1 point) on Bot 1, naming Dog Food'."""
    if action["type"] == "rps":
        return action["choice"]
    info = game.card(action["card"])
    line = f"Play {card_label(game, action['card'])}"
    if "target" in action:
        line += f" on {names[action['target']]}"
    elif info.target is not None:
        line += " — no valid target, no effect"
    if "name" in action:
        line += f", naming {game.kind_names[action['name']]}"
    return line


def table_lines(game: Game, observation: dict, names: list[str]) -> list[str]:
    """The public table and the player's own hand."""
    me = observation["seat"]
    seats = []
    for seat in range(game.players):
        lives, cards, wins = (observation["lives"][seat], observation["hand_sizes"][seat],
                              observation["round_wins"][seat])
        status = "out" if not observation["alive"][seat] else f"{lives} li{'ves' if lives != 1 else 'fe'}"
        if observation["doghouse"][seat]:
            status += ", in the Doghouse"
        seats.append(f"{names[seat]}: {cards} card{'s' * (cards != 1)}, {status}, "
                     f"{wins} round win{'s' * (wins != 1)}")
    hand = ", ".join(card_label(game, c) for c in observation["hand"]) or "no cards"
    return ([(f"Round {observation['round'] + 1}, deck {observation['deck_size']} cards, "
             f"Treats left {observation['treats_left']}")]
            + ["  " + s for s in seats]
            + [f"Your hand ({names[me]}, {observation['points']} points in hand and discards): {hand}"])


def play_in_terminal(game: Game, human: int, names: list[str], bots: str,
                     read: Callable[[str, int, bool], int], write: Callable[[str], None]) -> State:
    """Play a match with a human at seat `human`; returns the final state."""
    players = make_bots(bots, game, game.seed)
    state = game.new_initial_state()
    shown = 0
    held: set[str] = set()  # the hand at the human's last decision, to say what is new
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if seat == CHANCE:
            state.apply_action(legal[0])
            continue
        if seat == human:
            shown = _show_events(game, state, human, names, shown, write)
            observation = state.observation(human)
            secret = legal[0]["type"] == "rps"
            if secret:
                opponent = observation["duel"]["defender" if observation["duel"]["attacker"] == human
                                               else "attacker"]
                write(f"Rock, paper, scissors against {names[opponent]} — choose in secret:")
            else:
                for line in table_lines(game, observation, names):
                    write(line)
                new = [card for card in observation["hand"] if card not in held]
                if new:
                    write("New in your hand: " + ", ".join(game.card(c).name for c in new))
                held = set(observation["hand"])
            for number, action in enumerate(legal, 1):
                write(f"  {number}) {action_label(game, action, names)}")
            choice = read("Your choice" if not secret else "Your secret choice", len(legal), secret)
            state.apply_action(legal[choice - 1])
            continue
        bot = players[seat]
        state.apply_action(bot.choose(state.observation(seat) if bot.wants_observation else None, legal))
    _show_events(game, state, human, names, shown, write)
    champion = state.champion()
    wins = ", ".join(f"{names[s]} {w}" for s, w in enumerate(state.round_wins))
    write(f"{names[champion]} is the PixelPug Champion! (round wins: {wins})"
          if champion is not None else "No champion.")
    return state


def _show_events(game: Game, state, human: int, names: list[str], shown: int, write) -> int:
    """Print the events `human` has not seen yet; returns the new position."""
    for event in visible_events(state, human, shown):
        line = describe(game, event, names)
        if line:
            write(line)
    return len(state.events)
