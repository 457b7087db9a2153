"""Whole party games in a real headless chromium: a shared screen and phones, each in a
browser context of its own, played by mouse clicks only. Along the way every card a page
shows is checked against what its seat (or, for the shared screen, every seat) may see,
a phone reloads and gets its seat back, and a tampering client is refused while the game
goes on. Skipped without a chromium (.ci/run installs Debian's).

Screenshots go to the test's folder, or to $PARTY_SCREENSHOTS when it is set (docs/party.md
shows them)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers.devtools_browser import headless_chromium
from helpers.party_harness import Running, Tab, bundled_room
from pugdeck.building.pipeline import build
from pugdeck.cli import main
from pugdeck.games.registry import game
from pugdeck.party.app import RateLimits
from pugdeck.party.room import Room
from pugdeck.party.table import PartyTable

PHONE = (390, 844)
TV = (1920, 1080)
NAMES = ["Ana", "Bo", "Chidi", "Dee", "Eli"]
MAX_ACTIONS = 400  # a Pug You! game of 5 has about 110; a bound on the loop, never reached
CHOICE = "#choices button, #choice-cards button"
# Every page here comes from 127.0.0.1: the budget of one address is the whole table's.
SHARED_ADDRESS = RateLimits(per_second=2000, burst=2000, streams=40)


@pytest.fixture(scope="module")
def pipe(tmp_path_factory):
    yield from headless_chromium(tmp_path_factory, "the party's browser tests")


@pytest.fixture
def shots(tmp_path):
    folder = os.environ.get("PARTY_SCREENSHOTS")
    return lambda name: (tmp_path if not folder else __import__("pathlib").Path(folder)) / name


def shown_cards(tab: Tab) -> set[str]:
    return set(tab.evaluate("Array.from(document.querySelectorAll('[data-card]')).map(e => e.dataset.card)"))


def settle(server: Running, tabs: list[Tab]) -> None:
    """Until every page shows the table's current version."""
    version = str(server.room.table.version)
    for tab in tabs:
        tab.wait_until(f"document.body.dataset.version === '{version}'")


def check_screen_reader_basics(tab: Tab) -> None:
    """Every card picture says its card in words; what changes is announced (aria-live);
    every control is a real button with words on it."""
    assert tab.evaluate("Array.from(document.querySelectorAll('img')).every(i => i.id === 'qr' || i.alt.length > 5)")
    assert tab.evaluate("document.querySelectorAll('[aria-live]').length") >= 2
    assert tab.evaluate("Array.from(document.querySelectorAll('button')).every(b => b.textContent.trim().length > 0)")


def check_nothing_hidden_shows(server: Running, screen: Tab, phones: list[Tab]) -> None:
    table = server.room.table
    spec, state = table.spec, table.state
    hidden = [spec.hidden_cards(state, seat) for seat in range(len(phones))]
    assert not shown_cards(screen) & set().union(*hidden), "the shared screen shows a hidden card"
    for seat, phone in enumerate(phones):
        assert not shown_cards(phone) & hidden[seat], f"seat {seat}'s phone shows a card it may not see"


def seat_everyone(server: Running, pipe, names: list[str], shots, prefix: str) -> tuple[Tab, list[Tab]]:
    screen = Tab(pipe, *TV, mobile=False)
    screen.open(server.url + "/")
    screen.wait_until("document.body.dataset.started === 'false'")
    phones = []
    for name in names:
        phone = Tab(pipe, *PHONE, mobile=True)
        phone.open(server.room.join_url)
        phone.wait_until("document.body.dataset.joined === 'false'")
        assert phone.evaluate("document.querySelector('label[for=name]').textContent") == "Your name"
        assert phone.evaluate("document.getElementById('form').hidden")  # no two-form descriptives here
        phone.type_text("#name", name)
        phone.click("#join-button")
        phone.wait_until("document.body.dataset.joined === 'true'")
        phones.append(phone)
    joined = screen.wait_until(f"document.querySelectorAll('#joined li').length === {len(names)} && "
                               "Array.from(document.querySelectorAll('#joined li')).map(li => li.textContent)")
    assert joined == names
    screen.wait_until("document.getElementById('qr').complete && document.getElementById('qr').naturalWidth > 0")
    screen.screenshot(shots(f"{prefix}-screen-lobby.png"))
    phones[0].screenshot(shots(f"{prefix}-phone-lobby.png"))
    screen.click("#start")
    screen.wait_until("document.body.dataset.started === 'true'")
    return screen, phones


