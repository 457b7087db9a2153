"""What the person playing Pug You! in a terminal reads, told from their own seat only.

`Narrator.step` tells a step's events as the person's seat sees them (`Event.view`): offers
and votes are face down (who offered or voted shows, never the card, but for their own),
the card read out, the nominees, the revealed turds, who scored what, ties, reshuffles,
the cards they drew, a new turn. It never reads the state itself, so no other hand and no
face-down card reaches the screen. Every line is
a whole sentence of narration.yaml, in the deck's language (`Game.words`).
"""

from __future__ import annotations

from pugdeck.authoring.texts import descriptive_for
from pugdeck.games.pug_you.engine import CardInfo, Game
from pugdeck.games.pug_you.transcript import level_word, loser_speech, score_speech


def card_text(game: Game, info: CardInfo) -> str:
    """'"Who …?" (red, 3 badges, 2 turds)': what the card says that matters in play."""
    words = game.words
    if info.kind == "mutt":
        kind, badges = words("healthy_mutt"), words.counted("mutt_takes", -info.badges)
    else:
        kind, badges = level_word(game, info.level or info.color), words.counted("n_badges", info.badges)
    return words("card_text", question=words.nested(info.question), kind=kind, badges=badges,
                 turds=words.counted("n_turds", info.turds))


def card_rule(game: Game, info: CardInfo, seat: int | None = None) -> str:
    """`card_text` and the line its scorer (`seat`, in their form) reads out."""
    text = card_text(game, info)
    descriptive = descriptive_for(info.descriptive, game.forms.get(seat))
    return game.words("card_rule", card=text, descriptive=descriptive) if descriptive else text


def help_lines(game: Game, observation: dict) -> list[str]:
    """What `?` prints: the cards in hand with all they say, then the turn in short."""
    words = game.words
    lines = [words("help_hand")]
    seat = observation["seat"]
    lines += [f"  {card_rule(game, game.card(c), seat)}" for c in observation["hand"]] or ["  " + words("help_none")]
    if observation["scored"][observation["seat"]]:
        lines.append(words("help_scored"))
        lines += [f"  {card_rule(game, game.card(c), seat)}" for c in observation["scored"][seat]]
    return lines + [words.counted("help_turn", game.rules.nominees), words("help_end"), words("help_keys")]


def badge_line(game: Game, observation: dict, names: list[str]) -> str:
    return game.words("badges", list=", ".join(f"{names[s]} {b}" for s, b in enumerate(observation["badges"])))


def seat_label(game: Game, observation: dict, names: list[str], seat: int) -> str:
    """'Ana (3 badges)': a seat as a choice names it (the terminal's and a phone's)."""
    words = game.words
    return words("seat_option", name=names[seat], badges=words.counted("n_badges", observation["badges"][seat]))


