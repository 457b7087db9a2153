"""docs/authoring.md's walkthrough is true: its commands, run in order in an empty folder,
do what the page says (exit 0, or exit 1 where the page says the command is refused)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from pugdeck.cli import main

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "authoring.md"


def guide_commands() -> list[tuple[list[str], bool]]:
    """Each `pugdeck …` command of the page's sh blocks, in order, and whether the page says
    it is refused (its comment starts with `refused`)."""
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S):
        for line in block.splitlines():
            code, _, comment = line.partition("#")
            for command in code.split("&&"):
                words = shlex.split(command)
                if words[:1] == ["pugdeck"]:
                    commands.append((words[1:], comment.strip().startswith("refused")))
    return commands


def test_the_guide_has_its_steps():
    names = [words[0] for words, _ in guide_commands()]
    assert names[0] == "init" and {"validate", "build", "preview", "play"} <= set(names)


def test_the_guides_commands_work_in_order_in_an_empty_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for words, refused in guide_commands():
        result = CliRunner().invoke(main, words)
        assert result.exit_code == (1 if refused else 0), (words, result.output)
        assert "Traceback" not in result.output
    assert (tmp_path / "out" / "verbena.json").is_file()
    assert (tmp_path / "out" / "verbena-no-red-no-tag-amor.json").is_file()
    assert (tmp_path / "out" / "verbena-preview.png").is_file()


def test_the_guides_profile_is_the_one_init_writes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["init", "verbena", "--language", "es"]).exit_code == 0
    shown = re.search(r"```yaml\n# profiles/familia.yaml\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    written = (tmp_path / "verbena" / "profiles" / "familia.yaml").read_text(encoding="utf-8")
    assert shown and shown.group(1) in written
