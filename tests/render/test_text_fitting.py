"""Text fitting and glyph fallback: shrink to fit, report overflow and unprintable characters."""

from pugdeck.render.checks import check_fields
from pugdeck.render.fonts import font_runs, font_set
from pugdeck.render.templates import load_template
from pugdeck.render.text_fitting import fit_text

FONTS = font_set(load_template("pug-you").fonts)


def test_short_text_keeps_the_largest_size():
    fitted = fit_text("Who snores?", FONTS.chain("bold"), 120, 60, 11, 7, 1.2)
    assert fitted.fits and fitted.size == 11 and len(fitted.lines) == 1


def test_long_text_shrinks_and_wraps_within_the_box():
    text = "Who would drive across town at three in the morning to pick you up? " * 2
    fitted = fit_text(text, FONTS.chain("bold"), 120, 60, 11, 6, 1.2)
    assert fitted.fits and 6 <= fitted.size < 11
    assert len(fitted.lines) * fitted.leading <= 60 + 1e-6


def test_overflow_at_the_minimum_is_measured():
    fitted = fit_text("word " * 200, FONTS.chain("bold"), 120, 60, 11, 7, 1.2)
    assert not fitted.fits and fitted.size == 7 and fitted.overflow > 1


def test_a_word_the_font_lacks_falls_back_whole_to_the_face_of_its_weight():
    # Fredoka Bold (titles) is Latin only; Noto Sans Bold has Cyrillic (issue 27: it used to
    # fall back to Noto Sans Regular, letter by letter, the "?" left in Fredoka).
    runs, missing = font_runs("Мопс pug", FONTS.chain("title"))
    assert not missing
    assert runs == [(FONTS.bold, "Мопс "), (FONTS.title, "pug")]
    assert font_runs("Кто из нас?", FONTS.chain("title"))[0] == [(FONTS.bold, "Кто из нас?")]
    assert font_runs("Карта-какашка!", FONTS.chain("title"))[0] == [(FONTS.bold, "Карта-какашка!")]
    assert FONTS.chain("title") == (FONTS.title, FONTS.bold, FONTS.body)
    assert FONTS.chain("body") == (FONTS.body, FONTS.bold, FONTS.title)


def test_character_in_no_font_is_reported_not_dropped_silently():
    _runs, missing = font_runs("pug 中", FONTS.chain("bold"))
    assert [m.describe() for m in missing] == [
        "character '中' (U+4E2D) is in none of the bundled fonts; a deck may name a font that has "
        "it under deck.fonts (docs/authoring.md)"]


def test_check_fields_names_card_field_and_codepoint():
    cards = [{"id": "ok#1", "card": "ok", "question": "Who snores?", "descriptive": "loud"},
             {"id": "long#1", "card": "long", "question": "Who " + "really " * 80 + "snores?",
              "descriptive": "loud"},
             {"id": "glyph#1", "card": "glyph", "question": "Who likes 🐶?",
              "descriptive": "a ƒan"}]
    fields = [("question", "question", "question"), ("descriptive", "descriptive", "descriptive")]
    found = check_fields(cards, load_template("pug-you"), fields)
    assert [(d.card, d.field) for d in found] == [("long", "question"), ("glyph", "question")]
    assert "% over at the minimum size 7 pt; shorten it" in found[0].message
    assert "U+1F436" in found[1].message
    assert all(d.file == "" and d.line == 0 for d in found)


def test_check_fields_fits_a_field_into_the_region_and_style_it_is_given():
    template = load_template("pug-you")
    card = [{"card": "c", "name": "Who " + "really " * 30 + "snores?"}]
    assert check_fields(card, template, [("name", "question", "question")]) == []
    [problem] = check_fields(card, template, [("name", "turds", "question")])
    assert (problem.card, problem.field) == ("c", "name") and "does not fit" in problem.message


def test_a_word_wider_than_the_box_is_named():
    from pugdeck.render.text_fitting import overflow_message

    fitted = fit_text("Who is Pneumonoultramicroscopicsilicovolcanoconiosis?", FONTS.chain("bold"),
                      80, 60, 11, 7, 1.2)
    assert not fitted.fits and fitted.long_word.startswith("Pneumono")
    assert "the word 'Pneumono" in overflow_message("question", fitted, 7)


def test_lines_break_after_hyphens_without_adding_spaces():
    fitted = fit_text("a ride-or-die friend", FONTS.chain("bold"), 40, 60, 9, 9, 1.2)
    lines = ["".join(text for _, text in line) for line in fitted.lines]
    assert "".join(lines).replace(" ", "") == "aride-or-diefriend" and len(lines) > 1
    assert any(line.endswith("-") for line in lines) and "  " not in " ".join(lines)


def test_a_line_never_breaks_at_a_no_break_space():
    for space in ("\u00a0", "\u202f"):
        fitted = fit_text(f"ATTAQUE · 2{space}pts", FONTS.chain("title"), 65, 40, 10, 10, 1.0)
        lines = ["".join(text for _, text in line) for line in fitted.lines]
        assert lines == ["ATTAQUE ·", f"2{space}pts"]
    plain = fit_text("ATTAQUE · 2 pts", FONTS.chain("title"), 65, 40, 10, 10, 1.0)
    assert ["".join(text for _, text in line) for line in plain.lines] == ["ATTAQUE · 2", "pts"]
