"""Benchmark rows for text in any script (issue 27): fitting a question set without spaces
(Japanese, broken by UAX #14 with uniseg) against the same number of Latin questions, in the
same run; and a counted text picked by CLDR's rules (Babel) against the plain lookup.

    python benchmarks/bench_language.py

`rows()` returns (name, median, unit, note) tuples for the combined table (`run.py`). The
Japanese row needs a TrueType CJK font: Debian's IPAGothic (fonts-ipafont-gothic); without it
the row says so.
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from pugdeck.authoring.texts import plural_form
from pugdeck.render.fonts import font_set
from pugdeck.render.templates import load_template
from pugdeck.render.text_fitting import measure_fit

IPA_GOTHIC = Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf")
CARDS = 1000
KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん誰東京食寝夢猫犬"
WORDS = ("who", "would", "drive", "across", "town", "at", "three", "in", "the", "morning", "pick", "you", "up")


def _per_card(texts: list[str], chain: tuple[str, ...], repeat: int) -> float:
    """Median µs per text of `measure_fit` on texts never fitted before in this process."""
    times = []
    for round_ in range(repeat):
        fresh = [f"{text}{round_}" for text in texts]  # past the fitting caches
        start = time.process_time()
        for text in fresh:
            measure_fit(text, chain, 150, 60, 11, 7, 1.2)
        times.append((time.process_time() - start) * 1e6 / len(fresh))
    return statistics.median(times)


def rows(quick: bool = False) -> list[tuple]:
    repeat = 1 if quick else 5
    rng = random.Random(27)
    latin = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 12))) + "?" for _ in range(CARDS)]
    latin_chain = font_set(load_template("pug-you").fonts).chain("bold")
    latin_us = _per_card(latin, latin_chain, repeat)
    out = [(f"fit a Latin question ({CARDS:,} new ones)", latin_us, "µs", "baseline for the rows below")]
    if IPA_GOTHIC.is_file():
        japanese = ["".join(rng.choice(KANA) for _ in range(rng.randint(20, 45))) + "？" for _ in range(CARDS)]
        chain = font_set({"title": IPA_GOTHIC, "body": IPA_GOTHIC, "bold": IPA_GOTHIC}).chain("bold")
        japanese_us = _per_card(japanese, chain, repeat)
        out.append(("  a Japanese one (UAX #14 breaks, IPAGothic)", japanese_us, "µs",
                    f"×{japanese_us / latin_us:.1f} of Latin"))
    else:
        out.append(("  a Japanese one", 0.0, "µs", "skipped: no IPAGothic (apt-get install fonts-ipafont-gothic)"))
    start = time.process_time()
    plural_form("uk", 1)  # a language not met yet: Babel's locale data, the rule compiled
    first_ms = (time.process_time() - start) * 1e3
    counts = list(range(1000)) * 10
    start = time.process_time()
    for count in counts:
        plural_form("uk", count)
    per_count = (time.process_time() - start) * 1e6 / len(counts)
    out.append(("a plural form by CLDR (Babel), first in a language", first_ms, "ms", "once per process"))
    out.append(("  then per count", per_count, "µs", "Ukrainian one/few/many/other"))
    return out


if __name__ == "__main__":
    for row in rows():
        print(f"{row[0]:<50} {row[1]:>9.2f} {row[2]:<3} {row[3]}")
