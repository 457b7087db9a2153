"""A built Pug You! card in one line of words: what a player hovering over it in Tabletop
Simulator reads besides its question (the level, badges, turds and the descriptive)."""

from __future__ import annotations


def card_description(card: dict) -> str:
    """`green · 1 badge · 2 turds · “a soggy marshmallow”`; parts a card lacks are left out."""
    parts = [card.get("level") or card.get("kind", ""),
             _count(card.get("badges"), "badge"), _count(card.get("turds"), "turd")]
    if card.get("descriptive"):
        parts.append(f"“{card['descriptive']}”")
    return " · ".join(p for p in parts if p)


def _count(n: int | None, noun: str) -> str:
    return "" if n is None else f"{n} {noun}{'' if abs(n) == 1 else 's'}"
