"""What the transcript says of mutts: a mutt takes badges away, so it is never a reason for
losing, and a mutt written without a descriptive is scored in a sentence that still reads."""

from __future__ import annotations

from helpers.pug_you_decks import built_deck, card, deal, turn
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.transcript import loser_speech, narrate


def _game(cards: list[dict], players: int = 5, language: str | None = None) -> Game:
    filler = [card(f"filler-{i:03d}", descriptive=f"filler{i}") for i in range(40)]
    doc = built_deck(cards + filler)
    if language:
        doc["deck"]["language"] = language
    return Game(doc, players, seed=1)


def _numbers(game: Game, ids: list[str]) -> list[int]:
    return [game.index[f"{i}#1"] for i in ids]


def test_the_losers_line_names_only_the_cards_that_carry_badges():
    quiet_mutt = card("quiet-mutt", kind="mutt", badges=-2)
    quiet_mutt["descriptive"] = None
    game = _game([card("fake", badges=2), card("basic", badges=1),
                  card("lovely-mutt", kind="mutt", badges=-2, descriptive="a hot-water bottle"),
                  quiet_mutt])
    scored = _numbers(game, ["basic", "fake", "lovely-mutt", "quiet-mutt"])
    assert loser_speech(game, scored) == "I lost because I’m basic and fake."
    only_mutts = _numbers(game, ["lovely-mutt", "quiet-mutt"])
    assert loser_speech(game, only_mutts) == "I lost without a single pug on me."


def test_the_losers_line_lists_three_or_more_descriptives_as_the_language_lists_them():
    cards = [card("fake", badges=2, descriptive="fake"), card("basic", badges=1, descriptive="basic"),
             card("menace", badges=1, descriptive="a dance floor menace")]
    game = _game(cards)
    line = loser_speech(game, _numbers(game, ["fake", "basic", "menace"]))
    assert line == "I lost because I’m fake, basic and a dance floor menace."  # the rulebook's example's shape
    french = _game(cards, language="fr")
    assert loser_speech(french, _numbers(french, ["fake", "basic", "menace"])) == (
        "J’ai perdu parce que je suis fake, basic et a dance floor menace.")


def test_a_mutt_without_a_descriptive_is_scored_in_a_whole_sentence():
    players, size = 5, 5
    ids = [f"s{s}-{k}" for s in range(players) for k in range(size)] + [f"d-{i:03d}" for i in range(40)]
    cards = [card(i) for i in ids]
    cards[ids.index("s3-0")] = mutt = card("s3-0", kind="mutt", badges=-2)
    mutt["descriptive"] = None
    game = Game(built_deck(cards, hand_size=size), players, seed=1)
    state = deal(game, [[f"s{s}-{k}#1" for k in range(size)] for s in range(players)],
                 [f"d-{i:03d}#1" for i in range(40)])
    turn(state, 3, [1, 2], {3: (1, "s3-1#1"), 4: (1, "s4-0#1"), 0: (1, "s0-0#1")})
    lines = narrate(game, state.history())
    assert "  P1 scores s3-0#1: “The healthy mutt takes 2 badges away.”" in lines
    assert not [line for line in lines if "None" in line]
