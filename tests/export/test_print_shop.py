"""`pugdeck export print-shop`: images at each shop's size with bleed, the background into
the bleed, the safe-zone check from the layout, the manifest, byte-identical reruns, and
flags a user can get wrong."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pugdeck.cli import main

RED = (0xD8, 0x34, 0x3F)  # templates/pug-you.yaml: the red frame


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def write_deck(folder: Path, ids=("alpha", "beta"), blanks: int = 2, extra: str = "") -> Path:
    lines = ["deck: {id: t, name: T, game: pug-you" + extra + "}", "cards:"]
    for card_id in ids:
        lines += [f"  - id: {card_id}", "    level: red", f'    question: "Who is {card_id}?"',
                  "    badges: 2", '    descriptive: "filthy"', "    turds: 2", "    thermometer: 2"]
    lines += [f"  - {{id: blank-custom-{n}, kind: custom}}" for n in range(blanks)]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def export(deck: Path, out: Path, *flags: str):
    return run("export", "print-shop", str(deck), "--out", str(out), *flags)


@pytest.fixture(scope="module")
def mpc(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("mpc")
    result = export(write_deck(tmp / "deck"), tmp / "out", "--shop", "mpc")
    assert result.exit_code == 0, result.output
    return tmp / "out/t/print-shop-mpc"


def image(path: Path) -> Image.Image:
    return Image.open(io.BytesIO(path.read_bytes()))


def test_every_physical_card_has_an_image_at_the_shops_size(mpc):
    fronts = sorted(p.name for p in (mpc / "fronts").iterdir())
    # two cards, the blank customs once (two copies), both turd cards, the reference card
    assert fronts == ["alpha-1.png", "beta-1.png", "blank-custom.png", "turd-1.png", "turd-2.png",
                      "turn-overview.png"]
    assert [p.name for p in (mpc / "backs").iterdir()] == ["back.png"]
    for path in [*(mpc / "fronts").iterdir(), mpc / "backs/back.png"]:
        picture = image(path)
        assert picture.size == (822, 1122) and picture.mode == "RGB"
        assert tuple(round(d) for d in picture.info["dpi"]) == (300, 300)
        assert picture.info.get("srgb") == 0  # the file says its colours are sRGB


@pytest.mark.parametrize(("shop", "dpi", "size"), [("tgc", 300, (825, 1125)),
                                                    ("mpc", 600, (1644, 2244))])
def test_other_shops_and_resolutions_scale_card_and_bleed_together(tmp_path, shop, dpi, size):
    result = export(write_deck(tmp_path / "deck", ids=("alpha",), blanks=0), tmp_path / "out",
                    "--shop", shop, "--dpi", str(dpi))
    assert result.exit_code == 0, result.output
    assert image(tmp_path / f"out/t/print-shop-{shop}/fronts/alpha-1.png").size == size
    assert f"{size[0]} x {size[1]} px at {dpi} dpi" in result.output


def test_the_frame_colour_runs_to_the_edge_of_the_image(mpc):
    picture = image(mpc / "fronts/alpha-1.png").convert("RGB")
    w, h = picture.size
    edge = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (0, h // 2), (w // 2, 0),
            (w - 1, h // 3), (w // 3, h - 1)]
    for xy in edge:
        assert all(abs(a - b) <= 2 for a, b in zip(picture.getpixel(xy), RED)), xy
    # and the light panel starts inside the cut, not at it: 36 px bleed + 6.8 mm of frame
    assert picture.getpixel((36 + 82, h // 2)) != picture.getpixel((36 + 70, h // 2))


def test_the_manifest_lists_each_file_its_copies_its_back_and_its_cards(mpc):
    text = (mpc / "manifest.csv").read_bytes().decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == ["side", "file", "copies", "back", "cards"]
    by_file = {row["file"]: row for row in rows}
    # the blanks by the ids the deck gives them, which --exclude takes
    assert by_file["fronts/blank-custom.png"] == {"side": "front", "file": "fronts/blank-custom.png",
                                           "copies": "2", "back": "backs/back.png",
                                           "cards": "blank-custom-0 blank-custom-1"}
    assert by_file["fronts/alpha-1.png"]["cards"] == "alpha#1"
    assert by_file["backs/back.png"]["copies"] == str(2 + 2 + 2 + 1)  # every card has this back
    assert sum(int(r["copies"]) for r in rows if r["side"] == "front") == 7
    assert {r["file"] for r in rows} == {
        p.relative_to(mpc).as_posix() for p in mpc.rglob("*.png")}


def test_the_same_deck_gives_the_same_bytes(tmp_path, mpc):
    result = export(write_deck(tmp_path / "deck"), tmp_path / "out", "--shop", "mpc")
    assert result.exit_code == 0, result.output
    again = tmp_path / "out/t/print-shop-mpc"
    names = sorted(p.relative_to(mpc) for p in mpc.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    for name in names:
        assert (mpc / name).read_bytes() == (again / name).read_bytes(), name


def test_pixelpugs_treats_get_their_own_back(tmp_path):
    result = run("export", "print-shop", "pixelpug", "--shop", "tgc", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "pixelpug/print-shop-tgc"
    assert sorted(p.name for p in (folder / "backs").iterdir()) == ["back-main.png",
                                                                   "back-treats.png"]
    rows = list(csv.DictReader(io.StringIO((folder / "manifest.csv").read_text("utf-8-sig"))))
    treat = next(r for r in rows if r["cards"].startswith("treat#"))
    assert treat["back"] == "backs/back-treats.png" and treat["copies"] == "3"


WIDE_TEMPLATE = """\
name: too-wide
extends: pug-you
regions:
  question: [1.0, 45.0, 50.0, 23.8]
