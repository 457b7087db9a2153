"""The fixed texts a game prints, held together: the keys its code looks up, the keys it
declares (`GameSpec.template_strings`), every language of its bundled template, its
authoring schema's `strings:` and the printing docs. A language that lacks a string the
code uses fails here, naming the language and the key."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from pugdeck.export import html
from pugdeck.games.registry import game
from pugdeck.render.strings import SHARED_KEYS

GAMES = ("pug-you", "pixelpug")
BUNDLED_LANGUAGES = {"en", "es", "de", "fr"}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "printing.md"
LOOKUPS = {"text": False, "plural": True, "plural_key": True}  # method → takes a plural base


def looked_up(files: list[Path], declared: set[str]) -> set[str]:
    """Every key the code names: the literal first argument of each `.text(…)`,
    `.plural(…)`, `.plural_key(…)` (a plural base stands for its `_one` and `_other`), and
    any other string literal that is a declared key (a table such as KIND_KEYS)."""
    used: set[str] = set()
    for path in files:
        module = ast.parse(path.read_text(encoding="utf-8"))
        # The declaration itself (`STRINGS = {…}` in fixed_texts.py) is not a use.
        module.body = [node for node in module.body if not _declares_strings(node)]
        for node in ast.walk(module):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in LOOKUPS and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                key = node.args[0].value
                used |= {f"{key}_one", f"{key}_other"} if LOOKUPS[node.func.attr] else {key}
            elif isinstance(node, ast.Constant) and node.value in declared:
                used.add(node.value)
    return used


def _declares_strings(node: ast.stmt) -> bool:
    targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
    return any(isinstance(t, ast.Name) and t.id == "STRINGS" for t in targets)


def _code(spec) -> list[Path]:
    return [p for p in spec.folder.rglob("*.py") if not p.name.startswith("compiled_")]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_code_looks_up_exactly_the_keys_the_game_declares(game_id):
    spec = game(game_id)
    declared = set(spec.template_strings)
    used = looked_up(_code(spec), declared | set(SHARED_KEYS))
    assert used - declared - set(SHARED_KEYS) == set(), "looked up but not declared in fixed_texts.py"
    assert declared - used == set(), "declared but never printed"


def test_the_shared_keys_are_the_ones_the_gallery_and_the_pdf_subject_use():
    shared = set(SHARED_KEYS)
    used = looked_up([Path(html.__file__)], shared)
    assert used == shared - {"pdf_subject"}
    for game_id in GAMES:  # each game names its PDF (its print run) with the shared subject
        assert "pdf_subject" in looked_up(_code(game(game_id)), shared)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_bundled_language_has_every_string_and_only_its_placeholders(game_id):
    template = game(game_id).load_template(None)  # loading checks keys and placeholders
    assert set(template.strings) == BUNDLED_LANGUAGES
    for language, texts in template.strings.items():
        missing = [key for key in template.string_keys if key not in texts]
        assert missing == [], f"{game_id}: '{language}' lacks {', '.join(missing)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_translations_are_translated(game_id):
    """Other than a placeholder alone or a word the languages share, no text is English's."""
    texts = game(game_id).load_template(None).strings
    for language in BUNDLED_LANGUAGES - {"en"}:
        same = [key for key, text in texts[language].items()
                if text == texts["en"][key] and "{" not in text.replace("{deck_name}", "")[:1]
                and not key.startswith(("back_title", "kind_action", "points_", "attack_points_",
                                        "gallery_level", "gallery_kind"))]
        assert same == [], f"{game_id}: '{language}' keeps the English of {', '.join(same)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_authoring_schema_offers_every_string_with_its_placeholders(game_id):
    spec = game(game_id)
    schema = json.loads(spec.authoring_schema_path().read_text(encoding="utf-8"))
    offered = schema["properties"]["strings"]["properties"]
    keys = {**spec.template_strings, **SHARED_KEYS}
    assert list(offered) == list(keys)
    for key, placeholders in keys.items():
        assert all(f"{{{p}}}" in offered[key]["description"] for p in placeholders), key


@pytest.mark.parametrize("game_id", GAMES)
def test_every_string_is_in_the_printing_docs(game_id):
    text = DOCS.read_text(encoding="utf-8")
    for key in {**game(game_id).template_strings, **SHARED_KEYS}:
        assert f"| `{key}` |" in text, f"string '{key}' is not in docs/printing.md"
