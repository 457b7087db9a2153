"""`pugdeck --help` lists every command from a written table (`cli.SHORT_HELPS`), so it imports
no command module; the table says what each command's own docstring says."""

from __future__ import annotations

import subprocess
import sys

import click

from pugdeck.cli import COMMANDS, SHORT_HELPS, LazyGroup, main


def test_the_help_table_names_every_command_and_nothing_else():
    assert set(SHORT_HELPS) == set(COMMANDS)


def test_each_short_help_is_its_commands_first_sentence():
    context = click.Context(main)
    for name in COMMANDS:
        command = LazyGroup.get_command(main, context, name)
        assert not command.hidden, name  # a hidden command would need leaving out of the table
        assert SHORT_HELPS[name] == command.get_short_help_str(limit=1000), name


def test_help_imports_no_command_module():
    listed = subprocess.run(
        [sys.executable, "-c",
         "import sys\nfrom pugdeck.cli import main\n"
         "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
         "print(' '.join(m for m in sys.modules if m.startswith('pugdeck.cli.')), file=sys.stderr)"],
        capture_output=True, text=True, check=True)
    assert "validate   Check DECK" in listed.stdout
    assert listed.stderr.split() == []
