"""Templates: the bundled one loads, `extends` overrides key by key, mistakes are located."""

import json

import pytest

from pugdeck.core.diagnostics import DeckError
from pugdeck.render.template_lookup import resolve_template
from pugdeck.render.templates import (
    CARD_SIZES_MM,
    Vocabulary,
    load_template,
)
from pugdeck.resources import schema_path


def test_bundled_template_is_poker_sized_with_every_region():
    t = load_template("pug-you")
    assert (t.width_mm, t.height_mm) == CARD_SIZES_MM["poker"] == (63.5, 88.9)
    assert set(t.regions) >= {"dots", "thermometer", "turds", "portrait", "question", "badges",
                              "descriptive"}
    assert all(path.is_file() for path in t.fonts.values())
    assert t.text["question"].min_pt < t.text["question"].max_pt


def test_extends_overrides_only_what_it_names(tmp_path):
    child = tmp_path / "loud.yaml"
    child.write_text("name: loud\nextends: pug-you\ncolors: {red: '#FF0000'}\n"
                     "text: {question: {max_pt: 12}}\n")
    t = load_template(child)
    base = load_template("pug-you")
    assert t.name == "loud"
    assert t.colors["red"] == "#FF0000" and t.colors["green"] == base.colors["green"]
    assert t.text["question"].max_pt == 12 and t.text["question"].min_pt == base.text["question"].min_pt
    assert t.regions == base.regions


def test_named_and_explicit_card_sizes_scale_the_layout(tmp_path):
    (tmp_path / "big.yaml").write_text(
        "extends: pug-you\ncard: {size: {width_mm: 70, height_mm: 100}}\n")
    big = load_template(tmp_path / "big.yaml")
    base = load_template("pug-you")
    assert (big.width_mm, big.height_mm) == (70, 100)
    assert big.regions["question"].width == pytest.approx(base.regions["question"].width * 70 / 63.5)
    (tmp_path / "mini.yaml").write_text("extends: pug-you\ncard: {size: mini}\n")
    mini = load_template(tmp_path / "mini.yaml")
    assert mini.text["question"].min_pt < base.text["question"].min_pt
    # regions measured on the new size itself must fit it
    (tmp_path / "tight.yaml").write_text("extends: pug-you\ncard: {size: mini, layout_size: mini}\n")
    with pytest.raises(DeckError, match="does not lie inside"):
        load_template(tmp_path / "tight.yaml")


def test_schema_error_is_located(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: pug-you\ncolors:\n  red: crimson\n")
    with pytest.raises(DeckError) as caught:
        load_template(bad)
    d = caught.value.diagnostics[0]
    assert d.file.endswith("bad.yaml") and d.line == 3 and "crimson" in d.message


def test_unknown_key_and_cycle_are_errors(tmp_path):
    (tmp_path / "typo.yaml").write_text("extends: pug-you\nregion: {}\n")
    with pytest.raises(DeckError, match="region"):
        load_template(tmp_path / "typo.yaml")
    (tmp_path / "a.yaml").write_text("extends: ./b.yaml\n")
    (tmp_path / "b.yaml").write_text("extends: ./a.yaml\n")
    with pytest.raises(DeckError, match="cycle"):
        load_template(tmp_path / "a.yaml")


def test_deck_folder_template_wins_over_bundled(tmp_path):
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "pug-you.yaml").write_text(
        "name: local\nextends: pug-you\n")  # a bare name is always the bundled template
    assert resolve_template("pug-you", tmp_path).name == "local"
    assert resolve_template("pug-you", None).name == "pug-you"


def test_a_game_folder_template_comes_after_the_decks_and_before_the_bundled(tmp_path):
    """A game packaged on its own ships its templates in its folder's templates/."""
    game, deck = tmp_path / "game", tmp_path / "deck"
    for folder, name in ((game, "shipped"), (deck, "local")):
        (folder / "templates").mkdir(parents=True)
        (folder / "templates" / "own.yaml").write_text(f"name: {name}\nextends: pug-you\n")
    assert resolve_template("own", tmp_path / "elsewhere", game_folder=game).name == "shipped"
    assert resolve_template("own", deck, game_folder=game).name == "local"
    assert resolve_template("pug-you", deck, game_folder=game).name == "pug-you"


def test_every_schema_property_is_described():
    schema = json.loads(schema_path("template").read_text())

    def walk(node, path):
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                assert "description" in sub, f"{path}.{name} has no description"
            for key, sub in node.items():
                walk(sub, f"{path}.{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{path}[{i}]")

    walk(schema, "$")
    assert schema["$schema"].endswith("2020-12/schema")


