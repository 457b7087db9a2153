"""`pugdeck live`: the deck rebuilt on every save and shown on a local page (docs/live.md).

session (build and draw, keep the last good view), card_images (one picture per face, keyed
by its content), watch_list (which files a build read), loop (saves → rebuilds → pushes),
documents (the JSON the server answers), app (the routes), server (uvicorn and the socket).
"""
