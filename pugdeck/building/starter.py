"""`pugdeck init`: a new deck folder, from the game's starter, that validates and builds.

The files come from the game's starter (`GameSpec.starter_folder`, sample cards in the
deck's language where the game has them), with deck.yaml's `id`, `name` and `language`
set for the new deck. Beside them go the JSON Schemas the files are written in, the same
text `pugdeck schema` prints, and every YAML file's first line points an editor at its own
(`# yaml-language-server: $schema=./deck.schema.json`), so completion and hover work
without a checkout of pugdeck. A folder that holds anything is refused, so init never
overwrites a file; the files are written all at once or not at all (atomic.py).
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import yaml

from pugdeck.atomic import output_path, write_files
from pugdeck.authoring.loading import display_path
from pugdeck.authoring.slugs import slugify
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.games.game_schemas import published_text
from pugdeck.games.spec import GameSpec
from pugdeck.render.strings import complete_languages

DECK_SCHEMA = "deck.schema.json"  # the game's authoring schema (deck.yaml, card files)
PROFILE_SCHEMA = "profile.schema.json"  # the group profile schema
PROFILES = "profiles"  # a starter's group profiles live here; every other YAML file is the deck's
SCHEMA_LINE = "# yaml-language-server: $schema={}\n"
MAX_ID, MAX_NAME = 64, 80  # the authoring schemas' limits on deck.id and deck.name
FALLBACK_ID = "deck"


@dataclass(frozen=True)
class Started:
    """A new deck's files (path → bytes), for which game and language, and the language its
    sample card text is written in (the English sample where the game has none in it)."""

    files: dict[Path, bytes]
    game: GameSpec
    language: str
    card_language: str


def offered_languages(game: GameSpec) -> tuple[str, ...]:
    """The languages `init` can start a deck of `game` in: those its template has every
    fixed text in (`strings:`), so the new deck prints whole; () when it has no template."""
    try:
        template = game.load_template(None)
    except (DeckError, NotImplementedError):  # a plug-in game without a usable template
        return ()
    return tuple(complete_languages(template.strings, template.string_keys))


def start_deck(folder: Path, game: GameSpec, language: str, *, write: bool = True) -> Started:
    """Write a new deck into `folder` (made if missing, else it must be empty).

    Raises `DeckError` when the folder holds anything (nothing is written then), and
    `atomic.WriteError` when a file cannot be written. The folder is the one the files will
    land in (`atomic.output_path`: `typo/../mydeck` is `mydeck`), checked before anything
    is made.
    """
    folder = output_path(folder)
    _refuse_occupied(folder)
    started = starter_files(folder, game, language)
    fitting = _name_that_prints(started, folder)
    if fitting is not None:
        started = starter_files(folder, game, language, name=fitting)
    if write:
        write_files(started.files)
    return started


def starter_files(folder: Path, game: GameSpec, language: str, name: str | None = None) -> Started:
    """The files of a new deck of `game` in `language` for `folder`, by path; the deck's name
    from the folder's unless `name` is given."""
    source = game.starter_folder(language)
    deck_id, name = deck_id_for(folder), name or _printable(deck_name_for(folder), game)
    files: dict[Path, bytes] = {}
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if not path.is_file() or any(part.startswith((".", "__")) for part in relative.parts):
            continue  # caches, editor files: nothing of the deck
        text = path.read_text(encoding="utf-8")  # pugdeck's own data, not a user's file
        if relative.as_posix() == "deck.yaml":
            text = _fill_deck_block(text, game, {"id": _scalar(deck_id), "language": _scalar(language),
                                                 "name": json.dumps(name, ensure_ascii=False)})
        if path.suffix in (".yaml", ".yml"):
            schema = PROFILE_SCHEMA if relative.parts[0] == PROFILES else DECK_SCHEMA
            text = SCHEMA_LINE.format(_relative(schema, relative)) + text
        files[folder / relative] = text.encode("utf-8")
    files[folder / DECK_SCHEMA] = published_text(game.id).encode("utf-8")
    files[folder / PROFILE_SCHEMA] = published_text("profile").encode("utf-8")
    return Started(files, game, language, source.name)


def _scalar(text: str) -> str:
    """`text` as a YAML scalar that reads back as that text: plain where YAML reads it so
    (`mazo`), else double-quoted (JSON's strings are YAML's): a folder called 2024, yes or
    null, or the language `no`, still gives text, as the schema asks."""
    try:
        plain = yaml.safe_load(text) == text and "#" not in text and ": " not in text
    except yaml.YAMLError:
        plain = False
    return text if plain else json.dumps(text, ensure_ascii=False)


