"""What PixelPug prints that is not card data: its string keys and their placeholders.

Each key's texts live in the template (`templates/pixelpug.yaml`, `strings:`, one block per
language); a deck may restate any of them (deck.yaml `strings:`). `<key>_one` / `<key>_other`
pairs are picked by a count (render/strings.py). Every lookup in this game's code names its
key as a literal, so a test can hold the keys used, these declarations and every bundled
language to each other.
"""

from __future__ import annotations

STRINGS: dict[str, tuple[str, ...]] = {
    # the two backs: the game deck's (deck.yaml `back:` may replace it) and the Treats' own
    "back_title": ("deck_name",),
    "back_treats_title": (),
    # a card's points, bottom right; on a red card with the word for an attack
    "points_one": ("points",), "points_other": ("points",),
    "attack_points_one": ("points",), "attack_points_other": ("points",),
    # the HTML gallery's names of the kinds of card (GameSpec.kind_titles)
    "kind_action": (), "kind_attack": (), "kind_treat": (),
}
KIND_KEYS = {"action": "kind_action", "attack": "kind_attack", "treat": "kind_treat"}
