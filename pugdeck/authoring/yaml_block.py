"""A fast reader for the plain block YAML that deck files are written in.

`pugdeck.authoring.yaml_text.parse_yaml` builds data from libyaml's event stream, and most of that
time goes into making a Python object and two marks for each event: over half of
validating a 10,000-card deck. Deck files keep to a small, regular part of YAML — block
mappings and sequences, one value per line, plain or quoted words, short flow lists of
tags or paths — which string methods read a line at a time in less than half the
instructions (2.43 G → 1.11 G for the 10,000-card benchmark file).

`read_block_yaml(text)` reads exactly that part and returns the same data the event-stream
reader would; for anything else (anchors, tags, block or multi-line text, escapes, flow
mappings, odd indentation, duplicate keys, characters YAML refuses, …) it raises
`NotBlockYaml` and the caller reads the file the full way. So it never reports an error of
its own: every problem, and its position, comes from the full reader. Asked to, it records
where each value and key of what it reads is, as the full reader would (where the first
character of the value or key is; a collection is where its first key or "-" is; an empty
value just after its colon): `validate` reads a deck without positions, and a file with a
problem to point at is read again with them, in about half the full reader's time.

Plain scalars are typed by the same function the full reader uses (`plain_value`: PyYAML's
YAML 1.1 resolver and safe constructor), so `yes`, `0x1f` or `1:30` mean the same either way.
The tests hold this reader to the full one, data and positions, on the bundled decks and on
random block YAML.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Any

MAX_KEY = 200  # longer keys are left to libyaml, which refuses simple keys over 1,024 characters


class NotBlockYaml(Exception):
    """The text uses YAML this reader leaves to the full one."""


_KEY = re.compile(rf"[A-Za-z_][A-Za-z0-9_-]{{0,{MAX_KEY - 1}}}")
_DOUBLE = re.compile(r'"([^"\\]*)" *(?:#.*)?')
_SINGLE = re.compile(r"'((?:[^']|'')*)' *(?:#.*)?")
_FLOW = re.compile(r"\[([^\[\]{}#&*!|>%@`\"']*)\] *(?:#.*)?")
# A plain scalar on one line: no indicator first, no ": " or " #" inside, no ":" last; then
# an optional comment.
_PLAIN = re.compile(r"([^\-?:,\[\]{}#&*!|>'\"%@` ](?:[^: #]|:(?! |$)|(?<! )#| +(?=[^ #]))*) *(?: #.*)?")


def _these_or_beyond_ascii(ascii_chars: str) -> str:
    """A regex set of `ascii_chars` and of every character beyond ASCII, written as the ASCII
    characters it leaves out: `re` takes some 6 ms to compile a set that runs to U+10FFFF,
    and none to compile its complement (three such sets were a sixth of the fixed cost of
    printing a deck, the benchmark row "render_pdf alone / straight, 120 cards")."""
    return "[^" + "".join(f"\\x{code:02x}" for code in range(128) if chr(code) not in ascii_chars) + "]"


# Words (ids and tags in any script: a non-ASCII character is none of YAML's indicators, and
# a file with an unprintable one is the full reader's, see `_odd_characters`), paths.
_WORD_FIRST = _these_or_beyond_ascii(string.ascii_letters + string.digits + "_./")
_WORD_NEXT = _these_or_beyond_ascii(string.ascii_letters + string.digits + "_./+-")
_FLOW_ITEM = re.compile(rf"{_WORD_FIRST}(?:{_WORD_NEXT}| (?={_WORD_NEXT}))*")
# Printable ASCII and the line break: the rest of ASCII are control characters and tabs.
_ASCII_TEXT = bytes(range(0x20, 0x7F)) + b"\n"
_NONE = object()  # a bare "key:" or "-": the value is on the lines below, or empty
# Plain one-line values already judged, by their text (with any comment): most repeat
# (levels, breeds, numbers). Lists are never kept: each value must be its own object.
_values_seen: dict[str, Any] = {}
_keys_seen: set[str] = set()  # keys already found to be plain identifiers


def read_block_yaml(text: str, plain_value: Callable[[str], Any], max_depth: int, max_values: int,
                    marks: dict | None = None, key_marks: dict | None = None) -> Any:
    """The data of `text`, or `NotBlockYaml` if it is not plain block YAML (see the module).

    `plain_value` types a plain scalar as the full reader does; `max_depth` and `max_values`
    are the full reader's limits (beyond them it reports an error, so this reader declines).
    Given `marks` and `key_marks`, it fills them as the full reader does: path → (line,
    column) of each value and of each mapping key, 1-based (left half-filled if it declines).
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n")  # CRLF files; a lone CR is left to the full reader
    if (_odd_characters(text) or text.startswith(("---", "...", "%"))
            or "\n---" in text or "\n..." in text or "\n%" in text  # document markers, directives
            # A line makes at most two values ("- key: value"), a comma one more.
            or 2 * text.count("\n") + text.count(",") + 2 >= max_values):
        raise NotBlockYaml
    # The open collections, innermost last: [column, container, is a mapping, path]
    stack: list[list] = []
    top: Any = None  # the innermost one, its column, kind and path, kept in locals for the common line
    top_column = -1
    top_path: tuple = ()
    mapping_column = -1  # the column of `top` when it is a mapping with no key waiting, else -1
    root: Any = None
    pending_key: str | None = None  # a "key:" with nothing after it, waiting for its value
    pending_column = -1
    pending_mark = (0, 0)  # where its value is if it stays empty: just after the colon
    seen, keys = _values_seen.get, _keys_seen
    for number, line in enumerate(text.split("\n"), 1):
        body = line.lstrip(" ")
        if not body or body[0] == "#":
            continue  # a blank line or a comment
        key, colon, rest = body.partition(": ")
        if colon and len(line) - len(body) == mapping_column and key in keys and key not in top:
            # The common line: "key: value" in the mapping being read.
            value = seen(rest, _NONE)
            if value is _NONE:
                value = _value(rest, plain_value)
            if value is not _NONE:
                top[key] = value
                if marks is not None:
                    path = top_path + (key,)
                    key_marks[path] = (number, mapping_column + 1)
                    if rest[0] != " " and value.__class__ is not list:  # the usual value: one mark
                        marks[path] = (number, len(line) - len(rest) + 1)
                    else:
                        _mark(marks, path, number, line, rest, value)
                continue
        # Any other line: an entry of a list, a key without a value, a new indentation level.
        column = len(line) - len(body)
        dash = ""
        if body[0] == "-" and body[1:2] in (" ", ""):
            after = body[1:].lstrip(" ")
            dash, body = body[:len(body) - len(after)], after
            if not body or body[0] == "#":
                raise NotBlockYaml  # "-" alone: a nested block item
            key, colon, rest = body.partition(": ")
        if colon:
            if key not in keys:
                if not _KEY.fullmatch(key):
                    raise NotBlockYaml  # quoted, long or odd keys; "a b: c"
                if len(keys) > 10_000:  # a deck has a few dozen; keep the table small
                    keys.clear()
                keys.add(key)
            value = _value(rest, plain_value)
        elif body[-1] == ":" and _KEY.fullmatch(body[:-1]):
            key, value = body[:-1], _NONE
        elif dash:
            key, value = None, _value(body, plain_value)  # "- value"
            if value is _NONE:
                raise NotBlockYaml
        else:
            raise NotBlockYaml  # text on a line of its own: a continued text, or an error
        if pending_key is not None:
            # The value of a bare "key:": a block nested deeper, or a list at the key's own
            # column; else it was empty (null), as in "notes:" followed by the next key.
            if column > pending_column or (column == pending_column and dash):
                if len(stack) >= max_depth:
                    raise NotBlockYaml
                top[pending_key] = top = [] if dash else {}
                stack.append([column, top, not dash, top_path + (pending_key,)])
                if marks is not None:  # a collection is where its first key or "-" is
                    marks[top_path + (pending_key,)] = (number, column + 1)
            else:
                top[pending_key] = plain_value("")
                if marks is not None:
                    marks[top_path + (pending_key,)] = pending_mark
            pending_key = None
        elif not stack:  # the first content line opens the document's collection
            root = top = [] if dash else {}
            stack.append([column, top, not dash, ()])
            if marks is not None:
                marks[()] = (number, column + 1)
        frame = stack[-1]
        if column != frame[0]:
            # Close the collections this line is left of; it must then line up with one.
            while column < frame[0]:
                stack.pop()
                if not stack:
                    raise NotBlockYaml  # left of the document's own collection
                frame = stack[-1]
            if column != frame[0]:
                raise NotBlockYaml  # deeper than the collection: a continued text, or an error
        if dash:
            if frame[2]:
                # A list item at a mapping's column: only a list that is a mapping value at
                # the key's own column does that, and that list would be the frame.
                raise NotBlockYaml
            item_path = frame[3] + (len(frame[1]),)
            if key is None:
                frame[1].append(value)
                if marks is not None:
                    _mark(marks, item_path, number, line, body, value)
                frame = None
            else:
                # "- key: …": the item is a mapping whose keys line up after the dash.
                if len(stack) >= max_depth:
                    raise NotBlockYaml
                item: dict = {}
                frame[1].append(item)
                frame = [column + len(dash), item, True, item_path]
                stack.append(frame)
                if marks is not None:
                    marks[item_path] = (number, column + len(dash) + 1)
        elif not frame[2]:
            # A list at its key's own column ("tags:" then "- home") ends at the next key.
            if len(stack) < 2 or stack[-2][0] != column or not stack[-2][2]:
                raise NotBlockYaml  # a list's line without "- "
            stack.pop()
            frame = stack[-1]
        if frame is not None:
            mapping = frame[1]
            if key in mapping:
                raise NotBlockYaml  # a duplicate key: the full reader says where the first one is
            if marks is not None:
                key_marks[frame[3] + (key,)] = (number, frame[0] + 1)
            if value is _NONE:
                pending_key, pending_column = key, frame[0]
                pending_mark = (number, frame[0] + len(key) + 2)
                mapping[key] = None  # holds the key's place: dicts keep insertion order
            else:
                mapping[key] = value
                if marks is not None:
                    _mark(marks, frame[3] + (key,), number, line, rest, value)
        top_column, top, is_mapping, top_path = stack[-1]
        mapping_column = top_column if is_mapping and pending_key is None else -1
    if pending_key is not None:
        top[pending_key] = plain_value("")
        if marks is not None:
            marks[top_path + (pending_key,)] = pending_mark
    return root


