"""Questions that nearly repeat an earlier one: their word sets have a Jaccard similarity of
at least 0.75 (a warning in `validate`, naming the earliest such card).

The search is exact and near-linear on real decks, whose questions are short and share a
small vocabulary. It is the ℓ-prefix join ("pkwise": Wang, Li, Deng and Feng, *Leveraging
set relations in exact set similarity join*, VLDB 2017), a generalisation of the prefix
filter of Bayardo, Ma and Srikant's all-pairs search:

- Words are ordered rarest first. Two sets this similar share at least `o` words, where
  `o = ⌈t·|x|⌉` for either set x (the smaller set cannot hold fewer of the larger's words),
  and `o = ⌈2t/(1+t)·|y|⌉` for the smaller one, y. Their first ℓ shared words then lie among
  the first `|x| − o + ℓ` words of each: its *prefix*. So every ℓ-word combination of one
  prefix is a key, and a similar pair always has a key in common. With ℓ = 1 that is the
  classic prefix filter, whose keys are single words; on a small vocabulary even the
  rarest words of a question are common, every question meets hundreds of others, and the
  cost grows with the square of the deck. Three words together are rare: a key meets a
  handful of questions, and a prefix holds only a few more words than ℓ.
- Sets are visited smallest first; each meets only the sets of its own size or smaller
  that came before it (so a pair is met once, and a set is indexed with the keys of its
  shorter prefix, as the smaller of its pairs), and every candidate is verified exactly.
- Questions with the same words are grouped first: a deck of repeated questions costs one
  search per distinct question, not one comparison per pair of repeats.

What still grows faster than the deck is the number of truly similar pairs: with a fixed
vocabulary, a deck ten times larger has about a hundred times as many.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from itertools import chain, combinations

from pugdeck.authoring.deck_files import located
from pugdeck.authoring.loading import SourceCard
from pugdeck.core.diagnostics import WARNING, Diagnostic

THRESHOLD = 0.75
KEY_WORDS = 4  # ℓ: words in a key; more is rarer keys but more of them per question
_ROUNDING = 1e-9  # a hair off each bound, so float rounding only ever lengthens a prefix

_WORD = re.compile(r"[^\W\d_]+|\d+")
_ASCII_WORD = re.compile(r"[a-z]+|[0-9]+")  # `_WORD` on lowercase ASCII text, a third cheaper
_FILLER = frozenset("who whom whose would is most likely to the a an of be in at on for with your you "
                    "their they has have had ever which one".split())


def question_words(question: str) -> frozenset[str]:
    """The words of a question that count for similarity: lowercase, without filler."""
    text = question.lower()
    return frozenset((_ASCII_WORD if text.isascii() else _WORD).findall(text)) - _FILLER


def is_similar(x: frozenset, y: frozenset, threshold: float = THRESHOLD) -> bool:
    """The definition: non-empty word sets whose Jaccard similarity is at least `threshold`."""
    shared = len(x & y)
    return bool(x and y) and shared >= threshold * (len(x) + len(y) - shared)


def near_duplicate_questions(sources: list[SourceCard], threshold: float = THRESHOLD) -> list[Diagnostic]:
    """A warning for each question whose words nearly repeat an earlier one's (Jaccard ≥
    `threshold`), naming the earliest such card, in deck order."""
    questions = [s for s in sources if isinstance(s.data, dict) and isinstance(s.data.get("question"), str)]
    earliest = earliest_similar([question_words(s.data["question"]) for s in questions], threshold)
    out = []
    for i, j in earliest.items():
        other = questions[j]
        mark = other.mark("question")
        out.append(located(questions[i], "question", f"question nearly repeats card "
                           f"'{other.id}' ({mark.file}:{mark.line})", severity=WARNING))
    return out


def earliest_similar(sets: list[frozenset], threshold: float = THRESHOLD) -> dict[int, int]:
    """For each set with a similar earlier one, the index of the earliest: {later: earliest},
    in index order. The same answer as comparing every pair with `is_similar`."""
    if not 0 < threshold <= 1:
        raise ValueError(f"threshold must be above 0 and at most 1, not {threshold}")
    members: dict[frozenset, list[int]] = defaultdict(list)  # distinct set → its indices, in order
    for i, words in enumerate(sets):
        if words:
            members[words].append(i)
    distinct = list(members)
    firsts = [members[words][0] for words in distinct]
    reach = list(firsts)  # the earliest index among a distinct set's own and its similar sets'
    for a, b in _similar_pairs(distinct, threshold):
        reach[a] = min(reach[a], firsts[b])
        reach[b] = min(reach[b], firsts[a])
    found = {i: reach[d] for d, words in enumerate(distinct) for i in members[words] if reach[d] < i}
    return dict(sorted(found.items()))


def _similar_pairs(sets: list[frozenset], threshold: float) -> Iterable[tuple[int, int]]:
    """Every pair (a, b) of distinct sets that are similar, each pair once (the ℓ-prefix join)."""
    frequency: Counter[str] = Counter(chain.from_iterable(sets))
    # Every word's place in the rarest-first order, so sorting a set is a C-level lookup.
    rank = {w: r for r, w in enumerate(sorted(frequency, key=lambda w: (frequency[w], w)))}.__getitem__

    # The fewest words a set of `size` shares with a similar one: any partner (it cannot hold
    # fewer than t·size of the larger set's words), or one at least as large, met later.
    def overlap(size: int) -> int:
        return math.ceil(threshold * size - _ROUNDING)

    def overlap_with_larger(size: int) -> int:
        return math.ceil(2 * threshold / (1 + threshold) * size - _ROUNDING)

    def key_words(size: int) -> int:  # ℓ of a set indexed at `size`: never more than its overlap
        return min(KEY_WORDS, overlap_with_larger(size))

    # By size, the prefix lengths and ℓ: a set is indexed with the keys of its shorter prefix
    # (its partners met later are as large or larger) and probes with its longer one, with
    # the ℓ of each size of smaller set it may meet.
    plans = {size: (size - overlap_with_larger(size) + key_words(size), key_words(size),
                    [(size - overlap(size) + length, length)
                     for length in sorted({key_words(s) for s in range(max(1, overlap(size)), size + 1)})])
             for size in {len(x) for x in sets}}
    index: dict[tuple[int, ...], list[int]] = defaultdict(list)
    for a in sorted(range(len(sets)), key=lambda k: len(sets[k])):
        x = sets[a]
        indexed_prefix, indexed, probes = plans[len(x)]
        ordered = sorted(map(rank, x))
        met = {b for prefix, length in probes for key in combinations(ordered[:prefix], length)
               for b in index.get(key, ())}
        for b in met:  # is_similar, inline: this is the search's inner loop
            y = sets[b]
            shared = len(x & y)
            if shared >= threshold * (len(x) + len(y) - shared):
                yield a, b
        for key in combinations(ordered[:indexed_prefix], indexed):
            index[key].append(a)