def test_region_outside_the_card_is_located_where_it_was_written(tmp_path):
    child = tmp_path / "wide.yaml"
    child.write_text("extends: pug-you\nregions:\n  question: [8, 45, 70, 20]\n")
    with pytest.raises(DeckError) as caught:
        load_template(child)
    [problem] = caught.value.diagnostics
    assert problem.file.endswith("wide.yaml") and problem.line == 3
    assert "regions.question" in problem.message and "does not lie inside" in problem.message


def test_fast_schema_check_agrees_with_jsonschema():
    import subprocess
    import sys

    code = ("import sys, yaml; from pathlib import Path; "
            "from pugdeck.render.templates import _schema_problems; "
            "good = yaml.safe_load(Path(sys.argv[1]).read_text()); "
            "bad = dict(good, colors={'red': 'crimson'}, extra=1); "
            "print(_schema_problems(good), len(_schema_problems(bad)))")
    template = str(load_template.__globals__["data_dir"]("templates") / "pug-you.yaml")
    verdicts = {subprocess.run([sys.executable, "-c", prefix + code, template], capture_output=True,
                               text=True, check=True).stdout for prefix in ("", "import jsonschema; ")}
    assert verdicts == {"[] 2\n"}


POKER_WORDS = Vocabulary(regions=("title", "picture"), text_styles=("title",), colors=("ink",))
A_GAME_TEMPLATE = """\
name: words
card: {size: poker}
fonts: {title: Fredoka_700Bold.ttf, body: NotoSans_400Regular.ttf, bold: NotoSans_700Bold.ttf}
colors: {ink: "#000000"}
frame: {panel: [5, 5, 50, 70]}
regions:
  title: [6, 6, 40, 9]
  picture: [6, 20, 40, 30]
text:
  title: {font: title, max_pt: 12, min_pt: 8, leading: 1.0, align: center}
"""


def test_a_template_holds_exactly_the_names_its_game_reads(tmp_path):
    (tmp_path / "words.yaml").write_text(A_GAME_TEMPLATE)
    t = load_template(tmp_path / "words.yaml", POKER_WORDS)
    assert set(t.regions) == {"title", "picture"} and set(t.text) == {"title"}
    assert t.colors == {"ink": "#000000"}


def test_an_unknown_name_is_located_and_the_known_ones_are_listed(tmp_path):
    (tmp_path / "words.yaml").write_text(A_GAME_TEMPLATE)
    (tmp_path / "child.yaml").write_text("extends: ./words.yaml\nregions:\n  turds: [6, 6, 4, 4]\n")
    with pytest.raises(DeckError) as caught:
        load_template(tmp_path / "child.yaml", POKER_WORDS)
    [problem] = caught.value.diagnostics
    assert problem.file.endswith("child.yaml") and problem.line == 3
    assert problem.message == ("template: unknown regions name 'turds' "
                               "(this game's regions: title, picture)")


def test_a_missing_name_is_an_error_naming_the_known_ones(tmp_path):
    (tmp_path / "words.yaml").write_text(A_GAME_TEMPLATE.replace("  picture: [6, 20, 40, 30]\n", ""))
    with pytest.raises(DeckError, match=r"missing 'regions.picture' \(this game's regions: "
                                        r"title, picture\)"):
        load_template(tmp_path / "words.yaml", POKER_WORDS)


def test_extends_keeps_working_under_a_games_words(tmp_path):
    (tmp_path / "words.yaml").write_text(A_GAME_TEMPLATE)
    (tmp_path / "red.yaml").write_text("extends: ./words.yaml\ncolors: {ink: '#FF0000'}\n")
    t = load_template(tmp_path / "red.yaml", POKER_WORDS)
    assert t.colors["ink"] == "#FF0000" and t.regions["picture"].height == 30


def test_every_bundled_template_fits_its_game():
    from pugdeck.games.registry import registered

    for spec in registered().values():
        t = spec.load_template(None)
        assert set(t.regions) == set(spec.template_regions), spec.id
        assert set(t.text) == set(spec.template_text_styles), spec.id
        assert set(t.colors) == set(spec.template_colors), spec.id


def test_a_template_name_the_file_system_refuses_is_a_located_error(tmp_path):
    # A plug-in game's schema may not cap `template:`; a name over 255 bytes must still be a
    # diagnostic, not an OSError.
    from pugdeck.core.diagnostics import DeckError
    from pugdeck.render.template_lookup import resolve_template

    with pytest.raises(DeckError) as caught:
        resolve_template("x" * 300, tmp_path)
    [problem] = caught.value.diagnostics
    assert problem.line == 1 and "no template at" in problem.message and len(problem.message) < 200
