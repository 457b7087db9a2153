"""The party's set-up screen (issue 24): the host tailors the deck before Start, as `build`
tailors it, downloads the printouts the command line writes, and saves the set-up as a
profile the command line reads; nothing the page sends names a file outside the set-up's
folder. Raw HTTP to 127.0.0.1 and, for the screen itself, headless chromium."""

from __future__ import annotations

import io
import json
import shutil
import time
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers.party_harness import Running, Tab
from helpers.party_setup import browser, fetched_digest, joined_phones, setup_room
from pugdeck.building.pipeline import build
from pugdeck.cli import main
from pugdeck.games.narration import Words
from pugdeck.games.registry import bundled_decks, game
from pugdeck.party.app import MAX_BODY
from pugdeck.party.blue import BlueCards
from pugdeck.party.documents import PAGE_WORDS, screen_state
from pugdeck.party.setup import Setup, playability
from pugdeck.party.table import Refused

pipe = pytest.fixture(scope="module", name="pipe")(browser)


@pytest.fixture
def deck(tmp_path) -> Path:
    return shutil.copytree(bundled_decks()["pug-you"], tmp_path / "deck")


@pytest.fixture
def served(deck):
    servers = []

    def start() -> Running:
        servers.append(Running(setup_room(deck, deck)))
        return servers[-1]
    yield start
    for server in servers:
        server.stop()


def test_toggles_rebuild_the_deck_as_build_does_and_start_plays_it(served, deck):
    server = served()
    key = server.room.screen_key
    status, answer = server.post(f"/s/{key}/setup", {"values": {"no-red": True, "strangers": True}})
    assert status == 200
    expected = build(deck, {"no_red": True, "strangers": True})
    setup = answer["setup"]
    assert setup["summary"] == expected.summary and "red" not in setup["counts"]
    assert setup["total"] == sum(c.get("copies", 1) for c in expected.doc["cards"])
    assert {t["key"]: t["value"] for t in setup["toggles"]}["no-red"] is True
    assert setup["playability"]["text"].startswith("playable for ")
    # A value the parameter does not take, or a setting the page does not offer, is refused.
    for values in ({"no-red": "yes"}, {"max-thermometer": 9}, {"customs": ["../../etc/passwd"]},
                   {"exclude-tag": ["../x"]}, {"players": 5}):
        status, answer = server.post(f"/s/{key}/setup", {"values": values})
        assert status == 400, values
    # An unknown tag does not build: the screen says why, with build's own message, and
    # Start is refused until it is fixed.
    status, answer = server.post(f"/s/{key}/setup", {"values": {"exclude-tag": ["no-such-tag"]}})
    assert status == 200 and "no card has the tag 'no-such-tag'" in answer["setup"]["problems"][0]
    server.post("/r/" + server.room.code + "/join", {"name": "Ana"})
    status, answer = server.post(f"/s/{key}/start", {})
    assert status == 409 and "does not build" in answer["error"]["message"]
    server.post(f"/s/{key}/setup", {"values": {"exclude-tag": []}})
    status, answer = server.post(f"/s/{key}/start", {})
    assert status == 200 and answer["started"] and answer["setup"] is None
    assert server.room.table.doc == expected.doc  # the game deals the deck as set up
    status, answer = server.post(f"/s/{key}/setup", {"values": {"no-red": False}})
    assert status == 409


def test_playability_in_words_for_the_people_joined():
    words = Words(PAGE_WORDS, "en")
    doc = {"checked": {"players": [{"players": n, "playable": n <= 8, "cards": 100, "needed": 100 + 6 * (n - 8)}
                                   for n in range(3, 11)]}}
    assert playability(doc, 5, words)["text"] == "playable for 3–8"
    assert playability(doc, 10, words)["text"] == "playable for 3–8; for 10 you need 12 more cards"
    assert playability(doc, 9, words)["text"] == "playable for 3–8; for 9 you need 6 more cards"
    assert "not 12" in playability(doc, 12, words)["text"]
    spanish = Words(PAGE_WORDS, "es")
    assert playability(doc, 10, spanish)["text"] == "se puede jugar con 3–8; para 10 te faltan 12 cartas"


