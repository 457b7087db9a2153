"""Write what is derived from the parameter declarations and shipped as files:
docs/parameters.md (the table of group parameters) and pugdeck/schemas/profile.schema.json
(for editors and `pugdeck schema`). Run `python -m pugdeck.building.parameter_docs` after
changing a declaration; tests/building/test_parameters.py fails until then.

Both describe the games pugdeck ships (a game installed by another package documents its own).
"""

from __future__ import annotations

import json
from pathlib import Path

from pugdeck.building.parameters import PROFILE, SHARED, all_parameters
from pugdeck.building.profiles import described, profile_schema
from pugdeck.games.parameters import CHOICE, FLAG, INT, Parameter
from pugdeck.games.registry import registered
from pugdeck.games.spec import GameSpec
from pugdeck.resources import schema_path

_PACKAGE = Path(__file__).resolve().parents[1]
DOCS = _PACKAGE.parent / "docs" / "parameters.md"

_HEAD = """\
# Group parameters

What a group may ask of `pugdeck build` (and of `pugdeck export` and `pugdeck preview`, which
take the same flags): each is a flag on the command line and, but for `--profile`, a field
of a profile file (`--profile FILE`, YAML; flags given on the command line add to it:
switches and lists add up, numbers and words override). A deck's game refuses a parameter it
does not take, with a message naming the games that do.

Generated from the declarations by `python -m pugdeck.building.parameter_docs`, like the
profile schema (`pugdeck schema --game profile`): each game's `parameters` in its `game.py`,
the shared ones in `pugdeck/building/parameters.py`. Do not edit this table by hand.

| flag | value | profile field | games | what it does |
| --- | --- | --- | --- | --- |
"""


def shipped_games() -> list[GameSpec]:
    """The registered games whose folder is in this package."""
    return [spec for spec in registered().values() if spec.folder.is_relative_to(_PACKAGE)]


def parameters_table(games: list[GameSpec]) -> str:
    """docs/parameters.md for these games."""
    shared = {p.name for p in (*SHARED, PROFILE)}
    rows = []
    for parameter in all_parameters(games):
        owners = ("every game" if parameter.name in shared else
                  ", ".join(g.title for g in games
                            if any(p.name == parameter.name for p in g.parameters)))
        field = f"`{parameter.profile_key}`" if parameter.in_profile else "—"
        rows.append(f"| `{parameter.flag}` | {_value(parameter)} | {field} | {owners} | "
                    f"{described(parameter)} |\n")
    return _HEAD + "".join(rows)


def _value(parameter: Parameter) -> str:
    if parameter.kind == FLAG:
        return "—"
    if parameter.kind == INT:
        return f"{parameter.metavar}: {parameter.minimum} to {parameter.maximum}"
    if parameter.kind == CHOICE:
        return " or ".join(f"`{c}`" for c in parameter.choices)
    return f"{parameter.metavar}" + (", repeatable" if parameter.repeatable else "")


def schema_text(games: list[GameSpec]) -> str:
    """pugdeck/schemas/profile.schema.json for these games."""
    return json.dumps(profile_schema(games), indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    games = shipped_games()
    for path, text in ((DOCS, parameters_table(games)), (schema_path("profile"), schema_text(games))):
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    print("then run `python -m pugdeck.schemas.compiled` for the profile's precompiled validator")


if __name__ == "__main__":
    main()
