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
    "kind_action": (), "kind_attack": (), "kind_treat": (), "kind_reference": (),
    # the reference card (faces/reference_card.py): the turn, the three ways to win a round,
    # the Champion, the rules text's clarifications; {card}, {sought}, {shield}: the deck's names
    "ref_title": (), "ref_turn_head": (), "ref_turn": (),
    "ref_win_head": (), "ref_numbered": ("number", "text"), "ref_win_last": (),
    "ref_win_guess": ("card", "sought"), "ref_win_guess_unless": ("card", "sought", "shield"),
    "ref_win_points": (),
    "ref_champion_head": (), "ref_champion_one": ("count",), "ref_champion_other": ("count",),
    "ref_notes_head": (), "ref_notes_attacks": (), "ref_notes_targets": (),
    "ref_notes_doghouse": ("card",), "ref_notes_shield": ("card",), "ref_notes_tie": (),
    "ref_house_head": (), "ref_house_flush": ("card",),
}
KIND_KEYS = {"action": "kind_action", "attack": "kind_attack", "treat": "kind_treat",
             "reference": "kind_reference"}
