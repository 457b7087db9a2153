"""The bundled Pug You! deck keeps its editorial rules (docs/deck-editorial.md)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from statistics import mean

import pytest
from click.testing import CliRunner

from pugdeck.building.pipeline import build
from pugdeck.cli import main
from pugdeck.resources import bundled_deck

DECK = bundled_deck("pug-you")
EDITORIAL = Path(__file__).parents[3] / "docs" / "deck-editorial.md"
BADGES = {"green": {1, 2}, "yellow": {1, 2, 3}, "red": {2, 3}}
# American forms (and a brand written as a common noun) the deck's British English avoids.
AMERICAN = ("color", "favorite", "favor", "organize", "organized", "organizing", "center", "theater",
            "apologize", "realize", "traveling", "jewelry", "gray", "mom", "vacation", "apartment",
            "cookie", "candy", "sweater", "movie", "movies", "commercial", "bathroom", "restroom",
            "cellphone", "soccer", "couch", "trash", "garbage", "roommate", "pick-up lines", "resume",
            # North American idioms (Oxford Learner's): British English sweeps things under the
            # carpet and waits for an apology
            "under the rug", "waiting on", "wait on")
# Names the deck writes with a capital ("lower case, except a name"): breeds named after a
# place, and the days of the week.
NAMES = ("Labrador", "Dalmatian", "Chihuahua", "Pomeranian", "Alsatian", "Monday", "Tuesday",
         "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
ARTICLES = {"a", "an", "the"}
# A question must not take for granted a fact that some players lack: with two nominees to
# name, a card about tattoos at a table with one tattoo has no honest second answer.
PRESUPPOSED = {
    r"\btattoo": "a tattoo",
    r"\b(brothers?|sisters?|siblings?)\b": "siblings",
    r"\b(their|your) (parents|mum|dad|kids|children)\b|\bfavourite child\b": "parents or children",
    r"\b(at work|office|boss|colleagues?|CV)\b": "a job",
    r"\b(housemates?|flatmates?)\b": "housemates",
    r"\btheir (partner|husband|wife|boyfriend|girlfriend|ex|car)\b": "a partner, an ex or a car",
    r"\b(right now|currently|at the moment)\b": "a current fact (a debt owed right now)",
}
# One card per theme (docs/deck-editorial.md): the themes the editorial reads found twice or more.
THEMES = {
    "crying": r"\b(cry|cries|cried|crying|sobbing|tears)\b",
    "photos": r"\b(photo\w*|selfies?)\b",
    "selling out friends": r"\bsell out\b|\bdrop everyone\b|\buseful to them\b",
    "the worst person to X": r"\bmost unbearable\b|\bworst person\b",
    "lying about a number": r"\blie about how many\b|\boff their age\b",
    "stinginess, freeloading and debts": r"\bthe bill\b|\bcheapest\b|\bfree (food|drinks?|meals?)\b|\bowes?\b|\bborrow\w*\b|\bpay \w+ back\b",
    "cancelling plans": r"\bcancels?\b",
    "weddings": r"\bweddings?\b",
    "a secret spilt or kept": r"\b(spill|tell|keep|trust)\b.*\bsecrets?\b|\bgives? away\b",
    "the morning after": r"\bwalks? of shame\b|\bnight before\b|\bmorning after\b|\bhangovers?\b|\bstill drunk\b",
    "jokes that fall flat": r"\bjokes?\b|\bpunchlines?\b",
    "taking food that is not yours": r"\blast (slice|chip|biscuit)\b|\bname on it\b",
    "keeping books on the rest of us": r"\bkeeps? (count|screenshots|score|a record|receipts|a tally)\b",
    "grudges": r"\bgrudges?\b|\bsettle a score\b",
    "snubbing someone here": r"\bguest list\b|\bhide behind\b|\bknocked\b",
    "a message sent to the wrong people": r"\breply all\b|\bgroup chat\b|\bby mistake\b|\bwrong (person|chat)\b",
    "keeping everyone waiting while getting ready": r"\bgetting ready\b|\bfive minutes away\b|\bstill in the shower\b",
}
# Questions every party game has asked (docs/deck-editorial.md, "No genre cliché").
CLICHES = (r"\bclap\w* when the plane\b|\bsocks with sandals\b|\bthree suitcases\b|\bcact(us|i)\b|"
           r"\bsunglasses indoors\b|\barrested\b|\bpolice cell\b|\bdesert island\b|\bvoted? \w+ off\b|"
           r"\binheritance\b|\bmarry\b.*\bfor (the )?money\b")
# A question judges what the player does or would do, not what the rest of us would do to them.
JUDGED_BY_US = r"\bwould the rest of us\b|\bthe rest of us would\b|\bwould we\b|\bwould you all\b"
# Never a judgement of what someone is: body, age, family standing, or real distress.
NEVER = r"\b(diet|weight|filler|work done|least favourite child|cried in|cried at work|fat|bald|wrinkl\w*)\b"
# A red question about the people at this table names them.
AT_THIS_TABLE = r"\b(this table|this room|here|the rest of us)\b"
# Words too small to count when a descriptive is compared with its question.
SMALL_WORDS = frozenset("a an the of in on off at to my me you your all any with for by from as is are be "
                        "this that who what out up down over into than then most more some own ever have has done".split())


@pytest.fixture(scope="module")
def cards() -> list[dict]:
    return build(DECK).doc["cards"]


def _levelled(cards: list[dict], level: str) -> list[dict]:
    return [c for c in cards if c["kind"] == "pug" and c["level"] == level]


def test_the_deck_has_108_play_cards_4_mutts_and_6_blanks(cards):
    built = build(DECK)
    assert len(cards) == 108 and built.blanks == 6
    assert sum(c["kind"] == "mutt" for c in cards) == 4
    assert all(c["copy"] == 1 for c in cards)  # 108 different cards, none doubled


@pytest.mark.parametrize("level", BADGES)
def test_badges_stay_in_their_levels_range(cards, level):
    off = [(c["card"], c["badges"]) for c in _levelled(cards, level) if c["badges"] not in BADGES[level]]
    assert not off, f"{level} cards outside {sorted(BADGES[level])} badges: {off}"


def test_the_mean_badge_count_rises_from_green_to_yellow_to_red(cards):
    green, yellow, red = (mean(c["badges"] for c in _levelled(cards, lv)) for lv in BADGES)
    assert green < yellow < red, (green, yellow, red)


def test_every_descriptive_is_one_phrase_that_reads_after_im(cards):
    for c in cards:
        text = c["descriptive"]
        assert text and text == text.strip(), c["card"]
        assert "," not in text, f"{c['card']}: a comma garbles 'I lost because I'm … and …'"
        assert " and " not in f" {text} ", f"{c['card']}: 'and' is what joins the loser's descriptives"
        assert not text.endswith((".", "!", "?")) and not text.lower().startswith(("i'm", "i’m", "i am", "because"))
        assert text[0].islower(), f"{c['card']}: '{text}' follows \"I'm\" in lower case"


def test_no_two_descriptives_open_with_the_same_two_words(cards):
    def opening(text: str) -> str:
        words = text.split()
        return " ".join(words[1:3] if words[0] in ARTICLES else words[:2])
    repeated = {o: n for o, n in Counter(opening(c["descriptive"]) for c in cards).items() if n > 1}
    assert not repeated


def test_no_opening_word_starts_more_than_two_descriptives(cards):
    """"Templates vary": past the two-word rule, four descriptives opening "the reason …" or
    three opening "still …" read as one template (the seventh read)."""
    first = Counter(next(w for w in c["descriptive"].split() if w not in ARTICLES) for c in cards)
    assert {w: n for w, n in first.items() if n > 2} == {}


def test_names_keep_their_capital(cards):
    """"lower case, except a name": `framing an innocent labrador` printed the breed in lower case."""
    found = [(c["card"], name) for c in cards for name in NAMES
             if re.search(rf"\b{name.lower()}\b", c["question"] + " " + c["descriptive"])]
    assert not found


def test_the_text_is_british_english(cards):
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, AMERICAN)) + r")\b", re.IGNORECASE)
    found = [(c["card"], m.group(0)) for c in cards for field in ("question", "descriptive")
             for m in pattern.finditer(c[field])]
    found += [(c["card"], "tupperware") for c in cards if "tupperware" in c["question"] + c["descriptive"]]
    assert not found


def test_validate_finds_no_near_duplicate_and_no_warning():
    result = CliRunner().invoke(main, ["validate", str(DECK)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output and "nearly repeats" not in result.output
    assert result.output.strip().endswith(": valid")


def test_the_red_tier_is_mostly_about_other_things_than_sex_and_drinking(cards):
    red = _levelled(cards, "red")
    love = [c for c in red if {"sex", "dating"} & set(c["tags"])]
    drinking = [c for c in red if "drinking" in c["tags"]]
    assert len(love) < len(red) / 3 and len(drinking) <= 4
    assert sum("phones" in c["tags"] for c in cards) <= 5  # "at most a few cards about phones"


def test_every_tag_is_one_the_editorial_doc_lists(cards):
    documented = set(re.findall(r"^\| `([a-z-]+)` \|", EDITORIAL.read_text(encoding="utf-8"), re.MULTILINE))
    used = {t for c in cards for t in c["tags"]}
    assert used == documented, (used - documented, documented - used)
    assert all(1 <= len(c["tags"]) <= 3 for c in cards)


def test_no_green_card_or_mutt_is_about_sex_dating_or_drinking(cards):
    adult = {"sex", "dating", "drinking"}
    assert not [c["card"] for c in cards
                if (c["kind"] == "mutt" or c["level"] == "green") and adult & set(c["tags"])]


def test_no_question_takes_for_granted_a_fact_some_players_lack(cards):
    found = [(c["card"], what) for c in cards for pattern, what in PRESUPPOSED.items()
             if re.search(pattern, c["question"], re.IGNORECASE)]
    assert not found, f"these questions need every nominee to have {found}"


@pytest.mark.parametrize("theme", THEMES)
def test_one_card_per_theme(cards, theme):
    hits = [c["card"] for c in cards if re.search(THEMES[theme], c["question"], re.IGNORECASE)]
    assert len(hits) <= 1, f"{theme}: {hits}"


def test_no_question_is_a_genre_cliche(cards):
    found = [c["card"] for c in cards if re.search(CLICHES, c["question"], re.IGNORECASE)]
    assert not found, f"every party game has asked these: {found}"


def test_every_question_judges_what_the_player_does(cards):
    """"A question judges what a player does or would do": "Who would the rest of us vote off a
    desert island first?" asked what we would do to them (who we like least)."""
    assert [c["card"] for c in cards if re.search(JUDGED_BY_US, c["question"], re.IGNORECASE)] == []


