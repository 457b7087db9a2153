"""Fixed texts (render/strings.py): placeholders, plural forms, the deck's language, and a
template's strings checked where they were written."""

import pytest

from pugdeck.core.diagnostics import DeckError
from pugdeck.games.registry import game
from pugdeck.render.strings import (
    format_text,
    language_of,
    placeholder_problem,
    plural_form,
    resolve_strings,
)
from pugdeck.render.templates import load_template


def test_placeholders_are_filled_in_and_double_braces_are_braces():
    assert format_text("Draw up to {hand_size} {{cards}}", {"hand_size": 6}) == "Draw up to 6 {cards}"


@pytest.mark.parametrize("text, complaint", [
    ("Draw {hand}", "unknown placeholder '{hand}'; did you mean 'hand_size'?"),
    ("Draw {}", "is not a placeholder"),
    ("Draw {0}", "is not a placeholder"),
    ("Draw {hand_size.real}", "is not a placeholder"),
    ("Draw {hand_size[0]}", "is not a placeholder"),
    ("Draw {hand_size!r}", "is not a placeholder"),
    ("Draw {hand_size:>3}", "is not a placeholder"),
    ("Draw {hand_size", "write '{{' or '}}'"),
    ("Draw }", "write '{{' or '}}'"),
])
def test_a_placeholder_the_text_may_not_use_is_refused(text, complaint):
    assert complaint in placeholder_problem(text, ("hand_size",))


def test_a_text_without_placeholders_or_with_its_own_is_fine():
    assert placeholder_problem("Sell it! {{not one}}", ()) is None
    assert placeholder_problem("Draw up to {hand_size}", ("hand_size",)) is None


@pytest.mark.parametrize("language, count, form", [
    ("en", 1, "one"), ("en", 0, "other"), ("en", 2, "other"), ("de", 1, "one"), ("de-AT", 3, "other"),
    ("es", 1, "one"), ("es", 0, "other"), ("fr", 0, "one"), ("fr", 1, "one"), ("fr", 2, "other"),
    ("it", 1, "one"),
])
def test_plural_forms_follow_the_language(language, count, form):
    assert plural_form(language, count) == form


def test_a_regional_tag_reads_its_base_language():
    assert language_of(["de", "en"], "de-AT") == "de"
    assert language_of(["de", "en"], "EN-gb") == "en"
    assert language_of(["de", "en"], "it") is None


def test_each_bundled_template_speaks_the_four_bundled_languages_completely():
    for game_id in ("pug-you", "pixelpug"):
        template = game(game_id).load_template(None)
        for language in ("en", "es", "de", "fr", "fr-CA"):
            strings = resolve_strings(template, language)
            assert set(strings.texts) == set(template.string_keys)


def test_a_language_the_template_lacks_names_the_ones_it_has():
    template = game("pug-you").load_template(None)
    with pytest.raises(DeckError) as caught:
        resolve_strings(template, "it")
    [problem] = caught.value.diagnostics
    assert "deck.language 'it': template 'pug-you' has strings in de, en, es, fr" in problem.message
    assert "give all 53 strings under `strings:` in deck.yaml" in problem.message


def test_a_deck_that_gives_every_string_may_speak_any_language():
    template = game("pug-you").load_template(None)
    own = {key: f"[{key}]" for key in template.string_keys}
    strings = resolve_strings(template, "it", own)
    assert strings.text("turd_title") == "[turd_title]" and strings.language == "it"


def test_a_derived_template_restates_one_text_of_one_language(tmp_path):
    (tmp_path / "polite.yaml").write_text(
        "extends: pug-you\nstrings:\n  en: {turd_title: Nomination card}\n", encoding="utf-8")
    template = game("pug-you").load_template(str(tmp_path / "polite.yaml"))
    assert resolve_strings(template, "en").text("turd_title") == "Nomination card"
    assert resolve_strings(template, "en").text("ref_title") == "Your turn"  # the rest inherited
    assert resolve_strings(template, "de").text("turd_title") == "Häufchen-Karte"


def test_a_template_string_the_game_does_not_print_is_located_with_a_suggestion(tmp_path):
    (tmp_path / "typo.yaml").write_text(
        "extends: pug-you\nstrings:\n  en:\n    turd_titel: Nomination card\n", encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        game("pug-you").load_template(str(tmp_path / "typo.yaml"))
    [problem] = caught.value.diagnostics
    assert problem.file.endswith("typo.yaml") and problem.line == 4
    assert "unknown string 'turd_titel'; did you mean 'turd_title'?" in problem.message


def test_a_template_text_with_a_wrong_placeholder_is_located(tmp_path):
    (tmp_path / "bad.yaml").write_text(
        "extends: pug-you\nstrings:\n  es:\n    ref_refill: 'Roba hasta {mano}'\n", encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        game("pug-you").load_template(str(tmp_path / "bad.yaml"))
    [problem] = caught.value.diagnostics
    assert (problem.file.endswith("bad.yaml"), problem.line, problem.column) == (True, 4, 17)
    assert "strings.es.ref_refill: unknown placeholder '{mano}'" in problem.message


def test_a_template_read_without_a_game_keeps_its_strings():
    template = load_template("pixelpug")
    assert template.strings["fr"]["back_treats_title"] == "Friandise"
    assert "gallery_search" in template.strings["de"]  # the shared strings come with every template
