"""`measure_fit` (what `validate` runs on every card) judges exactly as `fit_text` (what the
build draws with), whichever path it takes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pugdeck.render.fonts import font_set
from pugdeck.render.templates import load_template
from pugdeck.render.text_fitting import fit_text, measure_fit

TEMPLATE = load_template("pug-you")
CHAIN = font_set(TEMPLATE.fonts).chain(TEMPLATE.text["question"].font)
WORDS = ["Who", "would", "secretly", "eat", "the", "last", "slice", "of", "pizza", "at", "a",
         "wedding?", "washing-machine", "Zwölf", "Ωmega", "\u2603", "\u0a85", "supercalifragilistic",
         "a" * 40, "—", "self-", "\n", "2\u00a0pts", "bien\u202f!"]


def verdict(fitted):
    return (fitted.size, fitted.overflow, fitted.fits, fitted.missing, fitted.long_word)


@settings(max_examples=300)
@given(words=st.lists(st.sampled_from(WORDS), max_size=40),
       width=st.floats(40, 200), height=st.floats(10, 120),
       max_lines=st.sampled_from([0, 1, 2, 4]))
def test_measuring_agrees_with_setting_the_text(words, width, height, max_lines):
    text = " ".join(words)
    args = (text, CHAIN, width, height, 12.0, 7.0, 1.15, max_lines)
    assert verdict(measure_fit(*args)) == verdict(fit_text(*args))


def test_plain_text_is_measured_on_bare_widths_and_anything_else_in_full():
    from pugdeck.render.text_fitting import _over_at_largest

    def quick(text):
        return _over_at_largest(text, CHAIN, 150.0, 60.0, 12.0, 1.15, 0) is not None

    assert quick("Who would eat the last slice?")
    assert not quick("Who owns a washing-machine?")  # may break after the hyphen
    assert not quick("Who?\nYou.")  # a second paragraph
    assert not quick("Who \u2603?")  # a character no bundled font has: reported in full
    assert not quick("Vendez-la\u202f!") and not quick("2\u00a0pts")  # words a space joins
