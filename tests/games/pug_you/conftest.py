"""Fixtures of the Pug You! tests; the hand-made built decks and scenarios they use are in
tests/helpers/pug_you_decks.py."""

from __future__ import annotations

import pytest

from helpers.pug_you_decks import built_deck


@pytest.fixture
def deck():
    """The factory itself, so tests can ask for variants."""
    return built_deck


@pytest.fixture(scope="session")
def bundled_docs() -> dict[str, dict]:
    """The bundled deck built as `pugdeck build` would, plain and with group filters."""
    from pugdeck.building.pipeline import build
    from pugdeck.resources import bundled_deck

    variants = {"default": {}, "savage": {"savage": True}, "strangers": {"strangers": True},
                "no-red-no-mutts": {"no_red": True, "no_mutts": True},
                "green-only": {"no_red": True, "no_yellow": True}}
    return {name: build(bundled_deck("pug-you"), prefs).doc for name, prefs in variants.items()}
