"""YAML text → plain data that remembers where every value came from.

Safe YAML only, built from the parser's event stream rather than PyYAML's constructor, so
that we can (1) keep a `file:line:col` for every value, (2) refuse duplicate keys, which
PyYAML silently resolves by keeping the last one, and (3) refuse hostile input fast: file
size, nesting depth and alias expansion are all bounded before anything large is built.
The event stream is iterative, so a 10,000-deep nesting cannot exhaust Python's stack.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import yaml

from pugdeck.authoring.slugs import nfc
from pugdeck.core.diagnostics import ERROR, UNSAFE_IN_TEXT, Diagnostic, shortened, unsafe_in_text
from pugdeck.inputs import InputError, TooLarge, read_bytes
from pugdeck.resources import display_path  # noqa: F401 (where loading and others import it from)

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
# Text may hold tabs and line breaks, nothing else that could break or disguise a line.
_CONTROL = UNSAFE_IN_TEXT
_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
# Longer than any number a deck holds, far shorter than Python's 4,300-digit limit.
MAX_NUMBER_CHARS = 100
# Line breaks to YAML 1.1 (and libyaml's marks), but not to most editors.
_ODD_BREAKS = (("\x85", "NEXT LINE"), ("\u2028", "LINE SEPARATOR"), ("\u2029", "PARAGRAPH SEPARATOR"))
_COLLECTION_TAGS = {None, "!", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


class Mark(NamedTuple):
    file: str
    line: int
    column: int


class LoadError(Exception):
    def __init__(self, diagnostic: Diagnostic):
        self.diagnostic = diagnostic
        super().__init__(diagnostic.format())


def _error(file: str, line: int, column: int, message: str) -> LoadError:
    return LoadError(Diagnostic(file, line, column, None, None, ERROR, message))


def read_text(path: Path, display: str) -> tuple[str, bytes]:
    """The file's text (UTF-8, BOM allowed) and its bytes; refuses large files and bad bytes."""
    try:
        raw = read_bytes(path, MAX_FILE_BYTES)
    except TooLarge as exc:
        raise _error(display, 1, 1, f"file {exc.reason[3:]} — split the cards over several files") from None
    except InputError as exc:
        raise _error(display, 1, 1, f"cannot read file: {exc.reason}") from None
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
    # Text is read composed (NFC): `ñ` written as n + a combining tilde is the same id, tag
    # and text as `ñ` (authoring/slugs.py), and fonts have glyphs for composed letters.
    text = nfc(text)
    for char, name in _ODD_BREAKS:
        if char in text:  # rare: one C-level search per character in a clean file
            index = text.index(char)
            line = text.count("\n", 0, index) + 1
            column = index - (text.rfind("\n", 0, index) + 1) + 1
            raise _error(display, line, column, f"character U+{ord(char):04X} ({name}) ends a line "
                         "for YAML but not for most editors, so line numbers would disagree; "
                         "replace it with a plain line break or a space")
    return text, raw


