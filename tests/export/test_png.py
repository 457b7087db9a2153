"""`pugdeck export png` and `pugdeck preview`: file names and counts, pixel sizes at the
requested dpi, pictures that match the printed sheet, the chat-sized contact sheet."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from pugdeck.building.pipeline import build
from pugdeck.cli import main
from pugdeck.core.diagnostics import DeckError
from pugdeck.export.png import MAX_STEM_BYTES, card_pdf, faces_of, file_stem, png_files, rasterise
from pugdeck.export.preview import MAX_BYTES, MAX_WIDTH, preview_png
from pugdeck.games.printing import render_built
from pugdeck.render.sheets import sheet
from pugdeck.resources import bundled_deck

CARD_MM = (63.5, 88.9)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def write_deck(folder: Path, ids: list[str], blanks: int = 0) -> Path:
    lines = ["deck: {id: t, name: T, game: pug-you}", "cards:"]
    for card_id in ids:
        lines += [f"  - id: {card_id}", "    level: red", f'    question: "Who is {card_id}?"',
                  "    badges: 2", '    descriptive: "filthy"', "    turds: 2", "    thermometer: 2"]
    lines += [f"  - id: blank-custom-{n}\n    kind: custom" for n in range(blanks)]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def bundled():
    built = build(bundled_deck("pug-you"))
    return built, card_pdf(built)


def test_card_ids_become_safe_file_names():
    assert file_stem("worst-roommate#1") == "worst-roommate-1"
    assert file_stem("a/b\\c:d*e?#2") == "a-b-c-d-e-2"


def test_ids_in_any_script_keep_their_letters_in_file_names():
    assert file_stem("el-niño#1") == "el-niño-1" == file_stem("el-nin\u0303o#1")  # written composed
    assert file_stem("猫の手#2") == "猫の手-2"
    assert file_stem(".hidden#1") == "hidden-1"
    long = file_stem("𠀀" * 64 + "#1")  # 4 bytes a letter: 256 bytes, more than a file name holds
    assert long == "𠀀" * 50 and len(long.encode("utf-8")) == MAX_STEM_BYTES


def test_bundled_deck_gives_a_png_per_face_and_one_back(tmp_path, bundled):
    built, pdf = bundled
    files = png_files(built, tmp_path, dpi=36, pdf=pdf)
    names = [path.name for path in files]
    cards = built.doc["cards"]
    assert len(names) == len(set(names)) == len(cards) + built.blanks + 2 + 1 + 1
    assert {path.parent for path in files} == {tmp_path / "pug-you" / "png"}
    assert names[0] == "back.png"
    assert names[1:len(cards) + 1] == [c["id"].replace("#", "-") + ".png" for c in cards]
    # the bundled deck's blank customs, by the ids it gives them (custom-1 … custom-6)
    assert names[len(cards) + 1:] == [f"custom-{n}.png" for n in range(1, built.blanks + 1)] + [
        "turd-1.png", "turd-2.png", "turn-overview.png"]
    assert "walk-of-shame-1.png" in names


@pytest.mark.parametrize("dpi", [72, 150, 300])
def test_pixel_size_is_card_mm_over_25_4_times_dpi(tmp_path, dpi):
    built = build(write_deck(tmp_path / "deck", ["one"]))
    files = png_files(built, tmp_path / "out", dpi=dpi)
    expected = tuple(round(mm / 25.4 * dpi) for mm in CARD_MM)
    for data in files.values():
        image = Image.open(io.BytesIO(data))
        assert image.size == expected
        assert image.mode == "RGB"
        assert tuple(round(d) for d in image.info["dpi"]) == (dpi, dpi)


def test_a_card_png_is_the_printed_card(tmp_path, bundled):
    """The first card cut out of the 3 x 3 print sheet looks like its PNG."""
    built, pdf = bundled
    dpi = 100
    files = png_files(built, tmp_path, dpi=dpi, pdf=pdf)
    card = Image.open(io.BytesIO(files[tmp_path / "pug-you/png" / (file_stem(built.doc["cards"][0]["id"]) + ".png")]))
    paper = render_built(built, paper="a4", duplex="none")
    page = next(rasterise(paper, [0], dpi=dpi))
    slot = sheet("a4", *pdf.card_size_pt).slots[0]
    scale = dpi / 72
    top = page.height - (slot.y + slot.height) * scale
    cut = page.crop((round(slot.x * scale), round(top),
                     round(slot.x * scale) + card.width, round(top) + card.height))
    assert sum(ImageStat.Stat(ImageChops.difference(cut, card.convert("RGB"))).mean) / 3 < 6


def test_blank_ids_never_clash_with_card_ids(tmp_path):
    built = build(write_deck(tmp_path / "deck", ["blank"], blanks=1))
    stems = [face.file_stem for face in faces_of(built)]
    assert stems[:2] == ["blank-1", "blank-custom-0"]  # the blank by its own id
    more = build(write_deck(tmp_path / "more", ["blank"], blanks=0), {"blanks": 1})
    stems = [face.file_stem for face in faces_of(more)]
    assert stems[:2] == ["blank-1", "blank-1-2"]  # `blank#1` and the first added blank
    assert len(set(stems)) == len(stems)


def test_preview_is_small_enough_for_a_chat(bundled):
    built, pdf = bundled
    data = preview_png(built, pdf)
    image = Image.open(io.BytesIO(data))
    assert len(data) <= MAX_BYTES and image.width <= MAX_WIDTH
    assert image.width > image.height  # a landscape sheet, not one long strip


def test_export_png_command_with_preview(tmp_path):
    deck = write_deck(tmp_path / "deck", ["alpha", "beta"])
    result = run("export", "png", str(deck), "--dpi", "40", "--preview", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out/t/png"
    assert sorted(p.name for p in folder.iterdir()) == [
        "alpha-1.png", "back.png", "beta-1.png", "turd-1.png", "turd-2.png", "turn-overview.png"]
    assert (tmp_path / "out/t-preview.png").is_file()
    assert "wrote 6 PNG images" in result.stdout and "t-preview.png" in result.stdout


def test_a_card_taken_out_loses_its_old_png(tmp_path):
    out = str(tmp_path / "out")
    assert run("export", "png", str(write_deck(tmp_path / "deck", ["alpha", "beta"])), "--dpi", "36",
               "--out", out).exit_code == 0
    assert run("export", "png", str(write_deck(tmp_path / "deck", ["alpha"])), "--dpi", "36",
               "--out", out).exit_code == 0
    assert not (tmp_path / "out/t/png/beta-1.png").exists()
    assert (tmp_path / "out/t/png/alpha-1.png").exists()


def test_preview_command_names_the_filtered_deck(tmp_path):
    result = run("preview", "--no-red", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == ["pug-you-no-red-preview.png"]


def test_dpi_out_of_range_is_a_usage_error(tmp_path):
    result = run("export", "png", "--dpi", "5000", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "--dpi" in result.output


def test_unfit_filter_exits_1_and_writes_nothing(tmp_path):
    result = run("export", "png", "--savage", "--strangers", "--exclude-tag", "drinking", "--players", "10", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "not enough cards for 10 players" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_pixelpug_gives_a_png_per_card_and_a_back_per_pile(tmp_path):
    result = run("export", "png", str(bundled_deck("pixelpug")), "--dpi", "36", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "pixelpug/png").iterdir())
    built = build(bundled_deck("pixelpug"))
    cards = sorted(c["id"].replace("#", "-") + ".png" for c in built.doc["cards"])
    assert names == sorted(cards + ["back-main.png", "back-treats.png", "reference.png"])


def test_a_game_without_card_faces_is_refused_clearly(tmp_path):
    built = build(write_deck(tmp_path / "deck", ["one"]))
    other = replace(built, doc=dict(built.doc, game="chess"))
    with pytest.raises(DeckError, match="no registered game is called .chess., so there is nothing to rasterise"):
        card_pdf(other)


def test_same_deck_gives_the_same_png_bytes(tmp_path):
    for folder in ("a", "b"):
        assert run("export", "png", "--only", "customs", "--dpi", "36",
                   "--out", str(tmp_path / folder)).exit_code == 0
    first = sorted((tmp_path / "a").rglob("*.png"))
    assert first and all(p.read_bytes() == (tmp_path / "b" / p.relative_to(tmp_path / "a")).read_bytes()
                         for p in first)


def test_a_long_title_on_a_narrow_contact_sheet_is_never_clipped():
    # three cards under `--only a --only b --only c` made a sheet narrower than its title,
    # whose end ran off the right edge
    from pugdeck.export.preview import BACKGROUND, MARGIN, TITLE_HEIGHT, contact_sheet  # noqa: PLC0415

    cards = [Image.new("RGB", (150, 210), (200, 40, 40)) for _ in range(3)]
    sheet_image = contact_sheet(cards, "Pug You! · pug-you-only-beach-lobster-three-am-ride-and-more-cards")
    title_band = sheet_image.crop((0, 0, sheet_image.width, TITLE_HEIGHT))
    ink = ImageChops.difference(title_band, Image.new("RGB", title_band.size, BACKGROUND)).getbbox()
    assert ink is not None and ink[2] <= sheet_image.width - MARGIN + 1
