"""Seeded mutations of a deck file's bytes: what an author's slip, an editor or a hostile
file could make of it.

`mutate(content, rng)` applies one to three mutations drawn from `rng` and says which, so a
case is reproduced from its seed alone. Three families:

- bytes: flip, delete, insert (odd bytes: NUL, a lone UTF-8 lead byte, a BOM, CR, NEL),
  duplicate a span, truncate (also inside a multi-byte character);
- lines and blocks: delete, duplicate (duplicate keys and ids), re-indent (also with a tab),
  swap, join, split, comment out, document markers and directives;
- YAML: retype a scalar (huge hex and binary numbers, text for a number, YAML 1.1 booleans,
  nulls, dates, long names, paths out of the folder), tags (`!!int ""`, `!!bool "x"`,
  `!!binary`, `!!python/…`, local tags), unicode (line separators raw and escaped, NEL,
  surrogate escapes, combining marks, bidi overrides, non-characters), anchors and aliases
  (undefined, as keys, merge keys, self-reference), flow/block swaps (a whole file dumped
  again in another style, after a change to its data), and `art:` pointing at the images
  the fuzzer puts in the deck folder (`ART_FILES`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import yaml

# Images the harness writes into each deck copy's art/ folder; `art` mutations name them.
ART_FILES = ("ok.png", "ok.jpg", "truncated.png", "truncated.jpg", "huge.png", "notes.png",
             "pic.gif", "missing.png")

LONG = "a" * 300
VALUES = [
    # numbers, small and absurd
    "0", "-1", "1", "2", "3", "7", "100", "65536", "9223372036854775808", "-0", "1_000", "0o17",
    "0x" + "f" * 4400, "0b" + "1" * 15000, "9" * 4400, "9" * 5000, "1:" * 60 + "1", "190:20:30",
    "1.5", "-0.0", ".inf", "-.inf", ".nan", "1e400", "6.8523e+5", "1" * 400 + ".5",
    # words YAML 1.1 reads as something else
    "yes", "no", "on", "off", "True", "FALSE", "y", "~", "null", "", "2001-12-14",
    "2001-12-14t21:59:43.10-05:00", "two", "green", "red", "mutt", "custom", "draw", "opponent",
    # text
    "'quoted'", '"double"', '"esc \\" quote"', "|\n  block", ">-\n  folded", LONG, "x" * 5000,
    "Who would?" * 40, "'" + "é" * 300 + "'",
    # collections, whole and broken
    "[]", "{}", "[1, 2]", "{a: 1}", "[x", "{", "]", "}", "[[[[[[", "{a: [b, {c: d}]}",
    # names: too long, outside the folder, odd
    LONG + ".yaml", "cards/" + "b" * 256 + ".yaml", "../outside.yaml", "/etc/passwd", "cards",
    "cards/", ".", "deck.yaml", "cards/green.yaml", "cards/main.yaml", "c:\\x.yaml",
    "art/ok.png", "art/huge.png", "art/" + "c" * 300 + ".png",
    # tagged
    '!!int ""', '!!int "x"', "!!int 0x" + "f" * 5000, '!!bool "x"', '!!bool ""', '!!float ""',
    '!!float "x"', '!!float "-"', '!!null "x"', "!!str 3", "!!binary aGVsbG8=", "!!timestamp x",
    "!!set {a}", "!!omap [a: 1]", "!!pairs [a: 1]", "!!python/object:os.system {}",
    "!!python/name:os.system", "!!python/tuple [1]", "!foo bar", "!<tag:yaml.org,2002:int> 3",
    "! 3", "!!map {}", "!!seq []", "!!int [1]", "!!str {}", "!!merge x",
]
TAGS = ["!!int", "!!bool", "!!float", "!!str", "!!null", "!!binary", "!!timestamp", "!!set",
        "!!python/object:os.system", "!!python/str", "!local", "!", "!<!>", "!!map", "!!seq"]
# Inserted into a value: raw (a file YAML or we refuse) and as double-quoted escapes.
UNICODE = ["\u2028", "\u2029", "\x85", "\u0301", "\u200d", "\ufeff", "\u202e", "\ufffe", "\uffff",
           "\U0001f436", "\t", "\u00a0", "\u0000", "\x1b[31m", "\udcff"]
ESCAPES = ["\\u2028", "\\u2029", "\\L", "\\P", "\\N", "\\x85", "\\0", "\\x1b", "\\e", "\\a", "\\ud800",
           "\\udfff", "\\U0010FFFF", "\\uFFFE", "\\_", "\\t", "\\n", "\\r", "\\u202e", "\\x7f"]
ODD_BYTES = [b"\x00", b"\xff", b"\xc3", b"\xe2\x80", b"\r", b"\r\n", b"\t", b"\xc2\x85",
             b"\xe2\x80\xa8", b"\xef\xbb\xbf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x1b"]
MARKERS = ["---", "...", "--- !!map", "%YAML 1.1", "%YAML 9.9", "%TAG ! tag:x.org,2000:", "? x", ": y",
           "<<: *a", "*a", "&a", "- ", "-", "#", "  ", "\t", ":"]
# A value slot on a line: after "key: ", "- ", "[" or ", ".
_SLOT = re.compile(r"(?:(?<=: )|(?<=- )|(?<=\[)|(?<=, ))([^,\[\]{}\n#]+?)(?=\s*(?:[,\]}]|$| #))")
_ID_LINE = re.compile(r"^(\s*)- id:", re.MULTILINE)

Mutation = Callable[[bytes, random.Random], tuple[bytes, str]]


# --- bytes ------------------------------------------------------------------------------

def flip_byte(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    if not data:
        return b"\x00", "flip: empty file → NUL"
    i = rng.randrange(len(data))
    value = rng.randrange(256)
    return data[:i] + bytes([value]) + data[i + 1:], f"flip byte {i} to 0x{value:02x}"


def delete_bytes(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    i = rng.randrange(len(data) + 1)
    n = rng.choice([1, 2, 3, 8, 64, 1000])
    return data[:i] + data[i + n:], f"delete {n} bytes at {i}"


def insert_bytes(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    i = rng.randrange(len(data) + 1)
    chunk = rng.choice(ODD_BYTES) if rng.random() < 0.7 else rng.randbytes(rng.randrange(1, 16))
    return data[:i] + chunk + data[i:], f"insert {chunk!r} at {i}"


def duplicate_bytes(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    i = rng.randrange(len(data) + 1)
    j = min(len(data), i + rng.randrange(1, 200))
    k = rng.randrange(len(data) + 1)
    return data[:k] + data[i:j] + data[k:], f"copy bytes {i}:{j} to {k}"


def truncate(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    i = rng.randrange(len(data) + 1)
    return data[:i], f"truncate at {i}"


# --- lines and blocks -------------------------------------------------------------------

def _lines(data: bytes) -> list[str]:
    return data.decode("utf-8", "surrogateescape").split("\n")


def _joined(lines: list[str]) -> bytes:
    return "\n".join(lines).encode("utf-8", "surrogateescape")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _block(lines: list[str], i: int) -> int:
    """The end (exclusive) of the block starting at line `i`: it and the deeper lines after it."""
    j = i + 1
    while j < len(lines) and (not lines[j].strip() or _indent(lines[j]) > _indent(lines[i])):
        j += 1
    return j


def delete_lines(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    j = _block(lines, i) if rng.random() < 0.5 else i + 1
    return _joined(lines[:i] + lines[j:]), f"delete lines {i + 1}-{j}"


def duplicate_lines(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    j = _block(lines, i) if rng.random() < 0.6 else i + 1
    return _joined(lines[:j] + lines[i:j] + lines[j:]), f"duplicate lines {i + 1}-{j}"


def reindent(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    j = _block(lines, i) if rng.random() < 0.5 else i + 1
    shift = rng.choice([-4, -2, -1, 1, 2, 4, 40, "tab"])
    out = []
    for line in lines[i:j]:
        if shift == "tab":
            out.append("\t" + line)
        elif shift < 0:
            out.append(line[min(-shift, _indent(line)):])
        else:
            out.append(" " * shift + line)
    return _joined(lines[:i] + out + lines[j:]), f"re-indent lines {i + 1}-{j} by {shift}"


def swap_lines(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return _joined(lines), f"swap lines {i + 1} and {j + 1}"


def join_or_split(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    if rng.random() < 0.5 and i + 1 < len(lines):
        return _joined(lines[:i] + [lines[i] + " " + lines[i + 1].lstrip()] + lines[i + 2:]), f"join lines {i + 1}, {i + 2}"
    line = lines[i]
    if ": " not in line:
        return _joined(lines[:i] + ["#" + line] + lines[i + 1:]), f"comment out line {i + 1}"
    key, value = line.split(": ", 1)
    return _joined(lines[:i] + [key + ":", " " * (_indent(line) + 2) + value] + lines[i + 1:]), f"split line {i + 1}"


def insert_marker(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    lines = _lines(data)
    i = rng.randrange(len(lines) + 1)
    marker = rng.choice(MARKERS)
    return _joined(lines[:i] + [marker] + lines[i:]), f"insert line {marker!r} at {i + 1}"


# --- YAML -------------------------------------------------------------------------------

def _slot(lines: list[str], rng: random.Random) -> tuple[int, re.Match] | None:
    """A random value slot: (line index, match), or None if the file has none."""
    slots = [(i, m) for i, line in enumerate(lines) for m in _SLOT.finditer(line)]
    return rng.choice(slots) if slots else None


def _replace_slot(data: bytes, rng: random.Random, make: Callable[[str], str], what: str) -> tuple[bytes, str]:
    lines = _lines(data)
    found = _slot(lines, rng)
    if found is None:
        return insert_marker(data, rng)
    i, m = found
    value = make(m.group(1))
    lines[i] = lines[i][:m.start(1)] + value + lines[i][m.end(1):]
    shown = value if len(value) < 40 else value[:37] + "…"
    return _joined(lines), f"{what} line {i + 1}: {m.group(1)[:30]!r} → {shown!r}"


def retype(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    return _replace_slot(data, rng, lambda _old: rng.choice(VALUES), "retype")


def tag(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    return _replace_slot(data, rng, lambda old: f"{rng.choice(TAGS)} {old}", "tag")


def unicode_text(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    def make(old: str) -> str:
        at = rng.randrange(len(old) + 1)
        if rng.random() < 0.5:  # inside double quotes, as an escape
            inner = old.strip('"')
            at = min(at, len(inner))
            return '"' + inner[:at] + rng.choice(ESCAPES) + inner[at:] + '"'
        return old[:at] + rng.choice(UNICODE) + old[at:]
    return _replace_slot(data, rng, make, "unicode")


def anchors_and_aliases(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    lines = _lines(data)
    slots = [(i, m) for i, line in enumerate(lines) for m in _SLOT.finditer(line)]
    if len(slots) < 2:
        return insert_marker(data, rng)
    (i, a), (j, b) = sorted(rng.sample(slots, 2), key=lambda s: (s[0], s[1].start()))
    kind = rng.choice(["alias", "alias", "undefined", "forward", "key", "merge", "self"])
    if kind == "alias":  # &a on the first, *a on the second
        lines[j] = lines[j][:b.start(1)] + "*x" + lines[j][b.end(1):]
        lines[i] = lines[i][:a.start(1)] + "&x " + a.group(1) + lines[i][a.end(1):]
    elif kind == "undefined":
        lines[j] = lines[j][:b.start(1)] + "*nope" + lines[j][b.end(1):]
    elif kind == "forward":  # the alias before its anchor
        lines[j] = lines[j][:b.start(1)] + "&x " + b.group(1) + lines[j][b.end(1):]
        lines[i] = lines[i][:a.start(1)] + "*x" + lines[i][a.end(1):]
    elif kind == "key":
        lines[i] = lines[i][:a.start(1)] + "&k " + a.group(1) + lines[i][a.end(1):]
        lines.insert(j + 1, " " * _indent(lines[j]) + "*k : 1")
    elif kind == "merge":
        lines[i] = lines[i][:a.start(1)] + "&m {q: 1}" + lines[i][a.end(1):]
        lines.insert(j + 1, " " * _indent(lines[j]) + "<<: *m")
    else:  # a collection that holds itself
        lines[i] = lines[i][:a.start(1)] + "&s [*s]" + lines[i][a.end(1):]
    return _joined(lines), f"{kind} anchor/alias at lines {i + 1}, {j + 1}"


def add_art(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    text = data.decode("utf-8", "surrogateescape")
    cards = list(_ID_LINE.finditer(text))
    if not cards:
        return retype(data, rng)
    m = rng.choice(cards)
    name = rng.choice(ART_FILES)
    line = f"\n{m.group(1)}  art: art/{name}"
    end = text.find("\n", m.end())
    end = len(text) if end < 0 else end
    return (text[:end] + line + text[end:]).encode("utf-8", "surrogateescape"), f"art: art/{name} after offset {m.start()}"


def _change(node, rng: random.Random):
    """One change somewhere in plain data (a random path down), or the data as it was."""
    if isinstance(node, dict) and node:
        key = rng.choice(list(node))
        roll = rng.random()
        if roll < 0.15:
            node.pop(key)
        elif roll < 0.3:
            node[key] = rng.choice([None, [], {}, 0, "x", [node[key]], {"k": node[key]}])
        else:
            node[key] = _change(node[key], rng)
    elif isinstance(node, list) and node:
        i = rng.randrange(len(node))
        roll = rng.random()
        if roll < 0.15:
            node.pop(i)
        elif roll < 0.3:
            node.insert(i, node[i])
        elif roll < 0.4:
            j = rng.randrange(len(node))
            node[i], node[j] = node[j], node[i]
        else:
            node[i] = _change(node[i], rng)
    elif rng.random() < 0.5:
        return rng.choice([None, True, 0, -5, 2.5, "", "two", [], {}, "x" * 300])
    return node


def restyle(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    """The file's data, perhaps changed, dumped again in block, flow or canonical style."""
    try:
        value = yaml.safe_load(data)
    except Exception:  # PyYAML's constructors fail in many ways on mutated text (KeyError…)
        return flip_byte(data, rng)
    if rng.random() < 0.7:
        value = _change(value, rng)
    style = rng.choice(["block", "flow", "mixed", "canonical"])
    options = {"block": {"default_flow_style": False}, "flow": {"default_flow_style": True},
               "mixed": {"default_flow_style": None}, "canonical": {"canonical": True}}[style]
    width, indent = rng.choice([20, 80, 1000]), rng.choice([2, 4, 9])
    try:
        text = yaml.safe_dump(value, allow_unicode=rng.random() < 0.5, sort_keys=rng.random() < 0.3,
                              width=width, indent=indent, explicit_start=rng.random() < 0.2, **options)
    except Exception:  # data PyYAML cannot write back (a 5,000-digit int, mixed-type keys)
        return flip_byte(data, rng)
    return text.encode("utf-8"), f"restyle as {style} (width {width}, indent {indent})"


MUTATIONS: list[tuple[Mutation, int]] = [
    # Weights: byte-level mutations mostly make a file YAML refuses outright; the YAML
    # ones reach the schema and the game's rules, so they are drawn more often.
    (flip_byte, 2), (delete_bytes, 2), (insert_bytes, 3), (duplicate_bytes, 2), (truncate, 2),
    (delete_lines, 5), (duplicate_lines, 5), (reindent, 3), (swap_lines, 2), (join_or_split, 3),
    (insert_marker, 3), (retype, 14), (tag, 7), (unicode_text, 7), (anchors_and_aliases, 5),
    (add_art, 4), (restyle, 6),
]
_FUNCTIONS = [f for f, _ in MUTATIONS]
_WEIGHTS = [w for _, w in MUTATIONS]


def mutate(content: bytes, rng: random.Random) -> tuple[bytes, list[str]]:
    """`content` after one to three mutations drawn from `rng`, and what each did."""
    done = []
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        operation = rng.choices(_FUNCTIONS, _WEIGHTS)[0]
        content, what = operation(content, rng)
        done.append(f"{operation.__name__}: {what}")
    return content, done