def play_one(server: Running, phones: list[Tab]) -> int:
    """The seat to act clicks its first choice; the table's version after it."""
    table = server.room.table
    seat, before = table.to_act(), table.version
    phone = phones[seat]
    phone.wait_until(f"document.body.dataset.version === '{before}' && document.body.dataset.myMove === 'true'")
    phone.click(CHOICE)
    deadline = time.monotonic() + 20
    while table.version == before:
        assert time.monotonic() < deadline, ("the click changed nothing", seat, len(table.state.history()),
                                             phone.evaluate("document.getElementById('error').textContent"))
        time.sleep(0.01)
    return seat


def test_five_phones_play_a_whole_pug_you_game(pipe, tmp_path, shots):
    log = tmp_path / "party.json"
    server = Running(bundled_room("pug-you", log_path=log), SHARED_ADDRESS)
    try:
        screen, phones = seat_everyone(server, pipe, NAMES, shots, "pug-you")
        table = server.room.table
        assert table.names == NAMES and not any(seat.is_bot for seat in table.seats)
        settle(server, [screen, *phones])
        seen_phases, reloaded, tampered = set(), False, False
        for step in range(MAX_ACTIONS):
            if table.to_act() is None:
                break
            phase = table.state.observation(0)["phase"]
            if phase not in seen_phases:  # once per phase: what each page shows is checked and pictured
                seen_phases.add(phase)
                settle(server, [screen, *phones])
                check_nothing_hidden_shows(server, screen, phones)
                seat = table.to_act()
                for tab in (screen, phones[seat]):
                    check_screen_reader_basics(tab)
                assert phones[seat].evaluate(f"document.activeElement.matches({json.dumps(CHOICE)})"), \
                    "the phone whose move it is has its first choice focused (keyboard, screen reader)"
                screen.screenshot(shots(f"pug-you-screen-{phase}.png"))
                phones[seat].screenshot(shots(f"pug-you-phone-{phase}.png"), full=True)
            if step == 25 and not reloaded:
                reloaded = True
                seat = table.to_act()
                hand = table.state.observation(seat)["hand"]
                phones[seat].reload()
                phones[seat].wait_until("document.body.dataset.joined === 'true'")
                assert phones[seat].evaluate("document.getElementById('me').textContent").endswith(NAMES[seat])
                phones[seat].wait_until(f"document.body.dataset.version === '{table.version}'")
                shown = phones[seat].evaluate(
                    "Array.from(document.querySelectorAll('#hand [data-card], #choice-cards [data-card]'))"
                    ".map(e => e.dataset.card)")
                assert set(hand) <= set(shown), "after a reload the phone shows its own hand again"
            if step == 40 and not tampered:
                tampered = True
                tamper(server, phones)
            play_one(server, phones)
        assert table.state.is_terminal(), "the game did not end"
        settle(server, [screen, *phones])
        screen.wait_until("document.body.dataset.over === 'true'")
        check_nothing_hidden_shows(server, screen, phones)
        end = screen.evaluate("document.getElementById('end').textContent")
        losers = table.state.losers()
        assert losers and all(NAMES[s] in end for s in losers)
        assert "I lost" in end
        screen.screenshot(shots("pug-you-screen-end.png"))
        phones[losers[0]].screenshot(shots("pug-you-phone-end.png"), full=True)
        assert {"offer", "choose", "nominate", "vote"} <= seen_phases
    finally:
        server.stop()
    kept = json.loads(log.read_text(encoding="utf-8"))
    assert kept["actions"] == table.state.history() and kept["party"]["names"] == NAMES
    replayed = CliRunner().invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output
    lines = replayed.output.splitlines()
    assert all(f"P{seat} {name}" in lines[1] for seat, name in enumerate(NAMES)), lines[1]  # seats named
    assert [line for line in lines if " loses with " in line] == [
        line for line in lines if any(line.startswith(f"P{s} loses with ") for s in losers)] != []


