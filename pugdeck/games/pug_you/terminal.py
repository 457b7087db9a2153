"""Playing Pug You! in a terminal: one person's seat against bots, that seat's view only.

At each of their decisions the person sees their hand with the cards' text and is asked
one question: which card to offer face down; as active player, which offer to take (face
down: only who offered shows), which card to ask when nobody could offer or on a second
question, whom to nominate (one nominee at a time), and after a tie who scores; otherwise
whom to vote for and with which card. Between decisions `terminal_view.Narrator` says what
happened as their seat saw it: the engine's events, as that seat may see them. `read` and
`write` are plain callables (Click's prompt functions and echo in the command), so tests
drive a game with a script.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from pugdeck.games.loop import Step, advance, apply_move
from pugdeck.games.pug_you.bots import make_bots
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.state import State
from pugdeck.games.pug_you.terminal_view import Narrator, badge_line, card_text, help_lines, seat_label
from pugdeck.games.terminal import BACK, Option, Person


def play_in_terminal(game: Game, human: int, names: list[str], bots: str,
                     read: Callable[[str, bool], str], write: Callable[[str], None]) -> State:
    """Play a game with a person at seat `human`; returns the final state. Raises
    `games.terminal.LeftTheGame` when they leave (quit, end of input)."""
    words = game.words
    person = Person(read, write, words.language)
    players = make_bots(bots, game, game.seed)
    others = words.join([f"{names[s]} ({players[s].kind})" for s in range(game.players) if s != human])
    if game.rules.badge_limit is None:
        person.say(words("intro_rounds", me=names[human], others=others, hand_size=game.hand_size,
                         rounds=words.counted("n_rounds", game.rules.rounds),
                         turns=words.counted("n_turns", game.turns_total)))
    else:
        person.say(words.counted("intro_limit", game.rules.badge_limit, me=names[human], others=others,
                                 hand_size=game.hand_size))
    person.say(words("intro_keys"))
    narrator = Narrator(game, human, names, person.say)
    state = game.new_initial_state()
    seats = [None if seat == human else bot for seat, bot in enumerate(players)]

    def tell(step: Step) -> None:
        narrator.step([event.view(human) for event in step.events], state.observation(human))

    while True:
        for step in advance(state, seats):
            tell(step)
        if state.is_terminal():
            break
        tell(apply_move(state, _decide(person, game, state.observation(human), names, state.legal_actions())))
    narrator.ending(state.observation(human))
    return state


def _decide(person: Person, game: Game, observation: dict, names: list[str], legal: list[dict]) -> dict:
    """The person's action in the phase `legal` belongs to."""
    kind, words = legal[0]["type"], game.words
    helps = partial(help_lines, game, observation)
    person.say("")
    if kind == "offer":
        person.say(words("offer_now", active=names[observation["active"]]))
        cards = [action["card"] for action in legal]
        picked = person.choose(words("offer_which"), _card_options(game, cards), helps)
        return legal[picked]
    if kind == "choose":
        person.say(words("choose_now"))
        options = [Option(words("choose_option", name=names[a["from"]]), (names[a["from"]],)) for a in legal]
        return legal[person.choose(words("choose_which"), options, helps)]
    if kind == "ask":
        return _ask(person, game, observation, legal, helps)
    if kind == "nominate":
        return _nominate(person, game, observation, names, legal, helps)
    if kind == "vote":
        return _vote(person, game, observation, names, legal, helps)
    # award: a tie, and the active player (the person) decides
    person.say(words("award_now", card=card_text(game, game.card(observation["active_card"]))))
    options = [Option(seat_label(game, observation, names, a["nominee"]), (names[a["nominee"]],)) for a in legal]
    return legal[person.choose(words("award_which"), options, helps)]


def _card_options(game: Game, cards: list[str], where: dict[str, str] | None = None) -> list[Option]:
    """One option per card, with its text (and where it lies, when cards come from two places)."""
    return [Option(card_text(game, game.card(card)) + (f" [{where[card]}]" if where else ""), ())
            for card in cards]


def _ask(person: Person, game: Game, observation: dict, legal: list[dict], helps) -> dict:
    me, words = observation["seat"], game.words
    scored = observation["scored"][me]
    cards = [action["card"] for action in legal]
    if any(card in scored for card in cards):
        person.say(words("ask_rescore"))
        where = {card: words("where_scored" if card in scored else "where_hand") for card in cards}
    else:
        person.say(words("ask_nobody" if observation["question"] == 1 else "ask_second"))
        where = None
    return legal[person.choose(words("ask_which"), _card_options(game, cards, where), helps)]


def _nominate(person: Person, game: Game, observation: dict, names: list[str],
              legal: list[dict], helps) -> dict:
    """The nominees one at a time (never yourself); `back` takes the last one back. Each
    question lists every seat under the same number, the ones already chosen marked."""
    count = len(legal[0]["nominees"])
    allowed = sorted({seat for action in legal for seat in action["nominees"]})
    words = game.words
    person.say(words.counted("nominate_now", count))
    chosen: list[int] = []
    while len(chosen) < count:
        options = [Option(seat_label(game, observation, names, s), (names[s],), taken=s in chosen)
                   for s in allowed]
        which = words("nominate_which") if count == 1 else words("nominee_which", number=len(chosen) + 1,
                                                                   count=count)
        picked = person.choose(which, options, helps, can_go_back=bool(chosen))
        if picked == BACK:
            chosen.pop()
            continue
        chosen.append(allowed[picked])
    wanted = sorted(chosen)
    return next(action for action in legal if list(action["nominees"]) == wanted)


def _vote(person: Person, game: Game, observation: dict, names: list[str],
          legal: list[dict], helps) -> dict:
    """A nominee, then the card to vote with; `back` returns to the nominee."""
    words = game.words
    question = card_text(game, game.card(observation["active_card"]))
    nominees = list(observation["nominees"])
    person.say(words("you_asked", card=question) if observation["active"] == observation["seat"]
               else words("asked", name=names[observation["active"]], card=question))
    person.say(words("vote_now", nominees=words.join([names[s] for s in nominees])))
    person.say(badge_line(game, observation, names))
    while True:
        if len(nominees) > 1:
            options = [Option(seat_label(game, observation, names, s), (names[s],)) for s in nominees]
            nominee = nominees[person.choose(words("vote_whom"), options, helps)]
        else:
            nominee = nominees[0]
        plays = [action for action in legal if action["nominee"] == nominee]
        cards = [action["card"] for action in plays]
        person.say(words("vote_for_card", name=names[nominee]))
        picked = person.choose(words("vote_which"), _card_options(game, cards), helps,
                               can_go_back=len(nominees) > 1)
        if picked != BACK:
            return plays[picked]
