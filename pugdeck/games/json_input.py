"""JSON handed to the engines — built decks, game logs, protocol requests — read strictly.

Python's `json` accepts more than JSON: `NaN` and `Infinity`, numbers too large for a float
(read as infinity), and text holding lone surrogates (from a `"\\ud800"` escape, or from the
`surrogatepass` decoding `json.loads` applies to bytes). None of them survives another
language's parser, a lone surrogate cannot even be printed (UnicodeEncodeError), and
`int(inf)` raises where a reader expects a number. `loads` refuses each with a sentence that
says where, and nesting deeper than any of our documents go, so a reader walking the data
never runs out of stack.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable
from typing import Any

from pugdeck.core.diagnostics import UNSAFE_IN_TEXT

MAX_DEPTH = 64  # a built deck nests 6 deep; a request a few more for an inline deck
# A built deck of 10,000 cards is ~3 MiB; a game log holds its deck and every action.
MAX_BUILT_BYTES = 64 * 2**20
MAX_LOG_BYTES = 2 * MAX_BUILT_BYTES

# A lone surrogate can only come from a \uD800-\uDFFF escape: text without one is clean.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def loads(data: bytes | str, check_text: bool = True) -> Any:
    """The JSON value in `data` (UTF-8 bytes, or text), or `ValueError` with a sentence.

    Without `check_text` a lone surrogate is let through, for a reader that reports it
    better itself: the engines name the card that holds one (`engine_input.check_built`).
    """
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")  # strict: surrogate bytes and bad sequences refused
        except UnicodeDecodeError as exc:
            raise ValueError(f"not UTF-8 text (byte {exc.start + 1}: {exc.reason})") from None
    else:
        text = data
        _require_unicode_text(text)
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except RecursionError:
        raise ValueError(f"nested more than {MAX_DEPTH} deep") from None
    except ValueError as exc:
        if isinstance(exc, json.JSONDecodeError) or "digits" not in str(exc):
            raise
        # Python's guard against slow int parsing; its own message names a Python setting.
        raise ValueError(f"a number has more than {sys.get_int_max_str_digits():,} digits") from None
    if _too_deep(value):
        raise ValueError(f"nested more than {MAX_DEPTH} deep")
    if check_text and _SURROGATE_ESCAPE.search(text):
        where = lone_surrogate_path(value)
        if where is not None:
            raise ValueError(f"text must be valid Unicode: a lone surrogate in {shown_path(where)}")
    return value


def lone_surrogate_path(value: Any) -> tuple | None:
    """Where in `value` a string (or a key) holds a lone surrogate, as a path of keys and
    indexes (`("cards", 3, "name")`), or None when all its text is valid Unicode."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")  # C speed: the common, clean case
        return None
    except UnicodeEncodeError:
        pass
    except (TypeError, ValueError, RecursionError):
        return None  # not JSON-shaped: not this check's business
    found = _text_path(value, lambda text: not _is_unicode(text))
    return found[0] if found else None


# What text an engine prints to a terminal must not hold (core.diagnostics says why).
UNSAFE_TEXT = UNSAFE_IN_TEXT
# The same in `json.dumps` text (which writes C0 controls as escapes): a quick "maybe".
_UNSAFE_DUMPED = re.compile(r"\\[rbf]|\\u00[01][0-9a-f]|[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def unsafe_text_path(value: Any) -> tuple[tuple, str] | None:
    """Where in `value` a string (or a key) holds an `UNSAFE_TEXT` character, and which one;
    None when there is none."""
    try:
        if not _UNSAFE_DUMPED.search(json.dumps(value, ensure_ascii=False)):
            return None  # C speed: the common, clean case
    except (TypeError, ValueError, RecursionError):
        return None  # not JSON-shaped: not this check's business
    found = _text_path(value, lambda text: UNSAFE_TEXT.search(text) is not None)
    return (found[0], UNSAFE_TEXT.search(found[1]).group()) if found else None


def _text_path(value: Any, bad: Callable[[str], bool]) -> tuple[tuple, str] | None:
    """The path of the first string or key in `value` for which `bad(text)` holds, and it."""
    stack: list[tuple[Any, tuple]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if bad(item):
                return path, item
        elif isinstance(item, dict):
            for key, child in item.items():
                if isinstance(key, str) and bad(key):
                    return (*path, key), key
                stack.append((child, (*path, key)))
        elif isinstance(item, list):
            stack.extend((child, (*path, index)) for index, child in enumerate(item))
    return None


def _require_unicode_text(text: str) -> None:
    if not _is_unicode(text):
        raise ValueError("text must be valid Unicode: it holds a lone surrogate")


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shown_path(path: tuple) -> str:
    """`cards/3/name`: a path as messages show it, every character printable (escaped as
    JSON would write it), `document` for the whole."""
    return "/".join(str(p) if isinstance(p, int) else json.dumps(p)[1:-1] for p in path) or "document"


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number (numbers must be finite)")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"the number {text[:40]} is too large (numbers must be finite)")
    return number


def _too_deep(value: Any) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        for child in children:
            if isinstance(child, (dict, list)):
                if depth >= MAX_DEPTH:
                    return True
                stack.append((child, depth + 1))
    return False
