"""Install the example game the way pip would, for one test session: a `.dist-info` folder
on `sys.path` whose entry_points.txt declares it under `pugdeck.games`, which is how
`importlib.metadata` (and so pugdeck's registry) finds any installed game."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pugdeck.games import registry

PACKAGE_ROOT = Path(__file__).resolve().parents[1] / "plugin_game"  # holds the package pugdeck_highcard
DECK = PACKAGE_ROOT / "pugdeck_highcard" / "decks" / "highcard"


@contextmanager
def highcard_installed(site: Path) -> Iterator[registry.GameSpec]:
    """High Card registered in `site` (an empty folder) until the block ends; its spec."""
    dist = site / "pugdeck_highcard-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: pugdeck-highcard\nVersion: 0.1\n",
                                   encoding="utf-8")
    (dist / "entry_points.txt").write_text("[pugdeck.games]\nhighcard = pugdeck_highcard.game:GAME\n",
                                           encoding="utf-8")
    paths = [str(site), str(PACKAGE_ROOT)]
    sys.path.extend(paths)  # after ours, like a site-packages folder
    registry.refresh()
    try:
        yield registry.game("highcard")
    finally:
        for path in paths:
            sys.path.remove(path)
        registry.refresh()
