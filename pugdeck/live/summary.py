"""The live page's summary of the last good build, in the deck's language: how many cards
of each kind (by the game's own titles for its kinds and levels, in the deck's template
strings), the blanks to write on, what each filter took, and the player counts it plays.

`build` prints its own summary line in English (for a terminal and scripts); the page is
for the designer of a deck in Spanish or German, so it says the same in their words
(words.yaml beside this module). Nothing here names a game: the kinds and levels come from
the deck's `GameSpec`, the counts from the built deck's envelope.
"""

from __future__ import annotations

from pugdeck.core.built_deck import Built
from pugdeck.core.runs import number_runs
from pugdeck.games.narration import Words
from pugdeck.games.registry import game


def page_summary(built: Built, words: Words) -> str:
    """`mazo: 11 cartas (Verde 3, …) + 2 en blanco para escribir; …; jugable de 5 a 10`."""
    spec = game(built.game)
    strings = spec.strings(built)
    main_kind = next(iter(spec.kind_titles), None)  # its levels split the game's main kind
    counts: dict[tuple[int, int, str], int] = {}
    kinds = list(spec.kind_titles)
    for card in built.cards:
        kind, level = card.get("kind"), card.get("level")
        if level and kind == main_kind:
            order = (0, spec.levels.index(level) if level in spec.levels else len(spec.levels))
            title = spec.level_title(level, strings)
        else:
            order = (1, kinds.index(kind) if kind in kinds else len(kinds))
            title = spec.kind_title(kind, strings)
        counts[(*order, title)] = counts.get((*order, title), 0) + 1
    parts = ", ".join(f"{title} {n}" for (_group, _place, title), n in sorted(counts.items()))
    line = words.counted("summary_cards", len(built.cards), deck=built.name)
    if parts:
        line += f" ({parts})"
    if built.blanks:
        line += " " + words.counted("summary_blanks", built.blanks)
    said = [line]
    removed = (built.doc.get("filters") or {}).get("removed") or {}
    said += [words.counted("summary_removed", count, filter=name) for name, count in removed.items() if count]
    playable = built.doc["checked"]["playable_for"]
    said.append(words("summary_playable", players=number_runs(playable)) if playable
                else words("summary_unplayable"))
    return "; ".join(said)
