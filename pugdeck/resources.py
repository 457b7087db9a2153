"""Where the bundled decks, templates and fonts are.

In a wheel they live in `pugdeck/data/` (see pyproject's force-include); in a source
checkout or an editable install they are the top-level folders of the repository.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(kind: str) -> Path:
    """The folder of bundled `decks`, `templates` or `fonts`."""
    installed = _PACKAGE / "data" / kind
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / kind


def bundled_deck(name: str) -> Path:
    """The folder of the bundled deck `name` (it may not exist: callers check)."""
    return data_dir("decks") / name


def schema_path(name: str) -> Path:
    """A JSON Schema shipped in the package (`built`, `profile`, `template`)."""
    return _PACKAGE / "schemas" / f"{name}.schema.json"
