"""Hand-made built decks for the engine tests (the engine reads nothing else).

`built_deck()` makes a document shaped like `pugdeck build`'s output: by default 104
levelled cards and 4 healthy mutts, every field explicit. Tests stack decks by passing
their own card list or by applying their own shuffle order; `scenario` deals a stacked
game and `turn` plays one scripted question on it.
"""

from __future__ import annotations

from pugdeck.games.pug_you.engine import Game

LEVELS = ("green", "yellow", "red")


def card(id: str, *, badges: int = 1, turds: int = 1, kind: str = "pug", level: str | None = "green",
         descriptive: str | None = None, question: str | None = None) -> dict:
    """One physical card of a built deck."""
    base = id.split("#")[0]
    return {
        "id": id if "#" in id else f"{id}#1", "card": base, "copy": 1, "kind": kind,
        "level": None if kind == "mutt" else level,
        "dots": 0 if kind == "mutt" else LEVELS.index(level) + 1,
        "color": "pink" if kind == "mutt" else ("blue" if kind == "custom" else level),
        "question": question or f"Who is {base}?", "badges": badges,
        "descriptive": descriptive or base.replace("-", " "), "turds": turds,
        "thermometer": 1, "breed": "healthy-mutt" if kind == "mutt" else "pug",
        "art": None, "tags": [],
    }


def default_cards(levelled: int = 104, mutts: int = 4) -> list[dict]:
    """A deterministic spread of badges, turds and levels, like the bundled deck."""
    cards = [card(f"q-{i:03d}", badges=1 + i % 3, turds=1 + (i * 7) % 3, level=LEVELS[i % 3],
                  descriptive=f"word{i}") for i in range(levelled)]
    cards += [card(f"mutt-{i}", badges=-2, turds=1 + i % 3, kind="mutt", descriptive=f"lovely{i}")
              for i in range(mutts)]
    return cards


def built_deck(cards: list[dict] | None = None, **rules) -> dict:
    """A built Pug You! deck document; keyword arguments override the rules block."""
    rule_block = {"players": {"min": 5, "max": 10}, "hand_size": 5,
                  "large_group": {"from_players": 8, "hand_size": 4},
                  "nominees": 2, "rounds": 2, "badge_limit": None, "mutt_badges": -2}
    rule_block.update(rules)
    return {
        "format": "pugdeck-deck", "format_version": 1, "generator": "pugdeck test",
        "game": "pug-you", "name": "pug-you",
        "deck": {"id": "pug-you", "name": "Pug You!", "version": "1.0.0", "language": "en",
                 "template": "pug-you"},
        "rules": rule_block, "filters": {}, "source": {"files": [], "sha256": "0" * 64},
        "checked": {"players": [], "playable_for": list(range(5, 11)), "warnings": []},
        "components": [{"id": "turd-1", "kind": "turd"}, {"id": "turd-2", "kind": "turd"}],
        "cards": default_cards() if cards is None else cards,
    }


def stacked_order(game, hands: list[list[str]], draw: list[str] = ()) -> list[str]:
    """A first-shuffle order (top first) that deals `hands` and then puts `draw` on top.

    The deal gives one card at a time from seat 0, so card k of the order goes to seat
    k % players. Cards named nowhere go to the bottom of the draw pile in id order.
    """
    players, size = game.players, game.hand_size
    assert len(hands) == players and all(len(h) == size for h in hands)
    order = [hands[k % players][k // players] for k in range(players * size)]
    order += list(draw)
    order += [c for c in game.ids if c not in set(order)]
    return order


def deal(game, hands: list[list[str]], draw: list[str] = ()):
    """A new state with the first shuffle stacked as `stacked_order` describes."""
    state = game.new_initial_state()
    state.apply_action({"type": "shuffle", "order": stacked_order(game, hands, draw)})
    return state


def scenario(players=5, size=5, draw=60, turds=None, badges=None, **rules):
    """A game whose seat s holds s{s}-0..s{s}-{size-1}; d-000.. lie on the draw pile, in order."""
    turds, badges = turds or {}, badges or {}
    ids = [f"s{s}-{k}" for s in range(players) for k in range(size)] + [f"d-{i:03d}" for i in range(draw)]
    cards = [card(i, turds=turds.get(i, 1), badges=badges.get(i, 1),
                  kind="mutt" if badges.get(i, 1) < 0 else "pug") for i in ids]
    rules.setdefault("hand_size", size)
    game = Game(built_deck(cards, **rules), players, seed=1)
    hands = [[f"s{s}-{k}#1" for k in range(game.hand_size)] for s in range(players)]
    return game, deal(game, hands, [f"d-{i:03d}#1" for i in range(draw)])


def turn(state, chosen_from, nominees, votes, offers=None):
    """Play one question: offers (default: each seat's first card), choice, nomination, votes."""
    offers = offers or {}
    while state.legal_actions()[0]["type"] == "offer":
        seat = state.current_player()
        state.apply_action({"type": "offer", "card": offers.get(seat, state.observation(seat)["hand"][0])})
    if chosen_from is not None:
        state.apply_action({"type": "choose", "from": chosen_from})
    state.apply_action({"type": "nominate", "nominees": sorted(nominees)})
    for _ in range(len(votes)):
        seat = state.current_player()
        nominee, card_id = votes[seat]
        state.apply_action({"type": "vote", "nominee": nominee, "card": card_id})