def _name_that_prints(started: Started, folder: Path) -> str | None:
    """None when the new deck validates as it is; else the longest start of its name that its
    game prints where the name goes (a back's title): a 63-letter German folder name is
    one word wider than the back, and the deck init wrote then failed `validate`. Checked
    by the game itself, on the deck written to a temporary folder."""
    import tempfile  # noqa: PLC0415 (only init needs it)

    from pugdeck.building.deck_check import check_deck_at  # noqa: PLC0415 (the checks: only here)

    name = _deck_name(started)
    with tempfile.TemporaryDirectory(prefix="pugdeck-init-") as scratch:
        def prints(candidate: str) -> bool:
            staged = Path(scratch) / f"try-{len(candidate)}"
            files = starter_files(folder, started.game, started.language, name=candidate).files
            for path, data in files.items():
                target = staged / path.relative_to(folder)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            _deck, diagnostics = check_deck_at(staged)
            return not any(d.field == "deck.name" for d in diagnostics)

        if prints(name):
            return None
        shortest, longest = 1, len(name) - 1  # the longest start that prints, by bisection
        while shortest < longest:
            middle = (shortest + longest + 1) // 2
            if prints(name[:middle].rstrip(" -")):
                shortest = middle
            else:
                longest = middle - 1
        return name[:shortest].rstrip(" -") or FALLBACK_ID.capitalize()


def _deck_name(started: Started) -> str:
    """The name `starter_files` wrote into the new deck.yaml."""
    deck_yaml = next(data for path, data in started.files.items() if path.parent.name != PROFILES
                     and path.name == "deck.yaml")
    return str(yaml.safe_load(deck_yaml.decode("utf-8"))["deck"]["name"])


def deck_id_for(folder: Path) -> str:
    """A deck id from the folder's name, as the ids are (authoring/slugs.py): lowercase
    letters of any script, digits and '-' (`Mi Mazo Ñandú` → `mi-mazo-ñandú`, `猫の手` as it is)."""
    return slugify(_folder_name(folder))[:MAX_ID].rstrip("-") or FALLBACK_ID


def deck_name_for(folder: Path) -> str:
    """The deck's printed name from the folder's name: `mi-mazo` → `Mi mazo`."""
    words = "".join(c for c in _folder_name(folder) if c.isprintable()).replace("-", " ").replace("_", " ")
    name = unicodedata.normalize("NFC", " ".join(words.split()))[:MAX_NAME].strip()
    return name[:1].upper() + name[1:] if name else FALLBACK_ID.capitalize()


def _printable(name: str, game: GameSpec) -> str:
    """The name without characters none of the game's fonts has (an emoji, say): the name is
    printed on every card back, where `build` refuses a character it cannot print."""
    from pugdeck.render.fonts import font_runs, measured_font_set  # noqa: PLC0415 (only init needs it here)

    _runs, missing = font_runs(name, measured_font_set(game.load_template(None).fonts).chain("title"))
    if not missing:
        return name
    gone = {m.char for m in missing}
    kept = " ".join("".join(c for c in name if c not in gone).split())
    return kept[:1].upper() + kept[1:] if kept else FALLBACK_ID.capitalize()


def _folder_name(folder: Path) -> str:
    return folder.name or Path(os.path.abspath(folder)).name


def _fill_deck_block(text: str, game: GameSpec, values: dict[str, str]) -> str:
    """deck.yaml with the `deck:` block's lines for `values` rewritten, comments kept."""
    for key, value in values.items():
        text, found = re.subn(rf"^(  {key}:) [^\n#]*?(\s*#[^\n]*)?$", rf"\g<1> {_escaped(value)}\g<2>",
                              text, count=1, flags=re.MULTILINE)
        if not found:
            raise DeckError([_error(f"the starter deck of {game.title} has no '  {key}:' line in "
                                    "deck.yaml's deck: block to fill in")])
    return text


def _escaped(value: str) -> str:
    return value.replace("\\", "\\\\")  # re.sub reads backslashes in the replacement


def _relative(schema: str, file: Path) -> str:
    """The schema's path as seen from `file`'s folder, both relative to the deck folder."""
    path = Path(os.path.relpath(schema, file.parent.as_posix() or ".")).as_posix()
    return path if path.startswith("../") else f"./{path}"


def _refuse_occupied(folder: Path) -> None:
    """A new deck goes into a new folder or an empty one (hidden entries such as `.git`
    aside), so nothing there can be overwritten."""
    shown = display_path(folder)
    if folder.is_symlink() and not folder.exists():
        raise DeckError([_error(f"'{shown}' is a broken symbolic link; give a new or empty folder")])
    if not folder.exists():
        return
    if not folder.is_dir():
        raise DeckError([_error(f"'{shown}' is a file; give a new or empty folder for the deck")])
    try:
        held = sorted(entry.name for entry in os.scandir(folder) if not entry.name.startswith("."))
    except OSError as exc:
        raise DeckError([_error(f"cannot look into '{shown}': {(exc.strerror or str(exc)).lower()}")]) from None
    if held:
        listed = ", ".join(held[:3]) + (", …" if len(held) > 3 else "")
        raise DeckError([_error(f"'{shown}' is not empty (it holds {listed}); pugdeck init writes "
                                "a new deck only into a new or empty folder, so that nothing is "
                                "overwritten")])


def _error(message: str) -> Diagnostic:
    """A problem with the command's arguments: it has no place in any file."""
    return Diagnostic("", 0, 0, None, None, ERROR, message)