def _mark(marks: dict, path: tuple, number: int, line: str, written: str, value: Any) -> None:
    """Record where a one-line value starts (`written`, the end of `line`, holds it after
    any spaces); for a flow list, where each of its items starts too."""
    start = len(line) - len(written.lstrip(" "))
    marks[path] = (number, start + 1)
    if value.__class__ is list and value:
        at = start + 1  # just inside the "["
        for index, piece in enumerate(line[at:line.index("]", at)].split(",")):
            marks[path + (index,)] = (number, at + len(piece) - len(piece.lstrip(" ")) + 1)
            at += len(piece) + 1


def _odd_characters(text: str) -> bool:
    """Whether `text` holds a character this reader leaves to the full one: a control
    character, a tab, a BOM, a non-character, or one of YAML 1.1's odd line breaks (whose
    positions only the full reader reports right). Python's printable characters are a
    subset of YAML's without any of those."""
    if text.isascii():  # known without a scan; then bytes.translate checks in C
        return bool(text.encode("ascii").translate(None, _ASCII_TEXT))
    return not text.replace("\n", " ").isprintable()


def _value(text: str, plain_value: Callable[[str], Any]) -> Any:
    """A value written on one line after "key: " or "- "; `_NONE` for nothing but a comment."""
    written, text = text, text.lstrip(" ")
    if not text:
        return _NONE
    first = text[0]
    if first == "#":
        return _NONE
    if first == '"':
        if text[-1] == '"' and len(text) > 1 and '"' not in text[1:-1] and "\\" not in text:
            return text[1:-1]  # the usual quoted text, without the regular expression
        match = _DOUBLE.fullmatch(text)
        if match is None:
            raise NotBlockYaml  # escapes, or text that goes on over the next lines
        return match.group(1)
    if first == "'":
        match = _SINGLE.fullmatch(text)
        if match is None:
            raise NotBlockYaml
        return match.group(1).replace("''", "'")
    if first == "[":
        match = _FLOW.fullmatch(text)
        if match is None:
            raise NotBlockYaml
        inside = match.group(1).strip(" ")
        if not inside:
            return []
        items = []
        for item in inside.split(","):
            item = item.strip(" ")
            if not _FLOW_ITEM.fullmatch(item):
                raise NotBlockYaml
            items.append(_plain(item, plain_value))
        return items
    match = _PLAIN.fullmatch(text)
    if match is None:
        raise NotBlockYaml
    value = _plain(match.group(1), plain_value)
    if len(_values_seen) > 50_000:  # ids and such never repeat; keep the table small
        _values_seen.clear()
    _values_seen[written] = value  # as the caller looks it up: the text after "key: "
    return value


def _plain(text: str, plain_value: Callable[[str], Any]) -> Any:
    try:
        return plain_value(text)
    except ValueError:  # a value the full reader refuses (with its position)
        raise NotBlockYaml from None
