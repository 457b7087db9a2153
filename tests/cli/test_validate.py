"""`pugdeck validate`, `pugdeck schema` and `pugdeck --version` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from helpers.ecma_patterns import check_published_schema
from pugdeck import __version__
from pugdeck.cli import main

CARD = """\
cards:
  - id: cake-thief
    kind: pug
    level: green
    question: "Who would eat the last piece of cake and blame the dog?"
    badges: 1
    descriptive: "a sneaky cake thief"
    turds: 1
    thermometer: 1
"""


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_validate_with_no_argument_checks_the_bundled_deck():
    result = run("validate")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    # Outside any deck folder, the summary says which deck it checked, and why.
    assert result.stderr.strip().endswith("pug-you (bundled, no deck.yaml here): valid")


def test_validate_a_deck_yaml_path(write_deck):
    folder = write_deck(files={"cards.yaml": CARD})
    result = run("validate", str(folder / "deck.yaml"))
    assert result.exit_code == 0, result.stderr
    assert "deck.yaml: valid" in result.stderr


def test_broken_deck_exits_1_with_every_error_on_stderr(write_deck):
    folder = write_deck(files={"cards.yaml": CARD.replace("turds: 1", "turds: 9") + "    levle: red\n"})
    result = run("validate", "deck")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "deck/cards.yaml:8:12: card 'cake-thief': 'turds' must be from 1 to 3, not 9",
        "deck/cards.yaml:10:5: card 'cake-thief': unknown key 'levle'; did you mean 'level'?",
        "2 errors; nothing was written",
    ]
    assert folder.is_dir()


def test_an_unparseable_file_exits_1_without_a_traceback(write_deck):
    write_deck(files={"cards.yaml": CARD + "    turds: 2\n"})
    result = run("validate", "deck")
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)  # a clean exit, not a crash
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[0] == "deck/cards.yaml:10:5: duplicate key 'turds' (first at line 8); remove one of them"


def test_warnings_alone_exit_0_and_are_marked(write_deck):
    twin = CARD.replace("cards:\n", "").replace("id: cake-thief", "id: cake-twin").replace(
        "eat the last piece of cake", "eat the very last piece of cake")
    write_deck(files={"cards.yaml": CARD + twin})
    result = run("validate", "deck")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        "deck/cards.yaml:13:15: warning: card 'cake-twin': question nearly repeats card 'cake-thief' "
        "(deck/cards.yaml:5)",
        "deck: valid (1 warning)",
    ]


def test_json_format_lists_every_problem_as_an_object(write_deck):
    write_deck(files={"cards.yaml": CARD.replace("level: green", "level: gren")})
    result = run("validate", "deck", "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [{
        "file": "deck/cards.yaml", "line": 4, "column": 12, "card": "cake-thief", "field": "level",
        "severity": "error",
        "message": "'level' must be one of green, yellow, red, not text \"gren\"; did you mean 'green'?",
    }]


def test_json_format_of_a_clean_deck_is_an_empty_list():
    result = run("validate", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []


def test_json_format_of_an_unparseable_file(write_deck):
    write_deck(files={"cards.yaml": "cards: [\n"})
    result = run("validate", "deck", "--format", "json")
    assert result.exit_code == 1
    (problem,) = json.loads(result.stdout)
    assert problem["file"] == "deck/cards.yaml" and problem["severity"] == "error"
    assert problem["message"].startswith("YAML syntax error")


def test_missing_path_is_a_usage_error(tmp_path):
    result = run("validate", str(tmp_path / "no-such-deck"))
    assert result.exit_code == 2
    assert "does not exist" in result.stderr


def test_a_folder_without_deck_yaml_exits_1(tmp_path):
    result = run("validate", str(tmp_path))
    assert result.exit_code == 1
    assert "no deck here: expected a deck folder with deck.yaml, or a deck.yaml file" in result.stderr


def test_unknown_format_is_a_usage_error():
    assert run("validate", "--format", "xml").exit_code == 2


def walk_properties(schema):
    """Every (name, schema) under a `properties` keyword, at any depth."""
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                for name, prop in value.items():
                    yield name, prop
                    yield from walk_properties(prop)
            else:
                yield from walk_properties(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from walk_properties(item)


def test_schema_prints_draft_2020_12_json_with_a_description_on_every_property():
    result = run("schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    check_published_schema(schema)
    props = list(walk_properties(schema))
    assert {"deck", "include", "rules", "cards", "question", "thermometer"} <= {name for name, _ in props}
    assert [name for name, prop in props if not prop.get("description")] == []


@pytest.mark.parametrize("game", ["pug-you", "built"])
def test_schema_for_each_published_game_or_format(game):
    result = run("schema", "--game", game)
    assert result.exit_code == 0
    check_published_schema(json.loads(result.stdout))


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"pugdeck, version {__version__}"


def test_python_dash_m_pugdeck_runs_the_same_command_line():
    done = subprocess.run([sys.executable, "-m", "pugdeck", "--version"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"pugdeck, version {__version__}"
