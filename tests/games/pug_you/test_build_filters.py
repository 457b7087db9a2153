"""Group preferences, customs and the built deck: what a group asking for a deck sees."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from pugdeck.building.pipeline import build
from pugdeck.core.built_deck import dumps
from pugdeck.core.diagnostics import DeckError
from pugdeck.games.game_schemas import validate_built
from pugdeck.games.pug_you.model import Rules
from pugdeck.games.pug_you.playability import cards_needed
from pugdeck.resources import bundled_deck

DECK = bundled_deck("pug-you")


def source_cards() -> list[dict]:
    """The bundled deck's playable cards as written, straight from YAML."""
    import yaml

    cards = []
    for name in ("green", "yellow", "red", "mutts"):
        cards += yaml.safe_load((DECK / "cards" / f"{name}.yaml").read_text())["cards"]
    return cards


def built_cards(**prefs) -> list[dict]:
    return build(DECK, prefs).doc["cards"]


@pytest.mark.parametrize("flag, removed", [
    ("no_red", lambda c: c.get("level") == "red"),
    ("no_yellow", lambda c: c.get("level") == "yellow"),
    ("no_green", lambda c: c.get("level") == "green"),
    ("no_mutts", lambda c: c["kind"] == "mutt"),
    ("savage", lambda c: c.get("level") == "green" or c["kind"] == "mutt"),
    ("strangers", lambda c: c["thermometer"] == 3),
])
def test_each_flag_removes_exactly_its_cards(flag, removed):
    kept = {c["card"] for c in built_cards(**{flag: True})}
    expected = {c["id"] for c in source_cards() if not removed(c)}
    assert kept == expected


def test_max_thermometer_keeps_cards_up_to_n():
    cards = built_cards(max_thermometer=1)
    assert cards and all(c["thermometer"] == 1 for c in cards)
    assert len(cards) == sum(c["thermometer"] == 1 for c in source_cards())


def test_savage_strangers_combine_and_credit_each_card_once():
    built = build(DECK, {"savage": True, "strangers": True})
    cards = built.doc["cards"]
    assert all(c["level"] in ("yellow", "red") and c["thermometer"] < 3 for c in cards)
    removed = built.doc["filters"]["removed"]
    assert sum(removed.values()) + len(cards) == len(source_cards())
    assert built.name == "pug-you-savage-strangers"


def test_exclude_by_id_and_tag():
    cards = built_cards(exclude=("ghost-texter",), exclude_tag=("money",))
    assert "ghost-texter" not in {c["card"] for c in cards}
    assert not any("money" in c["tags"] for c in cards)


def test_unknown_exclusions_are_errors_with_suggestions():
    with pytest.raises(DeckError) as caught:
        build(DECK, {"exclude": ("ghost-texterr",), "exclude_tag": ("mony",)})
    text = str(caught.value)
    assert "no card has the id 'ghost-texterr'; did you mean 'ghost-texter'?" in text
    assert "no card has the tag 'mony'; did you mean 'money'?" in text


@pytest.mark.parametrize("prefs, name", [
    ({}, "pug-you"),
    ({"no_red": True}, "pug-you-no-red"),
    ({"no_red": True, "strangers": True}, "pug-you-strangers-no-red"),
    ({"no_mutts": True, "no_green": True, "max_thermometer": 2}, "pug-you-max-thermometer-2-no-green-no-mutts"),
    ({"savage": True, "no_green": True, "no_mutts": True}, "pug-you-savage"),
    ({"exclude_tag": ("money", "food")}, "pug-you-no-tag-food-money"),
    ({"exclude": ("ghost-texter",)}, "pug-you-without-ghost-texter"),
])
def test_output_name_records_the_filters_in_a_fixed_order(prefs, name):
    assert build(DECK, prefs).name == name


def test_explicit_name_wins():
    assert build(DECK, {"no_red": True}, name="friday").name == "friday"


def test_built_json_validates_against_its_schema_and_is_byte_identical():
    first = build(DECK, {"no_red": True, "strangers": True})
    second = build(DECK, {"no_red": True, "strangers": True})
    validate_built(first.doc)
    assert dumps(first.doc) == dumps(second.doc)
    doc = json.loads(dumps(first.doc))
    assert doc["format"] == "pugdeck-deck" and doc["game"] == "pug-you"
    assert doc["rules"]["hand_size"] == 5 and doc["rules"]["mutt_badges"] == -2
    assert [c["id"] for c in doc["components"]] == ["turd-1", "turd-2"]
    assert len({c["id"] for c in doc["cards"]}) == len(doc["cards"])


def test_every_derived_field_is_explicit():
    cards = {c["card"]: c for c in built_cards()}
    mutt = next(c for c in cards.values() if c["kind"] == "mutt")
    assert mutt["badges"] == -2 and mutt["level"] is None and mutt["color"] == "pink" and mutt["dots"] == 0
    red = next(c for c in cards.values() if c["level"] == "red")
    assert red["dots"] == 3 and red["color"] == "red"


