"""fastjsonschema validators generated ahead of time, one module per shipped schema.

Generated code, not written by hand: after editing a schema, run

    python -m pugdeck.schemas.compiled

Each module records the digest of the schema it was generated from; `compile_fast` uses a
module only while the digest matches, so a stale module costs time, never correctness
(a test fails until the modules are regenerated).
"""
