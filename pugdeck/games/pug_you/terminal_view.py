"""What the person playing Pug You! in a terminal reads, told from their own seat only.

`Narrator.step` compares two observations of the person's seat (`State.observation`,
before and after a step) and the step's public part, and says what changed: offers and
votes are face down (who offered or voted shows, never the card), the card read out, the
nominees, the revealed turds, who scored what, ties, reshuffles, a new turn. It never reads
the state itself, so no other hand and no face-down card reaches the screen.
"""

from __future__ import annotations

from pugdeck.games.pug_you.engine import CardInfo, Game
from pugdeck.games.pug_you.transcript import join_words, loser_speech
from pugdeck.games.terminal import plural


def card_text(info: CardInfo) -> str:
    """'"Who …?" (red, 3 badges, 2 turds)': what the card says that matters in play."""
    if info.kind == "mutt":
        kind, badges = "healthy mutt", f"takes {plural(-info.badges, 'badge')} away"
    else:
        kind, badges = info.level or info.color, plural(info.badges, "badge")
    return f'"{info.question}" ({kind}, {badges}, {plural(info.turds, "turd")})'


def card_rule(info: CardInfo) -> str:
    """`card_text` and the line its scorer reads out."""
    because = f', "because I\'m {info.descriptive}"' if info.descriptive else ""
    return card_text(info) + because


def help_lines(game: Game, observation: dict) -> list[str]:
    """What `?` prints: the cards in hand with all they say, then the turn in short."""
    lines = ["The cards in your hand:"]
    lines += [f"  {card_rule(game.card(c))}" for c in observation["hand"]] or ["  (none)"]
    if observation["scored"][observation["seat"]]:
        lines.append("The cards you scored:")
        lines += [f"  {card_rule(game.card(c))}" for c in observation["scored"][observation["seat"]]]
    lines += [
        "A turn: everyone but the active player offers a card face down; the active player takes "
        f"one, reads it out and nominates {plural(game.rules.nominees, 'player')}; everyone else "
        "votes face down with a card; its turds weigh the vote. The heaviest nominee scores the "
        "card's badges. A tie: the active player decides, then asks a second question.",
        "The most badges at the end loses (a healthy mutt takes badges away).",
        "Type a number or a name; back returns to the question before; quit (or Ctrl-D) leaves."]
    return lines


def badge_line(observation: dict, names: list[str]) -> str:
    return "Badges: " + ", ".join(f"{names[s]} {b}" for s, b in enumerate(observation["badges"]))


