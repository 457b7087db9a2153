"""The live page shows the whole deck: each kind of back after the fronts (editing `back:`
redraws it), and a card broken by a save is marked in place, with its problem, keeping its
last good picture greyed."""

from __future__ import annotations

import shutil

import pytest

from helpers.devtools_browser import headless_chromium
from helpers.live_server import save_like_an_editor
from pugdeck.live.documents import page_state
from pugdeck.live.session import LiveSession
from pugdeck.resources import bundled_deck


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    yield from headless_chromium(tmp_path_factory, "the live page's browser tests")


def _backs(state: dict) -> list[dict]:
    return [card for card in state["cards"] if card["kind"] == "back"]


def test_each_kind_of_back_is_on_the_page_after_the_fronts(tmp_path):
    deck = shutil.copytree(bundled_deck("pixelpug"), tmp_path / "pixelpug")
    session = LiveSession(deck, {})
    session.rebuild()
    state = page_state(session)
    backs = _backs(state)
    assert [card["id"] for card in backs] == ["back-main", "back-treats"]  # the Treat back too
    assert state["cards"][-2:] == backs
    assert all(session.view.images[card["key"]].startswith(b"\x89PNG") for card in backs)


def test_editing_back_redraws_the_back(small_deck):
    session = LiveSession(small_deck, {})
    session.rebuild()
    (before,) = _backs(page_state(session))
    picture = session.view.images[before["key"]]
    deck_yaml = small_deck / "deck.yaml"
    deck_yaml.write_text(deck_yaml.read_text(encoding="utf-8").replace(
        "  game: pug-you\n", "  game: pug-you\n  back: {title: Our own back}\n", 1), encoding="utf-8")
    session.rebuild()
    (after,) = _backs(page_state(session))
    assert after["key"] != before["key"]
    assert session.view.images[after["key"]] != picture


def test_a_broken_card_is_marked_in_place_with_its_problem(small_deck):
    session = LiveSession(small_deck, {})
    session.rebuild()
    good = page_state(session)
    assert good["marks"] == {}
    path = small_deck / "cards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("turds: 1", "turds: lots", 1), encoding="utf-8")
    session.rebuild()
    broken = page_state(session)
    assert broken["cards"] == good["cards"]  # the last good pictures stay
    card_0 = next(card["key"] for card in good["cards"] if card["id"] == "card-0#1")
    (mark,) = broken["marks"][card_0]
    assert mark["stale"] is True and mark["severity"] == "error"
    assert mark["text"].endswith("card 'card-0': 'turds' must be a whole number, not text \"lots\"")


def test_the_page_draws_the_backs_and_the_marks(browser, serve, small_deck, tmp_path):
    server = serve(small_deck)
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    browser.open(server.url + "/")
    browser.wait_until("document.body.dataset.version === '1'")
    browser.wait_until("Array.from(document.querySelectorAll('#cards img')).every(i => i.complete && i.naturalWidth > 0)")
    assert browser.evaluate("document.querySelectorAll('#cards figure.back').length") == 1
    assert browser.evaluate("document.querySelector('#cards figure.back figcaption').textContent") == "back card back"
    path = small_deck / "cards.yaml"
    save_like_an_editor(path, path.read_text(encoding="utf-8").replace("turds: 1", "turds: lots", 1))
    browser.wait_until("document.body.dataset.ok === 'false'")
    marked = browser.evaluate("Array.from(document.querySelectorAll('figure.broken.stale')).map(f => f.dataset.id)")
    assert marked == ["card-0#1"]
    notes = browser.evaluate("Array.from(document.querySelectorAll('figure.broken .marks li')).map(li => li.textContent)")
    assert notes[0] == "not rebuilt: this is its last good picture"
    assert "'turds' must be a whole number" in notes[1]
    browser.evaluate("document.querySelector('figure.broken').scrollIntoView({block: 'center'})")
    browser.screenshot(tmp_path / "marked.png")
    save_like_an_editor(path, path.read_text(encoding="utf-8").replace("turds: lots", "turds: 1", 1))
    browser.wait_until("document.body.dataset.ok === 'true'")
    assert browser.evaluate("document.querySelectorAll('figure.broken, figure .marks').length") == 0
    assert browser.errors() == []


def test_a_spanish_deck_reads_its_summary_and_problems_in_spanish(browser, serve, tmp_path):
    from pugdeck.building.starter import start_deck  # noqa: PLC0415
    from pugdeck.games.registry import game  # noqa: PLC0415

    folder = tmp_path / "mazo"
    start_deck(folder, game("pug-you"), "es")
    server = serve(folder, {"no_mutts": True})
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    browser.open(server.url + "/")
    browser.wait_until("document.body.dataset.version === '1'")
    summary = browser.evaluate("document.getElementById('summary').textContent")
    assert summary.startswith("mazo-no-mutts: 10 cartas (Verde 3, Amarillo 4, Rojo 2, Azules escritas 1)")
    assert "no-mutts ha quitado 1 carta" in summary
    problems = browser.evaluate("Array.from(document.querySelectorAll('#problem-list li')).map(li => li.textContent)")
    assert problems and all(text.startswith("aviso: ") for text in problems)
    browser.screenshot(tmp_path / "spanish.png")
    assert browser.errors() == []
