"""PixelPug cards on paper: faces, the two backs, the sheets of the shared renderer, and
the print checks `validate` runs."""

from __future__ import annotations

import pytest

from pugdeck.games.pixelpug.faces.card_faces import card_back as pixelpug_back
from pugdeck.games.pixelpug.faces.card_faces import card_face as pixelpug_face
from pugdeck.games.pixelpug.game import GAME
from pugdeck.games.printing import render_pdf
from pugdeck.render.shapes import Rect
from pugdeck.render.strings import resolve_strings
from pugdeck.resources import bundled_deck


@pytest.fixture(scope="module")
def strings(template):
    return resolve_strings(template, "en")


def card(built_doc, card_id):
    return next(c for c in built_doc["cards"] if c["id"] == card_id)


def background(face):
    return face.shapes[0].fill


def test_attacks_are_red_and_other_cards_are_not(built_doc, template, fonts, strings):
    red, _ = pixelpug_face(card(built_doc, "nip#1"), template, fonts, strings)
    plain, _ = pixelpug_face(card(built_doc, "nap#1"), template, fonts, strings)
    assert background(red) == template.colors["attack"] != background(plain)
    assert background(plain) == template.colors["plain"]


def test_every_bundled_card_fits_and_copies_look_alike(built_doc, template, fonts, strings):
    faces = {}
    for entry in built_doc["cards"]:
        face, problems = pixelpug_face(entry, template, fonts, strings)
        assert problems == [], entry["id"]
        faces.setdefault(entry["card"], set()).add(tuple(s for s in face.shapes if isinstance(s, Rect)))
    assert all(len(looks) == 1 for looks in faces.values())


def test_text_that_cannot_fit_is_an_error_naming_the_card(built_doc, template, fonts, strings):
    long = {**card(built_doc, "nap#1"), "text": "Zzz " * 200}
    _face, problems = pixelpug_face(long, template, fonts, strings)
    assert problems and problems[0].card == "nap" and problems[0].field == "text"


def test_the_treats_have_their_own_back(template, fonts, strings):
    main = pixelpug_back(template, fonts, strings, "PixelPug", False)
    treats = pixelpug_back(template, fonts, strings, "PixelPug", True)
    assert background(main) != background(treats)


def test_the_pdf_has_fronts_and_backs_pages_and_is_deterministic(built_doc):
    first = render_pdf(built_doc, deck_folder=bundled_deck("pixelpug"))
    again = render_pdf(built_doc, deck_folder=bundled_deck("pixelpug"))
    assert first == again and first.startswith(b"%PDF")
    import io

    import pypdf

    # 36 cards and the reference card: 5 sheets of fronts, each with its backs
    assert len(pypdf.PdfReader(io.BytesIO(first)).pages) == 10
    single = render_pdf(built_doc, deck_folder=bundled_deck("pixelpug"), duplex="none")
    assert len(pypdf.PdfReader(io.BytesIO(single)).pages) == 5


def test_the_pdf_of_a_deck_names_its_game_and_pages_end_with_each_pile_s_back(built_doc):
    import io

    import pypdf

    pdf = pypdf.PdfReader(io.BytesIO(render_pdf(built_doc, deck_folder=bundled_deck("pixelpug"))))
    assert pdf.metadata.title == "PixelPug" and pdf.metadata.subject.startswith("Print-and-play")
    back_forms = {name for page in pdf.pages[1::2]
                  for name in page["/Resources"].get("/XObject", {})}
    assert len(back_forms) == 2  # the game deck's back and the Treats' own, one form each


def test_a_pixelpug_template_in_pug_you_s_words_is_refused(tmp_path):
    from pugdeck.core.diagnostics import DeckError

    (tmp_path / "old.yaml").write_text("extends: pixelpug\nregions:\n  turds: [6, 6, 49, 9]\n")
    with pytest.raises(DeckError) as caught:
        GAME.load_template(str(tmp_path / "old.yaml"))
    [problem] = caught.value.diagnostics
    assert problem.file.endswith("old.yaml") and problem.line == 3
    assert "unknown regions name 'turds'" in problem.message
    assert "name, art, text, coins, points" in problem.message


LONG_WORD = "Zz" * 30  # 60 letters: wider than the text box at any allowed size


@pytest.fixture
def deck_with_a_long_word(tmp_path, monkeypatch):
    import shutil

    folder = tmp_path / "deck"
    shutil.copytree(bundled_deck("pixelpug"), folder)
    cards = folder / "cards" / "main.yaml"
    text = cards.read_text(encoding="utf-8")
    old = 'text: "Zzz. Nothing happens – but a nap is worth 3\\u00a0points."'
    assert old in text
    cards.write_text(text.replace(old, f'text: "{LONG_WORD}"'), encoding="utf-8")
    line = text[:text.index(old)].count("\n") + 1
    column = text.splitlines()[line - 1].index('"') + 1  # the value, where the text starts
    monkeypatch.chdir(tmp_path)
    return f"deck/cards/main.yaml:{line}:{column}"


def _cli(*args):
    from click.testing import CliRunner

    from pugdeck.cli import main

    return CliRunner().invoke(main, list(args))


def test_validate_reports_text_that_cannot_print_once_where_it_was_written(deck_with_a_long_word):
    result = _cli("validate", "deck")
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if "does not fit" in line]
    assert len(lines) == 1, result.output
    assert lines[0].startswith(deck_with_a_long_word) and "nap" in lines[0]
    assert f"the word '{LONG_WORD[:8]}" in lines[0]


def test_build_reports_it_once_and_writes_nothing(deck_with_a_long_word, tmp_path):
    result = _cli("build", "deck", "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "does not fit" in line]
    assert len(lines) == 1 and lines[0].startswith(deck_with_a_long_word), result.output
    assert not (tmp_path / "out").exists()


def test_the_pdf_writer_reports_a_problem_shared_by_copies_once(built_doc):
    from pugdeck.core.diagnostics import DeckError

    doc = dict(built_doc, cards=[dict(c, text=LONG_WORD) if c["card"] == "nap" else c
                                 for c in built_doc["cards"]])
    with pytest.raises(DeckError) as caught:
        render_pdf(doc, deck_folder=bundled_deck("pixelpug"))
    assert [(d.card, d.field) for d in caught.value.diagnostics] == [("nap", "text")]
