"""What every game's deck has in common: deck.yaml's `deck:` block, the input files, and
card problems located in them. Each game's `model` and `checks` build on these."""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

from typing import Any, NamedTuple

from pugdeck.authoring.loading import Document, LoadedDeck, SourceCard, inside_folder
from pugdeck.authoring.schema_checks import SchemaCheck
from pugdeck.authoring.texts import printed_descriptive
from pugdeck.core.diagnostics import ERROR, Diagnostic, shortened


def is_back_key(key: str) -> bool:
    """A key of the `deck:` block that chooses a card back: `back`, or a game's second
    pile's `<pile>_back` (say `treat_back`). Which ones a deck may use is its game's
    schema's say; these are carried into the built deck as written."""
    return key == "back" or key.endswith("_back")


class DeckInfo(NamedTuple):  # not a dataclass: see render/shapes.py
    """The `deck:` block of deck.yaml, defaults filled in (the template: the game's own)."""

    id: str
    name: str
    game: str
    version: str = "1.0.0"
    language: str = "en"
    template: str = ""
    backs: tuple[tuple[str, dict], ...] = ()  # (key, back choice) pairs, as written
    # deck.yaml's `strings:`: fixed texts the deck restates over its template's (render/strings.py)
    strings: tuple[tuple[str, str], ...] = ()
    fonts: tuple[tuple[str, str], ...] = ()  # the deck's own fonts by role (render/deck_fonts.py)

    @classmethod
    def from_yaml(cls, block: dict, game: str, strings: dict | None = None) -> "DeckInfo":
        plain = {k: v for k, v in block.items() if not is_back_key(k)}
        backs = tuple((k, v) for k, v in block.items() if is_back_key(k))
        return cls(**{"game": game, "template": game, **plain, "backs": backs,
                      "strings": tuple((strings or {}).items()),
                      "fonts": tuple((block.get("fonts") or {}).items())})

    def as_json(self) -> dict:
        """The built deck's `deck` block. A deck that chose no back and restates no string
        keeps the built deck it had before either could be chosen."""
        out = {"id": self.id, "name": self.name, "version": self.version,
               "language": self.language, "template": self.template, **dict(self.backs)}
        if self.fonts:
            out["fonts"] = dict(self.fonts)
        if self.strings:
            out["strings"] = dict(self.strings)
        return out


class SourceFile(NamedTuple):  # not a dataclass: see render/shapes.py
    """One input file of the deck and the sha256 of its bytes."""

    path: str  # relative to the deck folder, '/'-separated
    sha256: str


def sources_of(loaded: LoadedDeck) -> tuple[SourceFile, ...]:
    return tuple(SourceFile(doc.path.relative_to(loaded.folder).as_posix(), doc.sha256)
                 for doc in loaded.documents)


def whole(value: Any) -> Any:
    """A number the schema took for a whole one, as an `int`: JSON Schema counts 2.0 as an
    integer and YAML reads `2.0` as a float, which `range()` refuses and the built deck
    would print as 2.0. Anything else is returned as it is."""
    return int(value) if value.__class__ is float else value


def card_id_of(item) -> str | None:
    """A card's id if it has a usable one (for messages about a card that is otherwise broken)."""
    value = item.get("id") if isinstance(item, dict) else None
    return value if isinstance(value, str) else None


def located(source: SourceCard, field: str | tuple, message: str, severity: str = ERROR,
            key: bool = False) -> Diagnostic:
    """A problem with a card's field (a name, or a path into it), at its value or its key."""
    path = field if isinstance(field, tuple) else (field,)
    where = source.path + path
    mark = source.doc.key_mark(where) if key else source.doc.mark(where)
    name = next((p for p in reversed(path) if isinstance(p, str)), None)
    return Diagnostic(mark.file, mark.line, mark.column, source.id, name, severity, message)


def file_role(doc: Document, is_root: bool) -> list[Diagnostic]:
    """deck.yaml says what the deck is; included files only hold cards."""
    data = doc.data
    if not isinstance(data, dict):
        return []
    out = []
    if is_root and "deck" not in data:
        mark = doc.mark(())
        out.append(Diagnostic(mark.file, mark.line, mark.column, None, "deck", ERROR,
                              "deck.yaml needs a 'deck:' block with id, name and game"))
    for key in ("deck", "strings", "rules"):
        if not is_root and key in data:
            mark = doc.key_mark((key,))
            out.append(Diagnostic(mark.file, mark.line, mark.column, None, key, ERROR,
                                  f"'{key}:' belongs in deck.yaml, not in an included card file"))
    return out


