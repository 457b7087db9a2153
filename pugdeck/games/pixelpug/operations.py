"""The closed set of things a PixelPug card can do, as data.

A card's `effect` is a list of steps; each step names one operation from `OPERATIONS` and,
where the operation acts on someone, a target. The checks, the authoring schema, the rules
reference and the engine all read this one table, so an operation is added in one place.

Targets (the words printed on the cards):
- `self`           the player who plays the card;
- `target-player`  any player still in the round, yourself included;
- `opponent`       another player still in the round, never yourself.
"""

from __future__ import annotations

from dataclasses import dataclass

SELF, TARGET_PLAYER, OPPONENT = "self", "target-player", "opponent"
TARGETS = (SELF, TARGET_PLAYER, OPPONENT)


@dataclass(frozen=True)
class Operation:
    """One operation: which targets it accepts, which parameters (with defaults) it takes."""

    name: str
    targets: tuple[str, ...]  # () for operations that act on nobody when played
    params: tuple[tuple[str, object], ...]  # (name, default); None = required
    summary: str
    chooses_kind: bool = False  # the player names a card kind when playing it

    @property
    def param_names(self) -> tuple[str, ...]:
        """The parameters it takes, in order."""
        return tuple(name for name, _ in self.params)

    def defaults(self) -> dict:
        """Parameter → default, for those that have one."""
        return {name: default for name, default in self.params if default is not None}

    def required(self) -> tuple[str, ...]:
        """Parameters an author must write."""
        return tuple(name for name, default in self.params if default is None)


OPERATIONS: dict[str, Operation] = {op.name: op for op in (
    Operation("none", (), (), "Nothing happens; the card only counts for its points."),
    Operation("draw", TARGETS, (("amount", 1),),
              "The target draws `amount` cards from the deck (fewer if the deck runs out)."),
    Operation("give-from-pile", TARGETS, (("pile", "treats"), ("amount", 1)),
              "The target takes `amount` cards from a pile set aside at setup (the Treats); "
              "nothing if the pile is empty."),
    Operation("lose-life", TARGETS, (("amount", 1),),
              "The target loses `amount` lives."),
    Operation("extra-life-in-hand", (), (),
              "Held, not played: when its holder would lose their last life, this card is "
              "discarded instead and they stay in the round. Playing it does nothing."),
    Operation("protection-until-next-turn", (SELF,), (),
              "Until the start of the player's next turn, red attack cards cannot target them."),
    Operation("guess-holder", (OPPONENT,), (("card", None), ("on-hit", "win-round"),
                                            ("unless-holding", ""), ("on-miss", "none")),
              "Name the opponent you think holds `card`. On a hit `on-hit` happens to you — "
              "unless they also hold `unless-holding`; if they hold none, `on-miss` does."),
    Operation("guess-card", (OPPONENT,), (("on-hit", "lose-life"),),
              "Name a card kind other than this card's own and the set-aside piles' (they are "
              "handed out in public); if the opponent holds one, `on-hit` happens to them.",
              chooses_kind=True),
    Operation("rps-duel", (OPPONENT,), (("loser", "lose-life"), ("winner", "none"), ("tie", "none")),
              "You and the opponent secretly pick rock, paper or scissors; `loser`, `winner` "
              "and `tie` say what happens to whom."),
    Operation("discard-hand-and-draw", TARGETS, (("amount", 1), ("discard-to", "own-pile")),
              "The target discards their whole hand and draws `amount`; the hand goes to "
              "their own discard pile (`discard-to: own-pile`, it still counts for their "
              "points) or out of the round (`out-of-round`, it counts for nobody)."),
    Operation("look-at-hand", (OPPONENT,), (),
              "You see the target's hand; nobody else does."),
    Operation("swap-hands", (OPPONENT,), (),
              "You and the target exchange your hands (after this card has been played)."),
    Operation("fish", (OPPONENT,), (("else", "draw"),),
              "Name a card kind; if the opponent holds one they give it to you, otherwise "
              "`else` happens to you (go fish: you draw a card).", chooses_kind=True),
    Operation("compare-hands", (OPPONENT,), (("lower", "lose-life"),),
              "You and the opponent privately compare the points in your hands; the lower "
              "total suffers `lower`; a tie does nothing."),
)}

# Outcomes each outcome-taking parameter accepts.
OUTCOME_PARAMS = {
    "on-hit": {"guess-holder": ("win-round", "none"), "guess-card": ("lose-life", "none")},
    "on-miss": {"guess-holder": ("none", "draw")},
    "loser": {"rps-duel": ("lose-life", "none")},
    "winner": {"rps-duel": ("none", "draw")},
    "tie": {"rps-duel": ("none", "draw")},
    "lower": {"compare-hands": ("lose-life", "none")},
    "else": {"fish": ("draw", "none")},
}
