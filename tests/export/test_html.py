"""`pugdeck export html`: the page itself, and the page in a real headless browser.

The browser tests drive Debian's chromium over the DevTools protocol on a pipe
(tests/helpers/devtools_browser.py), so they need no websocket library. They click the real checkboxes and type into the search
box, and collect every console error and uncaught exception the page produces. Without a
chromium they are skipped with a message; `.ci/run` installs one.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from helpers.devtools_browser import DevToolsPipe, headless_chromium
from pugdeck.building.pipeline import build
from pugdeck.cli import main
from pugdeck.export.html import fill, fold, gallery_html
from pugdeck.export.png import card_pdf
from pugdeck.resources import bundled_deck


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    """The bundled deck's gallery page on disk, and the faces it shows."""
    built = build(bundled_deck("pug-you"))
    pdf = card_pdf(built)
    path = tmp_path_factory.mktemp("html") / "pug-you.html"
    path.write_bytes(gallery_html(built, 60, pdf=pdf))
    return path, pdf.faces


# The page as a file -----------------------------------------------------------------------

def test_the_page_is_self_contained(gallery):
    path, faces = gallery
    page = path.read_text(encoding="utf-8")
    assert page.count("<figure ") == len(faces)
    assert page.count('src="data:image/jpeg;base64,') == len(faces)
    # Nothing is fetched from anywhere: no http(s) URL in any src, href or CSS url().
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", page)
    assert "url(" not in page and "@import" not in page


def test_toggles_and_counts_match_the_deck(gallery):
    path, faces = gallery
    page = path.read_text(encoding="utf-8")
    red = sum(face.level == "red" for face in faces)
    assert f'value="red" checked> Red ({red})' in page
    assert f'value="mutt" checked> Healthy mutts ({sum(f.kind == "mutt" for f in faces)})' in page
    assert f'data-total-count="{len(faces)}"' in page


def test_pixelpug_gallery_toggles_its_own_kinds():
    page = gallery_html(build(bundled_deck("pixelpug")), 36).decode("utf-8")
    assert 'value="treat" checked> Treats (3)' in page
    assert 'value="attack" checked> Red attacks (' in page
    assert 'name="level"' not in page  # PixelPug has no levels


def test_the_summary_names_what_is_printed_besides_the_played_cards(gallery):
    path, faces = gallery
    page = path.read_text(encoding="utf-8")
    extra = sum(not face.played for face in faces)
    assert (f"{sum(face.played for face in faces)} cards in play, {extra} more printed "
            "(Blank custom cards, Turd cards, Turn overview)") in page


def test_the_game_titles_its_kinds_and_orders_its_levels(tmp_path, as_sketch_game):
    cards = "".join(f"  - {{id: c{i}, kind: pug, level: {level}, question: 'Who is {i}?', badges: 1,"
                    f" descriptive: nice, turds: 1, thermometer: 1}}\n"
                    for i, level in enumerate(("green", "yellow", "red", "green")))
    (tmp_path / "deck.yaml").write_text("deck: {id: t, name: T, game: pug-you}\ncards:\n" + cards,
                                        encoding="utf-8")
    built = build(tmp_path, {"blanks": 2})
    pdf = card_pdf(built)
    page = gallery_html(as_sketch_game(built), 36, pdf=pdf).decode("utf-8")
    assert 'value="pug" checked> Sketches (4)' in page
    assert 'value="blank" checked> Empty frames (2)' in page
    assert "4 cards in play, 5 more printed (Empty frames, overview, turd)" in page
    assert "Pugs (" not in page and 'value="turd" checked> turd (' in page  # untitled: its own word
    assert page.index('value="red"') < page.index('value="yellow"') < page.index('value="green"')


def test_a_deck_named_like_a_template_field_is_shown_as_written(tmp_path):
    name = "{{cards}} and {{title}} of {{summary}}"
    (tmp_path / "deck.yaml").write_text(
        f"deck: {{id: t, name: '{name}', game: pug-you}}\ncards:\n"
        "  - {id: c0, kind: pug, level: green, question: 'Who {{cards}}?', badges: 1, descriptive: nice,"
        " turds: 1, thermometer: 1}\n", encoding="utf-8")
    built = build(tmp_path)
    pdf = card_pdf(built)
    page = gallery_html(built, 36, pdf=pdf).decode("utf-8")
    assert page.count("<figure ") == len(pdf.faces)  # substituted once: not three times the figures
    assert f"<title>{name}</title>" in page and f"<h1>{name}</h1>" in page


def test_the_page_speaks_the_decks_language(tmp_path):
    cards = "".join(f"  - {{id: c{i}, kind: pug, level: {level}, question: '¿Quién {i}?', badges: 1,"
                    f" descriptive: nada, turds: 1, thermometer: 1}}\n"
                    for i, level in enumerate(("green", "red")))
    (tmp_path / "deck.yaml").write_text(
        "deck: {id: t, name: Mazo, game: pug-you, language: es}\n"
        "strings: {gallery_kind: Clase}\ncards:\n" + cards, encoding="utf-8")
    page = gallery_html(build(tmp_path), 36).decode("utf-8")
    assert '<html lang="es">' in page
    assert "t: 2 cartas en juego, 3 impresas aparte (Cartas caca, Resumen del turno)." in page
    assert "Hecho con pugdeck a partir de la versión 1.0.0 de la baraja." in page
    assert "<legend>Nivel</legend>" in page and "<legend>Clase</legend>" in page  # the deck's own word
    assert 'value="red" checked> Rojo (1)' in page and 'value="turd" checked> Cartas caca (2)' in page
    assert 'placeholder="Busca en el texto de las cartas"' in page
    assert 'data-format="{visible} de 5 cartas"' in page
    assert "Ninguna carta encaja con estos filtros y esta búsqueda." in page
    assert "c0#1 · Verde" in page and "Level" not in page and " of " not in page


