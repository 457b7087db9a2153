"""The deck fuzzer: mutated copies of every bundled deck file, checked as `validate` and
`build` check them, in-process.

`run(cases, seed)` works in a copy of the bundled decks (with a few images in each deck's
art/ folder for `art:` mutations to name). Case `i` of seed `s` draws everything from
`random.Random(f"{s}:{i}")`: which file (deck.yaml, an included card file or a profile),
which mutations (`deck_mutations`), and whether it is also built. A case fails when

- anything but a `DeckError` escapes (`validate`'s check, `build`, the PDF, the command line);
- the check gives no deck and no error;
- a diagnostic lacks a file inside the deck folder, a line or a column ≥ 1, or a message,
  or shows a raw control character or line separator (U+2028, U+2029, NEL) in its text
  or its JSON;
- it runs longer than `CASE_SECONDS` (a hang; a Python-level loop is interrupted there, and a
  C-level one ends the whole run with every thread's traceback at three times that).

Decks the check accepts are built (the built JSON made in memory), every `pdf_every`-th of
them printed too; every `cli_every`-th case also runs `pugdeck validate` through Click.
"""

from __future__ import annotations

import faulthandler
import gc
import json
import random
import re
import shutil
import signal
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from fuzz.deck_mutations import ART_FILES, mutate
from pugdeck.authoring.loading import load_deck
from pugdeck.building.deck_check import check_deck_at
from pugdeck.building.pipeline import build
from pugdeck.cli import main
from pugdeck.core.built_deck import dumps
from pugdeck.core.diagnostics import DeckError, Diagnostic
from pugdeck.games.printing import render_built
from pugdeck.games.registry import bundled_decks

CASE_SECONDS = 10.0
# Raw in a message, these break or hide a line (docs: Diagnostic.format).
_RAW = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_LOCATED_LINE = re.compile(r"^\S[^\n]*:\d+:\d+: |^\d+ errors?; nothing was written$|: valid( \(\d+ warnings?\))?$")


class Hang(BaseException):
    """A case ran past `CASE_SECONDS` (a BaseException: no `except Exception` may swallow it)."""


@dataclass(frozen=True)
class Target:
    deck: str  # the bundled deck's name
    path: str  # relative to its folder
    kind: str  # "deck" (deck.yaml or a file it includes) or "profile"

    def __str__(self) -> str:
        return f"{self.deck}/{self.path}"


@dataclass
class Failure:
    case: int
    target: str
    mutations: list[str]
    problem: str

    def format(self) -> str:
        steps = "".join(f"\n    {m[:200]}" for m in self.mutations)
        return f"case {self.case} ({self.target}):{steps}\n  {self.problem}"


@dataclass
class Report:
    seed: int
    cases: int = 0
    outcomes: Counter = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0
    slowest: tuple[float, int] = (0.0, -1)

    def summary(self) -> str:
        counts = ", ".join(f"{n:,} {what}" for what, n in sorted(self.outcomes.items()))
        return (f"seed {self.seed}: {self.cases:,} cases in {self.seconds:.1f} s ({counts}); "
                f"slowest case {self.slowest[1]} took {self.slowest[0]:.2f} s; "
                f"{len(self.failures)} failure{'s' * (len(self.failures) != 1)}")


class Workspace:
    """Copies of the bundled decks under `root`, the files to mutate, and art to name."""

    def __init__(self, root: Path):
        self.root = root
        self.targets: list[Target] = []
        for name, source in bundled_decks().items():
            folder = root / name
            shutil.copytree(source, folder)
            loaded = load_deck(folder)
            self.targets += [Target(name, doc.path.relative_to(loaded.folder).as_posix(), "deck")
                             for doc in loaded.documents]
            self.targets += [Target(name, p.relative_to(folder).as_posix(), "profile")
                             for p in sorted(folder.glob("profiles/*.yaml"))]
            write_art(folder / "art")
        self.targets.sort(key=str)

    def folder(self, target: Target) -> Path:
        return self.root / target.deck