def parse_yaml(text: str, display: str, positions: bool = True) -> tuple[Any, dict, dict]:
    """Build data from YAML text; returns (data, value positions, key positions).

    With `positions=False` the two position tables stay empty, for a first pass over a deck
    that will only be parsed again (with positions) if it has a problem to point at. Errors
    raised while parsing are located either way.

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

    def fail(event, message: str) -> LoadError:
        m = event.start_mark
        return _error(display, m.line + 1, m.column + 1, message)

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
            # Scalars first: they are most of the events.
            if kind is scalar_event or kind is mapping_start or kind is sequence_start or kind is alias_event:
                if positions:  # else found from the event only if there is an error to report
                    m = event.start_mark
                    pos = (m.line + 1, m.column + 1)
                top = stack[-1] if stack else None
                awaiting_key = top is not None and top[2] is _NO_KEY
                if kind is scalar_event:
                    style = event.style
                    if awaiting_key:
                        key = event.value
                        if not key.isprintable() and control(key):
                            raise fail(event, "control character in a key; remove it")
                        if key in top[0]:
                            if not positions:  # the message names the first key's line
                                return parse_yaml(text, display, positions=True)
                            first = key_marks[top[1] + (key,)]
                            raise fail(event, f"duplicate key '{shortened(key)}' (first at line {first[0]}); "
                                       "remove one of them")
                        top[2] = key
                        if positions:
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
                    # an escape such as "\x07" can still make one, and U+202E gets through raw.
                    # (isprintable() is a quick yes: none of them is printable.)
                    if (value.__class__ is str and not value.isprintable()
                            and (bad := control(value))):
                        raise fail(event, unsafe_in_text(bad.group()))
                    if event.anchor:
                        anchors[event.anchor] = (value, 1)
                    size = 1
                elif kind is alias_event:
                    if event.anchor not in anchors:
                        raise fail(event, f"unknown alias '*{shortened(event.anchor)}'")
                    if awaiting_key:
                        raise fail(event, "mapping keys must be plain text")
                    value, size = anchors[event.anchor]
                    aliased += size
                    if aliased > MAX_ALIASED_VALUES:
                        raise fail(event, f"aliases expand to more than {MAX_ALIASED_VALUES:,} values (an alias "
                                   "bomb?); refusing to load it")
                else:
                    if event.tag not in _COLLECTION_TAGS:
                        raise fail(event, f"tag '{shortened(event.tag)}' is not allowed; only plain YAML (safe tags) "
                                   "is accepted")
                    if awaiting_key:
                        raise fail(event, "mapping keys must be plain text")
                    if len(stack) >= MAX_DEPTH:
                        raise fail(event, _TOO_DEEP)
                    if positions:
                        path = () if top is None else top[1] + ((len(top[0]),) if top[2] is _IN_LIST else (top[2],))
                        marks[path] = pos
                    else:
                        path = ()
                    if kind is mapping_start:
                        stack.append([{}, path, _NO_KEY, event.anchor, values])
                    else:
                        stack.append([[], path, _IN_LIST, event.anchor, values])
                    continue
            elif kind is mapping_end or kind is sequence_end:
                value, _path, _key, anchor, start = stack.pop()
                size = values - start + 1
                values = start
                if anchor:
                    anchors[anchor] = (value, size)
                top = stack[-1] if stack else None
                pos = None  # the collection's position was recorded at its start
            else:
                if kind is document_start:
                    documents += 1
                    if documents > 1:
                        raise fail(event, "a file holds one YAML document; remove the extra '---'")
                continue
            # Attach the finished value to the enclosing collection.
            values += size
            if values > MAX_VALUES:
                raise fail(event, f"document expands to more than {MAX_VALUES:,} "
                           "values (an alias bomb?); refusing to load it")
            if top is None:
                root.append(value)
            elif top[2] is _IN_LIST:
                if positions and pos is not None:
                    marks[top[1] + (len(top[0]),)] = pos
                top[0].append(value)
            else:
                if positions and pos is not None:
                    marks[top[1] + (top[2],)] = pos
                top[0][top[2]] = value
                top[2] = _NO_KEY
    except yaml.MarkedYAMLError as exc:
        m = exc.problem_mark or exc.context_mark
        line, column = (m.line + 1, m.column + 1) if m else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        if "nesting depth" in problem:  # newer libyaml stops at 1,000 levels while scanning ahead
            raise _error(display, line, column, _TOO_DEEP) from None
        tab = _tab_near(text, line) if m else None
        if tab is not None:  # libyaml names it "cannot start any token" or not at all
            raise _error(display, line, tab, "a tab in the indentation: YAML indents with spaces "
                         "only; replace the tab with spaces") from None
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


def _tab_near(text: str, line: int) -> int | None:
    """The column of a tab in the indentation of `line` (1-based), if one is there: where
    libyaml stops at a tab it names it only sometimes, and never says to use spaces."""
    lines = text.split("\n", line)
    if len(lines) < line:
        return None
    row = lines[line - 1]
    indent = row[:len(row) - len(row.lstrip(" \t-"))]
    return indent.index("\t") + 1 if "\t" in indent else None


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
    try:
        if explicit:
            tag = event.tag
            return _typed("tag:yaml.org,2002:" + tag[2:] if tag.startswith("!!") else tag, event.value)
        if event.style or event.tag == "!":  # plain style is None (Python) or "" (libyaml)
            return event.value  # quoted or block text: always a string
        return plain_value(event.value)
    except _BadScalar as bad:
        m = event.start_mark
        kind = bad.tag.rsplit(":", 1)[-1]
        if bad.not_allowed:
            message = f"tag '{shortened(event.tag or bad.tag)}' is not allowed; only plain YAML (safe tags) is accepted"
        elif len(event.value) > MAX_NUMBER_CHARS and bad.tag in _NUMBER_TAGS:
            message = (f"'{shortened(event.value)}' is a number {len(event.value):,} characters long; a deck's "
                       "numbers are short (put text in quotes)")
        else:
            message = f"'{shortened(event.value)}' is not a valid {kind}"
        raise _error(display, m.line + 1, m.column + 1, message) from None


class _BadScalar(ValueError):
    def __init__(self, tag: str, not_allowed: bool):
        self.tag, self.not_allowed = tag, not_allowed


def plain_value(text: str) -> Any:
    """What a plain (unquoted, untagged) scalar means: PyYAML's YAML 1.1 resolver and safe
    constructor, remembered per text. Raises `_BadScalar` for a value that resolves to a type
    a deck may not hold, or that its type's constructor refuses."""
    value = _plain_cache.get(text, _NO_KEY)
    if value is _NO_KEY:
        value = _typed(_resolver.resolve(yaml.ScalarNode, text, (True, False)), text)
        if len(_plain_cache) > 50_000:  # plain words repeat (levels, breeds, numbers); ids do not
            _plain_cache.clear()
        _plain_cache[text] = value
    return value


def _typed(tag: str, text: str) -> Any:
    """The value of a scalar with a resolved or explicit `tag`."""
    if tag == _TIMESTAMP:  # dates mean nothing in a deck; keep what the author wrote
        return text
    if tag not in _SCALAR_TAGS:
        raise _BadScalar(tag, True)
    if tag == "tag:yaml.org,2002:str":
        return text
    if len(text) > MAX_NUMBER_CHARS and tag in _NUMBER_TAGS:
        # Refused unread: Python will not turn a 4,300-digit int into text (every message
        # would fail), and "1:2:3:…" (base 60) costs quadratic time to build.
        raise _BadScalar(tag, False)
    node = yaml.ScalarNode(tag, text)
    try:
        return _constructor.yaml_constructors[tag](_constructor, node)
    except (ValueError, LookupError, TypeError, ArithmeticError, yaml.constructor.ConstructorError):
        # PyYAML's constructors assume resolved text: an explicit `!!bool "x"` is a KeyError,
        # `!!int ""` an IndexError.
        raise _BadScalar(tag, False) from None