def test_template_fields_are_filled_in_one_pass():
    assert fill("<{{a}}|{{b}}|{{a}}>", {"a": "{{b}}", "b": "{{a}}"}) == "<{{b}}|{{a}}|{{b}}>"


def test_search_text_is_folded_like_the_page_folds_it():
    assert fold("Crème BRÛLÉE") == "creme brulee"


def test_export_html_command_writes_one_file(tmp_path):
    result = CliRunner().invoke(main, ["export", "html", "--no-red", "--dpi", "40",
                                       "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == ["pug-you-no-red.html"]
    assert f"wrote {tmp_path / 'pug-you-no-red.html'}" in result.stdout
    assert 'value="red"' not in (tmp_path / "pug-you-no-red.html").read_text(encoding="utf-8")


# The page in a browser --------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    yield from headless_chromium(tmp_path_factory, "the HTML gallery's browser tests")


def visible(browser: DevToolsPipe) -> int:
    count = browser.evaluate("document.body.dataset.visibleCount")
    shown = browser.evaluate("document.querySelectorAll('#gallery figure:not([hidden])').length")
    assert int(count) == shown
    return shown


def test_page_loads_with_every_card_and_no_console_error(browser, gallery):
    path, faces = gallery
    browser.open(path.as_uri())
    assert browser.evaluate("document.body.dataset.ready") == "yes"
    assert visible(browser) == len(faces)
    assert browser.evaluate("Array.from(document.querySelectorAll('#gallery img')).every(i => i.complete && i.naturalWidth > 0)")
    assert browser.evaluate("document.body.dataset.errors") == ""
    assert browser.errors() == []


def test_toggles_hide_and_show_the_right_cards(browser, gallery):
    path, faces = gallery
    browser.open(path.as_uri())
    total = len(faces)
    red = sum(face.level == "red" for face in faces)
    mutts = sum(face.kind == "mutt" for face in faces)
    click = "document.querySelector('#filters input[value=\"{}\"]').click()"
    browser.evaluate(click.format("red"))
    assert visible(browser) == total - red
    browser.evaluate(click.format("mutt"))
    assert visible(browser) == total - red - mutts
    assert browser.evaluate("location.hash") == "#hide=red,mutt"
    browser.evaluate(click.format("red"))
    assert visible(browser) == total - mutts
    browser.evaluate(click.format("mutt"))
    assert visible(browser) == total
    assert browser.errors() == []


def test_search_box_filters_on_the_card_text(browser, gallery):
    path, faces = gallery
    browser.open(path.as_uri())
    browser.evaluate("document.getElementById('search').focus()")
    browser.call("Input.insertText", {"text": "Phone"})
    expected = sum("phone" in fold(face.text) for face in faces)
    assert 0 < expected < len(faces)
    assert visible(browser) == expected
    browser.evaluate("var s = document.getElementById('search'); s.value = 'no card says this';"
                     "s.dispatchEvent(new Event('input'))")
    assert visible(browser) == 0
    assert browser.evaluate("document.getElementById('empty').hidden") is False
    assert browser.errors() == []


def test_a_link_with_a_view_opens_that_view(browser, gallery):
    path, faces = gallery
    browser.open(path.as_uri() + "#hide=green,blank&q=who")
    expected = sum(face.level != "green" and face.kind != "blank" and "who" in fold(face.text)
                   for face in faces)
    assert visible(browser) == expected
    assert browser.evaluate("document.getElementById('search').value") == "who"
    assert browser.errors() == []


@pytest.mark.parametrize("fragment", ["#q=%E0%A4%A", "#hide=%E0%A4%A&q=who", "#%", "#q=100%"])
def test_a_malformed_link_is_ignored_and_the_page_still_works(browser, gallery, fragment):
    path, faces = gallery
    browser.open(path.as_uri() + fragment)
    assert browser.evaluate("document.body.dataset.ready") == "yes"
    assert browser.evaluate("document.body.dataset.errors") == ""
    expected = sum("who" in fold(face.text) for face in faces) if "q=who" in fragment else len(faces)
    assert visible(browser) == expected  # the good part of the link still applies
    assert browser.errors() == []


def test_the_harness_does_see_console_errors(browser, tmp_path):
    """Guards the tests above: an empty error list must mean the page had none."""
    page = tmp_path / "broken.html"
    page.write_text("<!DOCTYPE html><script>console.error('boom'); missingFunction();</script>")
    before = len(browser.errors())
    browser.open(page.as_uri())
    browser.evaluate("1")  # lets the events of the load arrive
    found = browser.errors()[before:]
    assert any("boom" in e for e in found) and any("missingFunction" in e for e in found)
