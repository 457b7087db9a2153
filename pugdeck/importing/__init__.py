"""Importing: a card table (CSV or .xlsx) → a deck folder that validates."""
