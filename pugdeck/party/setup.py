"""The party's set-up, before Start: the deck tailored by the host's toggles, rebuilt as
`pugdeck build` builds it, its printouts, and the set-up saved as a profile.

Nothing here knows a game: the toggles are the deck's game's declared parameters
(`building.parameters.game_parameters`), the deck is rebuilt by `building.pipeline.build`
(its filters, its playability check, its errors), the counts and the playability are read
from the built deck (`checked.players`, the cards), the printouts are drawn by the very
functions `build` and `export print-shop` call. A value the host sends is checked against
its parameter's declaration before it reaches a build; no file name a request sends is
used except a profile's slug, which is written inside the set-up's folder only.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from pugdeck.authoring.slugs import is_slug, nfc
from pugdeck.building.parameters import SHARED, game_parameters
from pugdeck.building.pipeline import build
from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import DeckError
from pugdeck.core.runs import number_runs
from pugdeck.games.parameters import CHOICE, FILE, FLAG, INT, TEXT, Parameter
from pugdeck.games.spec import GameSpec
from pugdeck.party.guests import Refused, written

# `--players` fails a build for one count; the set-up shows every count instead.
NOT_TOGGLED = {SHARED[1].name}
MAX_WORDS = 40  # entries of a repeatable word parameter (tags, ids set aside)
MAX_WORD = 64  # characters of one
PAPERS = ("a4", "letter")
DUPLEXES = ("long", "short", "fold", "none")
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # a fixed time in the ZIP: the same deck, the same bytes


def toggles(spec: GameSpec) -> tuple[Parameter, ...]:
    """The parameters the set-up screen offers: every declared one but files (customs are
    written on the page) and `--players` (the screen counts the people who joined)."""
    return tuple(p for p in game_parameters(spec) if p.kind != FILE and p.name not in NOT_TOGGLED)


def checked_value(parameter: Parameter, value: Any) -> Any:
    """`value` as the parameter takes it, or `Refused` saying what it takes."""
    name = parameter.profile_key
    if value is None:
        return parameter.default
    if parameter.kind == FLAG:
        if not isinstance(value, bool):
            raise Refused("bad_value", f"{name}: on or off (true or false)")
        return value
    if parameter.kind == INT:
        if isinstance(value, bool) or not isinstance(value, int) or not parameter.minimum <= value <= parameter.maximum:
            raise Refused("bad_value", f"{name}: a whole number from {parameter.minimum} to {parameter.maximum}")
        return value
    if parameter.kind == CHOICE:
        if value not in parameter.choices:
            raise Refused("bad_value", f"{name}: one of {', '.join(parameter.choices)}")
        return value
    if parameter.kind == TEXT and parameter.repeatable:
        if not isinstance(value, list) or len(value) > MAX_WORDS:
            raise Refused("bad_value", f"{name}: a list of at most {MAX_WORDS} words")
        words = []
        for word in value:
            if not isinstance(word, str) or not 0 < len(word) <= MAX_WORD:
                raise Refused("bad_value", f"{name}: words of 1 to {MAX_WORD} characters")
            word = nfc(word.strip())
            if parameter.pattern and not re.fullmatch(parameter.pattern, word):
                raise Refused("bad_value", f"{name}: '{word}' is not an id or tag (lower-case letters, "
                              "digits and hyphens)")
            words.append(word)
        return tuple(dict.fromkeys(words))
    raise Refused("bad_value", f"{name} is not set on this page")


class Setup:
    """The deck the party will play, as the host tailors it until Start.

    `values` are the build parameters by name (those the command line gave first);
    `built` the last deck they built, `problems` why the last change did not build (the
    deck stays the last one that did)."""

    def __init__(self, deck_path: Path, spec: GameSpec, values: Mapping[str, Any], folder: Path,
                 built: Built | None = None):
        self.deck_path, self.spec, self.folder = deck_path, spec, folder
        self.parameters = toggles(spec)
        self.values: dict[str, Any] = dict(values)
        self.problems: list[str] = []
        self.built: Built = built or build(deck_path, self.values)
        self.written: set[Path] = set()  # profiles this set-up wrote: it may write them again
        self._strings: tuple[Any, Any] = (None, None)  # (the deck built, its fixed texts)

    def change(self, body: Any) -> Built | None:
        """Apply `{"values": {name: value}}`; the new deck, or None when it does not build
        (the problems say why). A name the page does not offer is refused."""
        given = body.get("values") if isinstance(body, dict) else None
        if not isinstance(given, dict) or not given:
            raise Refused("bad_value", "send {\"values\": {name: value}}")
        by_key = {p.profile_key: p for p in self.parameters}
        values = dict(self.values)
        for key, value in given.items():
            parameter = by_key.get(key)
            if parameter is None:
                raise Refused("bad_value", f"no setting named {str(key)[:MAX_WORD]!r} on this page")
            values[parameter.name] = checked_value(parameter, value)
        values = {name: value for name, value in values.items()
                  if value != next((p.default for p in game_parameters(self.spec) if p.name == name), None)}
        return self._rebuild(values)

    def use_file(self, name: str, path: Path, used: bool) -> None:
        """Build with (`used`) or without this file among the FILE parameter `name`'s (the
        blue cards' customs file beside the command line's own)."""
        values = dict(self.values)
        others = tuple(f for f in values.pop(name, ()) if Path(f) != path)
        files = others + ((str(path),) if used else ())
        if files:
            values[name] = files
        self._rebuild(values)

    def _rebuild(self, values: dict) -> Built | None:
        try:
            built = build(self.deck_path, values)
        except DeckError as error:
            self.values = values
            self.problems = [d.message for d in error.diagnostics if d.is_error()]
            return None
        self.values, self.problems, self.built = values, [], built
        return built

    @staticmethod
    def label(key: str, words, labels) -> str:
        """A toggle's words in the deck's language (`toggle_<name>`, a choice's
        `toggle_<name>_<choice>`): the game's party words (`labels`), or the page's for a
        parameter every game shares."""
        return labels(key) if labels is not None and key in labels.texts else words(key)

    def _titles(self) -> tuple[Any, Any]:
        """The deck's fixed texts (its level and kind names), read once per deck built."""
        if self._strings[0] is not self.built:
            self._strings = (self.built, self.spec.strings(self.built))
        return self._strings[1]

    def state(self, joined: int, words, labels) -> dict:
        """What the screen shows: each toggle and its value, the counts, the playability,
        in the deck's language (`words`: the page's, `labels`: the game's party words or
        None)."""
        doc = self.built.doc
        # Counted by level for the deck's most common kind of card, by kind for the others
        # (mutts, blue cards): no game's words, only its built cards' fields.
        kinds: dict[str, int] = {}
        for card in doc["cards"]:
            kinds[str(card.get("kind"))] = kinds.get(str(card.get("kind")), 0) + 1
        usual = max(kinds, key=kinds.get) if kinds else None
        counts: dict[str, int] = {}
        titles: dict[str, str] = {}
        strings = self._titles()
        for card in doc["cards"]:
            kind = str(card.get("kind"))
            key = str(card["level"]) if kind == usual and card.get("level") else (kind if kind != "None" else "cards")
            counts[key] = counts.get(key, 0) + card.get("copies", 1)
            titles[key] = (self.spec.level_title(key, strings) if key == card.get("level")
                           else self.spec.kind_title(key, strings))
        shown = []
        for p in self.parameters:
            value = self.values.get(p.name, p.default)
            shown.append({"key": p.profile_key, "kind": p.kind, "label": self.label(f"toggle_{p.name}", words, labels),
                          "value": list(value) if isinstance(value, tuple) else value,
                          "minimum": p.minimum, "maximum": p.maximum, "choices": list(p.choices or ()),
                          "choice_labels": {c: self.label(f"toggle_{p.name}_{c}", words, labels)
                                            for c in p.choices or ()}})
        from pugdeck.export.print_shop import SHOPS  # noqa: PLC0415 (Pillow)

        shops = [{"key": key, "title": shop.name} for key, shop in sorted(SHOPS.items())]
        return {"toggles": shown, "counts": counts, "count_titles": titles, "shops": shops,
                "total": sum(counts.values()), "summary": self.built.summary,
                "total_text": words.counted("cards_total", sum(counts.values())),
                "playability": playability(doc, joined, words),
                "problems": self.problems, "name": self.built.name}

    # --- printouts: the bytes the command line writes ----------------------------------

    def pdf(self, paper: str, duplex: str, back_offset: tuple[float, float] = (0.0, 0.0)) -> bytes:
        from pugdeck.games.printing import render_built  # noqa: PLC0415 (reportlab)

        if paper not in PAPERS or duplex not in DUPLEXES:
            raise Refused("bad_value", f"paper is {' or '.join(PAPERS)}, duplex one of {', '.join(DUPLEXES)}")
        offset = back_offset if duplex in ("long", "short") else (0.0, 0.0)  # as build refuses it there
        return render_built(self.built, paper=paper, duplex=duplex, bleed_mm=None, back_offset_mm=offset)

    def print_shop_zip(self, shop_key: str) -> bytes:
        """The files `export print-shop --shop KEY` writes (the images and manifest.csv), in a
        ZIP under the same relative paths."""
        from pugdeck.export.print_shop import DEFAULT_DPI, SHOPS, shop_pictures, shop_plan  # noqa: PLC0415
        from pugdeck.export.print_shop_check import check_safe_zone  # noqa: PLC0415
        from pugdeck.export.print_shop_manifest import manifest_csv  # noqa: PLC0415

        shop = SHOPS.get(shop_key)
        if shop is None:
            raise Refused("bad_value", f"shop is one of {', '.join(sorted(SHOPS))}")
        try:
            images = shop_plan(self.built, check_safe_zone(self.built, shop))
            files = {image.path: data for image, data in shop_pictures(self.built, shop, images, DEFAULT_DPI)}
        except DeckError as error:
            raise Refused("unprintable", "; ".join(d.message for d in error.diagnostics)) from None
        files["manifest.csv"] = manifest_csv(images)
        return zipped(files)

    def tts_zip(self, base_url: str) -> tuple[bytes, dict[str, bytes]]:
        """The Tabletop Simulator save as a ZIP to unpack into TTS's data folder (the one
        holding `Saves` and `Mods`), and its images by file name (the party serves them at
        `base_url`). The saved object is the one `export tts --base-url BASE_URL` writes; each
        image is also in `Mods/Images` under the name TTS gives an image it downloaded from
        that URL, so TTS finds it there without the party server (docs/party.md)."""
        from pugdeck.export.tts import tts_files  # noqa: PLC0415 (Pillow, pdfium)
        from pugdeck.export.tts_places import CACHED_IMAGES, SAVED_OBJECTS, cached_image_name, hosted_url  # noqa: PLC0415

        try:
            files = tts_files(self.built, Path("out"), base_url)  # bytes only: nothing is written
        except DeckError as error:
            raise Refused("unprintable", "; ".join(d.message for d in error.diagnostics)) from None
        saved, images = {}, {}
        for path, data in files.items():
            if path.suffix == ".jpg":
                images[path.name] = data
                saved["/".join((*CACHED_IMAGES, cached_image_name(hosted_url(base_url, path.name))))] = data
            else:  # the saved object and its chest thumbnail
                saved["/".join((*SAVED_OBJECTS, path.name))] = data
        return zipped(saved), images

    # --- the set-up saved ----------------------------------------------------------------

    def profile_text(self) -> str:
        """The values as a profile file (`--profile`): one field per parameter not at its
        default, as `pugdeck build` reads them back."""
        data: dict[str, Any] = {"description": f"Set up on the party page for {self.built.name}."}
        for p in game_parameters(self.spec):
            value = self.values.get(p.name, p.default)
            if value == p.default or not p.in_profile:
                continue
            if p.kind == FILE:  # relative to the profile's folder, as profiles name files
                paths = [Path(v) for v in (value if p.repeatable else (value,))]
                try:
                    named = [path.resolve().relative_to(self.folder.resolve()).as_posix() for path in paths]
                except ValueError:
                    raise Refused("outside", f"{p.profile_key}: a profile names files inside its own folder "
                                  f"({self.folder}); copy {', '.join(map(str, paths))} there first") from None
                data[p.profile_key] = named if p.repeatable else named[0]
            else:
                data[p.profile_key] = list(value) if isinstance(value, tuple) else value
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)

    def save_profile(self, body: Any) -> Path:
        """Write `<name>.yaml` in the set-up's folder, atomically; a name that is not a slug,
        or a file there this page did not write, is refused."""
        name = body.get("name") if isinstance(body, dict) else None
        if not isinstance(name, str) or len(name) > MAX_WORD or not is_slug(name):
            raise Refused("bad_name", "a profile's name is a slug: lower-case letters, digits and hyphens")
        path = self.folder / f"{name}.yaml"
        if path.exists() and path not in self.written:
            raise Refused("exists", f"{path.name} exists in the deck's folder: choose another name")
        written({path: self.profile_text().encode("utf-8")})
        self.written.add(path)
        return path


