"""One scenario per rule of Pug You!, played on stacked decks (docs/rules-pug-you.md)."""

from __future__ import annotations

import pytest

from helpers.pug_you_decks import built_deck, card, scenario, turn
from pugdeck.games.pug_you.engine import CHANCE, TERMINAL, Game
from pugdeck.games.pug_you.state import IllegalAction


def test_deal_gives_five_cards_and_four_from_eight_players():
    for players, size in ((5, 5), (7, 5), (8, 4), (10, 4)):
        game = Game(built_deck(), players, seed=3)
        state = game.new_initial_state()
        assert state.current_player() == CHANCE
        state.apply_action(state.legal_actions()[0])
        assert [len(state.observation(s)["hand"]) for s in range(players)] == [size] * players
        assert state.observation(0)["draw_pile"] == 108 - players * size


def test_offers_come_from_everyone_but_the_active_player_in_order_to_the_left():
    _game, state = scenario()
    seen = []
    while state.legal_actions()[0]["type"] == "offer":
        seen.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert seen == [1, 2, 3, 4]
    assert state.current_player() == 0
    assert [a["from"] for a in state.legal_actions()] == [1, 2, 3, 4]


def test_unchosen_offers_go_back_and_the_chosen_card_becomes_the_question():
    _game, state = scenario()
    turn_offers = {1: "s1-2#1", 2: "s2-0#1", 3: "s3-4#1", 4: "s4-1#1"}
    for seat in (1, 2, 3, 4):
        state.apply_action({"type": "offer", "card": turn_offers[seat]})
    state.apply_action({"type": "choose", "from": 3})
    obs = state.observation(0)
    assert obs["active_card"] == "s3-4#1" and obs["offered_by"] == 3
    assert "s1-2#1" in state.observation(1)["hand"] and "s4-1#1" in state.observation(4)["hand"]
    assert "s3-4#1" not in state.observation(3)["hand"]


def test_nominate_two_others_never_yourself():
    _game, state = scenario()
    while state.legal_actions()[0]["type"] == "offer":
        state.apply_action(state.legal_actions()[0])
    state.apply_action({"type": "choose", "from": 1})
    legal = state.legal_actions()
    assert len(legal) == 6 and all(0 not in a["nominees"] for a in legal)
    before = state.clone()
    for bad in ([0, 1], [1], [2, 1], [1, 1], [1, 2, 3], "1,2"):
        with pytest.raises(IllegalAction):
            state.apply_action({"type": "nominate", "nominees": bad})
        assert state == before


def test_non_nominees_vote_left_of_the_active_player_first_and_the_active_player_last():
    _game, state = scenario()
    turn(state, 1, [1, 3], {})
    order = []
    while state.legal_actions()[0]["type"] == "vote":
        seat = state.current_player()
        order.append(seat)
        state.apply_action(state.legal_actions()[0])
    assert order == [2, 4, 0]


def test_votes_weigh_their_turds_and_the_heavier_nominee_scores_the_question():
    # One 3-turd vote for P1 beats two 1-turd votes for P2.
    _game, state = scenario(turds={"s3-1": 3}, badges={"s3-0": 3})
    turn(state, 3, [1, 2], {3: (1, "s3-1#1"), 4: (2, "s4-0#1"), 0: (2, "s0-0#1")})
    obs = state.observation(0)
    assert obs["scored"][1] == ["s3-0#1"] and obs["badges"][1] == 3
    assert [r["turds"] for r in obs["last_reveal"]] == [3, 2]
    assert sorted(obs["discard_pile"]) == ["s0-0#1", "s3-1#1", "s4-0#1"]  # votes are discarded


