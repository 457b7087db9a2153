"""The live page in a real headless chromium: it follows the saves of a card file without a
reload, shows a broken save's problem at its place and scrolls to its card, and clears it
when the file is fixed; it counts in the deck language's CLDR plural forms. Skipped with a
message when there is no chromium (.ci/run installs Debian's)."""

from __future__ import annotations

import json

import pytest

from helpers.devtools_browser import headless_chromium
from helpers.live_server import save_like_an_editor


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    yield from headless_chromium(tmp_path_factory, "the live page's browser tests")


def in_page(text: str) -> str:
    """A test that `text` is among the page's card pictures' alt texts and captions."""
    quoted = repr(text)
    return ("Array.from(document.querySelectorAll('#cards figure')).some(f => "
            f"f.querySelector('img').alt.includes({quoted}) && f.textContent.includes({quoted}))")


def test_the_page_follows_saves_shows_problems_and_recovers(browser, serve, small_deck, tmp_path):
    server = serve(small_deck)
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": 1100, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    browser.open(server.url + "/")
    browser.wait_until("document.body.dataset.version === '1'")
    assert browser.evaluate("document.querySelectorAll('#cards figure').length") == len(server.session.view.cards)
    browser.wait_until("Array.from(document.querySelectorAll('#cards img')).every(i => i.complete && i.naturalWidth > 0)")
    assert browser.evaluate("document.body.dataset.ok") == "true"
    browser.evaluate("window.notReloaded = true")  # gone if the page were loaded again
    browser.screenshot(tmp_path / "1-loaded.png")

    path = small_deck / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    save_like_an_editor(path, text.replace("Who naps at work?", "Who naps on the night bus?"))
    browser.wait_until(in_page("Who naps on the night bus?"))
    assert browser.evaluate(in_page("Who naps at work?")) is False
    assert browser.evaluate("document.body.dataset.changed") == "1"  # only that card's picture
    browser.wait_until("Array.from(document.querySelectorAll('#cards img')).every(i => i.complete && i.naturalWidth > 0)")
    browser.screenshot(tmp_path / "2-edited.png")

    broken = text.replace("Who naps at work?", "Who naps on the night bus?").replace("turds: 1", "turds: lots", 2)
    save_like_an_editor(path, broken)
    browser.wait_until("document.body.dataset.ok === 'false'")
    items = browser.evaluate("Array.from(document.querySelectorAll('#problem-list li.error')).map(li => li.textContent)")
    assert items == ["deck/cards.yaml:8:12: card 'card-0': 'turds' must be a whole number, not text \"lots\"",
                     "deck/cards.yaml:16:12: card 'card-1': 'turds' must be a whole number, not text \"lots\""]
    assert browser.evaluate(in_page("Who naps on the night bus?"))  # the last good cards stay
    browser.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    browser.evaluate("document.querySelectorAll('#problem-list li.error a')[1].click()")
    browser.wait_until("document.querySelector('figure.flash') !== null")
    assert browser.evaluate("document.querySelector('figure.flash').dataset.id") == "card-1#1"
    top = browser.evaluate("document.querySelector('figure.flash').getBoundingClientRect().top")
    assert 0 <= top < 900  # scrolled into view
    browser.screenshot(tmp_path / "3-broken.png")

    save_like_an_editor(path, text)
    browser.wait_until("document.body.dataset.ok === 'true'")
    assert browser.evaluate("document.querySelectorAll('#problem-list li.error').length") == 0
    assert browser.evaluate(in_page("Who naps at work?"))
    assert browser.evaluate("window.notReloaded") is True
    browser.screenshot(tmp_path / "4-fixed.png")
    assert browser.errors() == []


def test_search_and_a_filter_toggle_work_in_the_page(browser, serve, small_deck):
    server = serve(small_deck)
    browser.open(server.url + "/")
    browser.wait_until("document.body.dataset.version === '1'")
    total = int(browser.evaluate("document.body.dataset.visible"))
    browser.evaluate("var s = document.getElementById('search'); s.value = 'biscuit'; s.dispatchEvent(new Event('input'))")
    assert browser.evaluate("document.body.dataset.visible") == "1"
    browser.evaluate("var s = document.getElementById('search'); s.value = ''; s.dispatchEvent(new Event('input'))")
    browser.evaluate("document.querySelector('#toggles input[name=no_green]').click()")
    browser.wait_until("document.body.dataset.version === '2'")
    assert int(browser.evaluate("document.body.dataset.visible")) == total - 3  # the three green cards
    assert "no-green removed 3" in browser.evaluate("document.getElementById('summary').textContent")
    assert browser.evaluate("document.querySelector('#toggles input[name=no_green]').checked") is True
    assert browser.errors() == []


def test_a_deck_broken_from_the_start_says_there_is_no_good_build_yet(browser, serve, small_deck):
    path = small_deck / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("turds: 1", "turds: lots", 1), encoding="utf-8")
    server = serve(small_deck)
    browser.open(server.url + "/")
    browser.wait_until("document.body.dataset.version === '1'")
    assert browser.evaluate("document.getElementById('state').textContent") == (
        "build 1 failed: no good build yet, fix the problems below")
    save_like_an_editor(path, text)
    browser.wait_until("document.body.dataset.ok === 'true'")
    assert browser.evaluate("document.getElementById('state').textContent") == "up to date (build 2)"
    assert browser.errors() == []


# The page counts in the deck language's CLDR plural forms (page.js `sayCount`: the browser's
# Intl.PluralRules, among the forms documents.py says the texts come in).
RUSSIAN = {"language": "ru", "plurals": ["one", "few", "many", "other"],
           "texts": {"n_one": "{count} значок", "n_few": "{count} значка", "n_many": "{count} значков",
                     "n_other": "{count} значка"}}
FRENCH = {"language": "fr", "plurals": ["one", "other"],
          "texts": {"n_one": "{count} carte", "n_other": "{count} cartes"}}


def counted(browser, words: dict, counts: tuple[int, ...]) -> list[str]:
    browser.evaluate(f"words = {json.dumps(words, ensure_ascii=False)}")
    return [browser.evaluate(f"sayCount('n', {n})") for n in counts]


def test_the_page_counts_in_cldr_forms(browser, serve, small_deck):
    server = serve(small_deck)
    browser.open(server.url + "/")
    browser.wait_until("document.body.dataset.version === '1'")
    assert counted(browser, RUSSIAN, (1, 2, 5, 21, 22, 11)) == [
        "1 значок", "2 значка", "5 значков", "21 значок", "22 значка", "11 значков"]
    assert counted(browser, FRENCH, (0, 1, 2)) == ["0 carte", "1 carte", "2 cartes"]
    # Spanish "many" (a whole million) is no form its texts come in: `other`
    spanish = {"language": "es", "plurals": ["one", "other"],
               "texts": {"n_one": "{count} carta", "n_other": "{count} cartas"}}
    assert counted(browser, spanish, (1, 1000000)) == ["1 carta", "1000000 cartas"]
