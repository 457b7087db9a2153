"""What a party's pages show of a PixelPug match (`pugdeck party`): the shared screen, cut
from what every seat sees (events as seat -1 sees them: only their public parts), and one
phone, cut from that seat's own observation.

The pages know no game: they draw what these functions return (docs/party.md). Every
sentence comes from narration.yaml or party.yaml, in the deck's language.
"""

from __future__ import annotations

from pathlib import Path

from pugdeck.games.events import views
from pugdeck.games.narration import Words
from pugdeck.games.pixelpug.engine import Game
from pugdeck.games.pixelpug.observation import _public_result
from pugdeck.games.pixelpug.phases import RPS_CHOICES
from pugdeck.games.pixelpug.terminal_view import card_words, ending_line, play_line
from pugdeck.games.pixelpug.transcript import describe

PARTY_WORDS = Path(__file__).with_name("party.yaml")
SHARED = None  # the seat of the shared view (games/events.py): every event's public part only
RECENT = 8  # event lines the screens show


def public_observation(state) -> dict:
    """What every seat sees alike: seat 0's observation without its hand, its points and
    its duel choice, with the events and round results in the shared view (what every seat sees)."""
    seen = dict(state.observation(0))
    for key in ("hand", "points", "seat"):
        seen.pop(key)
    if seen["duel"] is not None:
        seen["duel"] = {**seen["duel"], "your_choice": None}
    seen["events"] = views(state.events, SHARED, state.round_events_from)
    seen["results"] = [_public_result(r, SHARED) for r in state.results]
    return seen


def _party_words(game: Game) -> Words:
    return Words(PARTY_WORDS, game.words.language)


def _lines(game: Game, events: list[dict], names: list[str], me: int | None) -> list[str]:
    lines = []
    for event in events:
        line = play_line(game, event, names, me) if event["event"] == "play" else describe(game, event, names)
        if line:
            lines.append(line)
    return lines[-RECENT:]


def screen(game: Game, seen: dict, events: list[dict], names: list[str]) -> dict:
    """The shared screen from the public observation `seen` (whose events are the round's,
    which the lines tell; `events` are the same ones, not needed twice)."""
    words, party = game.words, _party_words(game)
    over = seen["champion"] is not None or seen["phase"] == "over"
    seats = []
    for seat in range(seen["players"]):
        marks = []
        if not seen["alive"][seat]:
            marks.append(party("mark_out"))
        elif seen["doghouse"][seat]:
            marks.append(party("mark_doghouse"))
        score = party("seat_score", lives=words.counted("n_lives", seen["lives"][seat]),
                      wins=words.counted("n_round_wins", seen["round_wins"][seat]),
                      cards=words.counted("n_cards", seen["hand_sizes"][seat]))
        seats.append({"name": names[seat], "score": score, "marks": marks, "played": list(seen["discards"][seat]),
                      "turn": seat == seen["current_player"] and not over})
    duel = seen["duel"]
    headline = party("duel", name=names[duel["attacker"]], target=names[duel["defender"]]) if duel else None
    current = seen["current_player"]
    status = (ending_line(game, {**seen, "champion": seen["champion"]}, names) if over else
              party("turn", round=seen["round"] + 1, name=names[current]) if 0 <= current < len(names) else "")
    last_played = [e["card"] for e in seen["events"] if e["event"] == "play"][-1:]
    counter = party("table", cards=words.counted("n_cards", seen["deck_size"]),
                    wins=words.counted("n_round_wins", seen["round_wins_needed"]))
    return {"status": None if over else status, "headline": headline, "cards": last_played, "nominees": [],
            "waiting": None, "seats": seats, "counter": None if over else counter,
            "reveal": None, "lines": _lines(game, seen["events"], names, SHARED),
            "end": [status] if over else None, "over": over}


def _play_label(game: Game, action: dict, me: int, names: list[str]) -> str:
    party = _party_words(game)
    target = action.get("target")
    if target is None:
        return party("play_it")
    whom = party("yourself") if target == me else names[target]
    if "name" in action:
        return party("play_on_naming", name=whom, kind=game.kind_names[action["name"]])
    return party("play_on", name=whom)


def phone(game: Game, seen: dict, events: list[dict], legal: list[dict], names: list[str]) -> dict:
    """One seat's phone from its own observation `seen` (with the round's events as it saw
    them) and its legal actions now."""
    words, party = game.words, _party_words(game)
    me = seen["seat"]
    prompt, choices = None, []
    if legal and legal[0]["type"] == "rps":
        duel = seen["duel"]
        opponent = duel["defender"] if duel["attacker"] == me else duel["attacker"]
        prompt = party("rps_now", name=names[opponent])
        choices = [{"label": words(a["choice"]), "card": None, "action": a}
                   for a in sorted(legal, key=lambda a: RPS_CHOICES.index(a["choice"]))]
    elif legal:
        prompt = party("play_now")
        choices = [{"label": _play_label(game, a, me, names), "card": a["card"], "action": a} for a in legal]
    info = [party("your_points", points=seen["points"]),
            party("seat_score", lives=words.counted("n_lives", seen["lives"][me]),
                  wins=words.counted("n_round_wins", seen["round_wins"][me]),
                  cards=words.counted("n_cards", len(seen["hand"])))]
    if seen["champion"] is not None:
        info.append(ending_line(game, seen, names))
    info += [card_words(game, c) + ": " + game.card(c).text for c in dict.fromkeys(seen["hand"])]
    return {"prompt": prompt, "question": None, "hand": list(seen["hand"]), "held": [], "scored": [],
            "choices": choices, "info": info, "lines": _lines(game, seen["events"], names, me)}
