"""Generated Pug You! decks of any size, for benchmarks (and tests) that need a big deck.

`generate_deck(folder, n_cards, seed)` writes `deck.yaml` and one `cards.yaml` holding
`n_cards` valid cards. Questions are drawn from a large made-up vocabulary, so they rarely
share enough words to trip the near-duplicate warning: the benchmark then measures the
checks, not a flood of warnings. With `style="pug"` they are pug-style questions from a small
realistic vocabulary instead (`pug_questions.py`), which share words as a real deck's do and
now and then nearly repeat each other (a warning each).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script, too

from benchmarks.pug_questions import pug_question  # noqa: E402

LEVELS = ("green", "yellow", "red")
BREEDS = ("pug", "phony-cat", "confused-chihuahua", "french-bulldog", "sausage-dog")
TAGS = ("home", "work", "food", "habits", "looks", "party", "travel", "money")
STYLES = ("invented", "pug")
_SYLLABLES = ("ba", "ko", "ri", "mu", "te", "sa", "po", "li", "na", "gu", "ve", "do", "fi",
              "ra", "zu", "me", "lo", "ki", "pa", "nu")

DECK_YAML = """\
deck:
  id: generated
  name: "Generated deck"
  game: pug-you
  version: 1.0.0
  language: en
include: [cards.yaml]
"""


def vocabulary(rng: random.Random, size: int = 4000) -> list[str]:
    """Distinct made-up words of three syllables (20³ = 8,000 possible)."""
    words = {"".join(rng.choice(_SYLLABLES) for _ in range(3)) for _ in range(size * 3)}
    return sorted(words)[:size]


def invented_question(rng: random.Random, words: list[str]) -> str:
    return "Who would " + " ".join(rng.sample(words, 5)) + "?"


def card_yaml(index: int, rng: random.Random, words: list[str], style: str = "invented") -> str:
    """One card as the block YAML an author writes; every 25th card is a healthy mutt."""
    question = pug_question(rng) if style == "pug" else invented_question(rng, words)
    descriptive = " ".join(rng.sample(words, 2))
    lines = [f"  - id: card-{index:06d}"]
    if index % 25 == 24:
        lines += ["    kind: mutt", f'    question: "{question}"', f'    descriptive: "{descriptive}"']
    else:
        lines += [
            "    kind: pug",
            f"    level: {LEVELS[index % 3]}",
            f'    question: "{question}"',
            f"    badges: {rng.randint(1, 3)}",
            f'    descriptive: "{descriptive}"',
        ]
    lines += [
        f"    turds: {rng.randint(1, 3)}",
        f"    thermometer: {rng.randint(1, 3)}",
        f"    breed: {rng.choice(BREEDS)}" if index % 25 != 24 else "    breed: healthy-mutt",
        f"    tags: [{', '.join(rng.sample(TAGS, 2))}]",
    ]
    return "\n".join(lines) + "\n"


def generate_deck(folder: Path, n_cards: int, seed: int = 0, style: str = "invented") -> Path:
    """Write a valid deck of `n_cards` cards into `folder`; returns the folder.

    `style` is "invented" (questions that never repeat) or "pug" (pug-style questions, some of
    them near-duplicates: see the module's docstring). The same arguments always give the
    same files.
    """
    if style not in STYLES:
        raise ValueError(f"style must be one of {', '.join(STYLES)}, not {style!r}")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    words = vocabulary(rng)
    (folder / "deck.yaml").write_text(DECK_YAML, encoding="utf-8")
    with (folder / "cards.yaml").open("w", encoding="utf-8") as f:
        f.write(f"# {n_cards} generated cards (seed {seed})\ncards:\n")
        for index in range(n_cards):
            f.write(card_yaml(index, rng, words, style))
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--style", choices=STYLES, default="invented")
    args = parser.parse_args()
    print(generate_deck(args.folder, args.cards, args.seed, args.style))


if __name__ == "__main__":
    main()