text:
  question: {align: left}
"""


def test_text_over_the_safe_line_fails_naming_the_card_and_writes_nothing(tmp_path):
    deck = write_deck(tmp_path / "deck", ids=("edgy",), blanks=0, extra=", template: too-wide")
    (deck / "deck.yaml").write_text((deck / "deck.yaml").read_text().replace(
        "Who is edgy?", "Who would write a question so long that it runs from edge to edge?"))
    (deck / "templates").mkdir()
    (deck / "templates/too-wide.yaml").write_text(WIDE_TEMPLATE, encoding="utf-8")
    result = export(deck, tmp_path / "out", "--shop", "tgc")
    assert result.exit_code == 1
    # located at the template line that needs changing, the card named
    assert "templates/too-wide.yaml:4:13: region 'question' puts text 1 mm from the left edge, " \
           "within The Game Crafter's 3.175 mm safe margin" in result.output
    assert "on 1 card (edgy#1); move the region at least 2.17 mm further in" in result.output
    assert "1 error; nothing was written" in result.output
    assert not (tmp_path / "out").exists()
    # the same deck still prints at home: the check is the shop's
    assert run("build", str(deck), "--out", str(tmp_path / "pdf")).exit_code == 0


def test_a_deck_not_of_poker_size_is_refused(tmp_path):
    deck = write_deck(tmp_path / "deck", ids=("alpha",), blanks=0, extra=", template: tarot-pugs")
    (deck / "templates").mkdir()
    (deck / "templates/tarot-pugs.yaml").write_text(
        "name: tarot-pugs\nextends: pug-you\ncard: {size: tarot}\n", encoding="utf-8")
    result = export(deck, tmp_path / "out", "--shop", "mpc")
    assert result.exit_code == 1, result.output
    assert "MakePlayingCards's poker card is 63.5 x 88.9 mm" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("flags", [["--shop", "printful"], [], ["--shop", "mpc", "--dpi", "100"],
                                   ["--shop", "mpc", "--dpi", "lots"]])
def test_bad_flags_are_usage_errors(tmp_path, flags):
    result = export(write_deck(tmp_path / "deck"), tmp_path / "out", *flags)
    assert result.exit_code == 2, result.output
    assert "Usage:" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_the_safe_zone_report_names_each_fix_once_with_its_cards_in_print_order(tmp_path):
    ids = tuple(f"card-{n:02d}" for n in range(12, 0, -1))  # written (and printed) 12 down to 1
    deck = write_deck(tmp_path / "deck", ids=ids, blanks=0, extra=", template: too-wide")
    (deck / "templates").mkdir()
    (deck / "templates/too-wide.yaml").write_text(WIDE_TEMPLATE, encoding="utf-8")
    result = export(deck, tmp_path / "out", "--shop", "mpc")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 2 and lines[-1] == "1 error; nothing was written"
    # the first eight in print order, then the rest counted: 8 + 4 = 12
    assert ("on 12 cards (card-12#1, card-11#1, card-10#1, card-09#1, card-08#1, card-07#1, "
            "card-06#1, card-05#1, … and 4 more)") in lines[0]
    assert "templates/too-wide.yaml:4:13: region 'question' puts text 1 mm from the left" in lines[0]
    assert not (tmp_path / "out").exists()


def test_validate_and_build_warn_about_a_template_region_within_3_mm_of_the_cut(tmp_path):
    deck = write_deck(tmp_path / "deck", ids=("edgy",), blanks=0, extra=", template: too-wide")
    (deck / "templates").mkdir()
    (deck / "templates/too-wide.yaml").write_text(WIDE_TEMPLATE, encoding="utf-8")
    warning = ("templates/too-wide.yaml:4:13: warning: region 'question' is 1 mm from the left edge "
               "of the card: a cut a little off clips what it prints; keep every region at least "
               "3 mm inside the cut")
    result = run("validate", str(deck))
    assert result.exit_code == 0 and warning in result.output
    built = run("build", str(deck), "--no-pdf", "--out", str(tmp_path / "o"))
    assert built.exit_code == 0 and warning in built.output
    # the bundled templates keep 3.5 mm: no warning
    plain = write_deck(tmp_path / "plain", ids=("edgy",), blanks=0)
    assert "warning: region" not in run("validate", str(plain)).output
