"""Games: the interface every stage calls (`spec.GameSpec`), the registry of games
(`registry`), what every game shares (the built deck, seeded randomness, the random bot,
the engine input checks), and one folder per game (docs/architecture.md)."""
