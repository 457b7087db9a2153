"""Counted texts in any language's CLDR plural forms (authoring/texts.py, render/strings.py):
the Russian test deck (tests/language/decks/russian: Cyrillic ids and file names, its own
`strings:`) in one/few/many/other, a missing or foreign form refused where it was written."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pugdeck.authoring.texts import plural_categories, plural_form
from pugdeck.cli import main
from pugdeck.games.narration import Words
from pugdeck.games.registry import game
from pugdeck.render.strings import SHARED_KEYS, needed_keys, plural_bases

RUSSIAN = Path(__file__).parent / "decks" / "russian"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def pdf_text(path: Path) -> str:
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages)
    return re.sub(r"\s+", " ", text)


@pytest.fixture
def russian(tmp_path) -> Path:
    return shutil.copytree(RUSSIAN, tmp_path / "кто-из-нас")


def set_line(deck: Path, key: str, text: str | None) -> None:
    """deck.yaml with `strings.<key>` given `text` (None: left out)."""
    yaml_path = deck / "deck.yaml"
    lines = [line for line in yaml_path.read_text(encoding="utf-8").splitlines()
             if not line.startswith(f"  {key}:")]
    if text is not None:
        lines.insert(lines.index("strings:") + 1, f"  {key}: \"{text}\"")
    yaml_path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize(("language", "counts", "forms"), [
    ("ru", (0, 1, 2, 4, 5, 11, 21, 22, 25, 111), "many one few few many many one few many many"),
    ("pl", (1, 2, 5, 22, 25), "one few many few many"),
    ("fr", (0, 1, 2), "one one other"),
    ("en", (0, 1, 2), "other one other"),
    ("ar", (0, 1, 2, 3, 11, 100), "zero one two few many other"),
    ("ja", (0, 1, 2), "other other other"),
    ("es", (1, 2, 1_000_000), "one other other"),  # CLDR's "many" of whole millions: not needed
])
def test_counts_take_the_languages_cldr_form(language, counts, forms):
    assert " ".join(plural_form(language, n) for n in counts) == forms


def test_the_forms_a_language_needs():
    assert plural_categories("ru") == ("one", "few", "many", "other")
    assert plural_categories("de-AT") == plural_categories("en") == ("one", "other")
    assert plural_categories("ja") == ("other",)
    assert len(plural_categories("ar")) == 6
    assert needed_keys(["turd_title", "ref_mutt_one", "ref_mutt_other"], "ru") == [
        "turd_title", "ref_mutt_one", "ref_mutt_few", "ref_mutt_many", "ref_mutt_other"]
    assert needed_keys(["ref_mutt_one", "ref_mutt_other"], "ja") == ["ref_mutt_other"]


def test_the_russian_deck_prints_few_and_many(russian, tmp_path):
    result = run("validate", russian)
    assert result.exit_code == 0, result.output
    result = run("build", russian, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "out" / "кто-из-нас.pdf")
    # the reference card: badge_limit 5 ("many"), mutt_badges -2 ("few")
    assert "Когда у кого-то 5 значков, проигрывает тот" in text
    assert "Каждая розовая дворняжка отнимает 2 значка." in text
    assert "2 значков" not in text
    doc = json.loads((tmp_path / "out" / "кто-из-нас.json").read_text(encoding="utf-8"))
    assert [c["card"] for c in doc["cards"]][:2] == ["соня", "сладкоежка"]


def _texts(value) -> list[str]:
    if isinstance(value, dict):
        return [v for k, v in value.items() if k in ("Description", "Nickname")] + [
            t for v in value.values() for t in _texts(v)]
    return [t for v in value for t in _texts(v)] if isinstance(value, list) else []


def test_the_tabletop_deck_counts_in_russian(russian, tmp_path):
    result = run("export", "tts", russian, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    saved = tmp_path / "out" / "кто-из-нас" / "tts" / "кто-из-нас.json"
    texts = _texts(json.loads(saved.read_text(encoding="utf-8")))
    assert "5 карт в игре" in texts  # the deck's pile: gallery_in_play, "many"
    assert "Зелёные · 2 значка · 1 какашка · «соня»" in texts
    assert "Жёлтые · 3 значка · 2 какашки · «ужасный болтун»" in texts


def test_a_missing_form_is_an_error_naming_it_at_the_language(russian):
    set_line(russian, "ref_mutt_few", None)
    result = run("validate", russian)
    assert result.exit_code == 1
    [error, summary] = result.stderr.splitlines()
    assert re.match(r".*deck\.yaml:9:\d+: deck\.language 'ru': template 'pug-you' has strings in "
                    r"de, en, es, fr; choose one of them, or give the 1 missing string under `strings:` "
                    r"in deck\.yaml \(ref_mutt_few;", error), error
    assert summary == "1 error; nothing was written"


def test_a_form_the_language_lacks_is_located_with_the_forms_it_has(russian):
    set_line(russian, "ref_mutt_two", "{mutt_badges} значка")
    result = run("validate", russian)
    assert result.exit_code == 1
    error = result.stderr.splitlines()[0]
    assert error.endswith(": strings.ref_mutt_two: 'ru' has no plural form 'two' (CLDR's forms of 'ru': "
                          "one, few, many, other); give ref_mutt_one, ref_mutt_few, ref_mutt_many, "
                          "ref_mutt_other"), error
    line = (russian / "deck.yaml").read_text(encoding="utf-8").splitlines().index(
        '  ref_mutt_two: "{mutt_badges} значка"') + 1
    assert f"deck.yaml:{line}:17:" in error  # at the text written


def test_another_form_takes_the_placeholders_of_its_other(russian):
    set_line(russian, "ref_mutt_few", "{badges} значка")
    result = run("validate", russian)
    assert result.exit_code == 1
    assert "strings.ref_mutt_few: unknown placeholder '{badges}'" in result.stderr


def test_the_schema_offers_the_other_forms_of_exactly_the_counted_texts():
    for game_id in ("pug-you", "pixelpug"):
        spec = game(game_id)
        schema = json.loads(spec.authoring_schema_path().read_text(encoding="utf-8"))
        [pattern] = schema["properties"]["strings"]["patternProperties"]
        bases = re.match(r"\^\(\?:(.*)\)_", pattern).group(1).split("|")
        assert set(bases) == plural_bases({**spec.template_strings, **SHARED_KEYS})


def test_narration_counts_in_the_languages_forms(tmp_path):
    book = tmp_path / "narration.yaml"
    book.write_text("ru:\n  points_one: '{count} очко'\n  points_few: '{count} очка'\n"
                    "  points_many: '{count} очков'\n  points_other: '{count} очка'\n", encoding="utf-8")
    words = Words(book, "ru-RU")
    assert [words.counted("points", n) for n in (1, 3, 5, 21)] == ["1 очко", "3 очка", "5 очков", "21 очко"]
