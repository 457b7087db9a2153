"""Writers for what other frontends read: the built deck JSON, and later PNG, TTS, CSV."""
