"""Writers for what other frontends read: PNG images, a Tabletop Simulator deck, an HTML
gallery, a preview sheet and the card table (CSV). Each takes what an earlier stage made (a
`Built`, a loaded deck) and asks its game, through the registry, for anything game-specific."""
