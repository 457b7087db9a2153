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

from pugdeck.games.loop import Step, advance, apply_move
from pugdeck.games.pixelpug.bots import make_bots
from pugdeck.games.pixelpug.engine import Game
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
from pugdeck.games.terminal import BACK, Option, Person


def play_in_terminal(game: Game, human: int, names: list[str], bots: str,
                     read: Callable[[str, bool], str], write: Callable[[str], None]) -> State:
    """Play a match with a person at seat `human`; returns the final state. Raises
    `games.terminal.LeftTheGame` when they leave (quit, end of input)."""
    words = game.words
    person = Person(read, write, words.language)
    players = make_bots(bots, game, game.seed)
    others = words.join([f"{names[s]} ({players[s].kind})" for s in range(game.players) if s != human])
    person.say(words("intro", me=names[human], others=others,
                     wins=words.counted("n_round_wins", game.rules.round_wins)))
    person.say(words("intro_keys"))
    state = game.new_initial_state()
    feed = EventFeed(game, human, names, person.say)
    seats = [None if seat == human else bot for seat, bot in enumerate(players)]
    held: set[str] = set()  # the hand at the person's last turn, to say what is new

    def tell(step: Step) -> None:
        feed.tell([event.view(human) for event in step.events], lambda: state.observation(human))

    while True:
        for step in advance(state, seats):
            tell(step)
        if state.is_terminal():
            break
        observation, legal = state.observation(human), state.legal_actions()
        if legal[0]["type"] == "rps":
            action = _choose_in_secret(person, game, observation, names, legal)
        else:
            _show_turn(person, game, observation, names, held)
            held = set(observation["hand"])
            action = _choose_play(person, game, observation, names, legal)
        tell(apply_move(state, action))
    person.say("")
    person.say(ending_line(game, state.observation(human), names))
    return state


def _show_turn(person: Person, game: Game, observation: dict, names: list[str], held: set[str]) -> None:
    words = game.words
    person.say("")
    person.say(words("your_turn", name=names[observation["seat"]], round=observation["round"] + 1))
    for line in table_lines(game, observation, names):
        person.say(line)
    new = [c for c in observation["hand"] if c not in held]
    if new and held:
        person.say(words("new_in_hand", cards=", ".join(game.card(c).name for c in new)))
    person.say(words("your_points", points=observation["points"]))


def _choose_play(person: Person, game: Game, observation: dict, names: list[str],
                 legal: list[dict]) -> dict:
    """A card, then its target and the card it names when it has them; `back` from a later
    question asks for the card again."""
    me, words = observation["seat"], game.words
    cards = kinds_in(game, [action["card"] for action in legal])
    counts = {c: sum(game.card(h).card == game.card(c).card for h in observation["hand"]) for c in cards}

    def helps() -> list[str]:
        return help_lines(game, observation)

    while True:
        options = [Option(_card_option(game, c, counts[c], legal), (game.card(c).name, game.card(c).card))
                   for c in cards]
        person.say(words("your_hand"))
        card = cards[person.choose(words("play_which"), options, helps)]
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
        person.say(words("name_which", card=game.card(card).name))
        picked = person.choose(words("name_a_card"), options, helps, can_go_back=True, compact=True)
        if picked != BACK:
            return plays[picked]


def _card_option(game: Game, card: str, count: int, legal: list[dict]) -> str:
    line = card_rule(game, card, count)
    play = next(action for action in legal if action["card"] == card)
    if "target" not in play and game.card(card).target is not None:
        line = game.words("does_nothing", card=line)
    return line


def _choose_seat(person: Person, game: Game, card: str, targets: list[int], me: int,
                 names: list[str], observation: dict, helps) -> int:
    """The target of `card` among the valid `targets` (asked even when there is one, so
    the person sees whom the card will hit and may go back)."""
    options, words = [], game.words
    mine = ("me", "myself", "yourself") + tuple(w.strip() for w in words("target_words").split(","))
    for seat in targets:
        cards = words.counted("n_cards", observation["hand_sizes"][seat])
        label = words("target_yourself", cards=cards) if seat == me else words("target_seat", name=names[seat],
                                                                                  cards=cards)
        options.append(Option(label, tuple(dict.fromkeys(mine + (names[seat],))) if seat == me else (names[seat],)))
    person.say(words("on_whom", card=game.card(card).name))
    picked = person.choose(words("target"), options, helps, can_go_back=True)
    return BACK if picked == BACK else targets[picked]


def _choose_in_secret(person: Person, game: Game, observation: dict, names: list[str],
                      legal: list[dict]) -> dict:
    duel = observation["duel"]
    opponent = duel["defender"] if duel["attacker"] == observation["seat"] else duel["attacker"]
    words = game.words
    said = [words(choice) for choice in RPS_CHOICES]  # 'piedra': the choice in the deck's language
    initials = [word[0].casefold() for word in said]
    options = [Option(word, tuple(dict.fromkeys(
        (word, choice) + ((initials[n],) if initials.count(initials[n]) == 1 else ())
        + ((choice[0],) if words.language == "en" else ()))))
        for n, (choice, word) in enumerate(zip(RPS_CHOICES, said, strict=True))]
    listed = ", ".join(f"{n} {word}" for n, word in enumerate(said, 1))
    person.say(words("rps_now", name=names[opponent]))
    picked = person.choose(f"{listed}?", options, lambda: help_lines(game, observation), secret=True)
    return next(action for action in legal if action["choice"] == RPS_CHOICES[picked])
