"""Every template option is documented (schema descriptions and docs/printing.md), and
every game's template words are listed under its own heading."""

import json
import re
from pathlib import Path

import pytest

from pugdeck.games.registry import registered
from pugdeck.resources import schema_path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "printing.md"


def test_every_template_key_is_in_the_printing_docs():
    text = DOCS.read_text(encoding="utf-8")
    schema = json.loads(schema_path("template").read_text())
    for key in schema["properties"]:
        if key != "$schema":
            assert f"`{key}" in text or f"{key}:" in text, f"template key '{key}' is undocumented"
    for name in ("layout_size", "max_lines", "panel", "panel_radius"):
        assert f"`{name}`" in text, f"'{name}' is undocumented"


@pytest.mark.parametrize("spec", registered().values(), ids=lambda spec: spec.id)
def test_each_games_template_words_are_documented_under_its_heading(spec):
    text = DOCS.read_text(encoding="utf-8")
    heading = f"### {spec.title} template words"
    assert heading in text, f"docs/printing.md has no '{heading}'"
    section = re.split(r"\n#+ ", text.split(heading, 1)[1], maxsplit=1)[0]
    for name in spec.template_regions + spec.template_text_styles + spec.template_colors:
        assert f"`{name}`" in section, f"{spec.title}'s template name '{name}' is undocumented"


def test_the_shared_schema_leaves_the_names_to_the_games():
    schema = json.loads(schema_path("template").read_text())
    for section in ("regions", "text", "colors"):
        assert "properties" not in schema["properties"][section]
        assert "additionalProperties" in schema["properties"][section]
