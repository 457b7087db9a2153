"""What every game's back does with a deck's choice (render/backs.py): read from the built
deck as the built schema allows, and a back image scaled to cover, centred and cropped."""

import pytest
from PIL import Image

from helpers.render_decks import built_card, deck_doc
from pugdeck.building.pipeline import build
from pugdeck.core.diagnostics import DeckError
from pugdeck.games.game_schemas import validate_built
from pugdeck.games.printing import render_pdf
from pugdeck.render.backs import BackChoice, back_choice, back_text
from pugdeck.render.forms import cover_crop
from pugdeck.resources import bundled_deck


def _card():
    return built_card({"id": "c", "kind": "pug", "level": "red", "question": "Who snores?",
                       "badges": 2, "descriptive": "loud", "turds": 2, "thermometer": 3})


@pytest.mark.parametrize(("size", "kept"), [((800, 400), (286, 400)), ((100, 400), (100, 140))])
def test_a_cover_crop_keeps_the_middle_in_the_boxes_shape(size, kept):
    image = Image.new("RGB", size, "blue")
    image.paste((255, 0, 0), (size[0] // 2 - 1, size[1] // 2 - 1, size[0] // 2 + 1, size[1] // 2 + 1))
    cropped = cover_crop(image, 63.5 / 88.9)
    assert cropped.size == kept
    assert cropped.getpixel((kept[0] // 2, kept[1] // 2)) == (255, 0, 0)  # the middle stays


def test_the_choice_is_read_as_the_built_schema_allows():
    doc = {"deck": {"back": {"title": "T", "tagline": "", "image": "art/b.png",
                             "colors": {"background": "#112233", "accent": "#AABBCC"}},
                    "treat_back": {"title": 5, "colors": {"background": "red"}, "image": ""}}}
    assert back_choice(doc) == BackChoice("back", "T", "", "#112233", "#AABBCC", "art/b.png")
    assert back_choice(doc, "treat_back") == BackChoice("treat_back")  # nothing usable
    assert back_choice({"deck": "x"}) == BackChoice() == back_choice({})
    assert back_text(None, "Pug You!", None) == "Pug You!"
    assert back_text(None, "Pug You!", "art/b.png") == ""  # an image replaces default texts
    assert back_text("Ours", "Pug You!", "art/b.png") == "Ours"


def test_a_hand_edited_back_image_outside_the_deck_is_refused_when_drawing(tmp_path):
    doc = deck_doc([_card()])
    doc["deck"]["back"] = {"image": "../outside.png"}
    Image.new("RGB", (10, 10)).save(tmp_path / "outside.png")
    (tmp_path / "deck").mkdir()
    with pytest.raises(DeckError) as caught:
        render_pdf(doc, deck_folder=tmp_path / "deck")
    assert [d.message for d in caught.value.diagnostics] == [
        "back image '../outside.png' is outside the deck folder; use a relative path inside it"]


def test_the_built_schema_carries_chosen_backs_and_refuses_broken_ones():
    doc = build(bundled_deck("pug-you"), {}).doc
    good = {**doc, "deck": {**doc["deck"], "back": {"title": "T", "colors": {"accent": "#AABBCC"}},
                            "treat_back": {"image": "art/b.png"}}}
    validate_built(good)
    bad = {**doc, "deck": {**doc["deck"], "back": {"colors": {"background": "red"}, "size": 2}}}
    with pytest.raises(DeckError) as caught:
        validate_built(bad)
    assert sorted(d.field for d in caught.value.diagnostics) == [
        "deck/back", "deck/back/colors/background"]
