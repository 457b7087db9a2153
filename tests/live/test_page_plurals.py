"""The live page counts in the deck language's CLDR plural forms (page.js `sayCount`, with
the browser's Intl.PluralRules among the forms documents.py says the texts come in), in a
real headless chromium; skipped without one (.ci/run installs Debian's)."""

from __future__ import annotations

import json

import pytest
from devtools_browser import DevToolsPipe, find_browser


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    executable = find_browser()
    if executable is None:
        pytest.skip("no chromium on this machine (apt-get install chromium; .ci/run does this)")
    pipe = DevToolsPipe(executable, tmp_path_factory.mktemp("chromium-profile"))
    yield pipe
    pipe.close()


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
    assert browser.errors() == []
