"""Group preferences: which cards a group leaves in the box (rulebook: "Customized Deck").

Filters apply in one fixed order, and each removed card is credited to the first filter that
removes it, so "which filter removed the most" has one answer and output names are stable.
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from pugdeck.games.pug_you.model import LEVELS, Card, Deck

FULL_THERMOMETER = 3
ONLY_CUSTOMS = "customs"  # the word of `--only` that keeps every blue custom card


class Preferences(NamedTuple):  # not a dataclass: see render/shapes.py
    """What a group asked for, in the words of the filters below."""

    no_red: bool = False
    no_yellow: bool = False
    no_green: bool = False
    no_mutts: bool = False
    savage: bool = False
    strangers: bool = False
    max_thermometer: int | None = None
    exclude: tuple[str, ...] = ()
    exclude_tags: tuple[str, ...] = ()
    only: tuple[str, ...] = ()  # customs, card ids, tags: the cards to keep
    players: int | None = None
    blanks: int | None = None
    customs: tuple[str, ...] = ()  # customs files, as given

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> "Preferences":
        """The preferences from the group's parameter values (parameters.py, with the shared
        `exclude` and `players`), every one of them present."""
        return cls(
            no_red=values["no_red"], no_yellow=values["no_yellow"], no_green=values["no_green"],
            no_mutts=values["no_mutts"], savage=values["savage"], strangers=values["strangers"],
            max_thermometer=values["max_thermometer"], exclude=tuple(values["exclude"]),
            exclude_tags=tuple(values["exclude_tag"]), only=tuple(values["only"]),
            players=values["players"], blanks=values["blanks"], customs=tuple(values["customs"]),
        )

    @property
    def only_customs(self) -> bool:
        """`--only customs`: the blue custom cards (maybe with more chosen by id or tag)."""
        return ONLY_CUSTOMS in self.only

    def as_json(self) -> dict:
        return {
            "no_red": self.no_red,
            "no_yellow": self.no_yellow,
            "no_green": self.no_green,
            "no_mutts": self.no_mutts,
            "savage": self.savage,
            "strangers": self.strangers,
            "max_thermometer": self.max_thermometer,
            "exclude": list(self.exclude),
            "exclude_tags": list(self.exclude_tags),
            "only": list(self.only) or None,
            "players": self.players,
        }


class Filter(NamedTuple):  # not a dataclass: see render/shapes.py
    """One named rule that leaves cards in the box."""

    name: str  # as it appears in output names and the summary
    removes: object  # Card -> bool


def active_filters(prefs: Preferences) -> list[Filter]:
    """The filters a preference set switches on, in their fixed order."""
    out: list[Filter] = []
    if prefs.only:
        words = set(prefs.only)
        customs = ONLY_CUSTOMS in words
        out.append(Filter(only_label(prefs.only), lambda c: not (
            c.id in words or not words.isdisjoint(c.tags) or (customs and c.kind == "custom"))))
    if prefs.savage:
        out.append(Filter("savage", lambda c: c.level == "green" or c.kind == "mutt"))
    if prefs.strangers:
        out.append(Filter("strangers", lambda c: (c.thermometer or 0) >= FULL_THERMOMETER))
    if prefs.max_thermometer is not None:
        limit = prefs.max_thermometer
        out.append(Filter(f"max-thermometer-{limit}", lambda c: (c.thermometer or 0) > limit))
    for level in LEVELS:
        if getattr(prefs, f"no_{level}") and not (level == "green" and prefs.savage):
            out.append(Filter(f"no-{level}", lambda c, level=level: c.level == level))
    if prefs.no_mutts and not prefs.savage:
        out.append(Filter("no-mutts", lambda c: c.kind == "mutt"))
    if prefs.exclude_tags:
        tags = set(prefs.exclude_tags)
        out.append(Filter("no-tag-" + "-".join(sorted(tags)), lambda c: bool(tags & set(c.tags))))
    if prefs.exclude:
        ids = set(prefs.exclude)
        label = f"without-{prefs.exclude[0]}" if len(ids) == 1 else f"without-{len(ids)}-cards"
        out.append(Filter(label, lambda c: c.id in ids))
    return out


def only_label(words: tuple[str, ...]) -> str:
    """`--only`'s part of the output name: `customs` as it always was, else `only-` and the
    words sorted (`only-turd-1-worst-roommate`), so the name does not depend on their order."""
    if tuple(words) == (ONLY_CUSTOMS,):
        return ONLY_CUSTOMS
    return "only-" + "-".join(sorted(set(words)))


class Filtered(NamedTuple):  # not a dataclass: see render/shapes.py
    deck: Deck
    removed: dict[str, int]  # filter name → cards (with copies) it removed, in filter order
    blanks_removed: dict[str, int] = {}  # filter name → blank customs it left unprinted

    @property
    def most_removing(self) -> str | None:
        if not any(self.removed.values()):
            return None
        return max(self.removed, key=lambda name: self.removed[name])


def apply_filters(deck: Deck, prefs: Preferences) -> Filtered:
    """The deck with the group's cards left in the box, and what each filter removed."""
    filters = active_filters(prefs)
    removed = {f.name: 0 for f in filters}
    blanks = {f.name: 0 for f in filters}
    kept: list[Card] = []
    for card in deck.cards:
        culprit = next((f for f in filters if f.removes(card)), None)
        if culprit is None:
            kept.append(card)
        else:
            (blanks if card.is_blank else removed)[culprit.name] += card.copies
    return Filtered(replace(deck, cards=tuple(kept)), removed, blanks)


def filter_suffix(prefs: Preferences) -> str:
    """The part of the output name that records the filters: '-strangers-no-red'."""
    return "".join("-" + f.name for f in active_filters(prefs))
