"""Card templates: YAML layouts with `extends`, checked against a published schema.

A template file may be partial when it extends another; the merged result must be whole.
Regions are millimetres from the card's top-left corner because that is how a designer
measures a card; the layout turns them into PDF points from the bottom-left.

The schema fixes the shape of a template; the names of its regions, text styles and
colours are a game's own words (its `GameSpec.template_regions` …), passed in as a
`Vocabulary` and checked once the template is merged (docs/printing.md).
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from pugdeck.authoring.loading import LoadError, Mark, display_path, load_document
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic, shortened
from pugdeck.render.strings import SHARED_KEYS, template_string_problems
from pugdeck.resources import data_dir

CARD_SIZES_MM = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "tarot": (69.85, 120.65),
}
FONT_ROLES = ("title", "body", "bold")
MAX_EXTENDS_DEPTH = 8
SHARED_STRINGS = "shared/strings.yaml"  # under the templates folder: every template's first strings


class Vocabulary(NamedTuple):  # not a dataclass: see render/shapes.py
    """The region, text-style and colour names a game's card faces read: a template must
    set each of them and may set no other."""

    regions: tuple[str, ...]
    text_styles: tuple[str, ...]
    colors: tuple[str, ...]
    # The fixed texts the game prints (render/strings.py): (key, its placeholders), in order;
    # the keys every game shares (the gallery's, `SHARED_KEYS`) come on top.
    strings: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def sections(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """(template section, the names it must hold), in the order they are checked."""
        return (("regions", self.regions), ("text", self.text_styles), ("colors", self.colors))


class Region(NamedTuple):  # not a dataclass: see render/shapes.py
    """A rectangle on the card in mm, from the card's top-left corner."""

    x: float
    y: float
    width: float
    height: float


class TextStyle(NamedTuple):  # not a dataclass: see render/shapes.py
    font: str  # a font role: title, body or bold
    max_pt: float
    min_pt: float
    leading: float
    align: str
    max_lines: int = 0  # 0: as many as fit


class Template(NamedTuple):  # not a dataclass: see render/shapes.py
    """A whole, merged template: everything the layout needs to draw a card."""

    name: str
    width_mm: float
    height_mm: float
    fonts: dict[str, Path]
    colors: dict[str, str]
    panel: Region
    panel_radius: float
    regions: dict[str, Region]
    text: dict[str, TextStyle]
    # Fixed texts (render/strings.py): language → key → text, merged over the shared ones;
    # where each was written; the game's keys and the placeholders each may use.
    strings: dict[str, dict[str, str]] = {}
    string_places: dict[tuple[str, str], tuple[str, int, int]] = {}
    string_keys: dict[str, tuple[str, ...]] = {}
    # Where each region (and `frame.panel`, as "frame") was set (file, line, column): a
    # region too near the cut is fixed there.
    region_places: dict[str, tuple[str, int, int]] = {}


def load_template(name_or_path: str | Path, vocabulary: Vocabulary | None = None) -> Template:
    """Load a bundled template by name, or a template file by path, resolving `extends`.

    With a `vocabulary`, the merged template must hold exactly its regions, text styles and
    colours; without one, whatever names it has are kept. Raises `DeckError` with located
    diagnostics when a file is invalid or the merged template is incomplete.
    """
    return _load_cached(str(name_or_path), vocabulary)


def forget_loaded_templates() -> None:
    """Read every template from its file again next time: `pugdeck live` calls this before
    each rebuild, since a template the designer just saved has the same path as before."""
    _load_cached.cache_clear()


@lru_cache(maxsize=16)
def _load_cached(name_or_path: str, vocabulary: Vocabulary | None) -> Template:
    path = _find(name_or_path, Path.cwd())
    merged, marks = _merged(path, [])
    shared, shared_marks = _merged(data_dir("templates") / SHARED_STRINGS, [])
    merged = {**merged, "strings": _deep_merge(shared.get("strings") or {}, merged.get("strings") or {})}
    return _build(merged, {**shared_marks, **marks}, display_path(path), vocabulary)


def _find(ref: str, relative_to: Path) -> Path:
    if ref.endswith((".yaml", ".yml")) or "/" in ref:
        candidate = Path(ref)
        return candidate if candidate.is_absolute() else (relative_to / candidate)
    return data_dir("templates") / f"{ref}.yaml"


def _error(file: str, line: int, column: int, message: str, field: str | None = None) -> Diagnostic:
    return Diagnostic(file, line, column, None, field, ERROR, message)


