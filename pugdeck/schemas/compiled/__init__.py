"""fastjsonschema validators generated ahead of time for the shared schemas (the built
deck's envelope, profiles, templates); a game's own are in its folder's `schemas/`.

Generated code, not written by hand: after editing any schema, run

    python -m pugdeck.schemas.compiled

Each module records the digest of the schema it was generated from; `compile_fast` uses a
module only while the digest matches, so a stale module costs time, never correctness
(tests/test_validation.py fails until the modules are regenerated).
"""
