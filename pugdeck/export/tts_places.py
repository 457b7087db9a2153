"""Where a Tabletop Simulator deck's files live: the image URLs its saved object names and
TTS's own Saved Objects folder (docs/tts.md has the evidence for each form).

- A local image is `file:///` and the absolute path with forward slashes, as TTS's own
  import dialog writes a file picked from disk (`file:///C:/Users/ana/…` on Windows,
  `file:///home/ana/…` on Linux and macOS). Letters of any script and spaces stay as they
  are; only the characters a URL reader would take for something else are escaped.
- A hosted image is `--base-url` (http or https, with a host) and the file name, quoted.
- The Saved Objects folder is `<TTS data>/Saves/Saved Objects`, the data folder being
  `Documents/My Games/Tabletop Simulator` on Windows, `~/Library/Tabletop Simulator` on
  macOS and `~/.local/share/Tabletop Simulator` on Linux.
- An image TTS downloaded is kept in `<TTS data>/Mods/Images/`, named after its URL with
  every character but letters and digits taken out, `.png` when the URL has `.png` in it
  and `.jpg` otherwise (`cached_image_name`, as eigengrau/tts-backup's `recodeURL` and
  `get_fs_path` name the files its backups restore): TTS loads a URL whose file is there
  without downloading it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path, PurePath
from urllib.parse import quote, urlsplit

# In a path, these would end it (`#`, `?`), start an escape (`%`) or, in TTS, a deck URL's
# `{…}` options; everything else is written as the file system spells it.
_ESCAPED = {ch: f"%{ord(ch):02X}" for ch in "%#?{}"}
SAVED_OBJECTS = ("Saves", "Saved Objects")
CACHED_IMAGES = ("Mods", "Images")


def file_url(path: PurePath) -> str:
    """`file:///C:/Users/ana/deck.jpg`, `file:///home/ana/deck.jpg`: the form TTS writes."""
    posix = "".join(_ESCAPED.get(ch, ch) for ch in path.as_posix())
    if posix.startswith("//"):  # a Windows network path: //server/share/… → file://server/share/…
        return "file:" + posix
    return "file:///" + posix.lstrip("/")


def hosted_url(base_url: str, name: str) -> str:
    """`https://example.org/decks/` + the file name, quoted as a URL path."""
    return (base_url if base_url.endswith("/") else base_url + "/") + quote(name)


def cached_image_name(url: str) -> str:
    """The file `<TTS data>/Mods/Images/` holds for the image at `url` once TTS has it."""
    return re.sub(r"[\W_]", "", url) + (".png" if url.find(".png") > 0 else ".jpg")


def base_url_problem(url: str) -> str | None:
    """Why `url` cannot be where the images are hosted, or None: TTS downloads them over
    http or https, so it needs one of those schemes and a host."""
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError as exc:
        return f"{url!r} is not a URL ({exc})"
    if parts.scheme.lower() not in ("http", "https"):
        return (f"{url!r} is not an http:// or https:// address; give where the images will "
                "be hosted, e.g. https://example.org/decks/")
    if not host:
        return f"{url!r} has no host; write it as https://example.org/decks/"
    if any(ch.isspace() for ch in url) or parts.query or parts.fragment:
        return f"{url!r}: a base URL has no spaces, '?' or '#'; the file names are added to its path"
    if "{" in url or "}" in url:
        return (f"{url!r}: TTS reads '{{…}}' in a URL as its own option (such as {{verifycache}}); "
                "write '{' and '}' as %7B and %7D")
    if re.search(r"%(?![0-9A-Fa-f]{2})", url):
        return (f"{url!r}: '%' starts an escape of two hexadecimal digits (%20 is a space); "
                "write a '%' itself as %25")
    return None


def default_tts_data(platform: str = sys.platform, home: Path | None = None) -> Path:
    """TTS's own data folder for this system (it holds `Saves/` and `Mods/`)."""
    home = home or Path.home()
    if platform.startswith("win"):
        return home / "Documents" / "My Games" / "Tabletop Simulator"
    if platform == "darwin":
        return home / "Library" / "Tabletop Simulator"
    return home / ".local" / "share" / "Tabletop Simulator"


def default_saved_objects(platform: str = sys.platform, home: Path | None = None) -> Path:
    return default_tts_data(platform, home).joinpath(*SAVED_OBJECTS)
