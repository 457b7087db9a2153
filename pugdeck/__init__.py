"""pugdeck: author, check, tailor, print and play decks of Pug You! and PixelPug."""

__version__ = "0.1.0"
