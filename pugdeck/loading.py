"""YAML → plain data that remembers where every value came from.

Safe YAML only, built from the parser's event stream rather than PyYAML's constructor, so
that we can (1) keep a `file:line:col` for every value, (2) refuse duplicate keys, which
PyYAML silently resolves by keeping the last one, and (3) refuse hostile input fast: file
size, nesting depth and alias expansion are all bounded before anything large is built.
The event stream is iterative, so a 10,000-deep nesting cannot exhaust Python's stack.
"""

from __future__ import annotations

import gc
import hashlib
import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping

import yaml

from pugdeck.diagnostics import ERROR, DeckError, Diagnostic

MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64
# Values after alias expansion in one file. A 10,000-card deck has ~150,000.
MAX_VALUES = 1_000_000
# Values reached through aliases: sharing a tag list is fine, multiplying cards is not.
MAX_ALIASED_VALUES = 10_000
MAX_FILES = 256

_TOO_DEEP = f"nesting deeper than {MAX_DEPTH} levels; a deck never needs that"
_Parser = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_resolver = yaml.resolver.Resolver()
_constructor = yaml.constructor.SafeConstructor()
# Text may hold tabs and line breaks, nothing else from the C0/C1 control ranges.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_COLLECTION_TAGS = {None, "!", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}

Path_ = tuple  # a path into the data: ("cards", 3, "level")


@dataclass(frozen=True)
class Mark:
    file: str
    line: int
    column: int


@dataclass
class Document:
    """One YAML file: its data, and the position of every value and mapping key in it."""

    path: Path
    display: str
    data: Any
    sha256: str
    # path → (line, column) of the value / of the mapping key
    marks: dict[tuple, tuple[int, int]] = field(default_factory=dict, repr=False)
    key_marks: dict[tuple, tuple[int, int]] = field(default_factory=dict, repr=False)

    def mark(self, path: tuple) -> Mark:
        """Where the value at `path` starts; the nearest enclosing value if it has no mark."""
        while path not in self.marks and path:
            path = path[:-1]
        line, column = self.marks.get(path, (1, 1))
        return Mark(self.display, line, column)

    def key_mark(self, path: tuple) -> Mark:
        """Where the key of the mapping entry at `path` starts (for unknown/duplicate keys)."""
        if path in self.key_marks:
            line, column = self.key_marks[path]
            return Mark(self.display, line, column)
        return self.mark(path)


class LoadError(Exception):
    def __init__(self, diagnostic: Diagnostic):
        self.diagnostic = diagnostic
        super().__init__(diagnostic.format())


