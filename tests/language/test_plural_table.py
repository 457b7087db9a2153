"""The CLDR plural rules tabled in the package (pugdeck/core/cldr_plurals) are Babel's: a
count in any language takes the form Babel's locale data gives it, without loading that data.
Fails after a Babel upgrade that changed a rule until `python -m pugdeck.core.cldr_plurals`
is run."""

from __future__ import annotations

import subprocess
import sys

import pytest
from babel import localedata
from babel.core import get_global
from babel.plural import PluralRule

from pugdeck.core.cldr_plurals import rules_of
from pugdeck.core.cldr_plurals.__main__ import babel_rules
from pugdeck.core.cldr_plurals.table import RULES

# Whole numbers past every period of CLDR's integer rules (10, 100, 1000, a million).
COUNTS = [*range(0, 2200), *(k * 10**e + d for e in range(3, 10) for k in (1, 2, 5) for d in (0, 1, 2, 11))]


def test_every_cldr_locale_and_language_alias_has_babels_rule():
    tags = [tag.replace("_", "-") for tag in (*localedata.locale_identifiers(), *get_global("language_aliases"))]
    differ = [tag for tag in tags if rules_of(tag) != babel_rules(tag)]
    assert differ == [], "run `python -m pugdeck.core.cldr_plurals`"


@pytest.mark.parametrize(("tag", "like"), [
    ("pt-PT", "pt-pt"), ("PT-pt", "pt-pt"), ("pt_PT", "pt-pt"),  # without case, either separator
    ("pt-AO", "pt-pt"), ("pt-BR", "pt"),
    ("iw", "he"), ("fra", "fr"),  # an old code, a three-letter one
    ("de-AT", "en"), ("sr-Latn-RS", "sr"), ("xx", "en"), ("xx-YY", "en"),  # a tag CLDR does not know
])
def test_a_tag_reads_its_locales_rule_else_its_languages_else_englishs(tag, like):
    assert rules_of(tag) == babel_rules(like)


@pytest.mark.parametrize(("rule", "categories", "form"), [entry[:3] for entry in RULES],
                         ids=[entry[3].split()[0] for entry in RULES])
def test_each_rules_function_and_categories_are_babels(rule, categories, form):
    babel = PluralRule(rule)
    assert [form(n) for n in COUNTS] == [babel(n) for n in COUNTS]
    needed = {babel(n) for n in range(0, 1001)} | {"other"}
    assert categories == tuple(c for c in ("zero", "one", "two", "few", "many", "other") if c in needed)


def test_counting_loads_no_babel():
    # A locale's data holds date and number patterns (unpickling it imports babel.dates);
    # the table's functions need not even Babel's rule engine.
    code = ("import sys; from pugdeck.authoring.texts import plural_categories, plural_form;"
            "plural_form('ru', 5); plural_categories('ar');"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('babel'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == []
