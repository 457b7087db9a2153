"""The core every stage stands on: errors as values (`diagnostics`: Diagnostic, DeckError,
describe), the built deck's envelope (`built_deck`: the format, its bytes, `Built`) and
every language's CLDR plural rule (`cldr_plurals`). It imports nothing of pugdeck but its
version, so any stage may use it."""
