"""Card pictures keyed by content: the same build gives the same keys, a change changes only
the keys of the faces it changes, and a card drawn alone is the card drawn with the deck."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from pugdeck.building.pipeline import build
from pugdeck.export.png import faces_of
from pugdeck.live.card_images import draw_cards, face_keys


def _pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_keys_are_stable_and_follow_the_cards_content(small_deck):
    built = build(small_deck)
    keys = face_keys(built, faces_of(built))
    assert keys == face_keys(build(small_deck), faces_of(built))
    assert len(set(keys)) == len(keys)
    path = small_deck / "cards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("badges: 1", "badges: 2", 1), encoding="utf-8")
    changed = build(small_deck)
    new = face_keys(changed, faces_of(changed))
    assert [i for i, (a, b) in enumerate(zip(keys, new)) if a != b] == [0]


def test_a_card_drawn_alone_is_the_card_drawn_with_the_whole_deck(small_deck):
    first = draw_cards(build(small_deck), {})
    path = small_deck / "cards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Who naps at work?", "Who naps at the desk?"),
                    encoding="utf-8")
    built = build(small_deck)
    alone = draw_cards(built, {card.key: card.png for card in first.cards})
    assert alone.drawn == 1
    whole = draw_cards(built, {})
    assert whole.drawn == len(whole.cards)
    [(drawn_alone, drawn_whole)] = [(a, w) for a, w, f in zip(alone.cards, whole.cards, first.cards)
                                    if a.key != f.key]
    assert drawn_alone.key == drawn_whole.key
    difference = ImageChops.difference(_pixels(drawn_alone.png), _pixels(drawn_whole.png))
    assert difference.getbbox() is None  # the same pixels


def test_a_change_to_what_every_card_shares_draws_every_card_again(small_deck):
    first = draw_cards(build(small_deck), {})
    deck_yaml = small_deck / "deck.yaml"
    deck_yaml.write_text(deck_yaml.read_text(encoding="utf-8").replace("name: Test deck", "name: Our deck"),
                         encoding="utf-8")
    again = draw_cards(build(small_deck), {card.key: card.png for card in first.cards})
    assert again.drawn == len(again.cards)  # the back and the rules cards print the name


def test_printed_only_faces_change_with_what_they_print(small_deck):
    built = build(small_deck)
    more = build(small_deck, {"blanks": 1})
    assert len(faces_of(more)) == len(faces_of(built)) + 1
    keys, other = face_keys(built, faces_of(built)), face_keys(more, faces_of(more))
    assert set(keys).isdisjoint(other)  # the blank count is part of every face's context


def test_a_save_draws_the_changed_card_and_not_its_unchanged_back(small_deck, monkeypatch):
    """A save that changes one card draws one page, not the card and its back again (a
    seventh of a save's CPU went to backs that had not changed); the page's backs are drawn
    only when there is none yet or `back:` changed."""
    import pypdfium2 as pdfium

    from pugdeck.live import card_images

    first = draw_cards(build(small_deck), {})
    drawn = []  # (pages in the PDF drawn for the pictures, fronts on them)
    real_card_pdf = card_images.card_pdf

    def card_pdf(*args, **options):
        pdf = real_card_pdf(*args, **options)
        drawn.append((len(pdfium.PdfDocument(pdf.data)), len(pdf.faces)))
        return pdf

    monkeypatch.setattr(card_images, "card_pdf", card_pdf)
    path = small_deck / "cards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Who naps at work?", "Who naps at the desk?"),
                    encoding="utf-8")
    again = draw_cards(build(small_deck), {card.key: card.png for card in first.cards})
    assert again.drawn == 1
    everything = draw_cards(build(small_deck), {})
    save_pages, save_fronts = drawn[0]
    assert save_pages == save_fronts  # the save drew fronts and no back page
    fronts = [face.card_id for face in faces_of(build(small_deck))]
    shown = [card.face.card_id for card in everything.cards]
    assert shown[:len(fronts)] == fronts and shown[len(fronts):] == ["back"]  # then the back, drawn once