def written_back_images(loaded: LoadedDeck) -> list[tuple[str, dict, str]]:
    """(key, back, image) of each back deck.yaml gives an image file."""
    block = root_block(loaded, "deck")
    found = []
    for key, back in (block.items() if isinstance(block, dict) else ()):
        image = back.get("image") if is_back_key(key) and isinstance(back, dict) else None
        if isinstance(image, str) and image:  # an empty one is the schema's to report
            found.append((key, back, image))
    return found


def back_images(loaded: LoadedDeck) -> list[Diagnostic]:
    """Each back image deck.yaml names, checked as card art is: a PNG or JPEG inside the
    deck folder that Pillow opens safely, its problem located at the `image:` value."""
    out: list[Diagnostic] = []
    seen: dict = {}
    for key, back, image in written_back_images(loaded):
        # Imported here: Pillow costs a tenth of a second and most decks have no back image.
        from pugdeck.authoring.images import check_image  # noqa: PLC0415

        problem = check_image(loaded.folder, image, what=f"{key} image")
        if problem:
            mark = loaded.root.mark(("deck", key, "image"))
            out.append(Diagnostic(mark.file, mark.line, mark.column, None, f"deck.{key}.image",
                                  ERROR, problem))
        else:
            out += _same_back(loaded, key, back, image, seen)
    return out


def deck_fonts(loaded: LoadedDeck) -> list[Diagnostic]:
    """Each font `deck.fonts` names, checked as art is (render/deck_fonts.py), its problem
    located at the file's name."""
    block = root_block(loaded, "deck")
    fonts = block.get("fonts") if isinstance(block, dict) else None
    if not isinstance(fonts, dict):
        return []
    from pugdeck.authoring.fonts import FONT_ROLES, check_font  # noqa: PLC0415 (reportlab: only with fonts)

    out = []
    for role, entry in fonts.items():
        problem = check_font(loaded.folder, entry, role) if role in FONT_ROLES and isinstance(entry, str) else None
        if problem:
            mark = loaded.root.mark(("deck", "fonts", role))
            out.append(Diagnostic(mark.file, mark.line, mark.column, None, f"deck.fonts.{role}", ERROR, problem))
    return out


def _same_back(loaded: LoadedDeck, key: str, back: dict, image: str, seen: dict) -> list[Diagnostic]:
    """A second back that prints as an earlier one does (the same image file, no other text
    over it): the piles could not be told apart face down, so a Treat could hide in the
    deck (docs/printing.md). `seen`: what each earlier back prints → its key."""
    printed = (inside_folder(loaded.folder, image), back.get("title"), back.get("tagline"))
    first = seen.setdefault(printed, key)
    if first == key:
        return []
    mark = loaded.root.mark(("deck", key, "image"))
    return [Diagnostic(mark.file, mark.line, mark.column, None, f"deck.{key}.image", ERROR,
                       f"deck.{key} prints the same back as deck.{first} (the image '{shortened(image, 80)}'), so "
                       "its cards cannot be told apart face down; give it an image of its own, or a title")]


def check_files(loaded: LoadedDeck, schema: SchemaCheck) -> list[Diagnostic]:
    """What loading found, then every file against the game's schema and its role, and
    the back images and fonts deck.yaml names."""
    diagnostics = list(loaded.diagnostics)
    for doc in loaded.documents:
        if not isinstance(doc.data, dict):
            continue  # an included file that is no mapping: loading has said so (`whole`)
        diagnostics += schema.check(doc, item_id=card_id_of)
        diagnostics += file_role(doc, is_root=doc is loaded.root)
    return diagnostics + back_images(loaded) + deck_fonts(loaded) + images_together(loaded)


