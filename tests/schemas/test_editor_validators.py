"""Editors see what `validate` sees: every published schema passes strict ajv (as editors'
JSON tooling runs it, ECMA-262 patterns with the `u` flag) and check-jsonschema, the bundled
decks pass both, and cards that `validate` rejects are rejected by both.

ajv is installed from npm by .ci/run (PUGDECK_AJV names it); in CI a missing validator is a
failure, on a developer's machine these tests skip without it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck.authoring.slugs import is_slug
from pugdeck.cli import main
from pugdeck.games.game_schemas import SHARED, published_text
from pugdeck.games.registry import game_ids
from pugdeck.resources import bundled_deck
from pugdeck.schemas.publishing import UNICODE_SLUG_PATTERN

IN_CI = os.environ.get("CI") == "true"


def _missing(what: str):
    if IN_CI:
        pytest.fail(f"{what} is not installed: .ci/run installs it")
    pytest.skip(f"{what} is not installed")


def _ajv() -> list[str]:
    found = os.environ.get("PUGDECK_AJV") or shutil.which("ajv")
    if not found:
        _missing("ajv (npm install ajv-cli ajv-formats)")
    return [found, "--spec=draft2020", "--strict=true", "-c", "ajv-formats"]


def _check_jsonschema() -> list[str]:
    try:
        import check_jsonschema  # noqa: F401
    except ImportError:
        _missing("check-jsonschema")
    return [sys.executable, "-m", "check_jsonschema"]


@pytest.fixture(scope="module")
def schema_files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("schemas")
    files = {}
    for name in (*game_ids(), *SHARED):
        files[name] = folder / f"{name}.json"
        files[name].write_text(published_text(name), encoding="utf-8")
    return files


def _run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", [*game_ids(), *SHARED])
def test_every_published_schema_passes_strict_ajv_and_check_jsonschema(schema_files, name):
    ajv = _run([*_ajv(), "compile", "-s", str(schema_files[name])])
    assert ajv.returncode == 0, ajv.stdout + ajv.stderr
    checked = _run([*_check_jsonschema(), "--check-metaschema", str(schema_files[name])])
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.parametrize("game_id", ["pug-you", "pixelpug"])
def test_the_bundled_decks_files_pass_both(schema_files, game_id):
    files = sorted(str(p) for p in bundled_deck(game_id).rglob("*.yaml") if "profiles" not in p.parts)
    ajv = _run([*_ajv(), "validate", "-s", str(schema_files[game_id]), *(a for f in files for a in ("-d", f))])
    assert ajv.returncode == 0, ajv.stdout + ajv.stderr
    checked = _run([*_check_jsonschema(), "--schemafile", str(schema_files[game_id]), *files])
    assert checked.returncode == 0, checked.stdout + checked.stderr


FULL_PUG = ('    kind: pug\n    level: green\n    question: "Who ate the cake?"\n    badges: 1\n'
            '    descriptive: "a cake thief"\n    turds: 1\n    thermometer: 1\n')
# Cards `validate` rejects that both validators let through at 0ca5078.
REJECTED = {
    "a pug with no question": "  - id: no-question\n    level: green\n    badges: 1\n    descriptive: x\n"
                              "    turds: 1\n    thermometer: 1\n",
    "a pug with no level": '  - id: no-level\n    question: "Who?"\n    badges: 1\n    descriptive: x\n'
                           "    turds: 1\n    thermometer: 1\n",
    "a mutt with a level": '  - id: leveled-mutt\n    kind: mutt\n    level: green\n    question: "Who is kind?"\n'
                           "    turds: 1\n    thermometer: 1\n",
    "a blank custom with text": "  - id: blank-with-text\n    kind: custom\n    descriptive: a note\n",
    "dots that disagree with the level": "  - id: wrong-dots\n" + FULL_PUG + "    dots: 3\n",
    "a card with only an id": "  - id: only-an-id\n",
    "an absolute art path": "  - id: absolute-art\n" + FULL_PUG + "    art: /etc/pug.png\n",
    "an id with a capital Ñ": '  - id: "el-niÑo"\n' + FULL_PUG,
    "an id with an emoji": '  - id: "pug-🐶"\n' + FULL_PUG,
    "an id with a no-break space": '  - id: "el\\u00a0niño"\n' + FULL_PUG,
}


@pytest.mark.parametrize("case", sorted(REJECTED))
def test_a_card_validate_rejects_is_rejected_by_both(schema_files, tmp_path, monkeypatch, case):
    deck = tmp_path / "deck"
    (deck / "cards").mkdir(parents=True)
    (deck / "deck.yaml").write_text("deck:\n  id: deck\n  name: Deck\n  game: pug-you\n"
                                    "include: [cards/card.yaml]\n", encoding="utf-8")
    card_file = deck / "cards" / "card.yaml"
    card_file.write_text("cards:\n" + REJECTED[case], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["validate", "deck"]).exit_code == 1, case
    schema = str(schema_files["pug-you"])
    assert _run([*_ajv(), "validate", "-s", schema, "-d", str(card_file)]).returncode != 0, case
    assert _run([*_check_jsonschema(), "--schemafile", schema, str(card_file)]).returncode != 0, case


def test_the_published_slug_pattern_is_the_slug_rule():
    regress = pytest.importorskip("regress")  # ECMA-262 regular expressions (check-jsonschema's)
    pattern = regress.Regex(UNICODE_SLUG_PATTERN, "u")
    samples = ["el-niño", "große-klappe", "ночь-кино", "猫の手", "a--b", "a-", "2024", "नमस्ते",
               "-a", "El-niño", "a b", "a_b", "a.b", "", "é-\u0301", "a\u200db", "ǅ", "ß", "ʰa"]
    # Every character class the rule speaks of, one of each up to U+FFFF, after a letter.
    samples += [f"a{chr(code)}" for code in range(0x20, 0x10000, 7)
                if unicodedata.category(chr(code)) not in ("Cs", "Cn")]  # Cn: as Python's Unicode has it
    differ = [s for s in samples
              if unicodedata.is_normalized("NFC", s) and (pattern.find(s) is not None) != is_slug(s)]
    assert differ == []


@pytest.mark.parametrize("game_id", ["pug-you", "pixelpug"])
def test_a_games_schema_offers_its_own_game_only(game_id):
    import json

    schema = json.loads(published_text(game_id))
    assert schema["properties"]["deck"]["properties"]["game"]["enum"] == [game_id]
