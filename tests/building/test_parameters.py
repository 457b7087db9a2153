"""Group parameters are declared once: the flags, the profile schema and the docs table all
come from the declarations, and a game refuses what it does not take."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck.building.parameter_docs import (
    parameters_table,
    schema_text,
    shipped_games,
)
from pugdeck.building.parameters import (
    PROFILE,
    SHARED,
    all_parameters,
    game_parameters,
    values_for,
)
from pugdeck.building.pipeline import build
from pugdeck.building.profiles import described
from pugdeck.cli import main
from pugdeck.core.diagnostics import DeckError
from pugdeck.games.parameters import FLAG, flag, texts
from pugdeck.games.registry import registered
from pugdeck.games.spec import GameSpec
from pugdeck.resources import bundled_deck, schema_path

REGENERATE = "run `python -m pugdeck.building.parameter_docs`"
# The checkout's docs: an installed package (CI installs it) does not ship them.
DOCS = Path(__file__).resolve().parents[2] / "docs" / "parameters.md"


def test_every_parameter_is_documented():
    text = DOCS.read_text(encoding="utf-8")
    for parameter in all_parameters():
        row = next((line for line in text.splitlines() if line.startswith(f"| `{parameter.flag}` |")), None)
        assert row is not None, f"{parameter.flag} is undocumented in docs/parameters.md; {REGENERATE}"
        assert described(parameter) in row, f"{parameter.flag}'s docs row is out of date; {REGENERATE}"


def test_the_docs_table_is_the_generated_one():
    assert DOCS.read_text(encoding="utf-8") == parameters_table(shipped_games()), REGENERATE


def test_the_shipped_profile_schema_is_derived_from_the_declarations():
    assert schema_path("profile").read_text(encoding="utf-8") == schema_text(shipped_games()), REGENERATE
    fields = set(json.loads(schema_text(shipped_games()))["properties"]) - {"description"}
    assert fields == {p.profile_key for p in all_parameters(shipped_games()) if p.in_profile}


def test_schema_command_prints_the_profile_schema():
    result = CliRunner().invoke(main, ["schema", "--game", "profile"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == json.loads(schema_text(shipped_games()))


def test_every_game_takes_the_shared_parameters():
    for spec in registered().values():
        names = [p.name for p in game_parameters(spec)]
        assert all(p.name in names for p in SHARED)
        assert len(names) == len(set(names)), f"{spec.title} declares a parameter twice"
    assert PROFILE.name not in {p.name for p in SHARED} and not PROFILE.in_profile


@pytest.mark.parametrize("spec", list(registered().values()), ids=lambda s: s.id)
def test_a_parameter_of_another_game_is_refused_naming_the_games(spec):
    others = [p for p in all_parameters() if p not in (*game_parameters(spec), PROFILE)]
    for parameter in others:
        with pytest.raises(DeckError) as caught:
            values_for(spec, {parameter.name: parameter.default or 1})
        [problem] = caught.value.diagnostics
        owners = [g.title for g in registered().values() if parameter in g.parameters]
        assert problem.message.startswith(f"{parameter.flag} is a {' and '.join(owners)} preference; "
                                          f"{spec.title} takes only ")
        assert all(p.flag in problem.message for p in game_parameters(spec))


@pytest.mark.parametrize("spec", list(registered().values()), ids=lambda s: s.id)
def test_a_game_gets_every_parameter_read_only(spec):
    values = values_for(spec, {})
    assert list(values) == [p.name for p in game_parameters(spec)]
    assert all(values[p.name] == p.default for p in game_parameters(spec))
    with pytest.raises(TypeError):
        values["players"] = 5


def test_two_games_may_not_declare_one_flag_differently():
    class One(GameSpec):
        id, title, folder, parameters = "one", "One", Path("."), (flag("fast", "Quick."),)

    class Two(GameSpec):
        id, title, folder, parameters = "two", "Two", Path("."), (texts("fast", "Words."),)

    with pytest.raises(TypeError, match="Two declares --fast unlike another game does"):
        all_parameters([One(), Two()])
    assert [p.flag for p in all_parameters([One(), One()])] == ["--fast", "--exclude", "--players",
                                                                 "--profile"]


def test_a_profile_field_of_another_game_is_refused_where_it_is_written(tmp_path):
    game_of_deck = next(g for g in shipped_games() if not g.parameters)
    foreign = next(p for p in all_parameters() if p.kind == FLAG and p not in game_parameters(game_of_deck))
    profile = tmp_path / "group.yaml"
    profile.write_text(f"description: ours\n{foreign.profile_key}: true\n")
    with pytest.raises(DeckError) as caught:
        build(bundled_deck(game_of_deck.bundled_decks[0]), profile=profile)
    [problem] = caught.value.diagnostics
    assert (problem.file, problem.line, problem.column) == (str(profile), 2, 1)
    assert f"'{foreign.profile_key}' is a " in problem.message
    assert f"{game_of_deck.title} takes only exclude and players" in problem.message