def _merged(path: Path, chain: list[Path]) -> tuple[dict, dict[tuple, Mark]]:
    """The template at `path` merged over everything it extends, and where each value of
    the result was written (the file that set it last)."""
    try:
        exists = path.is_file()
    except (OSError, ValueError):  # a name the file system refuses (too long, a NUL byte)
        exists = False
    if not exists:
        raise DeckError([_error(str(path), 1, 1, f"no template at '{shortened(str(path), 120)}'")])
    try:
        doc = load_document(path.resolve())
    except LoadError as exc:
        raise DeckError([exc.diagnostic]) from None
    problems = [_error(doc.mark(p).file, doc.mark(p).line, doc.mark(p).column, msg)
                for p, msg in _schema_problems(doc.data)]
    if problems:
        raise DeckError(problems)
    data: dict = doc.data
    parent_ref = data.get("extends")
    if parent_ref is None:
        return data, _marks_of(doc)
    mark = doc.mark(("extends",))
    parent = _find(parent_ref, path.resolve().parent).resolve()
    if parent in chain or parent == path.resolve() or len(chain) >= MAX_EXTENDS_DEPTH:
        raise DeckError([_error(mark.file, mark.line, mark.column,
                                f"template 'extends: {parent_ref}' makes a cycle or is nested too deep")])
    if not parent.is_file():
        raise DeckError([_error(mark.file, mark.line, mark.column,
                                f"template '{parent_ref}' not found (looked for {display_path(parent)})")])
    base, base_marks = _merged(parent, chain + [path.resolve()])
    return _deep_merge(base, data), {**base_marks, **_marks_of(doc)}


def _marks_of(doc) -> dict[tuple, Mark]:
    return {path: doc.mark(path) for path in doc.marks}


def _deep_merge(base: dict, override: dict) -> dict:
    # Mappings merge key by key; lists (regions) and scalars replace whole.
    result = dict(base)
    for key, value in override.items():
        if key == "extends":
            continue
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = _deep_merge(result[key], value)
        else:
            result[key] = value
    result.pop("extends", None)
    return result


@lru_cache(maxsize=1)
def _schema() -> dict:
    from pugdeck.schemas import shared_file  # noqa: PLC0415 (fastjsonschema loads when a template is read)

    return shared_file("template")


@lru_cache(maxsize=1)
def _fast_check():
    from pugdeck.schemas import shared_check  # noqa: PLC0415 (fastjsonschema loads when a template is read)

    return shared_check("template").confirm


def _schema_problems(data: Any) -> list[tuple[tuple, str]]:
    """Every schema violation with its path. A valid template is confirmed by the precompiled
    fastjsonschema validator unless jsonschema is loaded already; jsonschema (a quarter second to import)
    only runs to list the problems of an invalid one, or when it costs nothing extra."""
    if "jsonschema" not in sys.modules:
        import fastjsonschema  # noqa: PLC0415 (see the docstring)

        try:
            _fast_check()(data)
            return []
        except fastjsonschema.JsonSchemaException:
            pass
    from jsonschema import Draft202012Validator  # noqa: PLC0415 (see the docstring)

    errors = sorted(Draft202012Validator(_schema()).iter_errors(data),
                    key=lambda e: list(map(str, e.absolute_path)))
    return [(tuple(e.absolute_path), f"template: {e.message}") for e in errors]


def _vocabulary_problems(data: dict, vocabulary: Vocabulary) -> list[tuple[tuple, str]]:
    """Names the game does not know, where they were written, and names it needs but the
    template lacks; each message lists the names the game knows."""
    problems: list[tuple[tuple, str]] = []
    for section, known in vocabulary.sections():
        written = data.get(section) or {}
        listed = ", ".join(known)
        for name in written:
            if name not in known:
                problems.append(((section, name), (f"template: unknown {section} name '{name}' "
                                                  f"(this game's {section}: {listed})")))
        for name in known:
            if name not in written:
                problems.append(((), (f"template is missing '{section}.{name}' "
                                     f"(this game's {section}: {listed})")))
    return problems


