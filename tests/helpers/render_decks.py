"""Built-deck dicts for render tests, made from the bundled deck's YAML by hand-rolled
expansion (the render tests must not depend on the builder)."""

from __future__ import annotations

from pathlib import Path

import yaml

from pugdeck.resources import bundled_deck

DOTS = {"green": 1, "yellow": 2, "red": 3}


def built_card(card: dict, copy: int = 1) -> dict:
    kind = card.get("kind", "pug")
    level = card.get("level")
    return {
        "id": f"{card['id']}#{copy}", "card": card["id"], "copy": copy, "kind": kind,
        "level": level, "dots": DOTS.get(level, 0),
        "color": {"mutt": "pink", "custom": "blue"}.get(kind, level),
        "question": card["question"], "badges": card.get("badges", -2 if kind == "mutt" else 1),
        "descriptive": card["descriptive"], "turds": card["turds"],
        "thermometer": card["thermometer"], "breed": card.get("breed", "pug"),
        "art": card.get("art"), "tags": card.get("tags", []),
    }


def bundled_built_deck() -> tuple[dict, int]:
    """The bundled deck as a built dict, and its number of blank customs."""
    folder = bundled_deck("pug-you")
    root = yaml.safe_load((folder / "deck.yaml").read_text())
    sources = list(root.get("cards", []))
    for include in root.get("include", []):
        sources += yaml.safe_load((folder / include).read_text()).get("cards", [])
    cards, blanks = [], 0
    for card in sources:
        if card.get("kind") == "custom" and "question" not in card:
            blanks += 1
            continue
        cards += [built_card(card, n + 1) for n in range(card.get("copies", 1))]
    return deck_doc(cards), blanks


def deck_doc(cards: list[dict], name: str = "pug-you") -> dict:
    return {
        "format": "pugdeck-deck", "format_version": 1, "game": "pug-you", "name": name,
        "deck": {"id": "pug-you", "name": "Pug You!", "version": "1.0.0", "language": "en",
                 "template": "pug-you"},
        "rules": {"players": {"min": 5, "max": 10}, "hand_size": 5,
                  "large_group": {"from_players": 8, "hand_size": 4}, "nominees": 2, "rounds": 2,
                  "badge_limit": None, "mutt_badges": -2},  # the rulebook's
        "filters": {}, "source": {}, "checked": {},
        "components": [{"id": "turd-1", "kind": "turd"}, {"id": "turd-2", "kind": "turd"}],
        "cards": cards,
    }


def generated_deck(n: int) -> dict:
    """`n` varied cards, for benchmarks and scale tests."""
    levels = ["green", "yellow", "red"]
    breeds = ["pug", "phony-cat", "confused-chihuahua", "french-bulldog", "sausage-dog"]
    cards = []
    for i in range(n):
        mutt = i % 27 == 26
        card = {"id": f"card-{i}", "kind": "mutt" if mutt else "pug",
                "level": None if mutt else levels[i % 3],
                "question": f"Who is most likely to forget card number {i} at a party, "
                            f"then blame the dog for it?" + (" Really, who?" * (i % 3)),
                "badges": -2 if mutt else 1 + i % 3,
                "descriptive": ["a soggy marshmallow", "filthy", "my own biggest fan"][i % 3],
                "turds": 1 + (i // 3) % 3, "thermometer": 1 + (i // 9) % 3,
                "breed": "healthy-mutt" if mutt else breeds[i % 5]}
        cards.append(built_card(card))
    return deck_doc(cards, name=f"generated-{n}")


def deck_folder() -> Path:
    return bundled_deck("pug-you")
