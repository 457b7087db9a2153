"""What the server holds: decks shared by their games, a bound on all of it, flat memory."""

from __future__ import annotations

import copy
import gc
import json
import shutil
import tracemalloc
import weakref

import pytest

from pugdeck.building.pipeline import build
from pugdeck.protocol.decks import STATE_SHARE, DeckStore
from pugdeck.protocol.server import Server
from pugdeck.resources import bundled_deck


@pytest.fixture(scope="module")
def pug_doc() -> dict:
    return build(bundled_deck("pug-you")).doc


@pytest.fixture(scope="module")
def big_deck(pug_doc, tmp_path_factory):
    """A built Pug You! deck of 2,000 cards (the bundled cards over and over, new ids)."""
    cards = []
    for n in range(2000):
        card = copy.deepcopy(pug_doc["cards"][n % len(pug_doc["cards"])])
        card.update(id=f"card-{n:05d}#1", card=f"card-{n:05d}", copy=1)
        cards.append(card)
    folder = tmp_path_factory.mktemp("big")
    (folder / "big.json").write_text(json.dumps({**pug_doc, "cards": cards}), encoding="utf-8")
    return folder


def ok(server: Server, **request) -> dict:
    response = server.handle({"id": 1, **request})
    assert response["ok"], response
    return response


def test_games_of_one_deck_share_its_document_and_tables(big_deck):
    server = Server(root=big_deck)
    tracemalloc.start()
    try:
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        ok(server, cmd="new_game", deck="big.json", players=5, seed=0)
        gc.collect()
        first = tracemalloc.get_traced_memory()[0] - before
        for seed in range(1, 11):
            ok(server, cmd="new_game", deck="big.json", players=5, seed=seed)
        gc.collect()
        next_ten = tracemalloc.get_traced_memory()[0] - before - first
    finally:
        tracemalloc.stop()
    games = [session.game for session in server.sessions.values()]
    assert all(game.doc is games[0].doc and game.actions is games[0].actions for game in games)
    assert {game.seed for game in games} == set(range(11))
    # Measured: the first game ~6 MB (the parsed deck and the engine's tables), each next one
    # ~0.1 MB (its state and bots). Each of them held its own copy before: 10 × 6 MB.
    assert next_ten < first / 2, (first, next_ten)


def test_the_cards_held_are_bounded_and_a_refusal_changes_nothing(tmp_path, pug_doc):
    pixelpug = build(bundled_deck("pixelpug")).doc
    (tmp_path / "pixelpug.json").write_text(json.dumps(pixelpug), encoding="utf-8")
    (tmp_path / "pug-you.json").write_text(json.dumps(pug_doc), encoding="utf-8")
    small, large = len(pixelpug["cards"]), len(pug_doc["cards"])
    state = small // STATE_SHARE + 1
    store = DeckStore(tmp_path, max_cards=3 * small + 3 * state)
    server = Server(decks=store)
    ok(server, cmd="new_game", deck="pixelpug.json", players=2)
    assert store.held_cards() == small + small + state  # the deck, its 2-player tables, a state
    ok(server, cmd="new_game", deck="pixelpug.json", players=2, seed=4)
    assert store.held_cards() == 2 * small + 2 * state  # the second game shares both
    ok(server, cmd="new_game", deck="pixelpug.json", players=3)
    assert store.held_cards() == 3 * small + 3 * state  # tables for three players

    refused = server.handle({"cmd": "new_game", "deck": "pug-you.json", "players": 5})
    assert refused["error"]["code"] == "server_full", refused
    assert "close games you no longer play" in refused["error"]["message"]
    assert list(server.sessions) == ["g1", "g2", "g3"] and store.held_cards() == 3 * small + 3 * state

    store.max_cards = 2 * large + large // STATE_SHARE + 1
    for game in ("g1", "g2", "g3"):
        ok(server, cmd="close", game=game)
    ok(server, cmd="new_game", deck="pug-you.json", players=5)  # the unused PixelPug deck makes room
    assert store.held_cards() == 2 * large + large // STATE_SHARE + 1


def test_an_inline_deck_is_shared_by_its_content(pug_doc):
    server = Server()
    ok(server, cmd="new_game", deck_doc=pug_doc, players=5)
    ok(server, cmd="new_game", deck_doc=copy.deepcopy(pug_doc), players=5, seed=3)
    one, two = (session.game for session in server.sessions.values())
    assert one.doc is two.doc and one.actions is two.actions


def test_rebuilding_an_edited_deck_keeps_memory_flat(tmp_path):
    """Building pauses the collector and then hands what survived to its oldest generation
    (`loading.gc_paused`). It used to freeze it instead, for good: garbage waiting for the
    collector when a rebuild began (say a closed game caught in a reference cycle) was never
    freed, and a long `serve` grew with every rebuild."""
    shutil.copytree(bundled_deck("pixelpug"), tmp_path / "deck")
    deck_yaml = tmp_path / "deck" / "deck.yaml"
    text = deck_yaml.read_text(encoding="utf-8")
    server = Server(root=tmp_path)

    class Garbage:  # stands for a closed game left in a cycle: ~100 KB
        def __init__(self):
            self.cycle, self.payload = self, bytearray(100_000)

    def rebuild(n: int) -> weakref.ref:
        garbage = Garbage()
        gc.collect()  # it has lived long: the oldest generation
        ref = weakref.ref(garbage)
        del garbage  # now garbage in a cycle, waiting for a full collection
        deck_yaml.write_text(text + f"# edit {n}\n", encoding="utf-8")
        game = ok(server, cmd="new_game", deck="deck", players=2, seed=n)["game"]
        ok(server, cmd="close", game=game)
        return ref

    tracemalloc.start()
    try:
        for n in range(3):
            rebuild(n)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        refs = [rebuild(n) for n in range(3, 18)]
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert all(ref() is None for ref in refs), "garbage from before a rebuild was never collected"
    cards = len(build(tmp_path / "deck").doc["cards"])
    assert server.decks.held_cards() == 2 * cards  # the last version and its tables; no older one
    assert grown < 500_000, f"15 rebuilds kept {grown:,} bytes"  # frozen, they kept 1.5 MB
