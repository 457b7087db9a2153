"""Pug-style questions for benchmarks: short "Who is most likely to …?" questions built from a
small, realistic vocabulary, so that many questions share words (as a real deck's do).

`generate.py`'s made-up vocabulary of 4,000 words almost never repeats a word, which hides
how the near-duplicate check behaves on real text. Here every question is an opener, an
action, a thing and a setting drawn from a few dozen phrases each, the common ones more
often (a Zipf-like weight, as words are in real text): some 240 content words in all. A
question then nearly repeats an earlier one (a warning in `validate`) in 10 cards of 1,000
and in 867 of 10,000 (seed 1): with a fixed vocabulary, near-repeats grow with the square
of the deck.
"""

from __future__ import annotations

import random

OPENERS = ("Who is most likely to", "Who would", "Who could", "Who would secretly",
           "Who is the first to", "Who would never", "Who would happily", "Who has tried to")
ACTIONS = ("eat", "lose", "forget", "hide", "steal", "break", "sell", "borrow", "cry over",
           "sing to", "argue with", "fall asleep on", "post a selfie with", "brag about",
           "lie about", "dance with", "talk to", "complain about", "spill coffee on",
           "take a photo of", "send a text about", "fight over", "bring", "buy", "drop",
           "paint", "name a pet after", "write a song about", "blame the dog for", "sit on",
           "laugh at", "google", "film", "kiss", "order", "forget the name of", "ignore",
           "wear", "cook", "return", "fix", "clean", "hug", "insult", "wake up", "propose to",
           "flirt with", "give away", "spy on", "eat off", "photograph", "serenade", "trip over",
           "get stuck in", "set fire to", "hold hands with", "apologise to", "ride", "rate",
           "lick", "review", "sneeze on", "pray for", "gossip about", "skip", "tidy")
THINGS = ("the last slice of pizza", "a stranger's umbrella", "their own birthday cake",
          "a borrowed guitar", "the neighbour's cat", "a pair of socks", "the group chat",
          "a rubber duck", "grandma's recipe book", "the TV remote", "the wedding cake",
          "a first date", "their phone", "the car keys", "a houseplant", "the office printer",
          "a karaoke mic", "the boss", "an ex", "a cold pizza", "the dog's toy", "a parking ticket",
          "a bottle of wine", "the family photo album", "a friend's secret", "the shopping list",
          "a cheap souvenir", "the holiday photos", "a spicy curry", "their passport",
          "the last biscuit", "a wet towel", "the spare key", "a selfie stick", "the fridge",
          "a love letter", "the dishwasher", "a traffic cone", "the fire alarm", "a sandwich",
          "their own reflection", "a sock puppet", "the waiter", "a lottery ticket", "the bill",
          "a goldfish", "the mother-in-law", "a broken umbrella", "the birthday card",
          "a plastic flamingo", "the cat flap", "a tax return", "the smoke detector",
          "a parking space", "the best man", "a vegan sausage", "the dentist", "a hot tub",
          "the wrong bus", "a tiny hat", "the neighbour's wifi", "a garden gnome", "the toaster",
          "a haunted doll", "the school play", "a wedding ring", "the last train", "a llama",
          "the ice cream van", "a jar of pickles", "the dance floor", "a stranger's baby")
SETTINGS = ("at a wedding", "on a first date", "during a job interview", "in the supermarket",
            "at the dentist", "on holiday", "at a funeral", "in a taxi", "at the gym",
            "during a fire drill", "at 3 a.m.", "on a Monday", "in the shower", "at a party",
            "on the bus", "at work", "in front of the boss", "at the airport", "in bed",
            "at a barbecue", "on live TV", "in a lift", "at the cinema", "on a plane",
            "at their own birthday party", "in the garden", "at a job interview", "after midnight",
            "at grandma's house", "at the beach", "at a christening", "in the library",
            "on a zoom call", "at the school gates", "in a traffic jam", "at the hairdresser",
            "on a camping trip", "at the pub quiz", "on a cruise", "at the vet", "in a hot tub",
            "during the speeches", "at a festival", "in the queue", "", "", "", "")


def _weights(n: int) -> list[float]:
    """Zipf-like: the k-th phrase of a list is drawn in proportion to 1/(k+10)."""
    return [1 / (k + 10) for k in range(n)]


_W = {id(words): _weights(len(words)) for words in (OPENERS, ACTIONS, THINGS, SETTINGS)}


def pug_question(rng: random.Random) -> str:
    """One question, e.g. "Who would lose the car keys at a wedding?" (21 to 92 characters)."""
    parts = [rng.choices(words, _W[id(words)])[0] for words in (OPENERS, ACTIONS, THINGS, SETTINGS)]
    return " ".join(p for p in parts if p) + "?"
