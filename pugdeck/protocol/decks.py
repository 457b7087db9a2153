"""The deck a `new_game` or `replay` request names, as a built deck document.

`deck_doc` is a built deck inline. `deck` is a path — a built deck JSON file (`pugdeck
build`'s out/<name>.json), or a deck folder or its deck.yaml, which is built here with no
filters — or, when no such path exists, the name of a bundled deck of a registered game
(`pugdeck games` lists them).
The engine validates whatever comes back against the built-deck schema before reading it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pugdeck.authoring.diagnostics import DeckError
from pugdeck.authoring.loading import MAX_FILE_BYTES
from pugdeck.games.registry import bundled_decks
from pugdeck.protocol.errors import ProtocolError

MAX_BUILT_BYTES = 8 * MAX_FILE_BYTES  # a built deck expands copies; still bounded


def built_deck(request: dict) -> tuple[Any, str]:
    """(built deck document, its name for messages) from the request's `deck` or `deck_doc`."""
    if ("deck" in request) == ("deck_doc" in request):
        raise ProtocolError("bad_request", "give the deck either as 'deck' (a path or a bundled "
                            "deck's name) or as 'deck_doc' (a built deck object), not both")
    if "deck_doc" in request:
        if not isinstance(request["deck_doc"], dict):
            raise ProtocolError("bad_deck", "'deck_doc' must be a built deck object")
        return request["deck_doc"], "deck_doc"
    name = request["deck"]
    if not isinstance(name, str) or not name:
        raise ProtocolError("bad_request", "'deck' must be a path or a bundled deck's name")
    path = Path(name)
    if not path.exists() and name in bundled_names():
        path = bundled_decks()[name]
    if path.is_dir() or path.suffix in (".yaml", ".yml"):
        return _build(path), name
    return _read_json(path, name), name


def bundled_names() -> list[str]:
    """The bundled decks a request may name: every registered game's, in registry order."""
    return list(bundled_decks())


def _build(path: Path) -> dict:
    """The deck folder built with no filters; kept while no file in the folder changes.

    Building checks every card's text against the fonts (a third of a second for the
    bundled deck), which a frontend starting game after game should pay once.
    """
    from pugdeck.building.pipeline import build  # noqa: PLC0415 (only when a deck folder is named)

    folder = (path if path.is_dir() else path.parent).resolve()
    stamp = (str(path.resolve()), tuple(sorted((str(f), f.stat().st_mtime_ns, f.stat().st_size)
                                               for f in folder.rglob("*") if f.is_file())))
    if stamp not in _built:
        try:
            doc = build(path).doc
        except DeckError as exc:
            raise ProtocolError("bad_deck", "; ".join(d.format() for d in exc.diagnostics[:10])) from None
        if len(_built) >= 8:
            _built.pop(next(iter(_built)))
        _built[stamp] = json.dumps(doc)
    return json.loads(_built[stamp])  # a fresh copy: no game shares another's document


_built: dict[tuple, str] = {}


def _read_json(path: Path, name: str) -> Any:
    if path.exists() and not path.is_file():  # a device or a pipe may never end
        raise ProtocolError("bad_deck", f"{name}: not a regular file")
    try:
        if path.stat().st_size > MAX_BUILT_BYTES:
            raise ProtocolError("bad_deck", f"{name}: larger than {MAX_BUILT_BYTES // 2**20} MiB")
        return json.loads(path.read_bytes())
    except OSError as exc:
        raise ProtocolError("bad_deck", f"{name}: cannot read it ({exc.strerror or exc}); give a built "
                            f"deck JSON file, a deck folder or one of {', '.join(bundled_names())}") from None
    except ValueError as exc:
        raise ProtocolError("bad_deck", f"{name}: not JSON ({exc})") from None
