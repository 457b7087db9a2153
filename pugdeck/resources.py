"""Where the bundled decks, templates and fonts are, and how a path reads in a message.

In a wheel they live in `pugdeck/data/` (see pyproject's force-include); in a source
checkout or an editable install they are the top-level folders of the repository.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def installed_data() -> Path:
    """Where an installed package (a wheel) keeps its bundled decks, templates and fonts."""
    return _PACKAGE / "data"


def data_dir(kind: str) -> Path:
    """The folder of bundled `decks`, `templates` or `fonts`."""
    installed = installed_data() / kind
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / kind


def bundled_name(path: Path) -> str | None:
    """How a file of an installed package's bundled data reads in a message, instead of a
    path deep in site-packages: `<deck> (bundled)/cards/red.yaml` for a file of the bundled
    deck `<deck>` (`<deck> (bundled)` for the deck itself), `templates (bundled)/<name>.yaml`,
    `fonts (bundled)/…`. None for any other path: a checkout's `decks/` folder is one its
    developer opens, so it is shown as the path it is."""
    try:
        parts = Path(os.path.abspath(path)).relative_to(installed_data()).parts
    except ValueError:
        return None
    if parts[:1] == ("decks",) and len(parts) > 1:
        parts = parts[1:]
    return "/".join((f"{parts[0]} (bundled)", *parts[1:])) if parts else None


def bundled_deck(name: str) -> Path:
    """The folder of the bundled deck `name` (it may not exist: callers check)."""
    return data_dir("decks") / name


def schema_path(name: str) -> Path:
    """A JSON Schema shipped in the package (`built`, `profile`, `template`)."""
    return _PACKAGE / "schemas" / f"{name}.schema.json"


def display_path(path: Path) -> str:
    """A path as a user would type it: relative to the working directory when under it; a
    file of the installed package's bundled data by what it is (`bundled_name`)."""
    bundled = bundled_name(path)
    if bundled is not None:
        return bundled
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
