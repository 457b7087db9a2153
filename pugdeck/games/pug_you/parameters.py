"""Pug You!'s group parameters (rulebook: "Customized Deck"), declared once.

`--exclude` and `--players` are shared by every game (pugdeck/building/parameters.py);
filters.py turns the values into the filters, in their fixed order.
"""

from __future__ import annotations

from pugdeck.games.parameters import SLUG, files, flag, int_range, texts

PARAMETERS = (
    flag("no_red", "Leave the red (hardcore) cards out."),
    flag("no_yellow", "Leave the yellow cards out."),
    flag("no_green", "Leave the green (nice) cards out."),
    flag("no_mutts", "Leave the pink healthy mutts out."),
    flag("savage", "No green cards and no mutts.", detail="The rulebook's deck for savage groups."),
    flag("strangers", "Drop cards with a full thermometer.",
         detail="For players who don't know each other well."),
    int_range("max_thermometer", 1, 3, "Drop cards whose thermometer is above N.", metavar="N"),
    texts("exclude_tag", "Set aside every card with this tag (repeatable).", metavar="TAG",
          pattern=SLUG, item="A tag."),
    files("customs", "Add written blue custom cards from a YAML file (repeatable).", metavar="FILE",
          item="A customs file."),
    texts("only", "Build only these cards: customs (the blue custom cards), a card id or a tag "
          "(repeatable).", metavar="WHICH", pattern=SLUG, item="customs, a card id or a tag.",
          detail="To reprint a damaged card or proof a few: `--only worst-roommate`. The turd "
                 "cards and the turn overview are printed only when named (`--only turd-1`, "
                 "`--only turn-overview`)."),
    int_range("blanks", 0, 90, "Print N blank blue cards to write on [default: the deck's blanks].",
              metavar="N"),
)
