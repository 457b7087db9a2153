"""The set-up's new parts in headless chromium (issue 24): a Spanish deck's shared screen
and two phones at 390 px, each its own browser context. A phone writes a blue card in both
forms of its descriptive; the screen shows the toggles and counts in Spanish, approves the
card and downloads the TTS save the server gives; a deck too small for anyone says what it
needs. Screenshots go to $PARTY_SCREENSHOTS when it is set (docs/party.md's pictures)."""

from __future__ import annotations

import hashlib
import io
import os
import zipfile
from pathlib import Path

import pytest
import yaml

from helpers.party_harness import Running, Tab
from helpers.party_setup import (
    KARAOKE_ES,
    browser,
    fetched_digest,
    joined_phones,
    setup_room,
    spanish_deck,
    starter_room,
)

pipe = pytest.fixture(scope="module", name="pipe")(browser)


def _shots(tmp_path: Path) -> Path:
    return Path(os.environ.get("PARTY_SCREENSHOTS") or tmp_path)


def test_a_spanish_set_up_on_the_screen_and_two_phones(pipe, tmp_path):
    deck = spanish_deck(tmp_path)
    server = Running(setup_room(deck, deck))
    try:
        screen = Tab(pipe, 1280, 900, mobile=False)
        screen.open(server.room.screen_url)
        screen.wait_until("document.querySelector('[data-toggle=\"no-red\"] span') !== null")
        assert screen.evaluate("document.querySelector('[data-toggle=\"no-red\"] span').textContent") == \
            "Sin cartas rojas (hardcore)"
        assert "Verde " in screen.evaluate("document.getElementById('setup-count').textContent")
        phones = joined_phones(pipe, server.room.join_url, ("Ana", "Bo"))
        ana = phones[0]
        ana.wait_until("document.getElementById('blue-descriptive-feminine') !== null")
        assert ana.evaluate("[...document.querySelectorAll('#blue-fields .form-name')].map(n => n.textContent)") == \
            ["como lo dice un hombre, o la única forma", "como lo dice una mujer, si cambia"]
        assert ana.evaluate("[...document.querySelectorAll('#blue-level option')].map(o => o.textContent)") == \
            ["—", "Verde", "Amarillo", "Rojo"]
        for field in ("question", "badges", "turds", "thermometer"):
            ana.evaluate(f"document.getElementById('blue-{field}').value = {str(KARAOKE_ES[field])!r}")
        ana.evaluate("document.getElementById('blue-level').value = 'yellow'")
        ana.evaluate(f"document.getElementById('blue-descriptive').value = "
                     f"{KARAOKE_ES['descriptive']['masculine']!r}")
        ana.type_text("#blue-descriptive-feminine", KARAOKE_ES["descriptive"]["feminine"])  # typed: a preview
        ana.wait_until("document.querySelector('#blue-preview img') !== null && "
                       "document.querySelector('#blue-preview img').complete", timeout=60)
        ana.screenshot(_shots(tmp_path) / "party-phone-blue-forms.png", full=True)
        assert ana.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
        ana.click("#blue-send")
        ana.wait_until("document.querySelectorAll('#blue-mine li').length === 1")
        screen.click('[data-blue="party-blue-1"] button.approve')
        screen.wait_until("document.querySelector('[data-blue=\"party-blue-1\"]').className === 'approved'")
        written = yaml.safe_load((deck / "party-customs.yaml").read_text(encoding="utf-8"))["cards"][0]
        assert written["descriptive"] == KARAOKE_ES["descriptive"]
        # The TTS save: the link the screen shows gives the bytes the server gives.
        screen.wait_until(f"document.body.dataset.version === '{server.room.table.version}'")
        href = screen.evaluate("document.getElementById('download-tts').getAttribute('href')")
        assert href.startswith(f"/s/{server.room.screen_key}/download/tts")
        assert screen.evaluate("document.getElementById('download-tts').textContent") == \
            "Partida para Tabletop Simulator (ZIP)"
        digest = fetched_digest(screen, href)
        _status, _headers, data = server.request("GET", href)
        assert hashlib.sha256(data).hexdigest() == digest
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            assert any(n.startswith("Saves/Saved Objects/") and n.endswith(".json") for n in archive.namelist())
        screen.screenshot(_shots(tmp_path) / "party-setup-screen-es.png", full=True)
    finally:
        server.stop()


def test_a_deck_too_small_for_anyone_says_what_it_needs_on_the_screen(pipe, tmp_path):
    room, _deck = starter_room(tmp_path)
    server = Running(room)
    try:
        screen = Tab(pipe, 390, 844, mobile=True)  # the shared screen on a phone: the host's own
        screen.open(server.room.screen_url)
        screen.wait_until("document.getElementById('setup-playable').textContent !== ''")
        assert screen.evaluate("document.getElementById('setup-playable').textContent") == \
            "too small for any number of players; for 5 you need 23 more cards"
        server.post(f"/r/{room.code}/join", {"name": "Ana"})
        screen.wait_until("!document.getElementById('start').disabled")
        screen.click("#start")
        screen.wait_until("document.getElementById('state').textContent.includes('23 more cards')")
        screen.screenshot(_shots(tmp_path) / "party-setup-too-small.png", full=True)
        assert not room.table.started
    finally:
        server.stop()
