"""Set text in a box: wrap at word boundaries and shrink until it fits, down to a minimum.

A line breaks at a space, or after a hyphen between letters. A paragraph in Chinese or
Japanese, written without spaces, breaks where the Unicode line breaking algorithm (UAX #14,
by uniseg) allows: between ideographs and kana, never before "。" or "」". Text in any other
script is split as before (Korean at its spaces; Thai, Lao, Khmer and Myanmar, whose words
only a dictionary finds, at spaces too).

Widths are measured once per word at 1 pt and scaled, so trying many sizes costs only
the greedy wrap — that keeps fitting a 1,200-card deck cheap.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from pugdeck.render.fonts import MissingGlyph, font_for, font_runs, runs_width, text_width

SIZE_STEP_PT = 0.25
_HYPHEN_BREAK = re.compile(r"(?<=[^\W\d_]-)(?=[^\W\d_])")  # between "letter-" and a letter
# No-break spaces ("2\u00a0pts", French "Vendez-la\u202f!") join their words; str.split()
# would break at them, so text that has one is split at the other spaces only.
_BREAKING_SPACE = re.compile(r"[^\S\u00a0\u202f\u2007]+")
# Chinese and Japanese (CJK radicals to ideographs, kana, compatibility ideographs, full-width
# forms, the supplementary ideographs), written without spaces: their paragraphs break by UAX #14.
# All lie at or above U+2E80.
_NO_SPACES_FROM = "\u2e80"

Run = tuple[str, str]  # (font name, text)


class FittedText(NamedTuple):
    """Text set in a box: its size, its lines as font runs, and how far it overflows.

    `overflow` is 0 when the text fits; otherwise the fraction by which it is too big at
    the minimum size (0.18 = 18 % over).
    """

    size: float
    leading: float
    lines: tuple[tuple[Run, ...], ...]
    widths: tuple[float, ...]  # of each line, in points
    overflow: float
    missing: tuple[MissingGlyph, ...]
    long_word: str = ""  # a word wider than the box even at the minimum size

    @property
    def fits(self) -> bool:
        return self.overflow <= 0


class _Word(NamedTuple):  # a tuple, not a frozen dataclass: one is made per word of every card
    runs: tuple[Run, ...]
    width: float  # at 1 pt
    breaks_before: bool  # starts a new paragraph (explicit line break)
    glued: bool = False  # follows a hyphen of the same word: no space before it
    space_font: str = ""  # the space before it is set in the font the word before ends in
    space: float = 0.0  # that space's width at 1 pt


@lru_cache(maxsize=65536)
def _word(word: str, chain: tuple[str, ...]) -> tuple[tuple[Run, ...], float, tuple[MissingGlyph, ...]]:
    # Decks repeat their words a lot; measuring each once per build is measurably faster.
    runs, lost = font_runs(word, chain)
    return tuple(runs), runs_width(runs), tuple(lost)


def _words(text: str, chain: tuple[str, ...]) -> tuple[list[_Word], list[MissingGlyph]]:
    words: list[_Word] = []
    missing: list[MissingGlyph] = []
    space_font = chain[0]
    for p, paragraph in enumerate(text.split("\n")):
        for first, piece, glued in _pieces(paragraph):
            runs, width, lost = _word(piece, chain)
            if lost:
                missing.extend(m for m in lost if m not in missing)
            words.append(_Word(runs, width, p > 0 and first, glued, space_font, _space_width(space_font)))
            if runs:  # a space follows the run it stands in (render/fonts.py)
                space_font = _space_font(runs[-1][0], chain)
    return words, missing


def _without_spaces(text: str) -> bool:
    """Whether `text` has a character of a script written without spaces (plain tests first)."""
    return not text.isascii() and max(text) >= _NO_SPACES_FROM and _no_spaces().search(text) is not None


@lru_cache(maxsize=1)
def _no_spaces() -> re.Pattern[str]:
    # Compiled when first needed: re fills its table one code point at a time, 28 M
    # instructions (a twentieth of a 120-card build's start-up) that text in Latin,
    # Cyrillic or Greek letters never needs.
    return re.compile("[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff]")


def _pieces(paragraph: str) -> list[tuple[bool, str, bool]]:
    """(first of the paragraph, text, glued: no space before it) for each piece a line may
    break between."""
    if _without_spaces(paragraph):
        return _uax14_pieces(paragraph)
    out = []
    for i, word in enumerate(_split_words(paragraph)):
        # A line may break after a hyphen ("washing-|machine"), never elsewhere in a word.
        pieces = _HYPHEN_BREAK.split(word) if "-" in word else (word,)
        out += [(i == 0 and j == 0, piece, j > 0) for j, piece in enumerate(pieces)]
    return out


@lru_cache(maxsize=4096)
def _uax14_pieces(paragraph: str) -> list[tuple[bool, str, bool]]:
    from uniseg.linebreak import line_break_units  # noqa: PLC0415 (only for text without spaces)

    out: list[tuple[bool, str, bool]] = []
    spaced = True  # whether the piece before ended in a space
    for unit in line_break_units(paragraph):
        text = unit.rstrip()
        if text:
            out.append((not out, text, not spaced))
        spaced = text != unit
    return out


def _space_font(font: str, chain: tuple[str, ...]) -> str:
    return font if font_for(" ", (font,)) else chain[0]


def _has_no_break(text: str) -> bool:
    return "\u00a0" in text or "\u202f" in text or "\u2007" in text  # plain tests: per card, fast


def _split_words(paragraph: str) -> list[str]:
    """The words of a paragraph, split at spaces a line may break at."""
    if not _has_no_break(paragraph):
        return paragraph.split()
    return [word for word in _BREAKING_SPACE.split(paragraph) if word]


def _wrap(words: list[_Word], limit: float) -> list[list[_Word]]:
    """Greedy wrap with widths in 1-pt units against `limit` (box width / size)."""
    lines: list[list[_Word]] = []
    current: list[_Word] = []
    used = 0.0
    for word in words:
        needed = word.width if not current else used + (0 if word.glued else word.space) + word.width
        if current and (word.breaks_before or needed > limit):
            lines.append(current)
            current, used = [word], word.width
        else:
            current.append(word)
            used = needed
    if current:
        lines.append(current)
    return lines


def _line_runs(line: list[_Word]) -> tuple[Run, ...]:
    runs: list[Run] = []
    for i, word in enumerate(line):
        pieces = ([(word.space_font, " ")] if i and not word.glued else []) + list(word.runs)
        for font, text in pieces:
            if runs and runs[-1][0] == font:
                runs[-1] = (font, runs[-1][1] + text)
            else:
                runs.append((font, text))
    return tuple(runs)


def _fit(text: str, chain: tuple[str, ...], width: float, height: float, max_pt: float,
         min_pt: float, leading: float, max_lines: int):
    """The search behind `fit_text`: (size, lines of words, overflow, missing, words)."""
    words, missing = _words(text, chain)
    widest = max((w.width for w in words), default=0.0)
    size = max_pt
    while True:
        lines = _wrap(words, width / size)
        block = len(lines) * size * leading
        over = max(block / height, widest * size / width,
                   len(lines) / max_lines if max_lines else 0.0) - 1.0
        if over <= 1e-9 or size - SIZE_STEP_PT < min_pt - 1e-9:
            break
        size -= SIZE_STEP_PT
    return size, lines, max(0.0, over), missing, words


# A deck's fixed texts (the reference card's lines, a back's title) repeat from card to card;
# each card's own text is fitted once (`validate` measures it with `measure_fit`), so holding
# 4,096 of those was 1.5 MB of a 1,200-card build's peak for no second use.
@lru_cache(maxsize=256)
def fit_text(text: str, chain: tuple[str, ...], width: float, height: float,
             max_pt: float, min_pt: float, leading: float, max_lines: int = 0) -> FittedText:
    """Wrap `text` into a `width` x `height` pt box at the largest size from `max_pt` down to
    `min_pt` (in 0.25 pt steps) at which every line and the whole block fit, in at most
    `max_lines` lines if that is set."""
    size, lines, overflow, missing, words = _fit(text, chain, width, height, max_pt,
                                                 min_pt, leading, max_lines)
    return FittedText(
        size=size,
        leading=size * leading,
        lines=tuple(_line_runs(line) for line in lines),
        widths=tuple(size * (sum(w.width for w in line) + _spaces_width(line)) for line in lines),
        overflow=overflow,
        missing=tuple(missing),
        long_word=_long_word(words, size, width),
    )


def _spaces_width(line: list[_Word]) -> float:
    """The spaces of a line at 1 pt: each width times its count (one product when every
    space is in one font, as it was computed before spaces followed their runs)."""
    counts: dict[float, int] = {}
    for word in line[1:]:
        if not word.glued:
            counts[word.space] = counts.get(word.space, 0) + 1
    return sum(width * count for width, count in counts.items())


def measure_fit(text: str, chain: tuple[str, ...], width: float, height: float,
                max_pt: float, min_pt: float, leading: float, max_lines: int = 0) -> FittedText:
    """`fit_text` without setting the lines: size, overflow, missing glyphs, long word.

    What `validate` needs for every card of a deck, at a fraction of the cost.
    """
    over = _over_at_largest(text, chain, width, height, max_pt, leading, max_lines)
    if over is not None and over <= 1e-9:  # the common case: it fits at the largest size
        return _fits_at(max_pt, max_pt * leading, max(0.0, over))
    size, _lines, overflow, missing, words = _fit(text, chain, width, height, max_pt,
                                                          min_pt, leading, max_lines)
    return FittedText(size=size, leading=size * leading, lines=(), widths=(), overflow=overflow,
                      missing=tuple(missing), long_word=_long_word(words, size, width))


def _over_at_largest(text: str, chain: tuple[str, ...], width: float, height: float,
                     max_pt: float, leading: float, max_lines: int) -> float | None:
    """`_fit`'s overflow at `max_pt` for plain text (one paragraph, no hyphen, every
    character printable, no word wider than the box), computed on bare widths with the very
    same arithmetic as `_wrap` and `_fit`; None for any other text, which takes the full path.

    Most cards fit at the largest size, and `validate` checks every card of a deck: this
    skips making a `_Word` per word and a list per line (five times faster on 10,000 cards).
    """
    if "\n" in text or "-" in text or _has_no_break(text) or _without_spaces(text):
        return None
    words = text.split()
    if not words:
        return None
    known = _plain_widths(chain)
    try:
        widths = list(map(known.__getitem__, words))
    except KeyError:  # a word not met before in this deck
        widths = [_plain_width(word, chain, known) for word in words]
    if None in widths:  # a character only a fallback font (or none) has
        return None
    widest = max(widths)
    limit = width / max_pt
    if widest > limit:
        return None
    space = _space_width(chain[0])
    lines, used = 1, widths[0]
    for word_width in widths[1:]:
        needed = used + space + word_width
        if needed > limit:
            lines += 1
            used = word_width
        else:
            used = needed
    block = lines * max_pt * leading
    return max(block / height, widest * max_pt / width,
               lines / max_lines if max_lines else 0.0) - 1.0


@lru_cache(maxsize=16)
def _plain_widths(chain: tuple[str, ...]) -> dict[str, float | None]:
    """Word → width at 1 pt (None: a character no font of the chain has), filled in as
    words are met: a plain dict lookup per word, cheaper than `_word`'s cache."""
    return {}


