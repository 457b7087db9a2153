"""A readable, omniscient transcript of a game, told from its action log.

`narrate` replays the log on a fresh state and tells the events each action appended
(transitions.py), so `pugdeck play` and `pugdeck replay LOG.json` print the same text by
construction. The narrator sees face-down cards (it is a log, not a player): it reads
every event whole.
`game_log` / `game_from_log` are the machine log's JSON form.
"""

from __future__ import annotations

from pugdeck.authoring.texts import FORMS, descriptive_for
from pugdeck.games.engine_input import log_fields
from pugdeck.games.loop import apply_move
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.phases import FIRST_QUESTION, SECOND_QUESTION
from pugdeck.games.pug_you.state import State

LOG_FORMAT = "pugdeck-pug-you-log"


def seat_name(seat: int) -> str:
    """How the transcript names a seat: P0, P1, ..."""
    return f"P{seat}"


def level_word(game: Game, level: str) -> str:
    """A level or colour as the narration names it ('green', 'verde'); as written if unknown."""
    return game.words.texts.get(f"level_{level}", level)


def loser_speech(game: Game, scored: list[int], seat: int | None = None) -> str:
    """The rulebook's closing line, "I lost because I'm fake, basic and ...": the
    descriptives of the scored cards that carry badges, listed as the deck's language lists
    ("A, B and C", "A, B et C"); a descriptive is one phrase without a comma
    (docs/deck-editorial.md), so each reads whole. A mutt takes badges away, so it gives no
    reason for losing, even when it has a descriptive."""
    words = game.words
    form = game.forms.get(seat)  # a descriptive in forms: the loser's own (authoring/texts.py)
    found = [descriptive_for(info.descriptive, form) for info in (game.cards[c] for c in scored)
             if info.kind != "mutt" and info.badges > 0 and info.descriptive]
    if not found:
        return words("speech_lost_nothing")
    return words("speech_lost", descriptives=words.join(found))  # "A, B and C", as the language lists


def score_speech(game: Game, info, seat: int | None = None) -> str:
    """What the scorer reads out: "I get 3 badges because I'm …" (or the mutt's line)."""
    words = game.words
    key = "speech_mutt" if info.kind == "mutt" and info.badges <= 0 else "speech_get"
    count = -info.badges if key == "speech_mutt" else info.badges
    if info.descriptive:
        return words.counted(key + "_because", count,
                             descriptive=descriptive_for(info.descriptive, game.forms.get(seat)))
    return words.counted(key, count)


def spoken(game: Game, state: State, event: dict) -> list[dict]:
    """What the table hears at a public event (the protocol's `said`): a scorer's "I get 3
    badges because I'm …" and, at the end, each loser's "I lost because I'm …", each in
    the speaker's form (`game.forms`); the cards they name lie face up."""
    if event["event"] == "score":
        seat = event["seat"]
        return [{"seat": seat, "text": score_speech(game, game.card(event["card"]), seat)}]
    if event["event"] == "over":
        return [{"seat": seat, "text": loser_speech(game, state.scored[seat], seat)} for seat in state.losers()]
    return []


def _card_label(game: Game, card: int) -> str:
    info = game.cards[card]
    if info.kind == "mutt":
        return game.words.counted("label_mutt", info.badges, id=info.id, question=game.words.nested(info.question))
    return game.words.counted("label", info.badges, id=info.id, question=game.words.nested(info.question),
                             level=level_word(game, info.level or info.color))


def _score_line(game: Game, seat: int, card: int) -> str:
    info = game.cards[card]
    return "  " + game.words("scores_card", seat=seat_name(seat), id=info.id, speech=score_speech(game, info, seat))


def _header(game: Game, labels: list[str]) -> list[str]:
    words, deck = game.words, game.doc.get("deck", {})
    limit = game.rules.badge_limit
    seats = ", ".join(f"{seat_name(s)} {labels[s]}" for s in range(game.players))
    rules = (words.counted("header_limit", limit, hand_size=game.hand_size, seats=seats) if limit is not None
             else words.counted("header_rounds", game.rules.rounds, hand_size=game.hand_size, seats=seats))
    return [words("header", name=deck.get("name", "?"), version=deck.get("version", ""),
                  cards=len(game.cards), players=game.players, seed=game.seed), rules]


def narrate(game: Game, log: list[dict], labels: list[str] | None = None) -> list[str]:
    """The transcript of `log` played on `game`, one string per line."""
    labels = labels or ["player"] * game.players
    state = game.new_initial_state()
    lines = _header(game, labels)
    for action in log:
        for event in apply_move(state, action).events:
            lines.extend(_describe(game, event.full()))  # the narrator sees face-down cards
    if state.is_terminal():
        lines.extend(_ending(game, state))
    return lines


