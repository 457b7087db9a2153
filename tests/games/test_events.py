"""The event log's record (`pugdeck.games.events`) and what a game shows of an action
(`GameSpec.public_action`, `GameSpec.event_view`) when it declares nothing of its own."""

from __future__ import annotations

from pugdeck.games.engine_kit import CHANCE
from pugdeck.games.events import Event, action_event
from pugdeck.games.spec import GameSpec


def test_a_seat_sees_the_private_part_only_when_it_is_named():
    event = Event({"event": "look", "seat": 0, "target": 2}, {"hand": ["nip#1"]}, frozenset({0}))
    assert event.view(0) == {"event": "look", "seat": 0, "target": 2, "hand": ["nip#1"]}
    assert event.view(2) == event.view(None) == {"event": "look", "seat": 0, "target": 2}
    assert event.full() == event.view(0)


def test_a_private_part_seen_by_nobody_is_the_narrators_alone():
    event = Event({"event": "shuffle"}, {"order": ["a", "b"]}, frozenset())
    assert all(event.view(seat) == {"event": "shuffle"} for seat in (None, 0, 1))
    assert event.full() == {"event": "shuffle", "order": ["a", "b"]}


def test_a_view_is_a_copy():
    event = Event({"event": "score", "seat": 1})
    event.view(None)["seat"] = 4
    assert event.view(1) == {"event": "score", "seat": 1}


def test_an_action_event_keeps_the_secret_fields_private_to_the_seat_that_played():
    secrets = {"vote": ("nominee", "card")}
    vote = action_event("vote", 3, {"nominee": 1, "card": "q#1"}, secrets)
    assert vote.view(None) == vote.view(1) == {"event": "vote", "seat": 3}
    assert vote.view(3) == {"event": "vote", "seat": 3, "nominee": 1, "card": "q#1"}
    award = action_event("award", 0, {"nominee": 2}, secrets)
    assert award.view(None) == {"event": "award", "seat": 0, "nominee": 2} and award.private is None
    deal = action_event("shuffle", None, {"order": ["a"], "cards": 1}, {"shuffle": ("order",)})
    assert deal.view(None) == {"event": "shuffle", "cards": 1} and deal.seen_by == frozenset()


class Declares(GameSpec):
    id, title = "declares", "Declares"
    secret_fields = {"deal": ("order",), "hide": ("card",)}


def test_the_default_public_action_shows_no_chance_outcome_of_a_game_that_declares_nothing():
    plain = GameSpec()
    deal = {"type": "deal", "hands": [["a", "b"], ["c", "d"]]}
    assert plain.public_action(deal, CHANCE) == plain.public_action(deal, None) == {"type": "deal"}
    assert plain.public_action({"type": "play", "card": "a"}, 0) == {"type": "play", "card": "a"}


def test_the_default_public_action_leaves_out_the_secret_fields_a_game_declares():
    spec = Declares()
    assert spec.public_action({"type": "deal", "order": ["a"], "first": 1}, CHANCE) == {"type": "deal", "first": 1}
    assert spec.public_action({"type": "hide", "card": "a"}, 2) == {"type": "hide"}
    event = action_event("hide", 2, {"card": "a"}, spec.secret_fields)
    assert spec.event_view(event, None) == {"event": "hide", "seat": 2}
    assert spec.event_view(event, 2) == {"event": "hide", "seat": 2, "card": "a"}


def test_an_event_names_its_type():
    assert Event({"event": "score", "seat": 1}).kind == "score"
    assert action_event("vote", 3, {"card": "q#1"}, {"vote": ("card",)}).kind == "vote"
