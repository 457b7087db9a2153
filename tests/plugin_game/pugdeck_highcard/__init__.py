"""High Card: an example game shipped as a package of its own, registered with pugdeck
through the entry-point group `pugdeck.games` (tests/test_third_game.py)."""
