"""--profile and --customs, and the files a profile names: only YAML files are read, a
profile names files in its own folder only, a pipe or a device is refused at once, and no
other file's contents are ever printed."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck.cli import main

CUSTOM = textwrap.dedent("""\
    cards:
      - id: our-dog-sitter
        level: yellow
        question: "Who would forget to feed the dog they are sitting?"
        badges: 2
        descriptive: "a dog's worst nightmare"
        turds: 2
        thermometer: 2
""")
SECRET = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin\n"  # like /etc/passwd


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    """The temporary folder as the working directory, so messages show short paths."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def build(*args: str):
    return CliRunner().invoke(main, ["build", "--no-pdf", "--out", "out", *args])


def refused(result, *lines: str) -> None:
    """Exit 1 with exactly these problems, nothing written, no secret shown."""
    assert result.exit_code == 1, result.output
    count = len(lines)
    assert result.stderr == "".join(f"{line}\n" for line in lines) + \
        f"{count} error{'s' * (count != 1)}; nothing was written\n"
    assert "root:" not in result.output and not Path("out").exists()


OUTSIDE = ("is outside the profile's folder; a profile names only files in its own folder or "
           "below it (give another file with --customs on the command line)")


def test_profile_customs_inside_its_folder_build(here):
    (here / "group" / "cards").mkdir(parents=True)
    (here / "group" / "cards" / "ours.yaml").write_text(CUSTOM)
    (here / "group" / "p.yaml").write_text("customs: [cards/ours.yaml]\n")
    result = build("--profile", "group/p.yaml")
    assert result.exit_code == 0, result.stderr
    assert (here / "out" / "pug-you-with-customs.json").is_file()


def test_profile_customs_outside_its_folder_are_refused_unread(here):
    (here / "secret.yaml").write_text(SECRET)
    (here / "group").mkdir()
    (here / "group" / "p.yaml").write_text(
        "customs:\n  - ../secret.yaml\n  - /etc/passwd\n  - sub/../../secret.yaml\n")
    refused(build("--profile", "group/p.yaml"),
            f"group/p.yaml:2:5: '../secret.yaml' {OUTSIDE}",
            f"group/p.yaml:3:5: '/etc/passwd' {OUTSIDE}",
            f"group/p.yaml:4:5: 'sub/../../secret.yaml' {OUTSIDE}")


def test_a_link_out_of_the_profiles_folder_is_refused(here):
    (here / "secret.yaml").write_text(SECRET)
    (here / "group").mkdir()
    (here / "group" / "ours.yaml").symlink_to(here / "secret.yaml")
    (here / "group" / "p.yaml").write_text("customs: [ours.yaml]\n")
    refused(build("--profile", "group/p.yaml"), f"group/p.yaml:1:11: 'ours.yaml' {OUTSIDE}")


@pytest.mark.parametrize("flag, what", [
    ("--profile", "not a profile: a profile is a YAML file ending in .yaml or .yml"),
    ("--customs", "not a customs file: customs are a YAML file ending in .yaml or .yml"),
])
def test_a_file_that_is_not_yaml_is_not_read(here, flag, what):
    (here / "passwd").write_text(SECRET)
    refused(build(flag, "passwd"), f"passwd: {what}; this file was not read")
    (here / "passwd.yaml").symlink_to(here / "passwd")  # a YAML name for the same file
    refused(build(flag, "passwd.yaml"), f"passwd.yaml: {what}; this file was not read")


@pytest.mark.parametrize("flag", ["--profile", "--customs"])
def test_a_named_pipe_is_refused_at_once(here, flag):
    os.mkfifo(here / "pipe.yaml")  # opening it for reading would wait for a writer forever
    refused(build(flag, "pipe.yaml"),
            "pipe.yaml:1:1: cannot read file: it is a named pipe, not a regular file")


@pytest.mark.parametrize("flag", ["--profile", "--customs"])
def test_a_huge_file_is_refused_unread(here, flag):
    with open(here / "huge.yaml", "wb") as f:
        f.truncate(9 * 2**20)  # sparse: nothing to read, only the size says it is too large
    refused(build(flag, "huge.yaml"),
            "huge.yaml:1:1: file is 9 MiB; the limit is 8 MiB — split the cards over several files")


@pytest.mark.parametrize("flag", ["--profile", "--customs"])
def test_a_folder_is_a_usage_error(here, flag):
    (here / "d.yaml").mkdir()
    result = build(flag, "d.yaml")
    assert result.exit_code == 2
    assert "is a directory" in result.stderr


def _build_with(profile: Path, *flags: str):
    return CliRunner().invoke(main, ["build", "--no-pdf", "--profile", str(profile),
                                     "--out", str(profile.parent / "out"), *flags])


def test_a_value_the_profile_gave_is_refused_at_its_place_in_the_profile(tmp_path):
    profile = tmp_path / "p.yaml"
    profile.write_text("exclude-tag: [money, nosuch]\nexclude: [nobody]\n")
    result = _build_with(profile)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{profile}:1:22: exclude-tag: no card has the tag 'nosuch'")
    assert lines[1] == f"{profile}:2:11: exclude: no card has the id 'nobody'"
    assert not (tmp_path / "out").exists()


def test_a_value_the_command_line_gave_too_is_the_flags(tmp_path):
    profile = tmp_path / "p.yaml"
    profile.write_text("exclude-tag: [nosuch]\n")
    result = _build_with(profile, "--exclude-tag", "nosuch")
    assert result.exit_code == 1
    assert result.output.startswith("--exclude-tag: no card has the tag 'nosuch'")


def test_a_player_count_the_profile_gave_is_located(tmp_path):
    profile = tmp_path / "p.yaml"
    profile.write_text("players: 12\n")
    result = _build_with(profile)
    assert result.exit_code == 1
    assert result.output.startswith(f"{profile}:1:10: players 12: the rules allow 5 to 10 players")