def _build(data: dict, marks: dict[tuple, Mark], display: str,
           vocabulary: Vocabulary | None = None) -> Template:
    """Turn merged data into a Template; every missing or misplaced part is reported where
    it was written (or at the top of the template when it is missing altogether)."""
    problems: list[tuple[tuple, str]] = []
    strings = data.get("strings") or {}
    if vocabulary is not None:
        problems += _vocabulary_problems(data, vocabulary)
        names = vocabulary
        string_keys = {**dict(vocabulary.strings), **SHARED_KEYS}
    else:
        names = Vocabulary(*(tuple(data.get(section) or ()) for section in ("regions", "text", "colors")))
        string_keys = {key: () for texts in strings.values() for key in texts}
    problems += template_string_problems(strings, string_keys if vocabulary is not None else None)

    def need(*keys: str) -> Any:
        value: Any = data
        for key in keys:
            if not isinstance(value, dict) or key not in value:
                problems.append(((), f"template is missing '{'.'.join(keys)}'"))
                return None
            value = value[key]
        return value

    size = need("card", "size")
    width, height = _size_mm(size)
    # Regions and text sizes are measured on `layout_size`; another card size scales them.
    layout_w, layout_h = _size_mm(data.get("card", {}).get("layout_size", size))
    sx, sy = width / layout_w, height / layout_h
    fonts = {}
    for role in FONT_ROLES:
        file = need("fonts", role)
        if file is not None:
            fonts[role] = data_dir("fonts") / file
            if not fonts[role].is_file():
                problems.append((("fonts", role),
                                 f"font '{file}' for '{role}' is not in the bundled fonts folder"))
    colors = {name: (data.get("colors") or {}).get(name) for name in names.colors}
    panel = _scaled(need("frame", "panel"), sx, sy)
    regions = {name: _scaled((data.get("regions") or {}).get(name), sx, sy)
               for name in names.regions}
    text = {name: (data.get("text") or {}).get(name) for name in names.text_styles}
    type_scale = min(sx, sy)
    for name, style in text.items():
        if style is not None:
            for key in ("font", "max_pt", "min_pt", "leading", "align"):
                if key not in style:
                    problems.append((("text", name), f"template is missing 'text.{name}.{key}'"))
            if style.get("min_pt", 0) > style.get("max_pt", 1e9):
                problems.append((("text", name, "min_pt"), f"text.{name}: min_pt is larger than max_pt"))
    boxes = [(("frame", "panel"), panel)] + [(("regions", n), r) for n, r in regions.items()
                                              if r is not None]
    for where, box in boxes:
        if box is not None and (box[0] < 0 or box[1] < 0 or box[0] + box[2] > width + 1e-6
                                or box[1] + box[3] > height + 1e-6):
            problems.append((where, (f"{'.'.join(where)} {box} does not lie inside the "
                                    f"{width} x {height} mm card")))
    if problems:
        raise DeckError([_located(where, message, marks, display) for where, message in problems])
    return Template(
        name=data.get("name", Path(display).stem),
        width_mm=float(width),
        height_mm=float(height),
        fonts=fonts,
        colors=colors,
        panel=Region(*map(float, panel)),
        panel_radius=float(data.get("frame", {}).get("panel_radius", 0.0)) * type_scale,
        regions={n: Region(*map(float, r)) for n, r in regions.items()},
        text={n: TextStyle(s["font"], round(s["max_pt"] * type_scale, 2),
                           round(s["min_pt"] * type_scale, 2), float(s["leading"]), s["align"],
                           int(s.get("max_lines", 0))) for n, s in text.items()},
        strings=strings,
        string_places={(lang, key): _place(("strings", lang, key), marks, display)
                       for lang, texts in strings.items() for key in texts},
        string_keys=string_keys,
        region_places={"frame": _place(("frame", "panel"), marks, display),
                       **{name: _place(("regions", name), marks, display) for name in regions}},
    )


def _size_mm(size: Any) -> tuple[float, float]:
    if isinstance(size, str) and size in CARD_SIZES_MM:
        return CARD_SIZES_MM[size]
    if isinstance(size, dict):
        return float(size["width_mm"]), float(size["height_mm"])
    return CARD_SIZES_MM["poker"]


def _scaled(box: list | None, sx: float, sy: float) -> list | None:
    if box is None or (sx == 1 and sy == 1):
        return box
    return [box[0] * sx, box[1] * sy, box[2] * sx, box[3] * sy]


def _place(where: tuple, marks: dict[tuple, Mark], display: str) -> tuple[str, int, int]:
    """(file, line, column) of the value at `where`, else of what holds it, else the top."""
    while where and where not in marks:
        where = where[:-1]
    mark = marks.get(where) if where else None
    return (mark.file, mark.line, mark.column) if mark is not None else (display, 1, 1)


def _located(where: tuple, message: str, marks: dict[tuple, Mark], display: str) -> Diagnostic:
    return _error(*_place(where, marks, display), message)
