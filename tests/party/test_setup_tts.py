"""The set-up's Tabletop Simulator download (issue 24): a ZIP to unpack into TTS's own
folder, whose saved object is the one `pugdeck export tts --base-url` writes, whose images
lie where TTS keeps the images it downloaded, and whose image URLs the party serves from
memory under a token; nothing a request sends reaches the disk."""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner

from helpers.party_harness import Running
from helpers.party_setup import setup_room
from pugdeck.cli import main
from pugdeck.export.tts_places import cached_image_name, hosted_url
from pugdeck.games.registry import bundled_decks


@pytest.fixture
def deck(tmp_path) -> Path:
    return shutil.copytree(bundled_decks()["pug-you"], tmp_path / "home" / "deck")  # home: all a request may touch


def _listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_cached_image_names_are_the_ones_tts_gives_a_downloaded_image():
    # eigengrau/tts-backup's recodeURL: every character but letters and digits goes.
    assert cached_image_name("http://192.168.1.20:8000/tts/a_b-c/pug-you-faces-1.jpg") == \
        "http1921681208000ttsabcpugyoufaces1jpg.jpg"
    assert cached_image_name("https://example.org/x.png?raw=1").endswith("pngraw1.png")


def test_the_tts_zip_is_the_save_export_tts_writes_with_its_images_where_tts_keeps_them(deck, tmp_path):
    server = Running(setup_room(deck, deck))
    try:
        key = server.room.screen_key
        server.post(f"/s/{key}/setup", {"values": {"no-red": True, "strangers": True}})
        before = _listing(deck.parent)
        status, headers, data = server.request("GET", f"/s/{key}/download/tts")
        assert status == 200 and headers["content-type"] == "application/zip"
        assert 'filename="pug-you-strangers-no-red-tts.zip"' in headers["content-disposition"]
        assert _listing(deck.parent) == before  # drawn in memory: nothing written
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            zipped = {name: archive.read(name) for name in archive.namelist()}
        saved = json.loads(zipped["Saves/Saved Objects/pug-you-strangers-no-red.json"])
        face_url = saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"]
        base = face_url.rsplit("/", 1)[0] + "/"
        assert base.startswith(f"{server.url}/tts/")  # the address the phones reach

        # The very files `export tts --base-url` writes: the saved object, its thumbnail,
        # and each image under the name TTS gives it once downloaded from that URL.
        out = tmp_path / "cli"
        result = CliRunner().invoke(main, ["export", "tts", str(deck), "--no-red", "--strangers",
                                           "--base-url", base, "--out", str(out)])
        assert result.exit_code == 0, result.output
        folder = out / "pug-you-strangers-no-red" / "tts"
        written = {p.name: p.read_bytes() for p in folder.iterdir()}
        expected = {f"Saves/Saved Objects/{name}": written[name] for name in written if not name.endswith(".jpg")}
        expected |= {f"Mods/Images/{cached_image_name(hosted_url(base, name))}": data
                     for name, data in written.items() if name.endswith(".jpg")}
        assert zipped == expected
        assert len([n for n in zipped if n.startswith("Mods/Images/")]) >= 2  # a face sheet and a back

        # Every image the save names is served at its URL while the party runs, read-only.
        urls = {entry[side] for obj in saved["ObjectStates"] for entry in obj["CustomDeck"].values()
                for side in ("FaceURL", "BackURL")}
        for url in urls:
            status, headers, image = server.request("GET", urlsplit(url).path)
            assert status == 200 and headers["content-type"] == "image/jpeg"
            assert image == written[url.rsplit("/", 1)[1]]
        token = urlsplit(face_url).path.split("/")[2]
        for path in (f"/tts/{token}x/pug-you-strangers-no-red-back.jpg", f"/tts/{token}/deck.yaml",
                     f"/tts/{token}/..%2Fdeck%2Fdeck.yaml", f"/tts/{token}/%2e%2e", "/tts/x/y",
                     f"/tts/{key}/pug-you-strangers-no-red-back.jpg"):
            assert server.request("GET", path)[0] == 404, path
        assert server.request("POST", urlsplit(face_url).path, b"x")[0] == 405
        # The same set-up, the same bytes.
        assert server.request("GET", f"/s/{key}/download/tts")[2] == data
        assert server.request("GET", f"/s/{key}x/download/tts")[0] == 404
        assert _listing(deck.parent) == before
    finally:
        server.stop()
