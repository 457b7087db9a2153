"""`pugdeck play`, `replay` and `simulate` through Click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck.cli import main


@pytest.fixture(scope="module")
def deck_json(tmp_path_factory):
    """The bundled Pug You! deck, built as `pugdeck build` writes it."""
    from pugdeck.building.pipeline import build
    from pugdeck.resources import bundled_deck

    path = tmp_path_factory.mktemp("decks") / "pug-you.json"
    path.write_text(json.dumps(build(bundled_deck("pug-you")).doc), encoding="utf-8")
    return str(path)


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("command", ["play", "replay", "simulate"])
def test_every_command_has_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0 and "Usage:" in result.output


def test_play_prints_a_whole_game_and_the_losers_speech(deck_json):
    result = run("play", deck_json, "--players", "6", "--seed", "3")
    assert result.exit_code == 0, result.output
    text = result.output
    for expected in ("Turn 1 (round 1): P0 is the active player", "offers", "reads it out",
                     "nominates", "votes for", "Votes revealed", "scores", "Game over after 12 turns",
                     "Badges:", "I lost because I’m"):
        assert expected in text


def test_play_json_replays_to_the_identical_transcript(deck_json, tmp_path):
    text = run("play", deck_json, "-p", "7", "--seed", "5", "--bots", "heuristic")
    log = run("play", deck_json, "-p", "7", "--seed", "5", "--bots", "heuristic", "--json")
    assert log.exit_code == 0
    assert json.loads(log.output)["format"] == "pugdeck-pug-you-log"
    path = tmp_path / "log.json"
    path.write_text(log.output, encoding="utf-8")
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0 and replayed.output == text.output


def test_same_seed_same_transcript_other_seed_another(deck_json):
    one = run("play", deck_json, "-p", "5", "--seed", "1").output
    assert one == run("play", deck_json, "-p", "5", "--seed", "1").output
    assert one != run("play", deck_json, "-p", "5", "--seed", "2").output


def test_bad_input_exits_1_with_a_message_and_no_traceback(deck_json, tmp_path):
    outside = run("play", deck_json, "--players", "11")
    assert outside.exit_code == 1 and "outside this deck's range 5-10" in outside.output
    missing = run("play", str(tmp_path / "nope.json"), "--players", "5")
    assert missing.exit_code == 1 and "cannot read" in missing.output
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    assert run("play", str(garbage), "-p", "5").exit_code == 1
    not_a_deck = tmp_path / "other.json"
    not_a_deck.write_text('{"format": "something"}', encoding="utf-8")
    result = run("play", str(not_a_deck), "-p", "5")
    assert result.exit_code == 1 and "Traceback" not in result.output
    bad_log = run("replay", str(not_a_deck))
    assert bad_log.exit_code == 1 and "not a Pug You! game log" in bad_log.output


def test_a_tampered_log_does_not_replay(deck_json, tmp_path):
    log = json.loads(run("play", deck_json, "-p", "5", "--json").output)
    log["actions"][3] = {"type": "vote", "nominee": 0, "card": "x"}
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1 and "does not replay" in result.output


def test_usage_errors_exit_2(deck_json):
    assert run("play", deck_json).exit_code == 2  # --players is required
    assert run("play", deck_json, "-p", "5", "--bots", "genius").exit_code == 2
    assert run("simulate", deck_json, "-p", "7-5", "-g", "2").exit_code == 2


def test_simulate_reports_every_player_count_and_json_is_deterministic(deck_json, tmp_path):
    text = run("simulate", deck_json, "--players", "5-6", "--games", "4", "--seed", "2")
    assert text.exit_code == 0, text.output
    assert "tie rate" in text.output and "out of cards" in text.output
    first = run("simulate", deck_json, "-p", "5-6", "-g", "4", "--seed", "2", "--json")
    again = run("simulate", deck_json, "-p", "5-6", "-g", "4", "--seed", "2", "--json")
    assert first.output == again.output
    summaries = json.loads(first.output)["summaries"]
    assert [s["players"] for s in summaries] == [5, 6] and all(s["games"] == 4 for s in summaries)


def test_simulate_writes_a_png_chart(deck_json, tmp_path):
    chart = tmp_path / "chart.png"
    result = run("simulate", deck_json, "-p", "8", "-g", "3", "--plot", str(chart))
    assert result.exit_code == 0, result.output
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_gives_the_same_numbers_with_several_jobs(deck_json):
    one = run("simulate", deck_json, "-p", "5-6", "-g", "30", "--json", "--jobs", "1")
    two = run("simulate", deck_json, "-p", "5-6", "-g", "30", "--json", "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert json.loads(one.output)["summaries"] == json.loads(two.output)["summaries"]


def test_every_option_of_the_game_commands_is_documented():
    from pugdeck.cli import play as play_cmd

    for command in (play_cmd.play, play_cmd.replay, play_cmd.simulate):
        assert command.help, command.name
        for param in command.params:
            if param.param_type_name == "option":
                assert param.help, f"{command.name} {param.opts} has no help"


def test_the_rules_reference_names_every_action_type():
    from pathlib import Path

    from pugdeck.games.pug_you.actions import _KEYS

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules-pug-you.md").read_text(encoding="utf-8")
    for kind in _KEYS:
        assert f'"type": "{kind}"' in doc, kind


@pytest.fixture
def card_duel(monkeypatch):
    """A registered game with a title and nothing else: no engine, no logs."""
    from pugdeck.games.registry import registered
    from pugdeck.games.spec import GameSpec

    class CardDuel(GameSpec):
        id = "card-duel"
        title = "Card Duel"
        log_format = "pugdeck-card-duel-log"

    monkeypatch.setitem(registered(), CardDuel.id, CardDuel())


def _write(tmp_path, name: str, doc: dict) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_a_deck_of_a_game_nobody_registered_exits_1_naming_the_registered_games(deck_json, tmp_path):
    doc = json.loads(Path(deck_json).read_text(encoding="utf-8"))
    chess = _write(tmp_path, "chess.json", {**doc, "game": "chess"})
    for command in (["play", chess, "-p", "5"], ["simulate", chess, "-p", "5", "-g", "1"]):
        result = run(*command)
        assert result.exit_code == 1, result.output
        assert "no registered game plays 'chess' decks (registered:" in result.output
        assert "pug-you" in result.output and "Traceback" not in result.output


def test_a_log_of_an_unknown_format_exits_1_naming_the_formats_there_are(deck_json, tmp_path):
    log = json.loads(run("play", deck_json, "-p", "5", "--json").output)
    result = run("replay", _write(tmp_path, "chess-log.json", {**log, "format": "chess-log"}))
    assert result.exit_code == 1
    assert "not a Pug You! game log (format 'pugdeck-pug-you-log')" in result.output
    assert "its format is 'chess-log'" in result.output


def test_a_registered_game_without_an_engine_is_an_error_not_a_traceback(deck_json, tmp_path, card_duel):
    doc = json.loads(Path(deck_json).read_text(encoding="utf-8"))
    duel = _write(tmp_path, "duel.json", {**doc, "game": "card-duel"})
    played = run("play", duel, "-p", "2")
    assert played.exit_code == 1 and "error: Card Duel has no engine" in played.output, played.output
    simulated = run("simulate", duel, "-p", "2", "-g", "1")
    assert simulated.exit_code == 1 and "error: Card Duel cannot be simulated" in simulated.output
    log = _write(tmp_path, "duel-log.json", {"format": "pugdeck-card-duel-log"})
    result = run("replay", log)
    assert result.exit_code == 1 and "error: Card Duel has no engine" in result.output


def test_options_a_game_does_not_offer_are_usage_errors_naming_the_game(deck_json, tmp_path, card_duel):
    doc = json.loads(Path(deck_json).read_text(encoding="utf-8"))
    duel = _write(tmp_path, "duel.json", {**doc, "game": "card-duel"})
    human = run("play", duel, "-p", "2", "--human", "Ana")
    assert human.exit_code == 2
    assert "playing in the terminal is not available for Card Duel decks" in human.output


def test_play_and_simulate_help_name_the_games_that_offer_human_play_and_charts():
    assert "(PixelPug, Pug You! decks)" in " ".join(run("play", "--help").output.split())
    assert "(Pug You! decks)" in run("simulate", "--help").output


# --- hostile files and built decks: exit 1, a message, no traceback --------------------

@pytest.fixture(scope="module")
def pixelpug_json(tmp_path_factory):
    """The bundled PixelPug deck, built."""
    from pugdeck.building.pipeline import build
    from pugdeck.resources import bundled_deck

    path = tmp_path_factory.mktemp("decks") / "pixelpug.json"
    path.write_text(json.dumps(build(bundled_deck("pixelpug")).doc), encoding="utf-8")
    return str(path)


def _refused(result, *expected: str) -> None:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and isinstance(result.exception, (SystemExit, type(None)))
    for text in expected:
        assert text in result.output, result.output


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("command", [["play", "-p", "5"], ["replay"]])
def test_a_named_pipe_or_a_device_is_refused_at_once(tmp_path, command):
    import os

    fifo = tmp_path / "deck.json"
    os.mkfifo(fifo)  # nobody writes: opening it to read would wait forever
    name, *options = command
    _refused(run(name, str(fifo), *options), "named pipe, not a regular file")
    if Path("/dev/zero").exists():  # endless: read to the end, it would exhaust memory
        _refused(run(name, "/dev/zero", *options), "a device, not a regular file")


def test_a_deck_over_the_size_limit_is_refused_unread(tmp_path, monkeypatch):
    monkeypatch.setattr("pugdeck.cli.play.MAX_BUILT_BYTES", 100)
    big = tmp_path / "big.json"
    big.write_text(" " * 101 + "{}", encoding="utf-8")
    _refused(run("play", str(big), "-p", "5"), "the limit is 100 bytes")


def _edited(path: str, tmp_path, edit) -> str:
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    edit(doc)
    out = tmp_path / "edited.json"
    out.write_text(json.dumps(doc), encoding="utf-8")  # ensure_ascii: a lone surrogate is written as \ud800
    return str(out)


def test_nan_and_infinity_are_not_json(deck_json, tmp_path):
    def nan_rounds(doc):
        doc["rules"]["rounds"] = float("nan")

    _refused(run("play", _edited(deck_json, tmp_path, nan_rounds), "-p", "5"),
             "is not a JSON built deck: NaN is not a JSON number")
    text = Path(deck_json).read_text(encoding="utf-8").replace('"rounds": 2', '"rounds": 1e999')
    (tmp_path / "inf.json").write_text(text, encoding="utf-8")
    _refused(run("play", str(tmp_path / "inf.json"), "-p", "5"), "the number 1e999 is too large")


@pytest.mark.parametrize("edit, expected", [
    (lambda d: d["cards"][0].update(question="Who \ud800?"),
     ["card 'cries-at-ads#1': cards/0/question: text must be valid Unicode"]),
    (lambda d: d["deck"].update(name="\udfff"), ["deck/name: text must be valid Unicode"]),
    (lambda d: d["cards"][0].update(question="Who \u202eeats?"),
     ["card 'cries-at-ads#1': cards/0/question: text holds U+202E", "remove it"]),
    (lambda d: d["deck"].update(name="Pug\u2028You"), ["deck/name: text holds U+2028"]),
    (lambda d: d["cards"][0].update(question="Who \x1b[2J?"), ["cards/0/question: text holds U+001B"]),
    (lambda d: d["cards"][0].update(level="GREEN"), ["card 'cries-at-ads#1'", "'level' must be one of"]),
    (lambda d: d["cards"][0].update(id=7), ["cards/0/id: 'id' must be text"]),
    (lambda d: d["cards"][1].update(id=d["cards"][0]["id"]), ["card 'cries-at-ads#1': card ids", "unique"]),
    (lambda d: d["rules"].update(rounds=10**9), ["rules.rounds must be a whole number from 1 to 10"]),
    (lambda d: d["rules"].update(hand_size=True), ["rules.hand_size must be a whole number", "not true\n"]),
    (lambda d: d["rules"].update(players=[5, 10]), ["rules.players must be a mapping"]),
    (lambda d: d["rules"].pop("hand_size"), ["the rules block lacks rules.hand_size"]),
    (lambda d: d["rules"].update(large_group={"from_players": 8}), ["needs both from_players and hand_size"]),
    (lambda d: d.update(game=["pug-you"]), ["no registered game plays ['pug-you'] decks"]),
], ids=["surrogate-in-card", "surrogate-in-deck-name", "bidi-override-in-card", "line-separator-in-name",
        "terminal-escape-in-card", "level-GREEN", "integer-id", "duplicate-id",
        "endless-rounds", "boolean-hand", "players-list", "no-hand-size", "half-large-group", "game-list"])
def test_a_pug_you_deck_the_engine_cannot_play_is_named_card_and_rule(deck_json, tmp_path, edit, expected):
    result = run("play", _edited(deck_json, tmp_path, edit), "-p", "5")
    _refused(result, *expected)


def _step(index: int, **step):
    def edit(doc):
        doc["cards"][index]["effect"] = [step]
    return edit


@pytest.mark.parametrize("edit, expected", [
    (_step(0, op="draw", amount=1), "card 'the-pug#1': effect/0: 'draw' needs a target: one of self, target-player"),
    (_step(0, op="fish", target="self"), "'fish' cannot target 'self'; its target is one of opponent"),
    (_step(0, op="none", target="self"), "effect/0: 'none' cannot target 'self'; its target is none (remove it)"),
    (_step(0, op="lose-life", target="opponent", card="nip"), "'lose-life' does not take 'card' (it takes amount)"),
    (_step(0, op="fish", target="opponent", **{"else": "win-round"}), "'else' of 'fish' must be one of draw, none"),
    (_step(0, op="guess-holder", target="opponent", card="unicorn"), "'card' names card 'unicorn'"),
    (_step(0, op="guess-holder", target="opponent"), "'guess-holder' needs 'card'"),
    (lambda d: d["cards"][0].update(effect=[{"op": "rps-duel", "target": "opponent"},
                                            {"op": "draw", "target": "self"}]), "the card's last step"),
    (lambda d: d["cards"][0].update(effect=[{"op": "draw", "target": "opponent"},
                                            {"op": "lose-life", "target": "target-player"}]), "they disagree"),
    (lambda d: d["rules"].update(round_wins=0), "rules.round_wins must be a whole number from 1 to 10"),
], ids=["no-target", "wrong-target", "target-on-none", "unknown-parameter", "bad-outcome", "unknown-kind",
        "guess-without-card", "duel-not-last", "two-targets", "no-round-wins"])
def test_a_pixelpug_step_the_engine_cannot_run_is_named_card_and_step(pixelpug_json, tmp_path, edit, expected):
    _refused(run("play", _edited(pixelpug_json, tmp_path, edit), "-p", "3"), expected)


def _log(deck_json: str) -> dict:
    return json.loads(run("play", deck_json, "-p", "5", "--json").output)


@pytest.mark.parametrize("edit, expected", [
    (lambda log: log.update(bots=["random"]), "the game log's bots must list one bot name per seat (5)"),
    (lambda log: log.update(players="5"), "the game log's players and seed must be whole numbers"),
    (lambda log: log.pop("seed"), "the game log lacks seed"),
    (lambda log: log.update(actions={"type": "shuffle"}), "the game log's actions must be a list"),
    (lambda log: log["actions"].append({"type": "choose", "from": 1}), "the log does not replay"),
])
def test_a_broken_log_does_not_replay(deck_json, tmp_path, edit, expected):
    log = _log(deck_json)
    edit(log)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    _refused(run("replay", str(path)), expected)


def test_a_pixelpug_log_that_goes_on_after_the_end_does_not_replay(pixelpug_json, tmp_path):
    log = json.loads(run("play", pixelpug_json, "-p", "2", "--json").output)
    log["actions"].append({"type": "rps", "choice": "rock"})
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    _refused(run("replay", str(path)), "the log does not replay")
