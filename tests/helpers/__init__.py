"""Code the tests share, imported as `from helpers.<module> import …` in any test folder.

pyproject.toml puts tests/ on `sys.path` (pytest's `pythonpath`) and imports test files with
`--import-mode=importlib`, which adds nothing else to it: a test imports what it uses from
here (or from `fuzz`, or an example game in `plugin_game`), never from a `conftest.py` or a
sibling file, so every folder runs alone and in any combination (tests/test_suite_layout.py
fails otherwise). Fixtures stay in the conftest.py of the folder that uses them.

- `pug_you_decks`: hand-made built Pug You! decks and scripted deals, for the engine tests.
- `render_decks`: the bundled deck expanded to a built deck by hand, for the render tests.
- `pixelpug_moves`: play a card, fight a duel, read a hand, for PixelPug's scenario tests.
- `live_server`: the live server in a thread, spoken to in raw HTTP.
- `devtools_browser`: headless chromium over the DevTools protocol, for the browser tests.
- `party_harness`: the party server in a thread, raw HTTP to it, browser tabs as phones.
- `highcard`: High Card (tests/plugin_game) installed as pip would, for one test.
"""
