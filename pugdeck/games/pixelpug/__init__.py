"""PixelPug: a draw-one-play-one elimination card game (rules: docs/rules-pixelpug.md)."""
