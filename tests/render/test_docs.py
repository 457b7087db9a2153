"""Every template option is documented (schema descriptions and docs/printing.md)."""

import json
from pathlib import Path

from pugdeck.render.templates import COLOR_NAMES, REGION_NAMES, TEXT_FIELDS
from pugdeck.resources import schema_path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "printing.md"


def test_every_template_key_is_in_the_printing_docs():
    text = DOCS.read_text(encoding="utf-8")
    schema = json.loads(schema_path("template").read_text())
    for key in schema["properties"]:
        if key != "$schema":
            assert f"`{key}" in text or f"{key}:" in text, f"template key '{key}' is undocumented"
    for name in REGION_NAMES + ("layout_size", "max_lines"):
        assert f"`{name}`" in text, f"'{name}' is undocumented"


def test_schema_lists_the_colours_and_text_fields_the_code_reads():
    schema = json.loads(schema_path("template").read_text())
    assert list(schema["properties"]["colors"]["propertyNames"]["enum"]) == list(COLOR_NAMES)
    assert set(schema["properties"]["text"]["properties"]) == set(TEXT_FIELDS)