def images_together(loaded: LoadedDeck) -> list[Diagnostic]:
    """Every distinct image the deck uses (its cards' `art`, its backs' `image`) under one
    budget of decoded pixels (`authoring.images.MAX_DECK_ART_PIXELS`), located at the image
    that passes it."""
    named: list[tuple[str, Any]] = []  # (entry, where it is written)
    for source in loaded.cards:
        art = source.data.get("art") if isinstance(source.data, dict) else None
        if isinstance(art, str) and art:
            named.append((art, source))
    named += [(image, ("deck", key, "image")) for key, _back, image in written_back_images(loaded)]
    if len(named) < 2 or loaded.folder is None:
        return []  # one image: check_image's own cap holds
    from pugdeck.authoring.images import deck_art_problem  # noqa: PLC0415 (Pillow: only for decks with images)

    found = deck_art_problem(loaded.folder, [entry for entry, _where in named])
    if found is None:
        return []
    entry, message = found
    where = next(where for named_entry, where in named if named_entry == entry)
    if isinstance(where, SourceCard):  # a card's art (a SourceCard is a tuple too: ask it first)
        mark = where.mark("art")
        return [Diagnostic(mark.file, mark.line, mark.column, where.id, "art", ERROR, message)]
    mark = loaded.root.mark(where)  # a back's image, at its path in deck.yaml
    return [Diagnostic(mark.file, mark.line, mark.column, None, ".".join(where), ERROR, message)]


def sound(problems: set[tuple], path: tuple) -> bool:
    """Whether the schema found nothing wrong at or inside `path` of a file (`problems`:
    `SchemaCheck.problem_paths`): a check that reads only that part may run."""
    return not any(p[:len(path)] == path for p in problems)


def root_block(loaded: LoadedDeck, key: str) -> Any:
    """deck.yaml's top-level `key` (None when absent or when deck.yaml is no mapping)."""
    data = loaded.root.data
    return data.get(key) if isinstance(data, dict) else None


def deck_info(loaded: LoadedDeck, problems: set[tuple], game: str) -> DeckInfo | None:
    """deck.yaml's `deck:` block and `strings:`, defaults filled in, if the schema found
    nothing wrong in either."""
    block = root_block(loaded, "deck")
    if not (isinstance(block, dict) and sound(problems, ("deck",)) and sound(problems, ("strings",))):
        return None
    return DeckInfo.from_yaml(block, game, root_block(loaded, "strings"))


def template_name(loaded: LoadedDeck, problems: set[tuple], default: str) -> str | None:
    """The template deck.yaml names (`default` when it names none); None when the schema
    refused the name, which is then no name to look a file up by."""
    block = root_block(loaded, "deck")
    name = block.get("template", default) if isinstance(block, dict) else default
    return name if isinstance(name, str) and sound(problems, ("deck", "template")) else None


def printed_texts(loaded: LoadedDeck, diagnostics: list[Diagnostic],
                  fields: tuple[str, ...]) -> tuple[list[dict], dict[str, SourceCard]]:
    """What each card prints in `fields`, for the print checks (text fit, glyphs), from every
    card however broken: a field with an error of its own is left out, the others are
    checked, so a wrong `level` does not hide a question too long to print. Returns the
    cards as `{"card": key, field: text}` and where each key's card was written (a key per
    card, as ids may be missing or twice)."""
    wrong = {(d.file, d.card, d.field) for d in diagnostics if d.is_error()}
    cards: list[dict] = []
    origins: dict[str, SourceCard] = {}
    for index, source in enumerate(loaded.cards):
        data = source.data
        if not isinstance(data, dict):
            continue
        shown, card_id = source.doc.display, source.id
        # a text in two forms (a gendered descriptive) is checked as the card prints both
        texts = {f: data[f] if data[f].__class__ is str else printed_descriptive(data[f]) for f in fields
                 if isinstance(data.get(f), (str, dict)) and (shown, card_id, f) not in wrong}
        if texts:
            key = str(index)
            cards.append({"card": key, **texts})
            origins[key] = source
    return cards, origins


def template_located(loaded: LoadedDeck, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The print checks' diagnostics, a missing template's located at deck.yaml's `template:`.

    A template the deck names that does not exist is reported unlocated, with field
    `template` (render/template_lookup.py: `resolve_template`): the deck's `template:` field is
    what to change, not the file it looked for.
    """
    out = []
    for d in diagnostics:
        if d.field == "template" and not d.line:
            mark = loaded.root.mark(("deck", "template"))
            d = Diagnostic(mark.file, mark.line, mark.column, None, "template", d.severity, d.message)
        out.append(d)
    return out
