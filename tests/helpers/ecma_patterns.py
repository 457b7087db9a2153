"""The published schemas' patterns are ECMA-262 with the `u` flag, as editors run them
(pugdeck/schemas/publishing.py), not Python's `re`: their metaschema check reads `regex`
that way, with regress, the ECMA-262 engine check-jsonschema uses."""

from __future__ import annotations

import jsonschema
import regress


def _is_ecma_regex(value: object) -> bool:
    if not isinstance(value, str):
        return True
    regress.Regex(value, "u")  # raises on a pattern ECMA-262 cannot read
    return True


ECMA_FORMATS = jsonschema.FormatChecker()
ECMA_FORMATS.checks("regex", raises=regress.RegressError)(_is_ecma_regex)


def check_published_schema(schema: dict) -> None:
    """Raise `jsonschema.SchemaError` unless `schema` is a valid draft 2020-12 schema whose
    patterns ECMA-262 reads."""
    jsonschema.Draft202012Validator.check_schema(schema, format_checker=ECMA_FORMATS)
