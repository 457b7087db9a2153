"""Many seeded bot games per player count, summarised (`pugdeck simulate`).

Game `i` at a player count always uses seed `seed * 1_000_000 + i` and bots seeded from it,
and results are gathered in game order, so the numbers are the same for any `--jobs`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from statistics import mean

from pugdeck.games.pug_you.bots import make_bots, play_game
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.phases import SECOND_QUESTION

CHUNK = 25  # games per task: large enough to amortise process hops, small for a smooth bar


@dataclass(frozen=True)
class GameStats:
    """What one finished game contributes to the summary."""

    players: int
    seed: int
    turns: int
    actions: int
    questions: int
    ties: int
    second_questions: int
    reshuffles: int
    ran_out: bool
    end: str
    badges: tuple[int, ...]
    losers: tuple[int, ...]
    mutt_scorers: tuple[int, ...]  # seats holding at least one scored mutt at the end


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_000 + index


def play_one(game: Game, bots: str, seed: int) -> GameStats:
    """Play one seeded game with `bots` and keep its statistics, counted from its events."""
    game = game.reseeded(seed)
    state = play_game(game, make_bots(bots, game, seed))
    seen = Counter()
    for event in state.events:
        kind = event.kind  # the public part only of the events whose fields are counted
        if kind == "ask" and event.public["question"] == SECOND_QUESTION:
            seen["second"] += 1
        elif kind == "shuffle" and event.public["pile"] == "discard":
            seen["reshuffle"] += 1
        elif kind == "over":
            public = event.public
            end, turns = public["reason"], public["turns"]
        seen[kind] += 1
    mutts = game.mutts
    scored = state.observation(0)["scored"]  # everyone's scored cards lie face up
    return GameStats(
        players=game.players, seed=seed, turns=turns, actions=len(state.log),
        questions=seen["choose"] + seen["ask"], ties=seen["tie"], second_questions=seen["second"],
        reshuffles=seen["reshuffle"], ran_out=bool(seen["ran_out"]), end=end,
        badges=tuple(state.scores()), losers=tuple(state.losers()),
        mutt_scorers=tuple(s for s, pile in enumerate(scored) if any(mutts[game.index[c]] for c in pile)))


@dataclass(frozen=True)
class Summary:
    """Statistics of all games at one player count."""

    players: int
    games: int
    mean_turns: float
    mean_actions: float
    mean_questions: float  # questions asked per game, tie questions included (what sets its length)
    tie_rate: float  # ties per question asked (first and second questions)
    second_questions_per_game: float
    reshuffles_per_game: float
    games_out_of_cards: int
    mean_badge_spread: float  # most minus fewest badges at the end
    max_badge_spread: int
    losers_histogram: dict[str, int] = field(default_factory=dict)  # "number of losers": games
    mean_losers: float = 0.0
    loss_rate_with_mutt: float | None = None  # share of mutt scorers who lost
    loss_rate_without_mutt: float | None = None
    mean_badges_with_mutt: float | None = None
    mean_badges_without_mutt: float | None = None
    build_says_playable: bool | None = None  # the built deck's `checked.playable_for`, if any

    def as_json(self) -> dict:
        return asdict(self)


def summarise(players: int, stats: list[GameStats], build_says_playable: bool | None = None) -> Summary:
    """Fold per-game statistics into one `Summary`."""
    spreads = [max(s.badges) - min(s.badges) for s in stats]
    histogram = Counter(str(len(s.losers)) for s in stats)
    with_mutt = [(seat in s.losers, s.badges[seat]) for s in stats for seat in s.mutt_scorers]
    without = [(seat in s.losers, s.badges[seat]) for s in stats
               for seat in range(players) if seat not in s.mutt_scorers]

    def rate(rows, column):
        return round(mean(r[column] for r in rows), 4) if rows else None

    return Summary(
        players=players, games=len(stats),
        mean_turns=round(mean(s.turns for s in stats), 3),
        mean_actions=round(mean(s.actions for s in stats), 2),
        mean_questions=round(mean(s.questions for s in stats), 3),
        tie_rate=round(sum(s.ties for s in stats) / max(1, sum(s.questions for s in stats)), 4),
        second_questions_per_game=round(mean(s.second_questions for s in stats), 3),
        reshuffles_per_game=round(mean(s.reshuffles for s in stats), 3),
        games_out_of_cards=sum(s.ran_out for s in stats),
        mean_badge_spread=round(mean(spreads), 3), max_badge_spread=max(spreads),
        losers_histogram=dict(sorted(histogram.items())),
        mean_losers=round(mean(len(s.losers) for s in stats), 3),
        loss_rate_with_mutt=rate(with_mutt, 0), loss_rate_without_mutt=rate(without, 0),
        mean_badges_with_mutt=rate(with_mutt, 1), mean_badges_without_mutt=rate(without, 1),
        build_says_playable=build_says_playable,
    )


# Worker side: each process reads the deck once, then plays chunks of games.
_worker: dict = {}


def _init_worker(doc: dict, bots: str) -> None:
    _worker.clear()
    _worker.update(doc=doc, bots=bots, games={})


def _play_chunk(task: tuple[int, int, int, int]) -> list[GameStats]:
    players, seed, start, stop = task
    games = _worker["games"]
    if players not in games:
        games[players] = Game(_worker["doc"], players, 0)
    game = games[players]
    return [play_one(game, _worker["bots"], game_seed(seed, i)) for i in range(start, stop)]


def simulate(doc: dict, player_counts: Iterable[int], games: int, seed: int = 0,
             bots: str = "heuristic", jobs: int = 1,
             progress: Callable[[int], None] | None = None, source: str = "<deck>") -> list[Summary]:
    """Play `games` games at every player count and summarise each count.

    Raises `DeckError` (bad deck or player count) before any game starts.
    `progress(n)` is called after every `n` finished games.
    """
    counts = list(player_counts)
    for players in counts:  # fail early, in this process, with the deck's own message
        make_bots(bots, Game(doc, players, 0, source=source), 0)
    tasks = [(p, seed, start, min(start + CHUNK, games)) for p in counts
             for start in range(0, games, CHUNK)]
    results: dict[int, list[GameStats]] = {p: [] for p in counts}
    if jobs <= 1:
        _init_worker(doc, bots)
        chunks = map(_play_chunk, tasks)
        _collect(chunks, results, progress)
    else:
        with get_context().Pool(jobs, _init_worker, (doc, bots)) as pool:
            _collect(pool.imap(_play_chunk, tasks), results, progress)
    playable = (doc.get("checked") or {}).get("playable_for")
    return [summarise(p, results[p], None if playable is None else p in playable) for p in counts]


def _collect(chunks, results, progress) -> None:
    for chunk in chunks:  # imap keeps task order, so results never depend on scheduling
        if chunk:
            results[chunk[0].players].extend(chunk)
        if progress:
            progress(len(chunk))