def tamper(server: Running, phones: list[Tab]) -> None:
    """From the pages themselves: a forged token, acting out of turn, a replayed action id,
    an illegal action, a 1 MB message. Each is refused; the game is exactly as it was."""
    table = server.room.table
    code = server.room.code
    actions = len(table.state.history())
    seat = table.to_act()
    other = (seat + 1) % len(phones)
    legal = [dict(a) for a in table.state.legal_actions()]

    def send(tab: Tab, body: str, token_of: str) -> list:
        return tab.evaluate(
            f"fetch('/r/{code}/act', {{method: 'POST', headers: {{'Content-Type': 'application/json',"
            f" 'X-Seat-Token': {token_of}}}, body: {body}}}).then(async r => [r.status, (await r.json()).error])")

    mine = "localStorage.getItem('pugdeck-party-" + code + "')"
    forged = send(phones[other], json.dumps(json.dumps({"id": "forged-0001", "action": legal[0]})),
                  json.dumps("A" * 32))
    assert forged[0] == 403 and forged[1]["code"] == "bad_token"
    out_of_turn = send(phones[other], json.dumps(json.dumps({"id": "outofturn-01", "action": legal[0]})), mine)
    assert out_of_turn[0] == 409 and out_of_turn[1]["code"] == "not_your_move"
    illegal = send(phones[seat], json.dumps(json.dumps({"id": "illegal-0001",
                                                        "action": {"type": "vote", "nominee": 99, "card": "x"}})), mine)
    assert illegal[0] == 409 and illegal[1]["code"] == "illegal"
    huge = send(phones[seat], "JSON.stringify({id: 'huge-000001', action: legal, pad: 'x'.repeat(1 << 20)})"
                .replace("legal", json.dumps(legal[0])), mine)
    assert huge[0] == 413
    assert len(table.state.history()) == actions and table.to_act() == seat
    first = send(phones[seat], json.dumps(json.dumps({"id": "replayed-0001", "action": legal[0]})), mine)
    assert first[0] == 200
    after = len(table.state.history())
    replayed = send(phones[seat], json.dumps(json.dumps({"id": "replayed-0001", "action": legal[0]})), mine)
    assert replayed[0] == 409 and replayed[1]["code"] == "done_already"
    assert len(table.state.history()) == after


def test_three_phones_play_a_whole_pixelpug_game(pipe, tmp_path, shots):
    log = tmp_path / "pixelpug.json"
    server = Running(bundled_room("pixelpug", log_path=log), SHARED_ADDRESS)
    try:
        screen, phones = seat_everyone(server, pipe, NAMES[:3], shots, "pixelpug")
        table = server.room.table
        pictured = set()
        for _step in range(MAX_ACTIONS):
            if table.to_act() is None:
                break
            kind = table.state.legal_actions()[0]["type"]
            if kind not in pictured:
                pictured.add(kind)
                settle(server, [screen, *phones])
                check_nothing_hidden_shows(server, screen, phones)
                screen.screenshot(shots(f"pixelpug-screen-{kind}.png"))
                phones[table.to_act()].screenshot(shots(f"pixelpug-phone-{kind}.png"), full=True)
            play_one(server, phones)
        assert table.state.is_terminal(), "the match did not end"
        settle(server, [screen, *phones])
        champion = table.state.champion()
        assert NAMES[champion] in screen.evaluate("document.getElementById('end').textContent")
        screen.screenshot(shots("pixelpug-screen-end.png"))
    finally:
        server.stop()
    replayed = CliRunner().invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output


def test_a_phone_picks_its_form_on_a_deck_with_two_form_descriptives(pipe, shots):
    """The join form asks for the form only on a deck that has two-form descriptives
    (docs/examples/verbena, Spanish), in the deck's language, and the seat gets it."""
    verbena = build(Path(__file__).resolve().parents[2] / "docs" / "examples" / "verbena").doc
    server = Running(Room(PartyTable(game(verbena["game"]), verbena)), limits=SHARED_ADDRESS)
    try:
        phone = Tab(pipe, *PHONE, mobile=True)
        phone.open(server.room.join_url)
        phone.wait_until("document.body.dataset.joined === 'false' && !document.getElementById('form').hidden")
        options = phone.evaluate("Array.from(document.querySelectorAll('#form option')).map(o => o.textContent)")
        assert options == ["cualquiera (las dos formas de la carta)", "masculino", "femenino"]
        assert phone.evaluate("document.getElementById('form-label').textContent") == "Forma de tus descriptivos"
        phone.type_text("#name", "Ana")
        phone.evaluate("document.getElementById('form').value = 'feminine'")
        phone.screenshot(shots("forms-phone-join.png"))
        phone.click("#join-button")
        phone.wait_until("document.body.dataset.joined === 'true'")
        assert [(s.name, s.form) for s in server.room.table.seats] == [("Ana", "feminine")]
    finally:
        server.stop()
