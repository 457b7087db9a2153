"""Authoring: deck folders as YAML → data with source positions, includes, limits, diagnostics, schema checks."""
