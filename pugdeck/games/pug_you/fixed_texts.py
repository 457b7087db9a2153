"""What Pug You! prints that is not card data: its string keys, and the turn overview's
text, generated from the rules in effect.

Each key's texts live in the template (`templates/pug-you.yaml`, `strings:`, one block per
language); a deck may restate any of them (deck.yaml `strings:`). A key maps to the
placeholders its text may use. `<key>_one` / `<key>_other` pairs are picked by a count
(render/strings.py). Every lookup in this game's code names its key as a literal, so a test
can hold the keys used, these declarations and every bundled language to each other.
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # types only
    from pugdeck.render.strings import Strings

_HAND = ("hand_size",)
STRINGS: dict[str, tuple[str, ...]] = {
    # the card back (deck.yaml `back:` may replace both)
    "back_title": ("deck_name",),
    "back_tagline": (),
    # the two turd (nomination) cards
    "turd_title": (),
    "turd_text": ("number", "nominees"),
    # a blank blue custom: its name in the gallery, the prompt before the write-in line
    "blank_title": (),
    "blank_because": (),
    # the turn overview reference card: a title, then six steps (a heading and a text)
    "ref_title": (),
    "ref_offer_head": (), "ref_offer": (),
    "ref_ask_head": (), "ref_ask": ("nominees",),
    "ref_vote_head": (), "ref_vote": (),
    "ref_score_head": (), "ref_score": (),
    "ref_refill_head": (), "ref_refill": _HAND,
    "ref_refill_large": (*_HAND, "large_hand_size", "large_from"),
    "ref_end_head": (),
    "ref_end_rounds_one": ("rounds",), "ref_end_rounds_other": ("rounds",),
    "ref_end_limit_one": ("badge_limit",), "ref_end_limit_other": ("badge_limit",),
    "ref_mutt_one": ("mutt_badges",), "ref_mutt_other": ("mutt_badges",),
    "ref_mutt_none": (),
    # the HTML gallery's names of levels and kinds of card (GameSpec.levels, kind_titles)
    "level_green": (), "level_yellow": (), "level_red": (),
    "kind_pug": (), "kind_mutt": (), "kind_custom": (), "kind_blank": (), "kind_turd": (),
    "kind_overview": (),
    # a card's hover text in Tabletop Simulator (description.py): a mutt's word (a pug
    # card says its level), its badges and turds, its descriptive
    "desc_mutt": (),
    "desc_badges_one": ("count",), "desc_badges_other": ("count",),
    "desc_turds_one": ("count",), "desc_turds_other": ("count",),
    "desc_descriptive": ("descriptive",),
}
# The gallery's key for each face kind and level (GameSpec.kind_titles, levels).
KIND_KEYS = {"pug": "kind_pug", "mutt": "kind_mutt", "custom": "kind_custom", "blank": "kind_blank",
             "turd": "kind_turd", "overview": "kind_overview"}
LEVEL_KEYS = {"green": "level_green", "yellow": "level_yellow", "red": "level_red"}


class Step(NamedTuple):  # not a dataclass: see render/shapes.py
    """One step of the turn overview: its heading and text, and the keys they were read
    from (a problem with either is located where that string was written)."""

    heading: str
    text: str
    head_key: str
    key: str


def turn_overview(rules: Mapping[str, Any], strings: "Strings", mutts: bool = True) -> list[Step]:
    """The reference card's six steps for `rules` (the built deck's `rules` block: the
    rulebook's values after the deck's house rules). `mutts`: the deck has healthy mutts,
    so the end says what one is worth."""
    hand, large = rules["hand_size"], rules["large_group"]
    if large["hand_size"] != hand and large["from_players"] <= rules["players"]["max"]:
        refill_key = "ref_refill_large"
        refill = strings.text("ref_refill_large", hand_size=hand, large_hand_size=large["hand_size"],
                              large_from=large["from_players"])
    else:
        refill_key, refill = "ref_refill", strings.text("ref_refill", hand_size=hand)
    limit = rules.get("badge_limit")
    if limit is not None:
        end_key = strings.plural_key("ref_end_limit", limit)
        end = strings.text(end_key, badge_limit=limit)
    else:
        end_key = strings.plural_key("ref_end_rounds", rules["rounds"])
        end = strings.text(end_key, rounds=rules["rounds"])
    if mutts:
        worth = abs(rules["mutt_badges"])  # the text says "takes 2 badges away"
        end += " " + (strings.plural("ref_mutt", worth, mutt_badges=worth) if worth
                      else strings.text("ref_mutt_none"))
    return [
        Step(strings.text("ref_offer_head"), strings.text("ref_offer"), "ref_offer_head", "ref_offer"),
        Step(strings.text("ref_ask_head"), strings.text("ref_ask", nominees=rules["nominees"]),
             "ref_ask_head", "ref_ask"),
        Step(strings.text("ref_vote_head"), strings.text("ref_vote"), "ref_vote_head", "ref_vote"),
        Step(strings.text("ref_score_head"), strings.text("ref_score"), "ref_score_head", "ref_score"),
        Step(strings.text("ref_refill_head"), refill, "ref_refill_head", refill_key),
        Step(strings.text("ref_end_head"), end, "ref_end_head", end_key),
    ]
