"""`pugdeck init`: a deck of your own from an empty folder, that validates and builds at once."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pugdeck.building.starter import offered_languages
from pugdeck.cli import main
from pugdeck.games.registry import game, game_ids

SCHEMA_LINE = "# yaml-language-server: $schema="


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def in_tmp(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _yaml_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.yaml"))


# Every language each game's template prints (en, es, de, fr bundled), for every game.
OFFERED = [(game_id, language) for game_id in game_ids() for language in offered_languages(game(game_id))]


def test_every_game_offers_the_four_bundled_languages():
    assert {game_id: set(offered_languages(game(game_id))) for game_id in game_ids()} == {
        game_id: {"en", "es", "de", "fr"} for game_id in game_ids()}


@pytest.mark.parametrize(("game_id", "language"), OFFERED)
def test_a_new_deck_validates_and_builds_at_once(in_tmp, game_id, language):
    result = run("init", "mi-mazo", "--game", game_id, "--language", language)
    assert result.exit_code == 0, result.output
    assert "next: pugdeck validate mi-mazo && pugdeck build mi-mazo" in result.stdout
    validated = run("validate", "mi-mazo")
    assert validated.exit_code == 0, validated.stderr
    assert "mi-mazo: valid" in validated.stderr
    built = run("build", "mi-mazo", "--out", "out")
    assert built.exit_code == 0, built.stderr
    doc = json.loads((in_tmp / "out" / "mi-mazo.json").read_text(encoding="utf-8"))
    assert doc["game"] == game_id
    assert doc["deck"]["language"] == language and doc["deck"]["name"] == "Mi mazo"
    assert (in_tmp / "out" / "mi-mazo.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("game_id", game_ids())
def test_a_new_deck_has_cards_a_profile_a_readme_and_its_schemas(in_tmp, game_id):
    assert run("init", "deck", "--game", game_id).exit_code == 0
    deck = in_tmp / "deck"
    schema = json.loads((deck / "deck.schema.json").read_text(encoding="utf-8"))
    assert schema == json.loads(run("schema", "--game", game_id).stdout)
    profile_schema = json.loads((deck / "profile.schema.json").read_text(encoding="utf-8"))
    assert profile_schema == json.loads(run("schema", "--game", "profile").stdout)
    readme = (deck / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 10 and "pugdeck build ." in readme
    profiles = sorted((deck / "profiles").glob("*.yaml"))
    assert profiles
    built = run("build", "deck", "--profile", str(profiles[0]), "--out", "out", "--no-pdf")
    assert built.exit_code == 0, built.stderr


def test_every_yaml_file_points_its_editor_at_a_schema_beside_the_deck(in_tmp):
    assert run("init", "deck").exit_code == 0
    deck = in_tmp / "deck"
    seen = {}
    for path in _yaml_files(deck):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(SCHEMA_LINE), path
        target = (path.parent / first.removeprefix(SCHEMA_LINE)).resolve()
        assert target.is_file() and target.parent == deck.resolve(), (path, first)
        seen[path.relative_to(deck).as_posix()] = target.name
    assert seen["deck.yaml"] == "deck.schema.json"
    assert seen["cards/pugs.yaml"] == "deck.schema.json"
    assert {seen[name] for name in seen if name.startswith("profiles/")} == {"profile.schema.json"}
    assert (deck / "deck.yaml").read_text(encoding="utf-8").startswith(SCHEMA_LINE + "./deck.schema.json\n")


def test_the_pug_you_starter_has_a_card_of_every_kind(in_tmp):
    assert run("init", "deck", "--game", "pug-you").exit_code == 0
    cards = [card for path in _yaml_files(in_tmp / "deck" / "cards")
             for card in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]]
    kinds = {(c["kind"], c.get("level"), "question" in c) for c in cards}
    assert {("pug", "green", True), ("pug", "yellow", True), ("pug", "red", True), ("mutt", None, True),
            ("custom", "yellow", True), ("custom", None, False)} <= kinds


def test_the_sample_cards_are_in_the_decks_language_where_the_game_has_them(in_tmp):
    assert run("init", "es", "--language", "es").exit_code == 0
    assert "¿Quién" in (in_tmp / "es" / "cards" / "pugs.yaml").read_text(encoding="utf-8")
    assert "language: es" in (in_tmp / "es" / "deck.yaml").read_text(encoding="utf-8")
    assert "Un mazo de Pug You!" in (in_tmp / "es" / "README.md").read_text(encoding="utf-8")


def test_a_language_without_sample_cards_gets_the_english_ones_and_says_so(in_tmp, monkeypatch):
    pixelpug = game("pixelpug")
    if all(lang in pixelpug.starter_languages() for lang in offered_languages(pixelpug)):
        # every offered language has sample cards now: take German's away for this case
        kept = tuple(lang for lang in pixelpug.starter_languages() if lang != "de")
        monkeypatch.setattr(type(pixelpug), "starter_languages", lambda self: kept)
    missing = [lang for lang in offered_languages(pixelpug) if lang not in pixelpug.starter_languages()]
    result = run("init", "deck", "--game", "pixelpug", "--language", missing[0])
    assert result.exit_code == 0, result.output
    assert f"the sample cards are in en: PixelPug has none in {missing[0]} yet" in result.stderr
    assert f"language: {missing[0]}" in (in_tmp / "deck" / "deck.yaml").read_text(encoding="utf-8")
    assert "The Pug" in (in_tmp / "deck" / "cards" / "main.yaml").read_text(encoding="utf-8")


def test_the_deck_id_and_name_come_from_the_folder(in_tmp):
    assert run("init", "Mi Mazo Ñandú").exit_code == 0
    text = (in_tmp / "Mi Mazo Ñandú" / "deck.yaml").read_text(encoding="utf-8")
    # The id keeps its letters, as ids of any script are allowed.
    assert '  id: mi-mazo-ñandú\n' in text and '  name: "Mi Mazo Ñandú"\n' in text
    assert run("validate", "Mi Mazo Ñandú").exit_code == 0


@pytest.mark.parametrize("folder", ["2024", "yes", "123", "null", "on", "1e3", "猫の手"])
def test_a_folder_name_yaml_would_read_as_no_text_still_gives_a_deck_that_validates(in_tmp, folder):
    assert run("init", folder).exit_code == 0
    result = run("validate", folder)
    assert result.exit_code == 0, result.stderr
    assert yaml.safe_load((in_tmp / folder / "deck.yaml").read_text(encoding="utf-8"))["deck"]["id"] == folder


def test_a_character_no_font_has_is_left_out_of_the_name_so_the_backs_print(in_tmp):
    assert run("init", "🐶-fiesta").exit_code == 0
    assert '  name: "Fiesta"\n' in (in_tmp / "🐶-fiesta" / "deck.yaml").read_text(encoding="utf-8")
    built = run("build", "🐶-fiesta", "--out", "out")
    assert built.exit_code == 0, built.stderr
    assert (in_tmp / "out" / "fiesta.pdf").is_file()


def test_init_into_the_current_empty_folder(in_tmp):
    (in_tmp / "fiesta_de_verano").mkdir()
    os.chdir(in_tmp / "fiesta_de_verano")
    result = run("init", ".")
    assert result.exit_code == 0, result.output
    assert '  name: "Fiesta de verano"\n' in Path("deck.yaml").read_text(encoding="utf-8")
    assert run("validate", ".").exit_code == 0


def test_a_folder_holding_files_is_refused_and_left_as_it_was(in_tmp):
    (in_tmp / "mine").mkdir()
    (in_tmp / "mine" / "deck.yaml").write_text("my own work\n", encoding="utf-8")
    result = run("init", "mine")
    assert result.exit_code == 1
    assert result.stderr == ("'mine' is not empty (it holds deck.yaml); pugdeck init writes a new deck "
                             "only into a new or empty folder, so that nothing is overwritten\n"
                             "1 error; nothing was written\n")
    assert [p.name for p in (in_tmp / "mine").iterdir()] == ["deck.yaml"]
    assert (in_tmp / "mine" / "deck.yaml").read_text(encoding="utf-8") == "my own work\n"


def test_a_file_is_refused(in_tmp):
    (in_tmp / "notes.txt").write_text("x", encoding="utf-8")
    result = run("init", "notes.txt")
    assert result.exit_code == 1
    assert "'notes.txt' is a file; give a new or empty folder for the deck" in result.stderr


def test_a_folder_with_only_hidden_files_such_as_git_is_empty_enough(in_tmp):
    (in_tmp / "repo" / ".git").mkdir(parents=True)
    assert run("init", "repo").exit_code == 0
    assert (in_tmp / "repo" / "deck.yaml").is_file()


def test_a_folder_that_cannot_be_made_is_an_error_and_nothing_is_written(in_tmp):
    (in_tmp / "taken").write_text("x", encoding="utf-8")
    result = run("init", "taken/deck")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: cannot write taken/deck/")
    assert "taken is a file, not a folder" in result.stderr
    assert sorted(p.name for p in in_tmp.iterdir()) == ["taken"]


def test_an_unknown_language_or_game_is_a_usage_error(in_tmp):
    result = run("init", "deck", "--language", "xx")
    assert result.exit_code == 2
    assert "'xx' is not one of" in result.stderr and "'es'" in result.stderr
    assert run("init", "deck", "--game", "chess").exit_code == 2
    assert not (in_tmp / "deck").exists()


@pytest.mark.skipif(shutil.which("pugdeck", path=os.path.dirname(sys.executable)) is None,
                    reason="the pugdeck console script is not installed beside this Python")
def test_the_installed_console_script_starts_validates_and_builds_a_deck(tmp_path):
    script = shutil.which("pugdeck", path=os.path.dirname(sys.executable))
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}

    def console(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([script, *args], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=120)

    for step in (("init", "mi-mazo", "--language", "es"), ("validate", "mi-mazo"),
                 ("build", "mi-mazo", "--no-pdf")):
        done = console(*step)
        assert done.returncode == 0, (step, done.stderr)
    assert json.loads((tmp_path / "out" / "mi-mazo.json").read_text(encoding="utf-8"))["deck"]["language"] == "es"


def test_a_path_through_a_missing_folder_is_checked_where_it_lands(in_tmp):
    """`typo/../mine`, with no `typo/`, is `mine`: refused like `init mine`, and no `typo/` is made."""
    (in_tmp / "mine").mkdir()
    (in_tmp / "mine" / "deck.yaml").write_text("my own work\n", encoding="utf-8")
    result = run("init", "typo/../mine")
    assert result.exit_code == 1, result.output
    assert "'mine' is not empty (it holds deck.yaml)" in result.stderr
    assert (in_tmp / "mine" / "deck.yaml").read_text(encoding="utf-8") == "my own work\n"
    assert sorted(p.name for p in in_tmp.iterdir()) == ["mine"]


def test_a_path_that_climbs_back_out_of_a_missing_folder_is_the_current_folder(in_tmp):
    (in_tmp / "README.md").write_text("mine\n", encoding="utf-8")
    result = run("init", "nothing/..")
    assert result.exit_code == 1, result.output
    assert "'.' is not empty (it holds README.md)" in result.stderr
    assert sorted(p.name for p in in_tmp.iterdir()) == ["README.md"]
    assert (in_tmp / "README.md").read_text(encoding="utf-8") == "mine\n"


def test_a_new_deck_through_a_missing_folder_lands_where_the_path_leads(in_tmp):
    result = run("init", "typo/../fresh")
    assert result.exit_code == 0, result.output
    assert "wrote fresh/deck.yaml" in result.output
    assert sorted(p.name for p in in_tmp.iterdir()) == ["fresh"]
    assert "  id: fresh\n" in (in_tmp / "fresh" / "deck.yaml").read_text(encoding="utf-8")


def test_a_folder_name_too_wide_for_the_back_gives_a_deck_that_validates(in_tmp):
    """A 63-letter German word is wider than the back's title at its smallest size: the name is
    cut to what the back prints, so the new deck validates and builds as promised."""
    word = "Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbe"
    assert len(word) == 63
    result = run("init", word, "--language", "de")
    assert result.exit_code == 0, result.output
    assert run("validate", word).exit_code == 0
    name = yaml.safe_load((in_tmp / word / "deck.yaml").read_text(encoding="utf-8"))["deck"]["name"]
    assert word.startswith(name) and 20 < len(name) < 63