def display_path(path: Path) -> str:
    """A path as a user would type it: relative to the working directory when under it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _error(file: str, line: int, column: int, message: str) -> LoadError:
    return LoadError(Diagnostic(file, line, column, None, None, ERROR, message))


def read_text(path: Path, display: str) -> tuple[str, bytes]:
    """The file's text (UTF-8, BOM allowed) and its bytes; refuses large files and bad bytes."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise _error(display, 1, 1, f"file is {size / 2**20:.1f} MiB; the limit is "
                         f"{MAX_FILE_BYTES // 2**20} MiB — split the cards over several files")
        with path.open("rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise _error(display, 1, 1, f"cannot read file: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:  # grew between stat and read, or not a regular file
        raise _error(display, 1, 1, f"file is larger than {MAX_FILE_BYTES // 2**20} MiB")
    body = raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = exc.start + (len(raw) - len(body))
        before = raw[:offset]
        line = before.count(b"\n") + 1
        column = offset - (before.rfind(b"\n") + 1) + 1
        raise _error(display, line, column, f"invalid UTF-8: byte 0x{raw[offset]:02x} at offset "
                     f"{offset}; save the file as UTF-8") from None
    return text, raw


def parse_yaml(text: str, display: str) -> tuple[Any, dict, dict]:
    """Build data from YAML text; returns (data, value positions, key positions).

    Positions are (line, column) pairs, 1-based; `Document` turns them into `Mark`s on
    demand, which keeps this loop (the cost of loading a large deck) lean.
    """
    marks: dict[tuple, tuple[int, int]] = {}
    key_marks: dict[tuple, tuple[int, int]] = {}
    anchors: dict[str, tuple[Any, int]] = {}
    # A frame per open collection: [container, path, pending key, anchor, values at start]
    stack: list[list] = []
    root: list[Any] = []
    values = 0
    aliased = 0
    documents = 0

    def fail(pos: tuple[int, int], message: str) -> LoadError:
        return _error(display, pos[0], pos[1], message)

    # Locals, not module attributes: this loop runs once per YAML event (24 per card).
    scalar_event, alias_event, document_start = yaml.ScalarEvent, yaml.AliasEvent, yaml.DocumentStartEvent
    mapping_start, sequence_start = yaml.MappingStartEvent, yaml.SequenceStartEvent
    mapping_end, sequence_end = yaml.MappingEndEvent, yaml.SequenceEndEvent
    plain_cache_get, control = _plain_cache.get, _CONTROL.search
    parser = _Parser(text)
    try:
        # iter(get_event, None) instead of yaml.parse(): no Python generator frame per event.
        for event in iter(parser.get_event, None):
            kind = event.__class__
            if kind is mapping_end or kind is sequence_end:
                value, _path, _key, anchor, start = stack.pop()
                size = values - start + 1
                values = start
                if anchor:
                    anchors[anchor] = (value, size)
                top = stack[-1] if stack else None
                pos = None  # the collection's position was recorded at its start
            elif kind is scalar_event or kind is mapping_start or kind is sequence_start or kind is alias_event:
                m = event.start_mark
                pos = (m.line + 1, m.column + 1)
                top = stack[-1] if stack else None
                awaiting_key = top is not None and top[2] is _NO_KEY
                if kind is scalar_event:
                    style = event.style
                    if awaiting_key:
                        key = event.value
                        if style == '"' and control(key):
                            raise fail(pos, "control character in a key; remove it")
                        if key in top[0]:
                            first = key_marks[top[1] + (key,)]
                            raise fail(pos, f"duplicate key '{key}' (first at line {first[0]}); remove one of them")
                        top[2] = key
                        key_marks[top[1] + (key,)] = pos
                        continue
                    if event.tag is not None:
                        value = _scalar(event, display)
                    elif style:  # quoted or block text: always a string
                        value = event.value
                    else:
                        value = plain_cache_get(event.value, _NO_KEY)
                        if value is _NO_KEY:
                            value = _scalar(event, display)
                    # Raw control characters never get past libyaml's reader; in double quotes
                    # an escape such as "\x07" can still make one.
                    if style == '"' and value.__class__ is str and (bad := control(value)):
                        raise fail(pos, f"control character U+{ord(bad.group()):04X} in text; remove it")
                    if event.anchor:
                        anchors[event.anchor] = (value, 1)
                    size = 1
                elif kind is alias_event:
                    if event.anchor not in anchors:
                        raise fail(pos, f"unknown alias '*{event.anchor}'")
                    if awaiting_key:
                        raise fail(pos, "mapping keys must be plain text")
                    value, size = anchors[event.anchor]
                    aliased += size
                    if aliased > MAX_ALIASED_VALUES:
                        raise fail(pos, f"aliases expand to more than {MAX_ALIASED_VALUES:,} values (an alias "
                                   "bomb?); refusing to load it")
                else:
                    if event.tag not in _COLLECTION_TAGS:
                        raise fail(pos, f"tag '{event.tag}' is not allowed; only plain YAML (safe tags) is accepted")
                    if awaiting_key:
                        raise fail(pos, "mapping keys must be plain text")
                    if len(stack) >= MAX_DEPTH:
                        raise fail(pos, _TOO_DEEP)
                    path = () if top is None else top[1] + ((len(top[0]),) if top[2] is _IN_LIST else (top[2],))
                    marks[path] = pos
                    if kind is mapping_start:
                        stack.append([{}, path, _NO_KEY, event.anchor, values])
                    else:
                        stack.append([[], path, _IN_LIST, event.anchor, values])
                    continue
            else:
                if kind is document_start:
                    documents += 1
                    if documents > 1:
                        m = event.start_mark
                        raise fail((m.line + 1, m.column + 1), "a file holds one YAML document; remove the extra '---'")
                continue
            # Attach the finished value to the enclosing collection.
            values += size
            if values > MAX_VALUES:
                m = event.start_mark
                raise fail((m.line + 1, m.column + 1), f"document expands to more than {MAX_VALUES:,} "
                           "values (an alias bomb?); refusing to load it")
            if top is None:
                root.append(value)
            elif top[2] is _IN_LIST:
                if pos is not None:
                    marks[top[1] + (len(top[0]),)] = pos
                top[0].append(value)
            else:
                if pos is not None:
                    marks[top[1] + (top[2],)] = pos
                top[0][top[2]] = value
                top[2] = _NO_KEY
    except yaml.MarkedYAMLError as exc:
        m = exc.problem_mark or exc.context_mark
        line, column = (m.line + 1, m.column + 1) if m else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        if "nesting depth" in problem:  # newer libyaml stops at 1,000 levels while scanning ahead
            raise _error(display, line, column, _TOO_DEEP) from None
        raise _error(display, line, column, f"YAML syntax error: {problem}") from None
    except yaml.reader.ReaderError as exc:
        # A raw control character, refused by the reader before any event. Its `position` is a
        # byte offset with libyaml and a character index without, so find the character itself.
        index = max(text.find(chr(exc.character)), 0)
        before = text[:index]
        line, column = before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1
        what = "control character" if exc.character < 0xA0 else "character"
        raise _error(display, line, column, f"{what} U+{exc.character:04X} in text; remove it") from None
    except yaml.YAMLError as exc:
        raise _error(display, 1, 1, f"YAML error: {exc}") from None
    finally:
        parser.dispose()
    data = root[0] if root else None
    return data, marks, key_marks


class _Marker:
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


_NO_KEY = _Marker("<no key>")  # a mapping waiting for its next key
_IN_LIST = _Marker("<list>")  # a sequence frame has no keys
_plain_cache: dict[str, Any] = {}


def _scalar(event, display: str) -> Any:
    explicit = event.tag not in (None, "!")
    if not explicit:
        if event.style or event.tag == "!":  # plain style is None (Python) or "" (libyaml)
            return event.value  # quoted or block text: always a string
        cached = _plain_cache.get(event.value, _NO_KEY)
        if cached is not _NO_KEY:
            return cached
    tag = event.tag if explicit else _resolver.resolve(yaml.ScalarNode, event.value, event.implicit)
    if tag.startswith("!!"):
        tag = "tag:yaml.org,2002:" + tag[2:]
    if tag == _TIMESTAMP:  # dates mean nothing in a deck; keep what the author wrote
        value = event.value
    elif tag not in _SCALAR_TAGS:
        m = event.start_mark
        raise _error(display, m.line + 1, m.column + 1, f"tag '{event.tag}' is not allowed; "
                     "only plain YAML (safe tags) is accepted")
    elif tag == "tag:yaml.org,2002:str":
        value = event.value
    else:
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark)
        try:
            value = _constructor.yaml_constructors[tag](_constructor, node)
        except (ValueError, yaml.constructor.ConstructorError):
            m = event.start_mark
            raise _error(display, m.line + 1, m.column + 1,
                         f"'{event.value}' is not a valid {tag.rsplit(':', 1)[-1]}") from None
    if not explicit:
        if len(_plain_cache) > 50_000:  # plain words repeat (levels, breeds, numbers); ids do not
            _plain_cache.clear()
        _plain_cache[event.value] = value
    return value


