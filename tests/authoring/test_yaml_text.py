"""What plain YAML means in a deck file (`pugdeck.authoring.yaml_text`, built from libyaml's
event stream): YAML 1.1's plain scalars typed as PyYAML's safe loader types them (a date
stays text), and an error located on the first, position-free pass where a read with
positions locates it.
"""

from __future__ import annotations

import pytest

from pugdeck.authoring.loading import LoadError
from pugdeck.authoring.yaml_text import parse_yaml


@pytest.mark.parametrize("text, value", [
    ("a: yes\nb: off\nc: ~\nd:\ne: 0x1f\nf: 1:30\ng: 1e3\nh: .inf\ni: 2024-01-02\nj: '1'\n",
     {"a": True, "b": False, "c": None, "d": None, "e": 31, "f": 90, "g": "1e3", "h": float("inf"),
      "i": "2024-01-02", "j": "1"}),
    ("tags:\n- a\n- b\nnext: 1\n", {"tags": ["a", "b"], "next": 1}),
    ("x:\n    - id: a  # first\n      n: 'it''s'\n    -   id: b\n        n: \"q\"   # c\n",
     {"x": [{"id": "a", "n": "it's"}, {"id": "b", "n": "q"}]}),
    ("a: b#c\nd: e # f\ng: [p/q.yaml, r s, 1]\nh: []\n", {"a": "b#c", "d": "e", "g": ["p/q.yaml", "r s", 1], "h": []}),
    ("a: 1\r\nb: two\r\n", {"a": 1, "b": "two"}),
    ("# only a comment\n\n", None),
])
def test_corners_of_yaml_read_as_pyyaml_reads_them(text, value):
    assert repr(parse_yaml(text, "test.yaml", positions=False)[0]) == repr(value)
    assert repr(parse_yaml(text, "test.yaml", positions=True)[0]) == repr(value)


def test_a_wrong_deck_file_is_reported_at_the_same_place_on_the_first_pass_as_with_positions():
    text = "cards:\n  - id: a\n    level: green\n    level: red\n"
    with pytest.raises(LoadError) as positioned:
        parse_yaml(text, "cards.yaml", positions=True)
    with pytest.raises(LoadError) as first_pass:
        parse_yaml(text, "cards.yaml", positions=False)
    assert first_pass.value.diagnostic == positioned.value.diagnostic
    assert positioned.value.diagnostic.line == 4
