"""The built deck's envelope (DESIGN.md §4) and its byte-stable serialisation."""

from __future__ import annotations

import hashlib
import json

from pugdeck import __version__

FORMAT = "pugdeck-deck"
FORMAT_VERSION = 1


def source_block(files: list[tuple[str, str, str]]) -> dict:
    """`source` from (role, path, sha256) triples, with one fingerprint over all of them."""
    digest = hashlib.sha256()
    for role, path, sha in files:
        digest.update(f"{role}\0{path}\0{sha}\n".encode())
    return {"files": [{"path": path, "role": role, "sha256": sha} for role, path, sha in files],
            "sha256": digest.hexdigest()}


def built_doc(*, game: str, name: str, deck: dict, rules: dict, filters: dict, source: dict,
              checked: dict, components: list, cards: list) -> dict:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "generator": f"pugdeck {__version__}",
        "game": game,
        "name": name,
        "deck": deck,
        "rules": rules,
        "filters": filters,
        "source": source,
        "checked": checked,
        "components": components,
        "cards": cards,
    }


def dumps(doc: dict) -> bytes:
    """The file's bytes: UTF-8, two-space indent, key order as built, final newline."""
    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
