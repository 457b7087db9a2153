"""The near-duplicate question search gives the same answer as comparing every pair.

Each question with an earlier one of Jaccard ≥ 0.75 (over its non-filler words) is flagged,
naming the earliest; `validate` prints it as a warning (tests/games/pug_you/test_checks.py).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pugdeck.authoring.loading import Document, SourceCard
from pugdeck.games.pug_you.near_duplicates import (
    _FILLER,
    _WORD,
    earliest_similar,
    is_similar,
    near_duplicate_questions,
    question_words,
)

_VOCABULARY = ["cake", "dog", "steal", "sing", "shower", "boss", "party", "taxi", "sock", "pizza",
               "secretly", "Monday", "cat", "dance", "2", "lie"]


def sources_of(questions: list[str]) -> list[SourceCard]:
    doc = Document(None, "cards.yaml", {"cards": [{"id": f"q{i}", "question": q}
                                                  for i, q in enumerate(questions)]}, "")
    return [SourceCard(card, doc, ("cards", i)) for i, card in enumerate(doc.data["cards"])]


def every_pair(sets: list[frozenset], threshold: float = 0.75) -> dict[int, int]:
    """The plain definition: each set's earliest similar predecessor, comparing every pair."""
    found = {}
    for i, x in enumerate(sets):
        j = next((j for j in range(i) if is_similar(x, sets[j], threshold)), None)
        if j is not None:
            found[i] = j
    return found


@pytest.mark.parametrize("seed", range(30))
def test_near_duplicate_search_finds_exactly_the_earliest_similar_question(seed):
    """Every question with an earlier one of Jaccard ≥ 0.75 is flagged, naming the earliest:
    the same answer as comparing every pair."""
    pick = random.Random(seed)  # a test's own generator; pugdeck code never uses `random`
    questions = []
    for _ in range(60):
        if questions and pick.random() < 0.3:  # a variation of an earlier question
            words = pick.choice(questions).split()
            words[pick.randrange(len(words))] = pick.choice(_VOCABULARY)
            if pick.random() < 0.5:
                words.append(pick.choice(_VOCABULARY))
        else:
            words = pick.sample(_VOCABULARY, pick.randint(1, 9))
        questions.append(" ".join(words))

    def similar(a, b):
        a, b = question_words(a), question_words(b)
        return bool(a and b) and len(a & b) >= 0.75 * len(a | b)

    expected = {f"q{i}": next((f"q{j}" for j in range(i) if similar(questions[i], questions[j])), None)
                for i in range(len(questions))}
    found = {d.card: d.message.split("'")[1] for d in near_duplicate_questions(sources_of(questions))}
    assert found == {card: first for card, first in expected.items() if first}


_word_sets = st.lists(st.frozensets(st.sampled_from(_VOCABULARY[:10]), max_size=12), max_size=40)
_thresholds = st.sampled_from([0.5, 0.6, 2 / 3, 0.7, 0.75, 0.8, 0.9, 1.0]) | st.floats(0.01, 1.0)


@settings(max_examples=400)
@given(_word_sets, _thresholds)
def test_the_search_reports_the_same_pairs_as_comparing_every_pair(sets, threshold):
    """Random small decks (repeats, subsets, empty questions, any threshold): the join and the
    brute force name the same earliest twin for every set."""
    assert earliest_similar(sets, threshold) == every_pair(sets, threshold)


@settings(max_examples=100)
@given(st.lists(st.sampled_from(_VOCABULARY), min_size=1, max_size=14), st.data())
def test_a_set_and_its_variations_are_found_whatever_else_is_in_the_deck(base, data):
    """Decks built round one question (drop one word, add one, swap one), with noise."""
    base = frozenset(base)
    others = data.draw(st.lists(st.frozensets(st.sampled_from(_VOCABULARY), max_size=14), max_size=25))
    variations = [base - {w} for w in sorted(base)] + [base | {w} for w in _VOCABULARY]
    sets = data.draw(st.permutations(others + variations + [base]))
    assert earliest_similar(sets) == every_pair(sets)


def test_exact_where_every_word_is_common():
    """1,500 questions from a 12-word vocabulary, where every word is in hundreds of them: the
    old search, which compared only each word's last 256 questions, missed 4 of these."""
    pick = random.Random(0)
    vocabulary = "cake dog steal sing shower boss party taxi sock pizza secretly monday".split()
    questions = [" ".join(pick.sample(vocabulary, pick.randint(3, 6))) for _ in range(1500)]
    expected = every_pair([question_words(q) for q in questions])
    found = {d.card: d.message.split("'")[1] for d in near_duplicate_questions(sources_of(questions))}
    assert len(found) == 1261
    assert found == {f"q{i}": f"q{j}" for i, j in expected.items()}


def test_repeated_questions_name_the_first_and_filler_only_questions_are_never_similar():
    questions = ["Who would sing in the shower?", "Who is most likely to?", "who would SING in a shower",
                 "Who would sing?", "Who is most likely to?", "Who would sing in the shower!"]
    found = {d.card: d.message.split("'")[1] for d in near_duplicate_questions(sources_of(questions))}
    assert found == {"q2": "q0", "q5": "q0"}


def test_a_threshold_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError, match="threshold"):
        earliest_similar([frozenset("ab")], 0)


def test_question_words_are_read_alike_in_ascii_and_in_any_other_text():
    @settings(max_examples=500)
    @given(st.text(alphabet=st.sampled_from("abcXYZ019_-'?! \t\u00e9\u00df\u0130\u0661") | st.characters(),
                   max_size=40))
    def same(question):
        assert question_words(question) == frozenset(_WORD.findall(question.lower())) - _FILLER

    same()