def _describe(game: Game, event: dict) -> list[str]:
    """The lines of one event (transitions.py lists them); [] for one the transcript skips."""
    kind, words = event["event"], game.words
    name = seat_name(event["seat"]) if "seat" in event else ""
    if kind == "shuffle":
        if event["pile"] == "deck":
            return [words("shuffled", count=event["cards"], hand_size=game.hand_size,
                          pile=event["draw_pile"])]
        return ["  " + words.counted("reshuffled", event["cards"])]
    if kind == "offer":
        return ["  " + words("offers", seat=name, card=event["card"])]
    if kind == "choose":
        return ["  " + words("takes", seat=name, owner=seat_name(event["from"]),
                             label=_card_label(game, game.index[event["card"]]))]
    if kind == "ask":
        where = "hand" if event["source"] == "hand" else "scored"
        which = "first" if event["question"] == FIRST_QUESTION else "second"
        return ["  " + words(f"asks_{where}_{which}", seat=name,
                             label=_card_label(game, game.index[event["card"]]))]
    if kind == "nominate":
        nominees = words.join([seat_name(s) for s in event["nominees"]])
        return ["  " + words("nominates", seat=name, nominees=nominees)]
    if kind == "vote":
        turds = game.turds[game.index[event["card"]]]
        return ["  " + words.counted("votes", turds, seat=name, nominee=seat_name(event["nominee"]),
                                     card=event["card"])]
    if kind == "award":
        return ["  " + words("awards", seat=name, nominee=seat_name(event["nominee"]))]
    if kind == "reveal":
        parts = [words.counted("revealed_part", pile["turds"], seat=seat_name(pile["nominee"]))
                 for pile in event["piles"]]
        return ["  " + words("revealed", parts=", ".join(parts))]
    if kind == "score":
        return [_score_line(game, event["seat"], game.index[event["card"]])]
    if kind == "tie":
        tied = words.join([seat_name(s) for s in event["tied"]])
        key = "tie_again" if event["question"] == SECOND_QUESTION else "tie"
        return ["  " + words(key, tied=tied, active=seat_name(event["active"]))]
    if kind == "turn_passes":
        if event["why"] == "second_tie":
            return ["  " + words("second_tie")]
        return ["  " + words("no_second_card", seat=name)]
    if kind == "ran_out":
        return ["  " + words("ran_out")]
    if kind == "turn":
        return ["", words("turn", turn=event["turn"], round=event["round"], seat=seat_name(event["active"]))]
    return []  # a draw, the end: the ending says how it ended


def _ending(game: Game, state: State) -> list[str]:
    scores, words = state.scores(), game.words
    after = words.counted("after_turns", state.turn)  # its own plural: 'after 1 turn', 'nach 1 Zug'
    if state.end_reason == "rounds":
        over = words.counted("over_rounds", game.rules.rounds, after=after)
    elif state.end_reason == "nothing_to_ask":
        over = words("over_nothing", after=after)
    else:
        limit = game.rules.badge_limit
        reached = [seat_name(s) for s, n in enumerate(state.printed_badges()) if n >= limit]
        over = words.counted("over_limit", limit, after=after, reached=words.join(reached))
    out = ["", over, words("badges", list=", ".join(f"{seat_name(s)} {b}" for s, b in enumerate(scores)))]
    for seat in state.losers():
        out.append(words.counted("loses", scores[seat], seat=seat_name(seat),
                         speech=loser_speech(game, state.scored[seat], seat)))
    return out


def game_log(game: Game, state: State, labels: list[str]) -> dict:
    """The machine log: enough to rebuild the game and replay it exactly, deck included, and
    the form each seat said its descriptives in (`forms`, one form or null per seat) when a
    seat took one; a log of a game where none did is as it always was."""
    log = {"format": LOG_FORMAT, "format_version": 1, "players": game.players,
           "seed": game.seed, "bots": labels}
    if game.forms:
        log["forms"] = [game.forms.get(seat) for seat in range(game.players)]
    return {**log, "deck": game.doc, "actions": state.history(),
            "result": {"badges": state.scores(), "losers": state.losers(), "end": state.end_reason}}


def game_from_log(log: dict, source: str = "<log>") -> tuple[Game, list[dict], list[str]]:
    """The game (each seat in the form the log gives it), the actions and the seat labels of
    a machine log (raises on a bad log)."""
    if not isinstance(log, dict) or log.get("format") != LOG_FORMAT:
        raise ValueError(f"{source}: not a Pug You! game log (expected format {LOG_FORMAT!r})")
    deck, players, seed, actions, labels = log_fields(log, source)
    forms = log.get("forms", [None] * players)  # a log from before forms: both, as printed
    if not (isinstance(forms, list) and len(forms) == players
            and all(form is None or form in FORMS for form in forms)):
        raise ValueError(f"{source}: the game log's forms must give one form per seat ({players}): "
                         f"{' or '.join(FORMS)}, or null for both as the card prints them")
    game = Game(deck, players, seed, source=source)
    game.forms = {seat: form for seat, form in enumerate(forms) if form is not None}
    return game, actions, labels
