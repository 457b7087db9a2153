"""From a checked Pug You! deck and a group's parameter values to the built deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from pugdeck.authoring.schema_checks import suggest
from pugdeck.authoring.texts import format_text
from pugdeck.core.built_deck import Built, built_doc, source_block
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.core.runs import number_runs
from pugdeck.games.narration import Words
from pugdeck.games.pug_you import built_cards
from pugdeck.games.pug_you.customs import check_customs
from pugdeck.games.pug_you.filters import (
    ONLY_CUSTOMS,
    Filtered,
    Preferences,
    apply_filters,
    filter_suffix,
)
from pugdeck.games.pug_you.model import Deck
from pugdeck.games.pug_you.playability import balance_warnings, check_players


def build_deck(deck: Deck, values: Mapping[str, Any], *, name: str | None = None,
               extra_sources: tuple[tuple[str, str, str], ...] = ()) -> Built:
    """Apply customs and filters, check playability, and assemble the built deck.

    `values` holds every parameter of the game (parameters.py and the shared ones).

    Raises `DeckError` with every problem: bad customs, unknown ids or tags to exclude, a
    player count outside the rules, a deck too small for the group.
    """
    prefs = Preferences.from_values(values)
    problems: list[Diagnostic] = []
    sources = [("deck", s.path, s.sha256) for s in deck.sources]
    for customs_file in prefs.customs:
        cards, diagnostics, source = check_customs(Path(customs_file), deck)
        problems += [d for d in diagnostics if d.is_error()]
        deck = replace(deck, cards=deck.cards + cards)
        sources.append(("customs", source.path, source.sha256))
    sources += list(extra_sources)
    problems += _unknown_exclusions(deck, prefs)
    if problems:
        raise DeckError(problems)

    filtered = apply_filters(deck, prefs)
    played = filtered.deck
    checks = check_players(played)
    playable_for = [c.players for c in checks if c.playable]
    warnings = balance_warnings(played)
    if prefs.players is not None:
        _require_playable(deck, filtered, prefs.players)
    elif not playable_for and not prefs.only:
        warnings.append(f"the deck is too small for every player count the rules allow "
                        f"({checks[0].cards} cards, {checks[0].needed} needed for {checks[0].players} players)")

    blanks = prefs.blanks if prefs.blanks is not None else len(played.blanks)
    own = tuple(card.id for card in played.blanks)
    blank_ids = own[:blanks] + tuple(f"blank-{n}" for n in range(len(own) + 1, blanks + 1))
    cards = built_cards.built_cards(played)
    # `--only customs` already says "customs" in the filter part: "-with-customs" would double it.
    with_customs = "-with-customs" if prefs.customs and not prefs.only_customs else ""
    name = name or deck.info.id + with_customs + filter_suffix(prefs)
    doc = built_doc(
        game="pug-you", name=name, deck=deck.info.as_json(), rules=played.rules.as_json(),
        filters={**prefs.as_json(), "customs": [Path(c).name for c in prefs.customs],
                 "removed": filtered.removed},
        source=source_block(sources),
        checked={"players": [c.as_json() for c in checks], "playable_for": playable_for,
                 "warnings": warnings},
        components=built_cards.components(played, turd_name(deck)), cards=cards,
    )
    return Built(doc=doc, name=name, folder=deck.folder, blanks=blanks, blank_ids=blank_ids,
                 summary=_summary(name, cards, blanks, filtered, playable_for), warnings=warnings)


WORDS = Path(__file__).with_name("built_words.yaml")


def turd_name(deck: Deck) -> str:
    """What the built deck calls its turd cards: the deck's own `strings.turd_title`, else
    the game's words for the deck's language (built_words.yaml, the bundled template's
    title too), so a build reads no print template."""
    own = dict(deck.info.strings).get("turd_title")
    return format_text(own, {}) if own else Words(WORDS, deck.info.language)("turd_card")


def _unknown_exclusions(deck: Deck, prefs: Preferences) -> list[Diagnostic]:
    """An --exclude id or --exclude-tag nobody wrote is a mistake, not a no-op."""
    out = []
    ids = [c.id for c in deck.cards]
    tags = sorted({t for c in deck.cards for t in c.tags})
    for card_id in prefs.exclude:
        if card_id not in ids:
            out.append(Diagnostic("", 0, 0, None, "exclude", ERROR,
                                  f"--exclude: no card has the id '{card_id}'{suggest(card_id, ids)}"))
    printed = [ONLY_CUSTOMS, *built_cards.TURD_CARDS, built_cards.TURN_OVERVIEW]
    for word in prefs.only:
        if word not in ids and word not in tags and word not in printed:
            choices = [*ids, *tags, *printed]
            out.append(Diagnostic("", 0, 0, None, "only", ERROR,
                                  f"--only: no card has the id or tag '{word}'{suggest(word, choices)}"
                                  f" (--only takes {ONLY_CUSTOMS}, a card id, a tag, "
                                  f"{', '.join(printed[1:])})"))
    for tag in prefs.exclude_tags:
        if tag not in tags:
            out.append(Diagnostic("", 0, 0, None, "exclude-tag", ERROR,
                                  f"--exclude-tag: no card has the tag '{tag}'{suggest(tag, tags)}"
                                  + ("" if suggest(tag, tags) else f" (tags: {', '.join(tags)})")))
    return out


def _require_playable(deck: Deck, filtered: Filtered, players: int) -> None:
    rules = deck.rules
    if not rules.players_min <= players <= rules.players_max:
        raise DeckError([Diagnostic("", 0, 0, None, "players", ERROR,
                                    f"--players {players}: the rules allow {rules.players_min} to "
                                    f"{rules.players_max} players")])
    check = next(c for c in check_players(filtered.deck) if c.players == players)
    if check.playable:
        return
    culprit = filtered.most_removing
    blame = (f"; {culprit} removed the most ({filtered.removed[culprit]} cards)" if culprit else "")
    raise DeckError([Diagnostic("", 0, 0, None, "players", ERROR,
                                f"not enough cards for {players} players: {check.cards} remain after "
                                f"the filters, {check.needed} are needed{blame}")])


def _summary(name: str, cards: list[dict], blanks: int, filtered: Filtered, playable_for: list[int]) -> str:
    counts = Counter(card["level"] if card["kind"] == "pug" else "mutts" if card["kind"] == "mutt" else "customs"
                     for card in cards)
    order = ("green", "yellow", "red", "mutts", "customs")
    parts = ", ".join(f"{k} {counts[k]}" for k in order if counts[k])
    line = f"{name}: {len(cards)} card{'s' * (len(cards) != 1)} ({parts or 'none'})"
    if blanks:
        line += f" + {blanks} blank{'s' * (blanks != 1)} to write on"
    removed = [f"{k} removed {_removed(v, filtered.blanks_removed.get(k, 0))}"
               for k, v in filtered.removed.items()]
    if removed:
        line += "; " + ", ".join(removed)
    if playable_for:
        line += f"; playable for {number_runs(playable_for)} players"
    else:
        line += "; too small for any player count"
    return line



def _removed(cards: int, blanks: int) -> str:
    """What one filter took out, in words: "3 cards", "1 blank", "no card"."""
    said = [f"{n} {word}{'s' * (n != 1)}" for n, word in ((cards, "card"), (blanks, "blank")) if n]
    return " and ".join(said) or "no card"