def test_the_active_card_cannot_vote_and_nominees_do_not_vote():
    _game, state = scenario()
    turn(state, 1, [1, 2], {})
    assert state.current_player() == 3
    active = state.observation(0)["active_card"]
    assert all(a["card"] != active for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply_action({"type": "vote", "nominee": 3, "card": "s3-0#1"})


def test_a_tie_lets_the_active_player_pick_then_ask_a_second_question_without_offers():
    _game, state = scenario(turds={"s3-1": 2})
    turn(state, 3, [1, 2], {3: (1, "s3-1#1"), 4: (2, "s4-0#1"), 0: (2, "s0-0#1")})
    assert state.current_player() == 0
    assert state.legal_actions() == [{"type": "award", "nominee": 1}, {"type": "award", "nominee": 2}]
    state.apply_action({"type": "award", "nominee": 2})
    assert state.observation(0)["scored"][2] == ["s3-0#1"]
    obs = state.observation(0)
    assert obs["phase"] == "ask" and obs["question"] == 2 and obs["offered"] == []
    assert [a["card"] for a in state.legal_actions()] == obs["hand"]  # nothing scored yet
    state.apply_action({"type": "ask", "card": "s0-1#1"})
    state.apply_action({"type": "nominate", "nominees": [3, 4]})
    for seat in (1, 2, 0):
        state.apply_action({"type": "vote", "nominee": 4, "card": state.observation(seat)["hand"][0]})
    assert state.observation(0)["scored"][4] == ["s0-1#1"]
    assert state.observation(0)["active"] == 1  # the tie question did not count as a turn
    assert state.turn == 1


def test_the_second_question_can_re_ask_one_of_her_scored_cards_which_leaves_her_score():
    _game, state = scenario(turds={"s4-1": 2}, badges={"s2-0": 3})
    # Turn 1 (P0 active): P1 scores P2's 3-badge card.
    turn(state, 2, [1, 2], {3: (1, "s3-0#1"), 4: (1, "s4-0#1"), 0: (2, "s0-0#1")})
    assert state.scores()[1] == 3
    # Turn 2 (P1 active): a tie, P1 awards, then re-asks her own scored card.
    turn(state, 2, [2, 3], {4: (2, "s4-1#1"), 0: (3, "s0-1#1"), 1: (3, "s1-1#1")})
    state.apply_action({"type": "award", "nominee": 3})
    assert {"type": "ask", "card": "s2-0#1"} in state.legal_actions()
    state.apply_action({"type": "ask", "card": "s2-0#1"})
    assert state.scores()[1] == 0
    state.apply_action({"type": "nominate", "nominees": [0, 4]})
    for seat in (2, 3, 1):
        state.apply_action({"type": "vote", "nominee": 4, "card": state.observation(seat)["hand"][0]})
    assert state.scores()[4] == 3 and state.observation(0)["scored"][4] == ["s2-0#1"]


def test_a_second_tie_only_picks_who_scores_and_the_turn_passes():
    _game, state = scenario(turds={"s2-1": 2, "s1-1": 2})
    turn(state, 3, [1, 3], {2: (1, "s2-1#1"), 4: (3, "s4-0#1"), 0: (3, "s0-0#1")})  # 2 vs 2
    state.apply_action({"type": "award", "nominee": 1})
    state.apply_action({"type": "ask", "card": "s0-1#1"})
    state.apply_action({"type": "nominate", "nominees": [2, 4]})
    for seat, vote in ((1, (2, "s1-1#1")), (3, (4, "s3-1#1")), (0, (4, "s0-2#1"))):  # 2 vs 2
        assert state.current_player() == seat
        state.apply_action({"type": "vote", "nominee": vote[0], "card": vote[1]})
    assert state.legal_actions() == [{"type": "award", "nominee": 2}, {"type": "award", "nominee": 4}]
    state.apply_action({"type": "award", "nominee": 4})
    obs = state.observation(0)
    assert obs["phase"] == "offer" and obs["active"] == 1 and obs["question"] == 1
    assert obs["scored"][1] == ["s3-0#1"] and obs["scored"][4] == ["s0-1#1"]
    assert _count(state, "tie") == 2 and _count(state, "ask", question=2) == 1 and state.turn == 1


def test_hands_refill_in_turn_order_from_the_left_of_the_active_player():
    _game, state = scenario()
    turn(state, 2, [1, 3], {2: (1, "s2-1#1"), 4: (3, "s4-0#1"), 0: (1, "s0-0#1")})
    hands = [state.observation(s)["hand"] for s in range(5)]
    assert [len(h) for h in hands] == [5] * 5
    # P1 lost nothing; P2 lost the chosen offer and a vote, then P4, then P0.
    assert "d-000#1" in hands[2] and "d-001#1" in hands[2]
    assert "d-002#1" in hands[4] and "d-003#1" in hands[0]


def test_large_groups_refill_to_four():
    game, state = scenario(players=8, size=4, draw=40)
    assert game.hand_size == 4
    turn(state, 1, [1, 2], {s: (1, f"s{s}-1#1") for s in (3, 4, 5, 6, 7, 0)})
    assert [len(state.observation(s)["hand"]) for s in range(8)] == [4] * 8


def test_an_empty_draw_pile_is_refilled_by_shuffling_the_discard_pile():
    _game, state = scenario(draw=0)
    turn(state, 1, [2, 3], {4: (2, "s4-1#1"), 1: (2, "s1-1#1"), 0: (3, "s0-1#1")})
    assert state.current_player() == CHANCE
    [shuffle] = state.legal_actions()
    assert sorted(shuffle["order"]) == ["s0-1#1", "s1-1#1", "s4-1#1"]
    with pytest.raises(IllegalAction):
        state.apply_action({"type": "shuffle", "order": ["s0-1#1", "s1-1#1"]})
    state.apply_action({"type": "shuffle", "order": ["s4-1#1", "s1-1#1", "s0-1#1"]})  # stacked
    assert _count(state, "shuffle", pile="discard") == 1
    # Refill from the left of the active player, top card first: P1 (question and vote
    # gone) takes two, P4 one; three cards for four gaps, so P0 stays short.
    hands = [state.observation(s)["hand"] for s in range(5)]
    assert {"s4-1#1", "s1-1#1"} <= set(hands[1]) and "s0-1#1" in hands[4]
    assert [len(h) for h in hands] == [4, 5, 5, 5, 5]
    assert state.ran_out and state.observation(0)["ran_out"]


def test_the_active_player_moves_to_the_left_and_the_game_ends_after_two_rounds():
    from pugdeck.games.pug_you.bots import make_bots, play_game

    base = Game(built_deck(), 5)
    for seed in range(40):
        game = base.reseeded(seed)
        state = play_game(game, make_bots("random", game, seed))
        if _count(state, "ask", question=2):
            break
    assert _count(state, "ask", question=2) > 0  # tie questions happened and did not add turns
    actives = [a for a in _active_per_turn(game, state.history())]
    assert actives == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4]
    assert state.turn == 10 and state.end_reason == "rounds"
    assert state.current_player() == TERMINAL and state.legal_actions() == []


