"""What the live loop watches: the files a good build read, and after a failed one, any."""

from __future__ import annotations

import io
import time
from pathlib import Path

from PIL import Image

from helpers.live_server import save_like_an_editor
from pugdeck.building.pipeline import build
from pugdeck.live.watch_list import concerns, read_files, watched_folders
from pugdeck.resources import data_dir


def png(color: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), color).save(out, "PNG")
    return out.getvalue()


HEADER = "deck:\n  id: test-deck\n  name: Test deck\n  game: pug-you\n  template: ours\ninclude: [cards.yaml]\n"


def test_a_build_reads_its_yaml_its_art_the_given_files_and_the_templates(write_deck, valid_card, cards_file,
                                                                           tmp_path):
    card = {**valid_card, "art": "art/cake.png"}
    deck = write_deck(files={"cards.yaml": cards_file(card), "art/cake.png": png("red"), "notes.txt": "later"})
    profile = tmp_path / "group.yaml"
    profile.write_text("no-red: true\n", encoding="utf-8")
    built = build(deck, profile=profile)
    read = read_files(built, [profile])
    folder = deck.resolve()
    for name in ("deck.yaml", "cards.yaml", "art/cake.png"):
        assert folder / name in read, name
    assert profile.resolve() in read
    assert data_dir("templates").resolve() / "pug-you.yaml" in read
    assert folder / "notes.txt" not in read
    assert concerns([deck / "art" / "cake.png"], read) and not concerns([deck / "notes.txt"], read)
    assert concerns([deck / "notes.txt"], None)  # after a failed build, any change counts
    assert watched_folders(deck, [profile], built) == sorted({tmp_path.resolve(), data_dir("templates").resolve()})


def test_a_template_of_the_decks_own_is_read_with_every_file_beside_it(write_deck, valid_card, cards_file):
    deck = write_deck(deck_yaml=HEADER, files={"cards.yaml": cards_file(valid_card),
                                               "templates/ours.yaml": "extends: base.yaml\n",
                                               "templates/base.yaml": "extends: pug-you\n"})
    read = read_files(build(deck), [])
    assert {deck.resolve() / "templates" / "ours.yaml", deck.resolve() / "templates" / "base.yaml"} <= read


def test_saving_the_art_draws_its_card_again(serve, write_deck, valid_card, cards_file):
    other = {**valid_card, "id": "plain", "question": "Who has no picture?"}
    deck = write_deck(files={"cards.yaml": cards_file({**valid_card, "art": "art/cake.png"}, other),
                             "art/cake.png": png("red")})
    server = serve(deck)
    (deck / "art" / "cake.png").write_bytes(png("blue"))
    server.wait_for_version(1)
    assert server.session.timings.drawn == 1  # the card with the art, not the other one


def test_saving_the_decks_template_redraws_every_card(serve, write_deck, valid_card, cards_file):
    deck = write_deck(deck_yaml=HEADER, files={"cards.yaml": cards_file(valid_card),
                                               "templates/ours.yaml": "extends: pug-you\n"})
    server = serve(deck)
    keys = [card["key"] for card in server.json("/view.json")["cards"]]
    save_like_an_editor(deck / "templates" / "ours.yaml", 'extends: pug-you\ncolors: {green: "#FF00FF"}\n')
    server.wait_for_version(1)
    new = [card["key"] for card in server.json("/view.json")["cards"]]
    assert server.session.ok and set(keys).isdisjoint(new)  # read afresh: not the cached template


def test_after_a_failed_build_a_file_it_could_not_read_yet_fixes_it(serve, write_deck, valid_card, cards_file):
    deck = write_deck(deck_yaml=("deck:\n  id: test-deck\n  name: Test deck\n  game: pug-you\n"
                                 "include: [cards.yaml, more.yaml]\n"),
                      files={"cards.yaml": cards_file(valid_card)})
    server = serve(deck)
    assert server.json("/status.json")["ok"] is False
    time.sleep(0.1)
    (deck / "more.yaml").write_text(cards_file({**valid_card, "id": "more"}), encoding="utf-8")
    state = server.wait_for_version(1)
    deadline = time.monotonic() + 10
    while not state["ok"] and time.monotonic() < deadline:  # the creation, then the write
        time.sleep(0.05)
        state = server.json("/status.json")
    assert state["ok"] is True and state["cards"] == 2
    assert Path(deck / "more.yaml").is_file()