def test_no_card_judges_a_body_an_age_a_family_standing_or_distress(cards):
    found = [c["card"] for c in cards
             if re.search(NEVER, c["question"] + " " + c["descriptive"], re.IGNORECASE)]
    assert not found


def test_most_red_questions_are_about_the_people_at_this_table(cards):
    red = _levelled(cards, "red")
    table = [c["card"] for c in red if re.search(AT_THIS_TABLE, c["question"], re.IGNORECASE)]
    assert len(table) >= 20, f"only {len(table)} of {len(red)} reds name the table: {table}"


def _counted_words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z]+", text.lower()) if w not in SMALL_WORDS and len(w) >= 3]


def test_no_descriptive_says_its_question_again(cards):
    """"Never the question said again" (docs/deck-editorial.md): a descriptive may pick up one
    word of its question, not two ("always five minutes away" for the "five minutes away"
    text). Words match on their first four letters, so "name-drops" meets "name-dropper"."""
    def echoed(card: dict) -> list[str]:
        asked = {w[:4] for w in _counted_words(card["question"])}
        return sorted({w for w in _counted_words(card["descriptive"]) if w[:4] in asked})
    found = {c["card"]: words for c in cards if len(words := echoed(c)) > 1}
    assert not found, f"these descriptives repeat their question's words: {found}"


