"""The bundled profiles keep their promise and serve 5 to 10 players, by build and by play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck.building.pipeline import build
from pugdeck.cli import main
from pugdeck.games.pug_you.simulate import simulate
from pugdeck.resources import bundled_deck

DECK = bundled_deck("pug-you")
PROFILES = sorted((DECK / "profiles").glob("*.yaml"))
GAMES = 150  # per player count and profile; docs/balance-pug-you.md measures 2,000


def _profile(name: str) -> Path:
    return DECK / "profiles" / f"{name}.yaml"


def _ids(cards: list[dict], keep=lambda c: True) -> set[str]:
    return {c["card"] for c in cards if keep(c)}


@pytest.mark.parametrize("players", [5, 10])
@pytest.mark.parametrize("profile", PROFILES, ids=[p.stem for p in PROFILES])
def test_every_bundled_profile_builds_for_5_and_10_players(profile, players, tmp_path):
    result = CliRunner().invoke(main, ["build", "--profile", str(profile), "--players", str(players),
                                       "--no-pdf", "--json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["checked"]["playable_for"] == [5, 6, 7, 8, 9, 10]


def test_strangers_is_the_rulebooks_rule_no_full_thermometer_and_nothing_else():
    every = build(DECK).doc["cards"]
    strangers = build(DECK, profile=_profile("strangers")).doc["cards"]
    assert _ids(strangers) == _ids(every, lambda c: c["thermometer"] < 3)
    assert {c["level"] for c in strangers} == {"green", "yellow", "red", None}  # None: the mutts


def test_family_dinner_keeps_every_mutt_and_green_and_nothing_adult():
    every = build(DECK).doc["cards"]
    family = build(DECK, profile=_profile("family-dinner")).doc["cards"]
    assert _ids(every, lambda c: c["kind"] == "mutt") <= _ids(family)
    assert _ids(every, lambda c: c["level"] == "green") <= _ids(family)
    assert not [c["card"] for c in family if c["level"] == "red" or {"sex", "dating", "drinking"} & set(c["tags"])]


@pytest.mark.parametrize("profile", PROFILES, ids=[p.stem for p in PROFILES])
def test_no_game_at_5_to_10_players_runs_out_of_cards(profile):
    doc = build(DECK, profile=profile).doc
    for summary in simulate(doc, range(5, 11), GAMES, seed=0, bots="random", jobs=2):
        assert summary.games_out_of_cards == 0, f"{profile.stem}: {summary.players} players ran out"
        assert summary.mean_questions >= 2 * summary.players  # two rounds, plus tie questions