def write_art(folder: Path) -> None:
    """The images `ART_FILES` names (missing.png stays missing)."""
    folder.mkdir()
    picture = Image.linear_gradient("L").convert("RGB").resize((120, 160))
    picture.save(folder / "ok.png")
    picture.save(folder / "ok.jpg")
    for name in ("truncated.png", "truncated.jpg"):
        data = (folder / name.replace("truncated", "ok")).read_bytes()
        (folder / name).write_bytes(data[:len(data) // 2])
    Image.new("1", (9400, 9400)).save(folder / "huge.png")  # 10 KB, 88 Mpx decoded
    (folder / "notes.png").write_text("not a picture\n", encoding="utf-8")
    Image.new("P", (8, 8)).save(folder / "pic.gif")
    assert {p.name for p in folder.iterdir()} == set(ART_FILES) - {"missing.png"}


@contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Raise `Hang` in this thread after `seconds`; end the process, printing every thread's
    stack, after three times that (a loop in C code never returns to take the signal)."""
    faulthandler.dump_traceback_later(3 * seconds, exit=True)
    use_alarm = hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread()
    if use_alarm:
        def ring(_signum, _frame):
            raise Hang(f"no answer after {seconds:.0f} s")
        previous = signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        faulthandler.cancel_dump_traceback_later()


def unlocated(d: Diagnostic, folder: Path) -> str | None:
    """What is wrong with how `d` is reported, or None."""
    if not d.file or d.line < 1 or d.column < 1 or not d.message:
        return f"not located: {d!r}"
    text = d.format()
    as_json = json.dumps(d.as_json(), ensure_ascii=False)  # json escapes C0 itself
    if _RAW.search(text) or _RAW.search(as_json):
        return f"raw control character or line separator: {text!r}"
    if not (Path.cwd() / d.file).resolve().is_relative_to(folder.resolve()):
        return f"located outside the deck folder: {text[:300]}"
    if len(text) > 1500:  # a message is bounded to about 1,000 (Diagnostic.format), plus file and card
        return f"a message of {len(text):,} characters: {text[:200]}…"
    return None


def _checked(diagnostics: list[Diagnostic], folder: Path, what: str) -> str | None:
    for d in diagnostics:
        problem = unlocated(d, folder)
        if problem:
            return f"{what}: {problem}"
    return None


def exercise(target: Target, folder: Path, rng: random.Random, options: dict, outcomes: Counter) -> str | None:
    """Run the checks on the mutated deck; the first problem found, or None."""
    if target.kind == "profile":
        try:
            build(folder, profile=folder / target.path)
            outcomes["built with a profile"] += 1
        except DeckError as exc:
            outcomes["profile refused"] += 1
            # A value the profile gave that the deck then refuses (`exclude-tag: [nosuch]`)
            # is located in the profile, like any other problem of the profile.
            return _checked(exc.diagnostics, folder, "build --profile")
        return None
    try:
        deck, diagnostics = check_deck_at(folder)
    except DeckError as exc:
        deck, diagnostics = None, exc.diagnostics
        outcomes["unreadable"] += 1
    else:
        outcomes["accepted" if deck is not None else "refused"] += 1
    problem = _checked(diagnostics, folder, "validate")
    if problem:
        return problem
    if deck is None and not any(d.is_error() for d in diagnostics):
        return f"validate: no deck and no error ({len(diagnostics)} warnings)"
    if rng.random() < 1 / options["cli_every"]:
        outcomes["validate (command line)"] += 1
        problem = command_line(folder)
        if problem:
            return problem
    if deck is not None and rng.random() < 1 / options["build_every"]:
        try:
            built = build(folder)
            dumps(built.doc)
            outcomes["built"] += 1
            if rng.random() < 1 / options["pdf_every"]:
                render_built(built)
                outcomes["printed"] += 1
        except DeckError as exc:
            outcomes["build refused"] += 1
            return _checked(exc.diagnostics, folder, "build")
    return None


def command_line(folder: Path) -> str | None:
    result = CliRunner().invoke(main, ["validate", str(folder)])
    if not isinstance(result.exception, (SystemExit, type(None))):
        return "validate (command line): " + "".join(traceback.format_exception(result.exception))
    if result.exit_code not in (0, 1):
        return f"validate (command line) exited {result.exit_code}"
    odd = [line for line in result.stderr.splitlines() if not _LOCATED_LINE.search(line)]
    return f"validate (command line) printed an unlocated line: {odd[0][:300]!r}" if odd else None


@dataclass
class Case:
    """One drawn case: its random stream (for what runs on it), the file it is about, and
    the mutated content of every file it changes."""

    rng: random.Random
    target: Target
    contents: dict[Target, bytes]
    steps: list[str]


def draw(workspace: Workspace, seed: int, index: int) -> Case:
    """Case `index` of `seed`: the same files and mutations every time."""
    rng = random.Random(f"{seed}:{index}")
    # A profile is a small file read by build only: a case in ten or so, not one in four.
    target = rng.choices(workspace.targets, [1 if t.kind == "deck" else 0.3 for t in workspace.targets])[0]
    folder = workspace.folder(target)
    changed = [target]
    if target.kind == "deck" and rng.random() < 0.1:  # sometimes a second file of the deck
        changed.append(rng.choice([t for t in workspace.targets if t.deck == target.deck and t.kind == "deck"]))
    contents, steps = {}, []
    for t in changed:
        mutated, done = mutate(contents.get(t, (folder / t.path).read_bytes()), rng)
        contents[t] = mutated
        steps += [f"{t.path}: {step}" for step in done]
    return Case(rng, target, contents, steps)


def run_case(workspace: Workspace, seed: int, index: int, options: dict, outcomes: Counter) -> Failure | None:
    """Mutate, check, restore: case `index` of `seed`."""
    case = draw(workspace, seed, index)
    folder = workspace.folder(case.target)
    originals = {t: (folder / t.path).read_bytes() for t in case.contents}
    for t, data in case.contents.items():
        (folder / t.path).write_bytes(data)
    try:
        with watchdog(options["case_seconds"]):
            problem = exercise(case.target, folder, case.rng, options, outcomes)
    except Hang as exc:
        problem = f"hang: {exc}"
    except Exception as exc:  # what the fuzzer is for: anything but a located DeckError
        problem = "".join(traceback.format_exception(exc))
    finally:
        for t, data in originals.items():
            (folder / t.path).write_bytes(data)
    return Failure(index, str(case.target), case.steps, problem) if problem else None


def run(cases: int, seed: int, root: Path, *, first: int = 0, build_every: int = 1, pdf_every: int = 25,
        cli_every: int = 10, case_seconds: float = CASE_SECONDS,
        progress: Callable[[Report], None] | None = None) -> Report:
    """Cases `first` … `first + cases - 1` of `seed`, in a workspace made under `root`."""
    workspace = Workspace(root)
    options = {"build_every": build_every, "pdf_every": pdf_every, "cli_every": cli_every,
               "case_seconds": case_seconds}
    report = Report(seed)
    start = time.perf_counter()
    for index in range(first, first + cases):
        began = time.perf_counter()
        failure = run_case(workspace, seed, index, options, report.outcomes)
        took = time.perf_counter() - began
        report.cases += 1
        report.slowest = max(report.slowest, (took, index))
        if failure:
            report.failures.append(failure)
        if took > case_seconds and not (failure and failure.problem.startswith("hang")):
            report.failures.append(Failure(index, "", [], f"slow: {took:.1f} s"))
        if report.cases % 250 == 0:
            # check_deck_at freezes what survives a check (loading.gc_paused); over thousands
            # of cases the frozen cycles (tracebacks, mostly) would add up.
            gc.unfreeze()
            gc.collect()
            if progress:
                report.seconds = time.perf_counter() - start
                progress(report)
    report.seconds = time.perf_counter() - start
    return report
