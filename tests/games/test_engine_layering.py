"""Engines read built JSON only: loading one, and checking a built deck with it, imports
none of the YAML authoring stack (docs/architecture.md, "Layers")."""

from __future__ import annotations

import json
import subprocess
import sys

from pugdeck.resources import bundled_deck

# PyYAML itself may load: an engine's phrasebook (narration.yaml) is YAML. The deck reader
# with its positions, includes and limits is what an engine must not need.
AUTHORING_YAML = ("pugdeck.authoring.loading", "pugdeck.authoring.yaml_text",
                  "pugdeck.authoring.deck_files")


def test_an_engine_plays_a_built_deck_without_loading_the_yaml_reader(tmp_path):
    from pugdeck.building.pipeline import build
    from pugdeck.core.built_deck import dumps

    paths = {}
    for name in ("pug-you", "pixelpug"):
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_bytes(dumps(build(bundled_deck(name)).doc))
    script = (
        "import json, sys\n"
        "from pugdeck.games.game_schemas import validate_built\n"
        "from pugdeck.games.pug_you.engine import Game as PugYou\n"
        "from pugdeck.games.pixelpug.engine import Game as PixelPug\n"
        f"for game, path, players in ((PugYou, {str(paths['pug-you'])!r}, 5), (PixelPug, {str(paths['pixelpug'])!r}, 3)):\n"
        "    doc = json.load(open(path, encoding='utf-8'))\n"
        "    validate_built(doc)\n"
        "    state = game(doc, players, 1).new_initial_state()\n"
        "    state.apply_action(state.legal_actions()[0])\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('yaml', 'pugdeck.authoring')))))\n")
    loaded = json.loads(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                                       check=True).stdout)
    assert [m for m in loaded if m in AUTHORING_YAML] == []
