"""Playing PixelPug in a terminal against bots: one seat's view, one question at a time.

On their turn the person sees the table and their hand with each card's rules text, picks a
card, then (only if the card needs them) its target and the card it names; `back` returns
to the card. A rock–paper–scissors choice is typed without echo and its question lists the
choices itself, so a neighbour glancing at the screen learns nothing. What the bots did is
told as the person's seat saw it (terminal_view.py). `read` and `write` are plain callables
(Click's prompt functions and echo in the command), so tests drive a match with a script.
"""

from __future__ import annotations

from collections.abc import Callable

from pugdeck.games.pixelpug.bots import make_bots
from pugdeck.games.pixelpug.engine import CHANCE, Game
from pugdeck.games.pixelpug.phases import RPS_CHOICES
from pugdeck.games.pixelpug.state import State
from pugdeck.games.pixelpug.terminal_view import (
    EventFeed,
    card_rule,
    ending_line,
    help_lines,
    kinds_in,
    table_lines,
)
from pugdeck.games.terminal import BACK, Option, Person, plural


def play_in_terminal(game: Game, human: int, names: list[str], bots: str,
                     read: Callable[[str, bool], str], write: Callable[[str], None]) -> State:
    """Play a match with a person at seat `human`; returns the final state. Raises
    `games.terminal.LeftTheGame` when they leave (quit, end of input)."""
    person = Person(read, write)
    players = make_bots(bots, game, game.seed)
    others = [f"{names[s]} ({players[s].kind})" for s in range(game.players) if s != human]
    person.say(f"PixelPug: {names[human]} against {_join(others)}. First to "
               f"{plural(game.rules.round_wins, 'round win')} is the PixelPug Champion.")
    person.say("At any question: ? shows the rules of your cards, quit leaves the game.")
    state = game.new_initial_state()
    feed = EventFeed(game, human, names, person.say)
    held: set[str] = set()  # the hand at the person's last turn, to say what is new
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if seat == CHANCE:
            action = legal[0]
        elif seat == human:
            observation = state.observation(human)
            if legal[0]["type"] == "rps":
                action = _choose_in_secret(person, game, observation, names, legal)
            else:
                _show_turn(person, game, observation, names, held)
                held = set(observation["hand"])
                action = _choose_play(person, game, observation, names, legal)
        else:
            bot = players[seat]
            action = bot.choose(state.observation(seat) if bot.wants_observation else None, legal)
        state.apply_action(action)
        feed.catch_up(state)
    person.say("")
    person.say(ending_line(state.observation(human), names))
    return state


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _show_turn(person: Person, game: Game, observation: dict, names: list[str], held: set[str]) -> None:
    person.say("")
    person.say(f"— Your turn, {names[observation['seat']]} (round {observation['round'] + 1}) —")
    for line in table_lines(game, observation, names):
        person.say(line)
    new = [c for c in observation["hand"] if c not in held]
    if new and held:
        person.say("New in your hand: " + ", ".join(game.card(c).name for c in new))
    person.say(f"Your points in hand and discard pile: {observation['points']}")


def _choose_play(person: Person, game: Game, observation: dict, names: list[str],
                 legal: list[dict]) -> dict:
    """A card, then its target and the card it names when it has them; `back` from a later
    question asks for the card again."""
    me = observation["seat"]
    cards = kinds_in(game, [action["card"] for action in legal])
    counts = {c: sum(game.card(h).card == game.card(c).card for h in observation["hand"]) for c in cards}

    def helps() -> list[str]:
        return help_lines(game, observation)

    while True:
        options = [Option(_card_option(game, c, counts[c], legal), (game.card(c).name, game.card(c).card))
                   for c in cards]
        person.say("Your hand:")
        card = cards[person.choose("Play which card?", options, helps)]
        plays = [action for action in legal if action["card"] == card]
        if "target" not in plays[0]:
            return plays[0]
        targets = sorted({action["target"] for action in plays})
        target = _choose_seat(person, game, card, targets, me, names, observation, helps)
        if target == BACK:
            continue
        plays = [action for action in plays if action["target"] == target]
        if "name" not in plays[0]:
            return plays[0]
        kinds = [action["name"] for action in plays]
        options = [Option(game.kind_names[k], (game.kind_names[k], k)) for k in kinds]
        person.say(f"{game.card(card).name}: which card do you name?")
        picked = person.choose("Name a card", options, helps, can_go_back=True, compact=True)
        if picked != BACK:
            return plays[picked]


def _card_option(game: Game, card: str, count: int, legal: list[dict]) -> str:
    line = card_rule(game, card, count)
    play = next(action for action in legal if action["card"] == card)
    if "target" not in play and game.card(card).target is not None:
        line += " [nobody can be chosen now: it would do nothing]"
    return line


def _choose_seat(person: Person, game: Game, card: str, targets: list[int], me: int,
                 names: list[str], observation: dict, helps) -> int:
    """The target of `card` among the valid `targets` (asked even when there is one, so
    the person sees whom the card will hit and may go back)."""
    options = []
    for seat in targets:
        cards = plural(observation["hand_sizes"][seat], "card")
        label = f"yourself ({cards})" if seat == me else f"{names[seat]} ({cards})"
        keys = ("me", "myself", "yourself", names[seat]) if seat == me else (names[seat],)
        options.append(Option(label, keys))
    person.say(f"{game.card(card).name}: on whom?")
    picked = person.choose("Target", options, helps, can_go_back=True)
    return BACK if picked == BACK else targets[picked]


def _choose_in_secret(person: Person, game: Game, observation: dict, names: list[str],
                      legal: list[dict]) -> dict:
    duel = observation["duel"]
    opponent = duel["defender"] if duel["attacker"] == observation["seat"] else duel["attacker"]
    options = [Option(choice, (choice, choice[0])) for choice in RPS_CHOICES]
    listed = ", ".join(f"{n} {choice}" for n, choice in enumerate(RPS_CHOICES, 1))
    person.say(f"Rock, paper, scissors against {names[opponent]}: choose in secret "
               "(what you type is not shown).")
    picked = person.choose(f"{listed}?", options, lambda: help_lines(game, observation), secret=True)
    return next(action for action in legal if action["choice"] == RPS_CHOICES[picked])
