"""Which files a build read, and so which saves call for a rebuild.

After a good build the list is exact where the build says what it read: the deck's YAML
files (the built deck's `source`), every image its cards and backs name, the files given on
the command line (a profile, custom cards), and the template's files (every YAML file in the
folder of the deck's own template and in the bundled templates, which a template `extends`).
After a failed build anything in those folders may be what fixes it (a file an `include:`
names that does not exist yet), so every change there counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from watchfiles import DefaultFilter

from pugdeck.authoring.loading import inside_folder
from pugdeck.core.built_deck import Built
from pugdeck.games.registry import game
from pugdeck.live.card_images import image_names
from pugdeck.render.template_lookup import own_template_file
from pugdeck.resources import data_dir

TEMPLATE_SUFFIXES = (".yaml", ".yml")


def watched_folders(deck_folder: Path, given_files: Iterable[Path], built: Built | None) -> list[Path]:
    """The folders to watch: the deck's, the bundled templates', each given file's, and the
    folder of the deck's own template if it lives elsewhere. Nested ones are left out."""
    folders = {Path(deck_folder).resolve(), data_dir("templates").resolve()}
    folders |= {Path(path).resolve().parent for path in given_files}
    template = _own_template(built) if built is not None else None
    if template is not None:
        folders.add(template.parent)
    return sorted(f for f in folders if not any(f != o and f.is_relative_to(o) for o in folders))


def read_files(built: Built, given_files: Iterable[Path]) -> frozenset[Path]:
    """Every file the good build `built` read (see the module's docstring), resolved."""
    folder = Path(built.folder).resolve()
    names = [entry["path"] for entry in built.doc["source"]["files"] if entry["role"] == "deck"]
    names += image_names(built.doc)
    files = {Path(path).resolve() for path in given_files}
    for name in names:
        try:
            target = inside_folder(folder, name)
        except (OSError, ValueError):  # an unusable name: the build refused it already
            target = None
        if target is not None:
            files.add(target)
    template = _own_template(built)
    for templates in {data_dir("templates").resolve(), *([template.parent] if template else [])}:
        files |= {p.resolve() for p in templates.rglob("*") if p.suffix in TEMPLATE_SUFFIXES}
    return frozenset(files)


def concerns(changed: Iterable[Path], read: frozenset[Path] | None) -> bool:
    """Whether a batch of changed paths calls for a rebuild: one the last good build read,
    or any at all after a failed build (`read` is None)."""
    changed = [Path(path).resolve() for path in changed]
    return bool(changed) and (read is None or any(path in read for path in changed))


class SaveFilter(DefaultFilter):
    """watchfiles' default filter (editor swap and backup files, `.git`, caches) without the
    changes to folders themselves."""

    def __call__(self, change, path: str) -> bool:
        return super().__call__(change, path) and not Path(path).is_dir()


def _own_template(built: Built) -> Path | None:
    spec = game(built.game)
    name = built.template or spec.default_template
    return own_template_file(name, built.folder, spec.folder)