def _plain_width(word: str, chain: tuple[str, ...], known: dict[str, float | None]) -> float | None:
    if word not in known:
        if len(known) > 100_000:  # a long-lived process (`pugdeck serve`) stays bounded
            known.clear()
        runs, width, lost = _word(word, chain)
        # a word set in another font is followed by that font's space: the full path
        known[word] = None if lost or len(runs) != 1 or runs[0][0] != chain[0] else width
    return known[word]


@lru_cache(maxsize=64)
def _space_width(font: str) -> float:
    return text_width(" ", font)


@lru_cache(maxsize=64)
def _fits_at(size: float, leading: float, overflow: float) -> FittedText:
    return FittedText(size=size, leading=leading, lines=(), widths=(), overflow=overflow,
                      missing=(), long_word="")


def _long_word(words: list[_Word], size: float, width: float) -> str:
    return next((_text_of(w) for w in words if w.width * size > width), "")


def _text_of(word: _Word) -> str:
    return "".join(text for _, text in word.runs)


def overflow_message(field: str, fitted: FittedText, min_pt: float) -> str:
    """What a designer reads when a field does not fit."""
    percent = max(1, round(fitted.overflow * 100))
    advice = (f"the word '{fitted.long_word}' is wider than the box; break or shorten it"
              if fitted.long_word else "shorten it")
    return f"{field} does not fit: {percent}% over at the minimum size {min_pt:g} pt; {advice}"
