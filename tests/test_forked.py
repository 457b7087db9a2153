"""Checks on a second core (`pugdeck.forked`): the same answer as in one process, always.

A large deck's near-duplicate search and print checks run in a forked child. Whatever the
child does — succeed, fail, be abandoned — `validate` must report exactly what it reports
without a fork.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from benchmarks.generate import generate_deck
from pugdeck import forked
from pugdeck.games import check_deck_at

needs_fork = pytest.mark.skipif(not forked.can_fork(), reason="forks only on Linux")


def check(deck: Path, fork: bool, monkeypatch) -> tuple[bool, list]:
    monkeypatch.setattr(forked, "MIN_CARDS", 1 if fork else 10**9)
    typed, diagnostics = check_deck_at(deck)
    return typed is not None, diagnostics


def broken_deck(folder: Path) -> Path:
    """A generated deck with a near-repeated question (a warning), a descriptive too long to
    print (a print problem) and, if asked, an error elsewhere."""
    deck = generate_deck(folder, 60, seed=2)
    cards = deck / "cards.yaml"
    text = cards.read_text(encoding="utf-8").split("\n")
    questions = [i for i, line in enumerate(text) if line.strip().startswith("question:")]
    text[questions[5]] = text[questions[3]]  # card 5 asks card 3's question
    descriptives = [i for i, line in enumerate(text) if line.strip().startswith("descriptive:")]
    text[descriptives[7]] = '    descriptive: "' + "enormously " * 12 + 'long"'
    cards.write_text("\n".join(text), encoding="utf-8")
    return deck


@needs_fork
def test_a_forked_check_reports_what_one_process_reports(tmp_path: Path, monkeypatch):
    deck = broken_deck(tmp_path / "deck")
    alone = check(deck, False, monkeypatch)
    assert any("nearly repeats" in d.message for d in alone[1])
    assert any(d.field == "descriptive" for d in alone[1])
    assert check(deck, True, monkeypatch) == alone


@needs_fork
def test_a_forked_check_of_a_deck_with_errors_reports_the_same(tmp_path: Path, monkeypatch):
    deck = broken_deck(tmp_path / "deck")
    cards = deck / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("level: green", "level: teal", 1),
                     encoding="utf-8")
    alone = check(deck, False, monkeypatch)
    assert not alone[0] and any(d.field == "level" for d in alone[1])
    assert check(deck, True, monkeypatch) == alone


@needs_fork
def test_a_clean_generated_deck_is_clean_forked_too(tmp_path: Path, monkeypatch):
    deck = generate_deck(tmp_path / "deck", 200, seed=4)
    assert check(deck, True, monkeypatch) == (True, []) == check(deck, False, monkeypatch)


@needs_fork
def test_a_child_that_fails_leaves_the_work_to_the_parent():
    parent = os.getpid()

    def work():
        if os.getpid() != parent:
            raise RuntimeError("the child breaks")
        return "done by the parent"

    with forked.Later(work, True) as later:
        assert later._pid  # it did fork
        assert later.result() == "done by the parent"


@needs_fork
def test_a_childs_result_comes_back_through_the_pipe():
    parent = os.getpid()
    big = list(range(200_000))  # more than a pipe buffer holds

    def work():
        return (os.getpid() != parent, big)

    with forked.Later(work, True) as later:
        in_child, numbers = later.result()
    assert in_child and numbers == big


@needs_fork
def test_leaving_early_stops_and_reaps_the_child():
    with pytest.raises(KeyError):
        with forked.Later(lambda: threading.Event().wait(30), True) as later:
            pid = later._pid
            assert pid
            raise KeyError("the parent fails first")
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # already reaped: no zombie left behind


def test_no_fork_while_another_thread_runs():
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert not forked.can_fork()
        with forked.Later(lambda: os.getpid(), True) as later:
            assert not later._pid
            assert later.result() == os.getpid()
    finally:
        stop.set()
        thread.join()