def zipped(files: Mapping) -> bytes:
    """A ZIP of `files` (relative path → bytes), sorted, with fixed times: the same bytes
    for the same files."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(files, key=str):
            entry = zipfile.ZipInfo(str(path), ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, files[path])
    return out.getvalue()


def back_offset(x: str | None, y: str | None) -> tuple[float, float]:
    """`build --back-offset X,Y` from the download's query (mm, at most 10 either way, as
    the option takes it: `pugdeck calibrate` measures it)."""
    try:
        offset = (float(x or 0), float(y or 0))
    except ValueError:
        raise Refused("bad_value", "the back offset is two numbers in mm, like 0.5 and -1") from None
    if not all(abs(v) <= 10 for v in offset):  # also refuses nan and inf
        raise Refused("bad_value", "a back offset over 10 mm is a layout problem, not misregistration")
    return offset


def playability(doc: dict, joined: int, words) -> dict:
    """Whom the built deck is playable for, in words, as `build` checked it
    (`checked.players`): "playable for 5–8; for 10 you need 12 more cards"."""
    checks = doc["checked"]["players"]
    playable = [c["players"] for c in checks if c["playable"]]
    line = words("playable_for", players=number_runs(playable)) if playable else words("playable_for_none")
    wanted = next((c for c in checks if c["players"] == joined), None)
    if wanted is not None and not wanted["playable"]:
        line += "; " + words.counted("need_more", wanted["needed"] - wanted["cards"], players=joined)
    elif joined and checks and wanted is None:
        line += "; " + words("players_outside", players=joined, fewest=checks[0]["players"],
                             most=checks[-1]["players"])
    return {"text": line, "playable_for": playable,
            "joined_playable": bool(wanted and wanted["playable"])}

