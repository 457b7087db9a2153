"""Which template a deck's `template:` names: the deck folder's, its game's, or a bundled
one; and, when there is none of that name, an error that names the ones there are."""

from __future__ import annotations

from pathlib import Path

from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic, shortened
from pugdeck.render.templates import Template, Vocabulary, load_template
from pugdeck.resources import data_dir


def resolve_template(name: str, deck_folder: Path | None = None,
                     vocabulary: Vocabulary | None = None, game_folder: Path | None = None) -> Template:
    """The template a deck names: a file in the deck folder (`templates/<name>.yaml` or a
    relative `.yaml` path) if there is one, else one its game ships in `game_folder`
    (`templates/<name>.yaml`, for a game packaged on its own), else the bundled template.

    A name none of them has is a `DeckError` unlocated (line 0) with field `template`, which
    the deck's check places at its `template:` (deck_files.template_located), naming the
    closest template there is."""
    found = own_template_file(name, deck_folder, game_folder)
    if found is not None:
        return load_template(found, vocabulary)
    plain = not name.endswith((".yaml", ".yml")) and "/" not in name  # else a path: load_template's
    if plain and _plainly_missing(data_dir("templates") / f"{name}.yaml"):
        raise DeckError([_not_found(name, deck_folder, game_folder)])
    return load_template(name, vocabulary)


def own_template_file(name: str, deck_folder: Path | None = None,
                      game_folder: Path | None = None) -> Path | None:
    """The file a deck's `template:` names in the deck folder or its game's folder, resolved,
    or None when the name is a bundled template's (or a path `load_template` looks up)."""
    candidates = []
    if deck_folder is not None:
        candidates += [Path(deck_folder) / "templates" / f"{name}.yaml", Path(deck_folder) / name]
    if game_folder is not None:
        candidates.append(Path(game_folder) / "templates" / f"{name}.yaml")
    for candidate in candidates:
        try:
            found = candidate.suffix in (".yaml", ".yml") and candidate.is_file()
        except (OSError, ValueError):  # a name the file system refuses (too long, a NUL byte)
            found = False
        if found:
            return candidate.resolve()
    return None


def _not_found(name: str, deck_folder: Path | None, game_folder: Path | None) -> Diagnostic:
    from pugdeck.authoring.schema_checks import suggest  # noqa: PLC0415 (it loads fastjsonschema)

    known = sorted({p.stem for folder in (deck_folder, game_folder) if folder is not None
                    for p in (Path(folder) / "templates").glob("*.yaml")}
                   | {p.stem for p in data_dir("templates").glob("*.yaml")})
    hint = suggest(name, known) or f" (there are: {', '.join(known)})"
    return Diagnostic("", 0, 0, None, "template", ERROR, f"template '{shortened(name)}' not found in "
                      f"the deck's templates/ folder or among the bundled ones{hint}")


def _plainly_missing(path: Path) -> bool:
    """No file at `path`; False for a name the file system refuses, which `load_template`
    reports as it is (`no template at …`)."""
    try:
        return not path.is_file()
    except (OSError, ValueError):
        return False
