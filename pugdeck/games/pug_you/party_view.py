"""What a party's pages show of a Pug You! game (`pugdeck party`): the shared screen, cut
from what every seat sees, and one phone, cut from that seat's own observation.

The pages are the party's and know no game: they draw what these functions return (a
status line, a headline, face-up cards, the seats with their marks, a counter, the reveal,
the end; on a phone the hand, a prompt and the choices, each a legal action with its
label). Every sentence comes from narration.yaml or party.yaml, in the deck's language.
"""

from __future__ import annotations

from pathlib import Path

from pugdeck.authoring.texts import FORMS, has_forms
from pugdeck.games.narration import Words
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.terminal_view import Narrator, card_text, seat_label
from pugdeck.games.pug_you.transcript import loser_speech

PARTY_WORDS = Path(__file__).with_name("party.yaml")
PRIVATE = ("hand", "my_offer", "my_vote", "seat")  # the parts of an observation only its seat sees
RECENT = 8  # lines of what happened the screens show


def _lines(game: Game, seat: int | None, events: list[dict], seen: dict, names: list[str]) -> list[str]:
    """What happened this turn, as `seat` saw it (None: the shared view), told as `play
    --human` tells it (terminal_view.Narrator), the last RECENT lines."""
    starts = [i for i, event in enumerate(events) if event["event"] == "turn"]
    told: list[str] = []
    Narrator(game, seat, names, told.append).step(events[starts[-1] + 1 if starts else 0:], seen)
    return [line.strip() for line in told if line.strip()][-RECENT:]


def speaker_forms(doc: dict) -> tuple[str, ...]:
    """The forms a person may say their descriptives in (authoring/texts.py `FORMS`), offered
    on the join form: both when a card of the built deck `doc` has a descriptive in two forms
    ("un niño grande" / "una niña grande"), none otherwise (the choice would change nothing)."""
    cards = doc.get("cards") or []
    return FORMS if any(isinstance(c, dict) and has_forms(c.get("descriptive")) for c in cards) else ()


def take_form(game: Game, seat: int, form: str) -> None:
    """Seat `seat` says its descriptives in `form` (one of `speaker_forms`), as `play --form` does."""
    game.forms[seat] = form


def public_observation(state) -> dict:
    """What every seat sees alike: any seat's observation without its private parts."""
    seen = state.observation(0)
    return {key: value for key, value in seen.items() if key not in PRIVATE}


def _party_words(game: Game) -> Words:
    return Words(PARTY_WORDS, game.words.language)


def _question(game: Game, seen: dict) -> str | None:
    card = seen.get("active_card")
    return game.card(card).question if card else None


def _status(game: Game, seen: dict, names: list[str]) -> str:
    words, party = game.words, _party_words(game)
    if seen["phase"] == "over":
        return words.counted("view_over", seen["turn"])
    active = names[seen["active"]]
    total = seen["turns_total"]
    if total:
        return party("turn_of", turn=seen["turn"], total=total, name=active)
    return party("turn", turn=seen["turn"], name=active)


def _waiting(game: Game, seen: dict, names: list[str]) -> str | None:
    """'Waiting for Ana to vote': whose move the table waits for."""
    seat = seen["current_player"]
    if seen["phase"] == "over" or not 0 <= seat < len(names):
        return None
    return _party_words(game)(f"waiting_{seen['phase']}", name=names[seat])


def screen(game: Game, seen: dict, events: list[dict], names: list[str]) -> dict:
    """The shared screen from the public observation `seen` and the last `events` in the
    shared view."""
    words, party = game.words, _party_words(game)
    phase, players = seen["phase"], seen["players"]
    seats = []
    for seat in range(players):
        marks = [party(key) for key, shown in (
            ("mark_active", seat == seen["active"] and phase != "over"),
            ("mark_nominee", seat in seen["nominees"] and phase in ("vote", "award")),
            ("mark_offered", phase == "offer" and seat in seen["offered"]),
            ("mark_voted", phase == "vote" and seat in seen["voted"]),
            ("mark_loser", seat in seen["losers"] and phase == "over")) if shown]
        seats.append({"name": names[seat], "score": words.counted("n_badges", seen["badges"][seat]),
                      "marks": marks, "turn": seat == seen["current_player"]})
    counter = None
    if phase == "offer":
        counter = party.counted("offered_count", len(seen["offered"]), total=players - 1)
    elif phase == "vote":
        counter = party.counted("voted_count", len(seen["voted"]), total=players - 1)
    reveal = None
    if seen["last_reveal"] is not None:
        reveal = [{"text": party("reveal_line", name=names[part["nominee"]],
                                 turds=words.counted("n_turds", part["turds"])),
                   "cards": list(part["cards"])} for part in seen["last_reveal"]]
    end = None
    if phase == "over":
        end = [words("view_loses", name=names[seat], badges=words.counted("n_badges", seen["badges"][seat]),
                     speech=loser_speech(game, [game.index[c] for c in seen["scored"][seat]], seat))
               for seat in seen["losers"]]
    return {"status": _status(game, seen, names), "headline": _question(game, seen),
            "cards": [seen["active_card"]] if seen.get("active_card") else [],
            "nominees": [names[s] for s in seen["nominees"]] if phase in ("vote", "award") else [],
            "waiting": _waiting(game, seen, names), "seats": seats, "counter": counter,
            "reveal": reveal, "end": end, "over": phase == "over",
            "lines": _lines(game, None, events, seen, names)}


