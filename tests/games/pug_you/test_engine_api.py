"""The engine's API contract: input checks, JSON actions, hidden information, determinism."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from helpers.pug_you_decks import built_deck, card, deal
from pugdeck.core.diagnostics import DeckError
from pugdeck.games.pug_you.bots import make_bots, play_game
from pugdeck.games.pug_you.engine import CHANCE, Game, replay
from pugdeck.games.pug_you.observation import hidden_from
from pugdeck.games.pug_you.state import IllegalAction
from pugdeck.games.pug_you.transcript import narrate


def _bot_game(players=6, seed=0, bots="random,heuristic", doc=None):
    game = Game(doc or built_deck(), players, seed)
    return game, play_game(game, make_bots(bots, game, seed))


@pytest.mark.parametrize("players", [4, 11])
def test_a_player_count_outside_the_decks_range_is_a_deck_error(players):
    with pytest.raises(DeckError, match="outside this deck's range 5-10"):
        Game(built_deck(), players)


def test_the_built_deck_is_validated_before_it_is_read():
    doc = built_deck()
    del doc["source"]
    with pytest.raises(DeckError):
        Game(doc, 5)
    with pytest.raises(DeckError, match="pixelpug"):
        Game(built_deck() | {"game": "pixelpug"}, 5)
    broken = built_deck()
    del broken["cards"][3]["turds"]
    with pytest.raises(DeckError, match="turds"):
        Game(broken, 5)


def test_too_few_cards_to_deal_is_a_deck_error():
    with pytest.raises(DeckError, match="need at least 25"):
        Game(built_deck([card(f"c-{i}") for i in range(24)]), 5)


def test_large_group_hand_size_comes_from_the_rules_block():
    assert Game(built_deck(), 7).hand_size == 5
    assert Game(built_deck(), 8).hand_size == 4
    assert Game(built_deck(large_group={"from_players": 6, "hand_size": 3}), 6).hand_size == 3


def test_actions_are_small_json_dicts_and_round_trip_through_json():
    game, state = _bot_game()
    log = json.loads(json.dumps(state.history()))
    assert replay(game, log) == state
    kinds = {a["type"] for a in log}
    assert {"shuffle", "offer", "choose", "nominate", "vote"} <= kinds


def test_illegal_actions_raise_and_leave_the_state_unchanged():
    game = Game(built_deck(), 5, seed=1)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    before = state.clone()
    other_hand = state.observation(2)["hand"][0]
    for bad in ({"type": "offer", "card": other_hand},  # not in the offerer's hand
                {"type": "offer", "card": "nope#1"},
                {"type": "vote", "nominee": 1, "card": other_hand},  # wrong phase
                {"type": "offer"}, {"type": "offer", "card": other_hand, "extra": 1},
                "offer", None, {"card": other_hand}):
        with pytest.raises(IllegalAction):
            state.apply_action(bad)
        assert state == before
    assert issubclass(IllegalAction, ValueError)


def test_nothing_is_legal_after_the_end():
    _game, state = _bot_game(players=5)
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply_action({"type": "offer", "card": "x"})


def test_face_down_offers_and_votes_stay_hidden_from_other_players():
    game = Game(built_deck(), 5, seed=2)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    offer = state.legal_actions()[0]
    state.apply_action(offer)  # P1 offers
    assert state.observation(1)["my_offer"] == offer["card"]
    for seat in (0, 2, 3, 4):
        obs = state.observation(seat)
        assert obs["my_offer"] is None and obs["offered"] == [1]
        assert offer["card"] not in json.dumps(obs)
    assert offer["card"] in hidden_from(state, 0)


def test_the_chosen_offer_is_public_and_revealed_votes_show_cards_not_voters():
    game = Game(built_deck(), 5, seed=3)
    state = game.new_initial_state()
    while state.observation(0)["phase"] != "vote":
        state.apply_action(state.legal_actions()[0])
    vote = state.legal_actions()[0]
    voter = state.current_player()
    state.apply_action(vote)
    assert state.observation(voter)["my_vote"] == {"nominee": vote["nominee"], "card": vote["card"]}
    assert vote["card"] not in json.dumps(state.observation(0))
    while state.observation(0)["phase"] == "vote":
        state.apply_action(state.legal_actions()[0])
    reveal = state.observation(0)["last_reveal"]
    assert any(vote["card"] in r["cards"] for r in reveal)
    assert all(set(r) == {"nominee", "turds", "cards"} for r in reveal)


def test_observations_are_json_serialisable():
    game, state = _bot_game(players=8)
    for seat in range(8):
        assert json.loads(json.dumps(state.observation(seat)))["seat"] == seat
    with pytest.raises(ValueError):
        state.observation(8)


def test_clones_are_equal_and_independent():
    game = Game(built_deck(), 6, seed=4)
    state = game.new_initial_state()
    for _ in range(40):
        state.apply_action(state.legal_actions()[-1])
    twin = state.clone()
    assert twin == state
    twin.apply_action(twin.legal_actions()[0])
    assert twin != state and len(twin.history()) == len(state.history()) + 1


def test_the_same_seed_plays_the_same_game_and_other_seeds_differ():
    game_a, a = _bot_game(seed=11)
    game_b, b = _bot_game(seed=11)
    assert a.history() == b.history()
    assert narrate(game_a, a.history()) == narrate(game_b, b.history())
    histories = {json.dumps(_bot_game(seed=s)[1].history()) for s in range(5)}
    assert len(histories) == 5


def test_a_stacked_first_shuffle_deals_exactly_as_asked():
    game = Game(built_deck(), 5, seed=0)
    hands = [list(game.ids[5 * s:5 * s + 5]) for s in range(5)]
    state = deal(game, hands, draw=[game.ids[40]])
    assert [state.observation(s)["hand"] for s in range(5)] == hands
    assert state.draw[-1] == 40  # the stacked top card
    assert state.current_player() == 1  # seat 0 starts, so seat 1 offers first


def test_the_chance_outcome_depends_only_on_the_seed_and_the_shuffle_number():
    one = Game(built_deck(), 5, seed=7).new_initial_state()
    two = Game(built_deck(), 5, seed=7).new_initial_state()
    three = Game(built_deck(), 5, seed=8).new_initial_state()
    assert one.current_player() == CHANCE
    assert one.legal_actions() == two.legal_actions() != three.legal_actions()


def test_handed_out_actions_are_read_only_dicts_and_stale_ones_are_refused():
    game = Game(built_deck(), 5, seed=6)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    offer = state.legal_actions()[0]
    with pytest.raises(TypeError):
        offer["card"] = "other"
    assert dict(offer) == offer and json.loads(json.dumps(offer)) == offer
    state.apply_action(offer)
    with pytest.raises(IllegalAction):  # P2 does not hold P1's card
        state.apply_action(offer)
    while state.observation(0)["phase"] != "nominate":
        state.apply_action(state.legal_actions()[0])
    nominate = state.legal_actions()[0]
    with pytest.raises(TypeError):
        nominate["nominees"].append(0)


def test_returns_mark_the_losers_and_apply_is_apply_action():
    game, state = _bot_game(players=5, seed=2)
    assert [seat for seat, r in enumerate(state.returns()) if r == -1.0] == state.losers()
    fresh = game.new_initial_state()
    assert fresh.returns() == [0.0] * 5
    fresh.apply(fresh.legal_actions()[0])
    assert fresh.history() == state.history()[:1]


def test_an_action_object_from_another_game_is_read_by_its_fields():
    ours = Game(built_deck(), 5, seed=1).new_initial_state()
    theirs_game = Game(built_deck([card(f"x-{i:02d}") for i in range(40)]), 5, seed=1)
    theirs = theirs_game.new_initial_state()
    ours.apply_action(ours.legal_actions()[0])
    theirs.apply_action(theirs.legal_actions()[0])
    with pytest.raises(IllegalAction):  # same card number, different card: refused
        ours.apply_action(theirs.legal_actions()[0])


@pytest.mark.parametrize("order", [None, "abc", [["x"]], [1, 2], []])
def test_a_malformed_shuffle_is_illegal_not_a_crash(order):
    state = Game(built_deck(), 5).new_initial_state()
    with pytest.raises(IllegalAction):
        state.apply_action({"type": "shuffle", "order": order})


_json_values = hs.recursive(
    hs.none() | hs.integers(-3, 12) | hs.text(max_size=8) | hs.booleans(),
    lambda inner: hs.lists(inner, max_size=4), max_leaves=8)


def test_any_json_thrown_at_apply_action_is_legal_or_an_illegal_action():
    base = Game(built_deck(), 5, seed=2)
    positions = []
    state = base.new_initial_state()
    while not state.is_terminal() and len(positions) < 40:
        positions.append(state.clone())
        state.apply_action(state.legal_actions()[-1])
    positions.append(state)
    kinds = hs.sampled_from(["offer", "choose", "nominate", "vote", "award", "ask", "shuffle", "x"])
    fields = hs.dictionaries(hs.sampled_from(["card", "from", "nominees", "nominee", "order", "z"]),
                             _json_values, max_size=3)

    @settings(max_examples=300)
    @given(hs.integers(0, len(positions) - 1), kinds, fields)
    def check(at, kind, extra):
        state = positions[at].clone()
        before = state.clone()
        try:
            state.apply_action({"type": kind, **extra})
        except IllegalAction:
            assert state == before

    check()