def test_the_pdf_download_is_the_bytes_build_writes(served, deck, tmp_path):
    server = served()
    key = server.room.screen_key
    server.post(f"/s/{key}/setup", {"values": {"no-red": True, "strangers": True}})
    status, headers, pdf = server.request("GET", f"/s/{key}/download/pdf?paper=letter&duplex=fold")
    assert status == 200 and headers["content-type"] == "application/pdf"
    assert 'filename="pug-you-strangers-no-red-letter-fold.pdf"' in headers["content-disposition"]
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(deck), "--no-red", "--strangers", "--paper", "letter",
                                       "--duplex", "fold", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert pdf == (out / "pug-you-strangers-no-red-letter-fold.pdf").read_bytes()
    # The back offset `pugdeck calibrate` measured: the bytes of `build --back-offset`.
    status, _headers, shifted = server.request("GET", f"/s/{key}/download/pdf?paper=a4&duplex=long&x=0.5&y=-1")
    result = CliRunner().invoke(main, ["build", str(deck), "--no-red", "--strangers", "--back-offset", "0.5,-1",
                                       "--out", str(tmp_path / "shifted")])
    assert status == 200 and shifted == (tmp_path / "shifted" / "pug-you-strangers-no-red.pdf").read_bytes()
    assert shifted != server.request("GET", f"/s/{key}/download/pdf?paper=a4&duplex=long")[2]
    for query in ("paper=a3", "duplex=../x", "paper=a4%00", "x=11", "x=nan", "y=1e999", "x=abc"):
        assert server.request("GET", f"/s/{key}/download/pdf?{query}")[0] == 400
    assert server.request("GET", f"/s/{key}/download/../../deck.yaml")[0] == 404
    assert server.request("GET", f"/s/{key}x/download/pdf")[0] == 404  # the screen's key, or nothing