class Narrator:
    """Says what each step changed, as the person's seat saw it."""

    def __init__(self, game: Game, seat: int, names: list[str], say):
        self.game, self.seat, self.names, self.say = game, seat, names, say
        self.words = game.words

    def listed(self, seats: list[int], you: str = "you_listed") -> str:
        """Seats in a sentence's list, the person named as the sentence needs ('you', 'a ti')."""
        words = self.words
        if you == "you_nominated":
            return words.join([words("you_nominated") if s == self.seat else
                               words("seat_nominated", name=self.names[s]) for s in seats])
        return words.join([words(you) if s == self.seat else self.names[s] for s in seats])

    def card(self, card: str) -> str:
        return card_text(self.game, self.game.card(card))

    def step(self, events: list[dict], after: dict) -> None:
        """Tell one step: its events as the person's seat sees them (`Event.view`), in order;
        `after`, their observation once it is done, gives the badges at a new turn. The
        cards they drew are said once, after everything else but the new turn."""
        drawn = 0
        for event in events:
            if event["event"] == "draw":
                drawn += event["counts"][self.seat]
                continue
            if event["event"] == "turn" and drawn:
                self.say("  " + self.words.counted("view_you_draw", drawn))
                drawn = 0
            self._tell(event, after)
        if drawn:
            self.say("  " + self.words.counted("view_you_draw", drawn))

    def _tell(self, event: dict, after: dict) -> None:
        kind, words = event["event"], self.words
        me, name = event.get("seat") == self.seat, self.names[event["seat"]] if "seat" in event else ""
        if kind == "shuffle":
            self.say(words.counted("view_dealt", self.game.hand_size) if event["pile"] == "deck"
                     else "  " + words("view_reshuffled"))
        elif kind == "offer":  # their own action in full: they know their card (their view has it)
            self.say("  " + (words("view_you_offer", card=self.card(event["card"])) if me
                             else words("view_offers", name=name)))
        elif kind == "choose":
            owner = self.names[event["from"]]
            self.say("  " + (words("view_you_take", owner=owner) if me else
                             words("view_takes_yours", name=name) if event["from"] == self.seat else
                             words("view_takes", name=name, owner=owner)))
            self.say(f"    {self.card(event['card'])}")
        elif kind == "ask":
            where = "hand" if event["source"] == "hand" else "scored"
            why = words("view_why_first" if event["question"] == 1 else "view_why_second")
            self.say("  " + (words(f"view_you_ask_{where}", why=why) if me else
                             words(f"view_asks_{where}", why=why, name=name)))
            self.say(f"    {self.card(event['card'])}")
        elif kind == "nominate":
            nominees = self.listed(event["nominees"], "you_nominated")
            self.say("  " + (words("view_you_nominate", nominees=nominees) if me else
                             words.counted("view_nominates_you", len(event["nominees"]), name=name,
                                           nominees=nominees) if self.seat in event["nominees"] else
                             words("view_nominates", name=name, nominees=nominees)))
        elif kind == "vote":
            self.say("  " + (words("view_you_vote", nominee=self.names[event["nominee"]],
                                   card=self.card(event["card"])) if me else words("view_votes", name=name)))
        elif kind == "award":
            nominee = self.names[event["nominee"]]
            self.say("  " + (words("view_you_award", nominee=nominee) if me else
                             words("view_awards_you", name=name) if event["nominee"] == self.seat else
                             words("view_awards", name=name, nominee=nominee)))
        elif kind == "reveal":
            parts = [words("view_revealed_part", name=self.listed([pile["nominee"]]),
                           turds=words.counted("n_turds", pile["turds"]),
                           votes=words.counted("n_cards", len(pile["cards"])) if pile["cards"]
                           else words("view_no_votes"))
                     for pile in event["piles"]]
            self.say("  " + words("view_revealed", parts=", ".join(parts)))
        elif kind == "score":
            speech = score_speech(self.game, self.game.card(event["card"]), event.get("seat"))
            self.say("  " + (words("view_you_score", speech=speech) if me else
                             words("view_scores", name=name, speech=speech)))
        elif kind == "tie":
            tied = self.listed(event["tied"], "you_among")
            self.say("  " + (words("view_tie_you", tied=tied) if event["active"] == self.seat else
                             words("view_tie", tied=tied, name=self.names[event["active"]])))
        elif kind == "ran_out":
            self.say("  " + words("ran_out"))
        elif kind == "turn":
            self._new_turn(event, after)

    def _new_turn(self, event: dict, after: dict) -> None:
        values = {"turn": event["turn"], "round": event["round"], "total": after["turns_total"],
                  "name": self.names[event["active"]]}
        key = "view_turn_of" if after["turns_total"] else "view_turn"
        self.say("")
        self.say(self.words(key + "_you" if event["active"] == self.seat else key, **values))
        self.say("  " + badge_line(self.game, after, self.names))

    def ending(self, observation: dict) -> None:
        """The final badges, the losers and their speech."""
        words = self.words
        self.say("")
        self.say(words.counted("view_over", observation["turn"]))
        self.say(badge_line(self.game, observation, self.names))
        for seat in observation["losers"]:
            scored = [self.game.index[c] for c in observation["scored"][seat]]
            values = {"badges": words.counted("n_badges", observation["badges"][seat]),
                      "speech": loser_speech(self.game, scored, seat), "name": self.names[seat]}
            self.say(words("view_you_lose" if seat == self.seat else "view_loses", **values))
        if self.seat not in observation["losers"]:
            self.say(words("view_not_lost"))