def phone(game: Game, seen: dict, events: list[dict], legal: list[dict], names: list[str]) -> dict:
    """One seat's phone from its own observation `seen`, the last `events` as it saw them,
    and its legal actions now (empty when it is not its move)."""
    words, party = game.words, _party_words(game)
    me = seen["seat"]
    prompt, choices = None, []
    kind = legal[0]["type"] if legal else None
    if kind == "offer":
        prompt = words("offer_now", active=names[seen["active"]])
        choices = [{"label": party("offer_this"), "card": a["card"], "action": a} for a in legal]
    elif kind == "choose":
        prompt = words("choose_now")
        choices = [{"label": words("choose_option", name=names[a["from"]]), "card": None, "action": a}
                   for a in legal]
    elif kind == "ask":
        prompt = words("ask_nobody" if seen["question"] == 1 else "ask_second")
        choices = [{"label": party("ask_this"), "card": a["card"], "action": a} for a in legal]
    elif kind == "nominate":
        prompt = words.counted("nominate_now", len(legal[0]["nominees"]))
        choices = [{"label": words.join([names[s] for s in a["nominees"]]), "card": None, "action": a}
                   for a in legal]
    elif kind == "vote":
        prompt = words("vote_now", nominees=words.join([names[s] for s in seen["nominees"]]))
        choices = [{"label": party("vote_for", name=names[a["nominee"]]), "card": a["card"], "action": a}
                   for a in legal]
    elif kind == "award":
        prompt = words("award_now", card=card_text(game, game.card(seen["active_card"])))
        choices = [{"label": seat_label(game, seen, names, a["nominee"]), "card": None, "action": a}
                   for a in legal]
    info = [party("your_badges", badges=words.counted("n_badges", seen["badges"][me]))]
    if seen.get("my_offer"):
        info.append(party("your_offer"))
    if seen.get("my_vote"):
        info.append(party("your_vote", name=names[seen["my_vote"]["nominee"]]))
    if seen["phase"] == "over":
        info.append(words("view_not_lost") if me not in seen["losers"] else
                    words("view_you_lose", badges=words.counted("n_badges", seen["badges"][me]),
                          speech=loser_speech(game, [game.index[c] for c in seen["scored"][me]], me)))
    scored = seen["scored"][me]
    return {"prompt": prompt, "question": _question(game, seen), "hand": list(seen["hand"]),
            "held": [seen["my_offer"]] if seen.get("my_offer") else [],
            "scored": list(scored), "choices": choices, "info": info,
            "lines": _lines(game, me, events, seen, names)}


# The blue cards a group writes on the party's set-up page (party/blue.py): the build
# parameter that reads them, what every one of them holds, and the form's fields (each
# labelled by party.yaml's `blue_<key>`). The limits are the form's; the checks are
# `build --customs`'s own, run on the written card.
BLUE_CARDS = {
    "parameter": "customs",
    "fixed": {"kind": "custom", "breed": "blue-pug"},
    "fields": [
        {"key": "question", "kind": "text", "max": 240},
        {"key": "level", "kind": "choice", "choices": ["green", "yellow", "red"]},
        {"key": "badges", "kind": "int", "min": 1, "max": 3},
        {"key": "descriptive", "kind": "text", "max": 60, "forms": True},  # both forms where the language has them
        {"key": "turds", "kind": "int", "min": 1, "max": 3},
        {"key": "thermometer", "kind": "int", "min": 1, "max": 3},
    ],
}