def test_the_print_shop_zip_holds_the_files_export_writes(served, deck, tmp_path):
    server = served()
    key = server.room.screen_key
    server.post(f"/s/{key}/setup", {"values": {"no-red": True, "strangers": True}})
    status, headers, data = server.request("GET", f"/s/{key}/download/print-shop?shop=mpc")
    assert status == 200 and headers["content-type"] == "application/zip"
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["export", "print-shop", str(deck), "--no-red", "--strangers",
                                       "--shop", "mpc", "--out", str(out)])
    assert result.exit_code == 0, result.output
    folder = next(p for p in out.rglob("manifest.csv")).parent
    written = {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        zipped = {name: archive.read(name) for name in archive.namelist()}
    assert zipped == written and "manifest.csv" in zipped
    assert server.request("GET", f"/s/{key}/download/print-shop?shop=../../x")[0] == 400


def test_the_saved_profile_rebuilds_the_same_deck(served, deck):
    server = served()
    key = server.room.screen_key
    server.post(f"/s/{key}/setup", {"values": {"no-red": True, "strangers": True, "max-thermometer": 2}})
    status, answer = server.post(f"/s/{key}/profile", {"name": "friday-group"})
    assert status == 200 and answer["saved"] == "friday-group.yaml"
    profile = deck / "friday-group.yaml"
    rebuilt = build(deck, profile=profile)
    on_page = server.room.setup.built
    assert rebuilt.doc["cards"] == on_page.doc["cards"] and rebuilt.doc["filters"] == on_page.doc["filters"]
    result = CliRunner().invoke(main, ["build", str(deck), "--profile", str(profile), "--no-pdf",
                                       "--out", str(deck.parent / "out")])
    assert result.exit_code == 0 and on_page.name in result.output
    # Saving again overwrites the page's own file, never one it did not write.
    assert server.post(f"/s/{key}/profile", {"name": "friday-group"})[0] == 200
    status, answer = server.post(f"/s/{key}/profile", {"name": "deck"})
    assert status == 400 and "exists" in answer["error"]["message"]


@pytest.mark.parametrize("name", ["../outside", "/tmp/outside", "a/b", "a\u0000b", "x" * 65, "", "Deck",
                                  "..", ".hidden", 7, None, ["a"]])
def test_a_profile_name_never_reaches_a_path_outside_the_folder(served, deck, name):
    server = served()
    before = sorted(p.name for p in deck.parent.iterdir()), sorted(p.name for p in deck.iterdir())
    status, answer = server.post(f"/s/{server.room.screen_key}/profile", {"name": name})
    assert status == 400 and answer["error"]["code"] in ("bad_name", "exists")
    assert (sorted(p.name for p in deck.parent.iterdir()), sorted(p.name for p in deck.iterdir())) == before


def test_huge_or_malformed_set_up_bodies_are_refused(served):
    server = served()
    key = server.room.screen_key
    huge = json.dumps({"values": {"exclude-tag": ["a" * 60] * 40}}).encode()
    assert len(huge) > MAX_BODY
    status, _h, body = server.request("POST", f"/s/{key}/setup", huge, {"Content-Type": "application/json"})
    assert status == 413
    for body in (b"[]", b'{"values": []}', b'{"values": {}}', b"\x00"):
        assert server.request("POST", f"/s/{key}/setup", body, {"Content-Type": "application/json"})[0] == 400
    status, _h, _body = server.request("POST", f"/r/{server.room.code}/setup", b'{"values": {"no-red": true}}',
                                       {"Content-Type": "application/json"})
    assert status == 404 and server.room.setup.values == {}  # a phone's room code does not reach the set-up


def test_a_spanish_deck_s_set_up_is_in_spanish(deck, tmp_path):
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(text.replace("language: en", "language: es"), encoding="utf-8")
    server = Running(setup_room(deck, deck))
    try:
        status, answer = server.post(f"/s/{server.room.screen_key}/setup", {"values": {"no-red": True}})
        assert status == 200 and answer["words"]["language"] == "es"
        assert answer["setup"]["playability"]["text"].startswith("se puede jugar con ")
        assert answer["words"]["texts"]["setup_title"] == "Prepara la baraja"
    finally:
        server.stop()


def test_the_host_tailors_the_deck_on_the_shared_screen(pipe, served, tmp_path):
    server = served()
    screen = Tab(pipe, 1280, 900, mobile=False)
    screen.open(server.room.screen_url)
    screen.wait_until("document.querySelector('[data-toggle=\"no-red\"] input') !== null")
    before = screen.evaluate("document.getElementById('setup-count').textContent")
    assert "Red 34" in before  # the level's name as the deck prints it
    assert screen.evaluate("document.querySelector('[data-toggle=\"no-red\"] span').textContent") == \
        "No red (hardcore) cards"
    screen.click('[data-toggle="no-red"] input')
    screen.wait_until("!document.getElementById('setup-count').textContent.includes('Red')")
    screen.click('[data-toggle="strangers"] input')
    deadline = time.monotonic() + 20
    while server.room.setup.values != {"no_red": True, "strangers": True}:
        assert time.monotonic() < deadline, server.room.setup.values
        time.sleep(0.05)
    screen.wait_until(f"document.body.dataset.version === '{server.room.table.version}'")
    shown = screen.evaluate("document.getElementById('setup-playable').textContent")
    assert shown == screen_state(server.room)["setup"]["playability"]["text"]
    href = screen.evaluate("document.getElementById('download-pdf').getAttribute('href')")
    assert href.startswith(f"/s/{server.room.screen_key}/download/pdf?paper=a4&duplex=long")
    screen.evaluate("document.getElementById('profile-name').value = 'tuesday'")
    screen.click("#save-profile")
    screen.wait_until("document.getElementById('profile-saved').textContent.includes('tuesday.yaml')")
    screen.screenshot(tmp_path / "setup.png", full=True)


KARAOKE = {"question": "Who would sing karaoke at a funeral?", "level": "yellow", "badges": 2,
           "descriptive": "the karaoke menace", "turds": 2, "thermometer": 2}


def test_blue_cards_are_checked_as_build_checks_them_and_kept_for_the_host(served, deck):
    server = served()
    code, key = server.room.code, server.room.screen_key
    _status, ana = server.post(f"/r/{code}/join", {"name": "Ana"})
    status, answer = server.post(f"/r/{code}/blue", {"card": {**KARAOKE, "badges": None}}, ana["token"])
    assert status == 200 and not answer["accepted"]
    assert {"field": "badges", "message": "a written custom card needs badges"} in answer["problems"]
    status, answer = server.post(f"/r/{code}/blue", {"card": {**KARAOKE, "question": "Who owns a \u2603?"}},
                                 ana["token"])
    assert [p["field"] for p in answer["problems"]] == ["question"] and "U+2603" in answer["problems"][0]["message"]
    status, answer = server.post(f"/r/{code}/blue", {"card": KARAOKE}, ana["token"])
    assert status == 200 and answer["accepted"] and answer["id"] == "party-blue-1"
    # Kept by the server, not the phone: Ana's phone is gone, the host still sees the card.
    status, screen = server.post(f"/s/{key}/blue", {"id": "party-blue-1", "approve": True})
    assert status == 200 and screen["blue"]["cards"][0]["approved"] and screen["blue"]["cards"][0]["by"] == "Ana"
    customs = deck / "party-customs.yaml"
    expected = build(deck, {"customs": (str(customs),)})
    assert server.room.setup.built.doc["cards"] == expected.doc["cards"]
    assert "customs 1" in screen["setup"]["summary"]
    # Removing it takes it out of the file and the deck.
    server.post(f"/s/{key}/blue", {"id": "party-blue-1", "approve": False})
    assert "party-blue-1" not in customs.read_text() and "customs" not in server.room.setup.values


@pytest.mark.parametrize("card", [{"id": "../../etc/passwd"}, {"kind": "pug"}, {"question": 7},
                                  {"question": "x" * 401}, {"badges": "2"}, {"art": "/etc/passwd"},
                                  "not a card", None])
def test_a_phone_cannot_name_a_file_or_set_a_field_the_form_does_not_have(served, deck, card):
    server = served()
    _status, ana = server.post(f"/r/{server.room.code}/join", {"name": "Ana"})
    before = sorted(p.name for p in deck.parent.iterdir()), sorted(p.name for p in deck.iterdir())
    status, answer = server.post(f"/r/{server.room.code}/blue", {"card": card}, ana["token"])
    assert status == 400 and answer["error"]["code"] == "bad_card"
    assert (sorted(p.name for p in deck.parent.iterdir()), sorted(p.name for p in deck.iterdir())) == before
    status, answer = server.post(f"/r/{server.room.code}/blue", {"card": KARAOKE}, "not-a-token")
    assert status in (401, 403) and not server.room.blue.cards


def test_a_party_never_overwrites_a_customs_file_it_did_not_write(deck):
    (deck / "party-customs.yaml").write_text("cards: []\n", encoding="utf-8")
    room = setup_room(deck, deck)
    assert room.blue.path.name == "party-customs-2.yaml"


BLUE_CARDS = [  # (phone, card); the second is refused (no badges) until Bo adds them
    (0, KARAOKE),
    (1, {**KARAOKE, "question": "Who would adopt a goat on a whim?", "badges": None,
         "descriptive": "the goat person"}),
    (1, {**KARAOKE, "question": "Who would cry at a car advert?", "level": "green",
         "descriptive": "the soft heart", "thermometer": 1}),
    (2, {**KARAOKE, "question": "Who would start a band with strangers?", "descriptive": "the rock star"}),
    (2, {**KARAOKE, "question": "Who would win a pie-eating contest?", "level": "green",
         "descriptive": "the pie champion", "turds": 1}),
]


def fill_blue_form(phone: Tab, card: dict, send: bool = True) -> None:
    for field, value in card.items():
        selector = f"#blue-{field}"
        phone.wait_until(f"document.querySelector({json.dumps(selector)}) !== null")
        phone.evaluate(f"document.querySelector({json.dumps(selector)}).value = "
                       f"{json.dumps('' if value is None else str(value))}")
    if send:
        phone.click("#blue-send")


def test_three_phones_write_five_blue_cards_and_the_host_prints_the_deck_the_cli_builds(pipe, served, deck,
                                                                                       tmp_path):
    import hashlib  # noqa: PLC0415

    server = served()
    screen = Tab(pipe, 1280, 900, mobile=False)
    screen.open(server.room.screen_url)
    phones = joined_phones(pipe, server.room.join_url, ("Ana", "Bo", "Chidi"))
    # While Ana types, her phone shows the card as it will print.
    fill_blue_form(phones[0], KARAOKE, send=False)
    phones[0].type_text("#blue-descriptive", " ")  # real typing: the form hears its input (trimmed)
    phones[0].wait_until("document.querySelector('#blue-preview img') !== null")
    phones[0].wait_until("document.querySelector('#blue-preview img').complete && "
                         "document.querySelector('#blue-preview img').naturalWidth > 300")
    phones[0].screenshot(tmp_path / "phone-preview.png", full=True)
    for index, (seat, card) in enumerate(BLUE_CARDS):
        phone = phones[seat]
        fill_blue_form(phone, card)
        if card.get("badges") is None:  # refused, the build's message at the field
            message = phone.wait_until("document.querySelector('[data-problem=\"badges\"]').textContent")
            assert message == "a written custom card needs badges"
            assert phone.evaluate("document.getElementById('blue-badges').getAttribute('aria-invalid')") == "true"
            assert phone.evaluate("document.getElementById('blue-question').value") == card["question"]
            if index == 1:
                phone.screenshot(tmp_path / "phone-refused.png", full=True)
            fill_blue_form(phone, {"badges": 1})
        phone.wait_until(f"document.querySelectorAll('#blue-mine li').length === "
                         f"{sum(1 for s, _c in BLUE_CARDS[:index + 1] if s == seat)}")
    assert len(server.room.blue.cards) == 5
    phones[2].call("Page.navigate", {"url": "about:blank"})  # a phone goes away: its cards stay
    for card in list(server.room.blue.cards):
        screen.click(f'[data-blue="{card.id}"] button.approve')
        screen.wait_until(f"document.querySelector('[data-blue=\"{card.id}\"]').className === 'approved'")
    screen.click('[data-toggle="no-red"] input')
    screen.wait_until("document.querySelector('[data-toggle=\"no-red\"] input').checked")
    # the rebuilt deck redraws the toggles: a click aimed before that lands on the old layout
    deadline = time.monotonic() + 30
    while "no_red" not in server.room.setup.values:
        assert time.monotonic() < deadline, server.room.setup.values
        time.sleep(0.05)
    screen.wait_until(f"document.body.dataset.version === '{server.room.table.version}'")
    screen.click('[data-toggle="strangers"] input')
    deadline = time.monotonic() + 30
    while set(server.room.setup.values) != {"no_red", "strangers", "customs"}:
        assert time.monotonic() < deadline, server.room.setup.values
        time.sleep(0.05)
    screen.wait_until(f"document.body.dataset.version === '{server.room.table.version}'")
    screen.screenshot(tmp_path / "screen-setup.png", full=True)
    customs = deck / "party-customs.yaml"
    assert customs.read_text(encoding="utf-8").count("id: party-blue-") == 5

    pdf_href = screen.evaluate("document.getElementById('download-pdf').getAttribute('href')")
    zip_href = screen.evaluate("document.getElementById('download-zip').getAttribute('href')")
    pdf_digest, zip_digest = fetched_digest(screen, pdf_href), fetched_digest(screen, zip_href)

    out = tmp_path / "cli"
    result = CliRunner().invoke(main, ["build", str(deck), "--no-red", "--strangers", "--customs", str(customs),
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    pdf = next(out.glob("*.pdf"))
    assert hashlib.sha256(pdf.read_bytes()).hexdigest() == pdf_digest
    result = CliRunner().invoke(main, ["export", "print-shop", str(deck), "--no-red", "--strangers",
                                       "--customs", str(customs), "--shop", "mpc", "--out", str(out)])
    assert result.exit_code == 0, result.output
    folder = next(out.rglob("manifest.csv")).parent
    assert "party-blue-5" in (folder / "manifest.csv").read_text(encoding="utf-8")
    _status, _headers, zipped = server.request("GET", zip_href)
    assert hashlib.sha256(zipped).hexdigest() == zip_digest
    with zipfile.ZipFile(io.BytesIO(zipped)) as archive:
        assert {n: archive.read(n) for n in archive.namelist()} == \
            {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}

    screen.evaluate("document.getElementById('profile-name').value = 'our-party'")
    screen.click("#save-profile")
    screen.wait_until("document.getElementById('profile-saved').textContent.includes('our-party.yaml')")
    rebuilt = build(deck, profile=deck / "our-party.yaml")
    assert rebuilt.doc["cards"] == server.room.setup.built.doc["cards"]


def test_blue_cards_join_the_customs_the_command_line_gave(deck, tmp_path):
    spec = game("pug-you")
    theirs = tmp_path / "theirs.yaml"
    theirs.write_text("cards:\n  - {id: their-card, kind: custom, level: green, question: 'Who hums?', badges: 1,"
                      " descriptive: the hummer, turds: 1, thermometer: 1}\n", encoding="utf-8")
    setup = Setup(deck, spec, {"customs": (str(theirs),)}, deck)
    blue = BlueCards(setup, spec.party_view().BLUE_CARDS)
    assert blue.write("Ana", KARAOKE)["accepted"]
    blue.decide({"id": "party-blue-1", "approve": True})
    ids = {c["id"].split("#")[0] for c in setup.built.doc["cards"]}
    assert {"their-card", "party-blue-1"} <= ids
    # The profile cannot name a file outside its folder: saying so, not writing a broken profile.
    with pytest.raises(Refused, match="inside its own folder"):
        setup.save_profile({"name": "with-theirs"})
    assert not (deck / "with-theirs.yaml").exists()


def test_a_blue_card_comes_back_as_it_will_print_and_a_flood_is_slowed(served):
    server = served()
    _status, ana = server.post(f"/r/{server.room.code}/join", {"name": "Ana"})
    status, answer = server.post(f"/r/{server.room.code}/blue", {"card": KARAOKE}, ana["token"])
    assert status == 200 and answer["src"].startswith("/cards/")
    status, headers, png = server.request("GET", answer["src"])
    assert status == 200 and headers["content-type"] == "image/png" and png.startswith(b"\x89PNG")
    statuses = [server.post(f"/r/{server.room.code}/blue", {"card": {**KARAOKE, "turds": 1}}, ana["token"])[0]
                for _ in range(6)]
    assert statuses[:4] == [200] * 4 and statuses[-1] == 429


def test_a_card_being_typed_is_previewed_as_it_will_print_and_not_kept(served):
    server = served()
    _status, ana = server.post(f"/r/{server.room.code}/join", {"name": "Ana"})
    status, answer = server.post(f"/r/{server.room.code}/blue", {"card": KARAOKE, "preview": True}, ana["token"])
    assert status == 200 and answer["preview"] and answer["src"].startswith("/cards/")
    assert server.request("GET", answer["src"])[2].startswith(b"\x89PNG")
    assert server.room.blue.cards == []  # a preview is not a card
    status, answer = server.post(f"/r/{server.room.code}/blue", {"card": {**KARAOKE, "badges": None},
                                                                "preview": True}, ana["token"])
    assert answer["problems"][0]["field"] == "badges" and "src" not in answer