class Narrator:
    """Says what each step changed, as the person's seat saw it."""

    def __init__(self, game: Game, seat: int, names: list[str], say):
        self.game, self.seat, self.names, self.say = game, seat, names, say

    def name(self, seat: int, start: bool = False) -> str:
        """'Bot 2', or 'You'/'you' for the person."""
        return ("You" if start else "you") if seat == self.seat else self.names[seat]

    def does(self, seat: int, verb: str, verbs: str) -> str:
        """'You offer' / 'Bot 2 offers'."""
        return f"{self.name(seat, True)} {verb if seat == self.seat else verbs}"

    def step(self, before: dict, actor: int, action: dict, after: dict) -> None:
        """Tell the step `action` (its public part) that `actor` took, then its consequences."""
        kind = action["type"]
        if kind == "shuffle":
            if not any(before["hand_sizes"]):
                self.say(f"The deck is shuffled and everyone is dealt {plural(self.game.hand_size, 'card')}.")
            else:
                self.say("  The draw pile is empty: the discard pile is shuffled into a new one.")
        elif kind == "offer":
            if actor == self.seat:  # the person's own action, in full: they know their card
                self.say(f"  You offer {card_text(self.game.card(action['card']))} face down.")
            else:
                self.say(f"  {self.names[actor]} offers a card face down.")
        elif kind == "choose":
            mine = "your" if action["from"] == self.seat else f"{self.names[action['from']]}'s"
            self.say(f"  {self.does(actor, 'take', 'takes')} {mine} card and "
                     f"{'read' if actor == self.seat else 'reads'} it out:")
            self.say(f"    {card_text(self.game.card(after['active_card']))}")
        elif kind == "ask":
            where = "their own hand" if after["active_card_from"] == "hand" else "their scored cards"
            if actor == self.seat:
                where = where.replace("their", "your")
            why = "Nobody can offer" if before["question"] == 1 else "Second question, with no offers"
            self.say(f"  {why}: {self.name(actor)} {'ask' if actor == self.seat else 'asks'} "
                     f"a card from {where}:")
            self.say(f"    {card_text(self.game.card(after['active_card']))}")
        elif kind == "nominate":
            self.say(f"  {self.does(actor, 'nominate', 'nominates')} "
                     f"{join_words([self.name(s) for s in action['nominees']])}.")
        elif kind == "vote":
            if actor == self.seat:
                self.say(f"  You vote for {self.names[action['nominee']]} with "
                         f"{card_text(self.game.card(action['card']))}, face down.")
            else:
                self.say(f"  {self.names[actor]} votes face down.")
        elif kind == "award":
            self.say(f"  {self.does(actor, 'decide', 'decides')} that {self.name(action['nominee'])} "
                     f"{'score' if action['nominee'] == self.seat else 'scores'}.")
        self._consequences(before, after)

    def _consequences(self, before: dict, after: dict) -> None:
        if after["last_reveal"] and after["last_reveal"] != before["last_reveal"]:
            parts = [f"{self.name(r['nominee'])} {plural(r['turds'], 'turd')} "
                     f"({plural(len(r['cards']), 'card') if r['cards'] else 'no votes'})"
                     for r in after["last_reveal"]]
            self.say(f"  Votes revealed: {', '.join(parts)}")
        for seat in range(self.game.players):
            for card in after["scored"][seat]:
                if card not in before["scored"][seat]:
                    self.say(self._score_line(seat, self.game.card(card)))
        if after["phase"] == "award" and before["phase"] != "award":
            self.say(f"  A tie between {join_words([self.name(s) for s in after['tied']])}! The pugs are "
                     f"confused: {self.name(after['active'])} {'decide' if after['active'] == self.seat else 'decides'}"
                     " who scores.")
        if after["ran_out"] and not before["ran_out"]:
            self.say("  The draw pile and the discard pile are both empty: hands stay short.")
        drawn = len([c for c in after["hand"] if c not in before["hand"] and c != before["my_offer"]])
        if drawn and any(before["hand_sizes"]):  # not at the deal
            self.say(f"  You draw {plural(drawn, 'card')}.")
        dealt = not any(before["hand_sizes"])  # the first deal starts turn 1
        moved_on = (after["active"], after["turn"]) != (before["active"], before["turn"])
        if after["phase"] != "over" and (dealt or moved_on):
            self._new_turn(after)

    def _score_line(self, seat: int, info: CardInfo) -> str:
        because = f" because I'm {info.descriptive}" if info.descriptive else ""
        who = self.does(seat, "score", "scores")
        if info.kind == "mutt":
            return f'  {who} it: "The healthy mutt takes {plural(-info.badges, "badge")} away{because}."'
        return f'  {who} it: "I get {plural(info.badges, "badge")}{because}."'

    def _new_turn(self, after: dict) -> None:
        game = self.game
        total = f" of {after['turns_total']}" if after["turns_total"] else ""
        self.say("")
        self.say(f"Turn {after['turn']}{total} (round {(after['turn'] - 1) // game.players + 1}): "
                 f"{self.name(after['active'], True)} "
                 f"{'are' if after['active'] == self.seat else 'is'} the active player.")
        self.say("  " + badge_line(after, self.names))

    def ending(self, observation: dict) -> None:
        """The final badges, the losers and their speech."""
        self.say("")
        self.say(f"Game over after {plural(observation['turn'], 'turn')}.")
        self.say(badge_line(observation, self.names))
        for seat in observation["losers"]:
            scored = [self.game.index[c] for c in observation["scored"][seat]]
            self.say(f"{self.does(seat, 'lose', 'loses')} with {plural(observation['badges'][seat], 'badge')}: "
                     f"\"{loser_speech(self.game, scored)}\"")
        if self.seat not in observation["losers"]:
            self.say("You did not lose: in Pug You!, that is as good as it gets.")