def test_source_fingerprint_changes_with_the_inputs(tmp_path):
    deck = write_deck(tmp_path, 60)
    before = build(deck).doc["source"]["sha256"]
    path = deck / "cards.yaml"
    path.write_text(path.read_text().replace("Who q0 ", "Who changed "))
    assert build(deck).doc["source"]["sha256"] != before


# --- customs -------------------------------------------------------------------------------

def write_customs(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "ours.yaml"
    path.write_text(textwrap.dedent(body))
    return path


CUSTOM = """\
cards:
  - id: our-dog-sitter
    level: yellow
    question: "Who would forget to feed the dog they are sitting?"
    badges: 2
    descriptive: "a dog's worst nightmare"
    turds: 2
    thermometer: 2
"""


def test_customs_are_added_as_blue_cards(tmp_path):
    built = build(DECK, {"customs": (str(write_customs(tmp_path, CUSTOM)),)})
    ours = [c for c in built.doc["cards"] if c["card"] == "our-dog-sitter"]
    assert len(ours) == 1 and ours[0]["kind"] == "custom" and ours[0]["color"] == "blue"
    assert built.name == "pug-you-with-customs"
    assert any(f["role"] == "customs" for f in built.doc["source"]["files"])


def test_customs_clashing_with_deck_ids_fail_located(tmp_path):
    path = write_customs(tmp_path, CUSTOM.replace("our-dog-sitter", "ghost-texter"))
    with pytest.raises(DeckError) as caught:
        build(DECK, {"customs": (str(path),)})
    [problem] = caught.value.diagnostics
    assert (problem.line, problem.column, problem.card) == (2, 9, "ghost-texter")
    assert "already used by the deck" in problem.message


def test_customs_get_the_deck_messages(tmp_path):
    path = write_customs(tmp_path, CUSTOM.replace("badges: 2", "badgs: 2"))
    with pytest.raises(DeckError) as caught:
        build(DECK, {"customs": (str(path),)})
    messages = [d.message for d in caught.value.diagnostics]
    assert any("unknown key 'badgs'; did you mean 'badges'?" in m for m in messages)


def test_a_custom_whose_text_would_not_print_fails_the_build_located_even_without_a_pdf(tmp_path):
    word = "Supercalifragilisticexpialidociouslyenormous"  # one word, wider than the box
    path = write_customs(tmp_path, CUSTOM.replace("a dog's worst nightmare", word))
    with pytest.raises(DeckError) as caught:
        build(DECK, {"customs": (str(path),)})
    [problem] = caught.value.diagnostics
    assert (Path(problem.file).name, problem.line, problem.card) == ("ours.yaml", 6, "our-dog-sitter")
    assert "descriptive does not fit" in problem.message


def test_only_customs_builds_just_the_blue_cards(tmp_path):
    path = write_customs(tmp_path, CUSTOM)
    built = build(DECK, {"only": ("customs",), "customs": (str(path),)})
    assert [c["card"] for c in built.doc["cards"]] == ["our-dog-sitter"]
    assert built.blanks == 6  # the deck's own blank customs come along to be written on
    assert built.name == "pug-you-customs"  # the word once, not "-with-customs-customs"
    none = build(DECK, {"only": ("customs",), "customs": (str(path),), "blanks": 0})
    assert none.blanks == 0 and len(none.doc["cards"]) == 1


def test_blanks_never_enter_the_played_deck():
    built = build(DECK, {"blanks": 10})
    assert built.blanks == 10
    assert not any(c["card"].startswith("custom-") for c in built.doc["cards"])


# --- profiles ------------------------------------------------------------------------------

@pytest.mark.parametrize("profile", sorted((DECK / "profiles").glob("*.yaml")), ids=lambda p: p.stem)
def test_bundled_profiles_build(profile):
    built = build(DECK, profile=profile)
    validate_built(built.doc)
    assert built.doc["checked"]["playable_for"]
    assert [f["role"] for f in built.doc["source"]["files"]][-1] == "profile"


def test_profile_fields_and_flags_add_up(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("no-red: true\nexclude-tag: [money]\nmax-thermometer: 2\nplayers: 6\n")
    built = build(DECK, {"no_mutts": True, "exclude_tag": ("food",), "players": 5}, profile=path)
    filters = built.doc["filters"]
    assert filters["no_red"] and filters["no_mutts"] and filters["max_thermometer"] == 2
    assert filters["exclude_tags"] == ["money", "food"] and filters["players"] == 5


def test_profile_customs_are_relative_to_the_profile(tmp_path):
    (tmp_path / "group" / "cards").mkdir(parents=True)
    write_customs(tmp_path / "group" / "cards", CUSTOM)
    path = tmp_path / "group" / "p.yaml"
    path.write_text("customs: [cards/ours.yaml]\n")
    built = build(DECK, profile=path)
    assert built.doc["filters"]["customs"] == ["ours.yaml"]


def test_profile_unknown_field_is_located(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("no-red: true\nstrangrs: true\n")
    with pytest.raises(DeckError) as caught:
        build(DECK, profile=path)
    [problem] = caught.value.diagnostics
    assert (problem.line, problem.column) == (2, 1)
    assert "unknown profile field 'strangrs'; did you mean 'strangers'?" in problem.message


# --- the rules check -----------------------------------------------------------------------

def write_deck(tmp_path: Path, n: int) -> Path:
    """A deck of `n` distinct, valid pug cards."""
    deck = tmp_path / "deck"
    deck.mkdir(parents=True, exist_ok=True)
    (deck / "deck.yaml").write_text("deck: {id: tiny, name: Tiny, game: pug-you}\ninclude: [cards.yaml]\n")
    levels = ("green", "yellow", "red")
    lines = ["cards:"]
    for i in range(n):
        lines.append(f"  - {{id: c{i}, level: {levels[i % 3]}, question: \"Who q{i} x{i * 7919 % 1000} "
                     f"z{i}?\", badges: {1 + i % 3}, descriptive: d{i}, turds: {1 + i % 3}, thermometer: 1}}")
    (deck / "cards.yaml").write_text("\n".join(lines) + "\n")
    return deck


@pytest.mark.parametrize("players", [5, 8, 10])
def test_rules_check_at_its_boundary(tmp_path, players):
    needed = cards_needed(Rules(), players)
    assert needed == players * (5 if players < 8 else 4) + 2 * players - 1
    deck = write_deck(tmp_path, needed)
    built = build(deck, {"players": players})
    assert players in built.doc["checked"]["playable_for"]
    deck = write_deck(tmp_path / "fewer", needed - 1)
    with pytest.raises(DeckError) as caught:
        build(deck, {"players": players})
    assert f"{needed - 1} remain after the filters, {needed} are needed" in str(caught.value)


def test_with_a_badge_limit_every_mutt_may_take_a_question_of_its_own(tmp_path):
    # Limit 3, 5 players: 25 dealt + (5 × 2 + 1) printed-badge cards + 4 mutts − 1 = 39.
    def deck_of(folder: Path, pugs: int) -> Path:
        deck = write_deck(folder, pugs)
        (deck / "deck.yaml").write_text("deck: {id: tiny, name: Tiny, game: pug-you}\n"
                                        "include: [cards.yaml]\nrules: {badge_limit: 3}\n")
        with (deck / "cards.yaml").open("a") as f:
            for i in range(4):
                f.write(f"  - {{id: m{i}, kind: mutt, question: \"Who helps m{i} y{i}?\", "
                        "descriptive: kind, turds: 1, thermometer: 1}\n")
        return deck

    assert 5 in build(deck_of(tmp_path, 35), {"players": 5}).doc["checked"]["playable_for"]
    with pytest.raises(DeckError, match="38 remain after the filters, 39 are needed"):
        build(deck_of(tmp_path / "fewer", 34), {"players": 5})


def test_unplayable_names_the_filter_that_removed_most():
    with pytest.raises(DeckError) as caught:
        build(DECK, {"savage": True, "strangers": True, "exclude_tag": ("drinking",), "players": 10})
    assert "57 remain after the filters, 59 are needed; savage removed the most (39 cards)" in str(caught.value)


def test_player_count_outside_the_rules_is_an_error():
    with pytest.raises(DeckError, match="the rules allow 5 to 10 players"):
        build(DECK, {"players": 4})


def test_lopsided_levels_and_mutts_are_warned_about(tmp_path):
    deck = write_deck(tmp_path, 60)
    with (deck / "cards.yaml").open("a") as f:
        for i in range(10):
            f.write(f"  - {{id: m{i}, kind: mutt, question: \"Who helps m{i} y{i}?\", descriptive: kind, "
                    f"turds: 1, thermometer: 1}}\n")
    warnings = build(deck).doc["checked"]["warnings"]
    assert warnings == ["mutts are 14% of the deck (10 of 70); scores will drift low — consider --no-mutts"]
    # 60 cards cycle green/yellow/red; without most greens, green is a sliver of the deck
    greens = [f"c{i}" for i in range(0, 60, 3)][:17]
    warnings = build(deck, {"no_mutts": True, "exclude": tuple(greens)}).doc["checked"]["warnings"]
    assert warnings == [("green cards are only 7% of the levelled cards (3 of 43); drop them with "
                         "--no-green or add more")]
    assert build(DECK).doc["checked"]["warnings"] == []