def load_document(path: Path, display: str | None = None) -> Document:
    """Read and parse one YAML file; raises `LoadError` with a located message."""
    display = display or display_path(path)
    text, raw = read_text(path, display)
    data, marks, key_marks = parse_yaml(text, display)
    return Document(path, display, data, hashlib.sha256(raw).hexdigest(), marks, key_marks)


@dataclass(frozen=True)
class SourceCard:
    """A card as written: its raw mapping, the file it came from and its path in that file."""

    data: Any
    doc: Document
    path: tuple

    def mark(self, field_name: str | None = None) -> Mark:
        return self.doc.mark(self.path + ((field_name,) if field_name else ()))

    def key_mark(self, field_name: str) -> Mark:
        return self.doc.key_mark(self.path + (field_name,))

    @property
    def id(self) -> str | None:
        value = self.data.get("id") if isinstance(self.data, dict) else None
        return value if isinstance(value, str) else None


@dataclass
class LoadedDeck:
    """A deck folder as written: `deck.yaml`, every included file, and all their cards."""

    folder: Path
    root: Document
    documents: list[Document]
    cards: list[SourceCard]
    diagnostics: list[Diagnostic]


@contextmanager
def gc_paused():
    """No cyclic garbage collection while a deck is loaded and checked.

    Loading makes hundreds of thousands of small containers, which keeps triggering the
    collector although none of them form cycles; pausing it makes a large deck load and
    check about 40% faster. Afterwards the survivors are frozen (moved out of the
    collector's view; reference counting still frees them), or re-enabling would scan
    them all at once. The previous state is restored.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def find_deck_file(deck: Path) -> Path:
    return deck / "deck.yaml" if deck.is_dir() else deck


def load_deck(deck: Path) -> LoadedDeck:
    """Load a deck folder (or its deck.yaml) and every file it includes.

    Problems with includes are collected as diagnostics; a file that cannot be parsed at all
    raises `DeckError` carrying every such problem found.
    """
    deck_file = find_deck_file(Path(deck))
    if not deck_file.is_file():
        raise DeckError([Diagnostic(display_path(deck_file), 1, 1, None, None, ERROR,
                                    "no deck here: expected a deck folder with deck.yaml, or a deck.yaml file")])
    folder = deck_file.resolve().parent
    diagnostics: list[Diagnostic] = []
    try:
        root = load_document(deck_file.resolve(), display_path(deck_file))
    except LoadError as exc:
        raise DeckError([exc.diagnostic]) from None
    loaded = LoadedDeck(folder, root, [root], [], diagnostics)
    _collect(loaded, root, [root.path])
    fatal = [d for d in diagnostics if d.field == "<file>"]
    if fatal:
        raise DeckError(diagnostics)
    return loaded


def _collect(loaded: LoadedDeck, doc: Document, chain: list[Path]) -> None:
    """Gather the cards of `doc`, then follow its includes depth-first."""
    data = doc.data
    if not isinstance(data, dict):
        loaded.diagnostics.append(Diagnostic(doc.display, 1, 1, None, "<file>", ERROR,
                                             "expected a mapping with 'cards:' (and, in deck.yaml, 'deck:')"))
        return
    cards = data.get("cards")
    if isinstance(cards, list):
        loaded.cards.extend(SourceCard(card, doc, ("cards", i)) for i, card in enumerate(cards))
    includes = data.get("include")
    if not isinstance(includes, list):
        return  # the schema reports a wrong type
    seen = {d.path for d in loaded.documents}
    for i, entry in enumerate(includes):
        if not isinstance(entry, str):
            continue
        mark = doc.mark(("include", i))
        target = inside_folder(loaded.folder, entry)

        def report(message: str) -> None:
            loaded.diagnostics.append(Diagnostic(mark.file, mark.line, mark.column, None, "include",
                                                 ERROR, message))
        if target is None:
            report(f"include '{entry}' is outside the deck folder; use a path inside it")
            continue
        if target in chain:
            report(f"include cycle: '{entry}' includes a file that includes it")
            continue
        if target in seen:
            report(f"'{entry}' is included twice; include each file once")
            continue
        if not target.is_file():
            report(f"included file '{entry}' does not exist")
            continue
        if len(loaded.documents) >= MAX_FILES:
            report(f"more than {MAX_FILES} included files")
            return
        try:
            included = load_document(target, display_path(target))
        except LoadError as exc:
            loaded.diagnostics.append(Diagnostic(**{**exc.diagnostic.as_json(), "field": "<file>"}))
            continue
        loaded.documents.append(included)
        seen.add(target)
        _collect(loaded, included, chain + [target])


def inside_folder(folder: Path, entry: str) -> Path | None:
    """The resolved file a relative path in the deck names, or None if it escapes the folder."""
    candidate = Path(entry)
    if candidate.is_absolute():
        return None
    target = (folder / candidate).resolve()
    return target if target.is_relative_to(folder) else None


def locate(diagnostics: list[Diagnostic], origins: Mapping[str, SourceCard]) -> list[Diagnostic]:
    """Give card problems found after validation (text fit, glyphs) their place in the YAML."""
    out = []
    for d in diagnostics:
        source = origins.get((d.card or "").split("#")[0])
        if source is not None and not d.line:
            mark = source.mark(d.field)
            d = replace(d, file=mark.file, line=mark.line, column=mark.column, card=source.id)
        out.append(d)
    return out