def test_no_red_card_is_in_the_yellow_register_of_hygiene(cards):
    """Unwashed hands and inside-out underwear are small vices: yellow (docs/deck-editorial.md)."""
    assert [c["card"] for c in _levelled(cards, "red") if "hygiene" in c["tags"]] == []


def test_no_red_card_is_vanity_alone_unless_it_names_the_table(cards):
    """Vanity is yellow's register: a red tagged only `ego` must be about the people here
    ("Who at this table secretly thinks they are better than the rest of us?"), not a
    shrug at a type (the old `washed-up-legend`, "Who peaked at school…")."""
    found = [c["card"] for c in _levelled(cards, "red")
             if c["tags"] == ["ego"] and not re.search(AT_THIS_TABLE, c["question"], re.IGNORECASE)]
    assert found == []


def test_the_cards_print_typographic_apostrophes_and_quotes(cards):
    """"a friend’s birthday", "‘reply all’": as the template's own texts and the narration print them."""
    assert [c["card"] for c in cards if "'" in c["question"] + c["descriptive"]] == []


def test_a_question_about_the_past_asks_for_a_ranking_not_one_event(cards):
    """deck-editorial.md: "A question about the past asks for a ranking every table can make …,
    not one event that may never have happened"; a secret only the player holds may ask it
    (`crush-at-the-table`, `name-forgetter`). read8a found five ("has ditched someone here…")."""
    secrets = {"crush-at-the-table", "name-forgetter"}
    one_event = re.compile(r"\bhas (?:\w+ ){0,2}(?:something|someone)\b")
    found = [c["id"] for c in cards if c.get("question") and c["id"].split("#")[0] not in secrets
             and one_event.search(c["question"]) and not re.search(r"\bmost\b", c["question"])]
    assert found == []