def _active_per_turn(game, log):
    state = game.new_initial_state()
    seen = []
    for action in log:
        if action["type"] in ("choose", "ask") and state.question == 1:
            seen.append(state.active)
        state.apply_action(action)
    return seen


def test_a_scored_mutt_takes_badges_away():
    _game, state = scenario(badges={"s3-0": -2})
    turn(state, 3, [1, 2], {3: (1, "s3-1#1"), 4: (1, "s4-0#1"), 0: (2, "s0-0#1")})
    assert state.scores()[1] == -2


def test_most_badges_lose_and_tied_players_all_lose():
    from pugdeck.games.pug_you.bots import make_bots, play_game

    tied = 0
    base = Game(built_deck(), 5)
    for seed in range(60):
        game = base.reseeded(seed)
        state = play_game(game, make_bots("random", game, seed))
        scores = state.scores()
        assert state.losers() == [s for s in range(5) if scores[s] == max(scores)]
        tied += len(state.losers()) > 1
    assert tied > 0


def test_a_voter_without_cards_is_skipped():
    _game, state = scenario(size=1)
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    state.apply_action({"type": "choose", "from": 1})  # P1's only card is the question now
    state.apply_action({"type": "nominate", "nominees": [2, 3]})
    assert state.current_player() == 4
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 0  # P1 has nothing to vote with


def test_with_no_offer_possible_the_active_player_asks_from_her_hand_and_the_game_can_run_dry():
    from pugdeck.games.pug_you.bots import make_bots

    cards = [card(f"c-{i:02d}", turds=1 + i % 3) for i in range(7)]
    reasons, asked_from_hand = set(), 0
    base = Game(built_deck(cards, hand_size=1), 5)
    for seed in range(30):
        game = base.reseeded(seed)
        state = game.new_initial_state()
        bots = make_bots("random", game, seed)
        while not state.is_terminal():
            if state.observation(0)["phase"] == "ask" and state.question == 1:  # no tie before
                asked_from_hand += 1
                assert [a["card"] for a in state.legal_actions()] == state.observation(state.active)["hand"]
            seat = state.current_player()
            legal = state.legal_actions()
            state.apply_action(legal[0] if seat == CHANCE else bots[seat].choose(None, legal))
        reasons.add(state.end_reason)
        assert state.ran_out
    assert "nothing_to_ask" in reasons and asked_from_hand > 0


def test_when_nobody_can_vote_the_question_is_a_tie_at_zero():
    from pugdeck.games.rng import Rng

    deck = built_deck([card(f"c-{i:02d}", turds=1 + i % 3) for i in range(6)], hand_size=1,
                      large_group=None)
    base = Game(deck, 5)
    for seed in range(20):
        state = base.reseeded(seed).new_initial_state()
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
            state.apply_action(action)
            obs = state.observation(0)
            if action["type"] == "nominate" and obs["phase"] == "award":
                assert [r["turds"] for r in obs["last_reveal"]] == [0, 0]
                assert [a["nominee"] for a in state.legal_actions()] == action["nominees"]
                return
    pytest.fail("no question without voters in 20 dry games")


def test_a_house_rule_of_three_nominees_nominates_three_and_ties_may_be_three_way():
    from pugdeck.games.pug_you.invariants import check_invariants
    from pugdeck.games.rng import Rng

    game = Game(built_deck(nominees=3), 6, seed=0)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    while state.observation(0)["phase"] != "nominate":
        state.apply_action(state.legal_actions()[0])
    legal = state.legal_actions()
    assert len(legal) == 10 and all(len(a["nominees"]) == 3 and 0 not in a["nominees"] for a in legal)
    rng = Rng(3)
    while not state.is_terminal():
        check_invariants(state)
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    assert state.end_reason == "rounds"


def _count(state, kind: str, **fields) -> int:
    """How many of the state's events are a `kind` with these public fields."""
    return sum(e.public["event"] == kind and all(e.public.get(k) == v for k, v in fields.items())
               for e in state.events)
