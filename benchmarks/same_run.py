"""An engine against an older tree's, in the same run: the machinery of `--against REV`.

Issue 22 asks that engine throughput stays what it was "in the same run": on a shared,
busy machine two numbers taken minutes apart do not compare, two taken in turns do. A
benchmark script that uses this module answers two command lines of its own:

- `SCRIPT --serve`: read requests from stdin, one a line, answer each with one number on
  stdout (what a request means is the script's);
- `SCRIPT --play ARGS...`: play what ARGS say and print how many actions that was, for
  `machine_instructions`.

Each tree runs in a process of its own with `PYTHONPATH` set to it, so `import pugdeck`
imports that tree's package while the measuring code is this checkout's script
(bench_engine.py and bench_pixelpug.py use it).
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tree_of(rev: str, into: Path) -> Path | None:
    """The files of commit `rev` a game needs (the package, the bundled decks, templates
    and fonts) under `into`; None outside a git checkout or for a commit it lacks."""
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "pugdeck", "decks", "templates", "fonts"],
                                 capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    tree = into / rev
    with tarfile.open(fileobj=io.BytesIO(archive)) as files:
        files.extractall(tree, filter="data")
    return tree


def environment(root: Path) -> dict[str, str]:
    """This process's environment with `pugdeck` imported from `root`."""
    return {**os.environ, "PYTHONPATH": str(root)}


class Server:
    """`script --serve` in a process of its own, importing `pugdeck` from `root`."""

    def __init__(self, script: Path, root: Path):
        self.script, self.root = script.resolve(), root.resolve()
        self.process = subprocess.Popen([sys.executable, str(self.script), "--serve"], cwd=tempfile.gettempdir(),
                                        env=environment(root), text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, *request: object) -> float:
        """Send one request (its words joined by spaces); its answer."""
        self.process.stdin.write(" ".join(map(str, request)) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"{self.script.name} --serve with {self.root} stopped at {request}")
        return float(answer)

    def machine_instructions(self, empty: list[str], full: list[str]) -> tuple[float, int]:
        """Machine instructions per action, C work included (valgrind's cachegrind, no cache
        model): `script --play *full` less `script --play *empty` (the start-up: imports,
        the deck read), over the actions `full` played, in fresh processes with a fixed
        hash seed. The same count on a busy machine. Returns it and the actions counted."""
        counts = []
        for args in (empty, full):
            done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                                   sys.executable, str(self.script), "--play", *map(str, args)],
                                  cwd=tempfile.gettempdir(), env={**environment(self.root), "PYTHONHASHSEED": "0"},
                                  capture_output=True, text=True, check=True)
            refs = next(line for line in done.stderr.splitlines() if "I   refs:" in line)
            counts.append((int(refs.split(":")[1].replace(",", "")), int(done.stdout)))
        (start_up, none), (total, actions) = counts
        return (total - start_up) / (actions - none), actions - none

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(30)


def have_valgrind() -> bool:
    return shutil.which("valgrind") is not None


def in_turns(servers: dict[str, Server], request: tuple, repeat: int) -> dict[str, list[float]]:
    """Each server's answers to `request`, asked `repeat` times in turns, in an order
    reversed each turn, so a slow spell of the machine falls on all of them alike."""
    answers: dict[str, list[float]] = {name: [] for name in servers}
    for turn in range(repeat):
        for name in (list(servers) if turn % 2 == 0 else reversed(servers)):
            answers[name].append(servers[name].ask(*request))
    return answers


def ratios(answers: dict[str, list[float]], ours: str = "") -> dict[str, float]:
    """Per tree, the median over the turns of `ours`'s answer over its (a speed-up when the
    answers are rates)."""
    return {name: statistics.median(a / b for a, b in zip(answers[ours], theirs))
            for name, theirs in answers.items()}


def trees(revs: list[str], into: Path) -> dict[str, Path] | None:
    """This checkout as "", then each commit of `revs` extracted under `into`; None when
    one cannot be extracted."""
    roots = {"": ROOT}
    for rev in revs:
        root = tree_of(rev, into)
        if root is None:
            return None
        roots[rev] = root
    return roots


@contextlib.contextmanager
def servers_of(script: Path, revs: list[str]):
    """`(into, servers)`: a `script --serve` process per tree (this checkout as "", then each
    commit of `revs`) and a temporary folder `into` for their files; servers is None when a
    commit cannot be extracted. The processes are closed and the folder removed on leaving."""
    with tempfile.TemporaryDirectory() as folder:
        into = Path(folder)
        roots = trees(revs, into)
        if roots is None:
            yield into, None
            return
        servers = {name: Server(script, root) for name, root in roots.items()}
        try:
            yield into, servers
        finally:
            for server in servers.values():
                server.close()
