"""Who may sit at a party's table: the refusal every request may meet (and `written`, the
files a request writes or its refusal), the room's code and a
seat's token (both from `secrets`: unguessable, never derived from anything a guest sees),
and a player's name as typed, cleaned before any screen shows it.
"""

from __future__ import annotations

import secrets
import unicodedata
from pathlib import Path
from typing import Any

from pugdeck.atomic import WriteError, write_files

MAX_NAME = 24  # characters of a player's name
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: read off a screen and typed
CODE_LENGTH = 10  # 31**10 ≈ 2**49 codes; with the rate limits a guess takes centuries


class Refused(Exception):
    """A request the party turns down; the game is unchanged. `code` is for programs,
    `status` the HTTP status, the message says what to do instead."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code, self.status = code, status


def written(files: dict[Path, bytes]) -> None:
    """`atomic.write_files` for a request: a file that cannot be written refuses it (500)."""
    try:
        write_files(files)
    except WriteError as error:
        raise Refused("not_written", str(error), 500) from None


def room_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def clean_name(value: Any) -> str:
    """A player's name as typed: NFC, trimmed, 1 to MAX_NAME characters, no control or
    format characters (which could hide or reorder text on another screen)."""
    if not isinstance(value, str):
        raise Refused("bad_name", "a name is text")
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise Refused("bad_name", "type a name first")
    if len(name) > MAX_NAME:
        raise Refused("bad_name", f"a name has at most {MAX_NAME} characters")
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise Refused("bad_name", "a name may not hold control characters")
    return name


def shortfall(doc: dict, players: int) -> str:
    """Why a deck too small for any number of players cannot be dealt to `players`, from
    the build's own check (`checked.players`): what Start says until blue cards or looser
    filters make it playable."""
    check = next((c for c in doc["checked"]["players"] if c["players"] == players), {"needed": 0, "cards": 0})
    short = check["needed"] - check["cards"]
    return (f"the deck is too small for any number of players: {players} need {short} more cards "
            "(write blue cards, or loosen the filters)")
