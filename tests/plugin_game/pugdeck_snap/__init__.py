"""Snap, a plug-in game for the tests: engine only, and no `public_action` of its own, to
show that `GameSpec`'s defaults keep a deal's order from the table (conformance checks it)."""
