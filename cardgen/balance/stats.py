"""From game records to the figures a designer reads: plain numbers, no drawing.

Win rates carry a Wilson score interval (95 %): unlike the textbook "p plus or minus 1.96
standard errors" it stays inside 0 to 1 and behaves for cards seen in few games or winning
almost always. Three measures, each of a seat in a game: the cards it was dealt at the start
(handed out at random, so the cleanest measure of what a card does), the cards it played, and
the cards it held at any moment.

A card is an outlier when its whole interval lies away from the mean win rate of its kind (its
group: a deck colour, a card type; see `adapters`), strong above it and weak below, and the test
still holds once corrected for the number of cards and measures tested (Benjamini-Hochberg at a
5% false discovery rate, `measures.adjusted`); outliers are
listed by measure (dealt first, the cleanest) and within one by how far the interval's near end
lies from that mean. Against its kind, not against
one half: in Vita Luna a red card comes to the player who is already winning, so every red card
wins often when owned, and only a red card winning more than the others says something about
that card. A comparison of two runs tests each card's change with a two-proportion z test.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from cardgen.balance.measures import FDR, Measures, Skill, adjusted, measures, score_p
from cardgen.balance.play import GameRecord

Z95 = 1.959963984540054
MIN_GAMES = 20  # fewer games than this say too little to call a card an outlier
MEASURES = ("dealt", "played", "owned")


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of `successes` in `n` trials (a draw counts a half)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - margin) / scale), min(1.0, (centre + margin) / scale)


@dataclass(frozen=True)
class Rate:
    """`wins` (draws a half) out of `games`, with its interval."""

    wins: float
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass(frozen=True)
class CardFigure:
    """One card's win rate when played or when owned (`measure`), and its verdict."""

    card: str
    name: str
    measure: str  # "dealt", "played" or "owned"
    result: Rate
    group: str = ""  # the kind of card it is measured against
    mean: float = 0.5  # the win rate of its kind, by the same measure
    flag: str = ""  # "strong", "weak" or ""
    gap: float = 0.0  # how far the interval's near end lies from the mean (outliers only)
    depth: float | None = None  # solo: mean depth of the runs that held it
    p: float | None = None  # the test against its kind's rate (None: too few games to test)
    q: float | None = None  # p adjusted for the number of tests (Benjamini-Hochberg)


@dataclass(frozen=True)
class Figures:
    """Everything a balance report shows, for one run."""

    game_id: str
    title: str
    bot: str
    seed: int
    games: int
    finished: int
    draws: int
    solo: bool
    mean: float  # the mean win rate of a seat (a solo run's win rate)
    cards: tuple[CardFigure, ...]
    first: Rate | None  # the seat that went first: its wins
    seats: tuple[Rate, ...]  # each seat's wins (one entry for a solo game)
    lengths: tuple[int, ...]  # actions per game, in game order
    effects: tuple[tuple[str, int, float], ...]  # (effect, times, per game), most frequent first
    depth: tuple[tuple[int, int, int], ...]  # solo: (depth, runs that reached it, went past it)
    tests: int = 0  # card x measure pairs tested against their kind
    uncorrected: int = 0  # of those, whose 95% interval misses the kind's rate
    measures: Measures | None = None  # draws, length spread, lead changes
    skill: Skill | None = None  # the run's bot against a weaker one, when played

    @property
    def outliers(self) -> list[CardFigure]:
        """Strong outliers, then weak ones; each list by measure, the most trustworthy first
        (dealt, then played, then owned), and furthest from its kind's mean first."""
        return self.strong + self.weak

    @property
    def strong(self) -> list[CardFigure]:
        return _by_gap(c for c in self.cards if c.flag == "strong")

    @property
    def weak(self) -> list[CardFigure]:
        return _by_gap(c for c in self.cards if c.flag == "weak")


def _by_gap(cards: Iterable[CardFigure]) -> list[CardFigure]:
    """The deal is random, so a card dealt to winners more often is itself the reason; a card
    played or owned may have come to a player already winning (a reward, a draft pick) or be
    one the bots favour. So the dealt measure's outliers come first."""
    return sorted(cards, key=lambda c: (MEASURES.index(c.measure), -c.gap, c.card))


def _card_rates(
    records: Sequence[GameRecord], measure: str
) -> tuple[dict[str, Rate], dict[str, float]]:
    wins: defaultdict[str, float] = defaultdict(float)
    games: Counter[str] = Counter()
    depth: Counter[str] = Counter()
    for record in records:
        for seat, cards in enumerate(getattr(record, measure)):
            score = record.score(seat)
            if score is None:
                continue
            for card in cards:
                wins[card] += score
                games[card] += 1
                depth[card] += record.depth or 0
    rates = {card: Rate(wins[card], n) for card, n in games.items()}
    return rates, {card: depth[card] / n for card, n in games.items()}


def _flag(result: Rate, mean: float) -> tuple[str, float]:
    low, high = result.interval
    if result.games < MIN_GAMES:
        return "", 0.0
    if low > mean:
        return "strong", low - mean
    if high < mean:
        return "weak", mean - high
    return "", 0.0


def _corrected(cards: list[CardFigure], alone: set[tuple[str, str]]) -> list[CardFigure]:
    """Each card tested against its kind (with enough games, in a kind of more than one card),
    and flagged only when the test holds after the Benjamini-Hochberg correction."""
    tested = [i for i, c in enumerate(cards)
              if c.result.games >= MIN_GAMES and (c.measure, c.group) not in alone]  # fmt: skip
    ps = [score_p(cards[i].result.wins, cards[i].result.games, cards[i].mean) for i in tested]
    out = [replace(c, flag="", gap=0.0) for c in cards]
    for i, p, q in zip(tested, ps, adjusted(ps), strict=True):
        keep = cards[i].flag and q <= FDR
        out[i] = replace(cards[i], p=p, q=q, flag=cards[i].flag if keep else "",
                         gap=cards[i].gap if keep else 0.0)  # fmt: skip
    return out


def figures(
    game_id: str,
    title: str,
    bot: str,
    seed: int,
    solo: bool,
    names: Mapping[str, str],
    records: Sequence[GameRecord],
    groups: Mapping[str, str] | None = None,
    lead: bool = False,
) -> Figures:
    """The figures of a run whose records are in game order; `groups` gives each card's kind
    (a card not in it is measured against every card)."""
    seats = 1 if solo else 2
    seat_rates = []
    for seat in range(seats):
        scores = [s for r in records if (s := r.score(seat)) is not None]
        seat_rates.append(Rate(sum(scores), len(scores)))
    total = sum(r.games for r in seat_rates)
    mean = sum(r.wins for r in seat_rates) / total if total else 0.0
    cards = []
    kinds = groups or {}
    alone: set[tuple[str, str]] = set()  # (measure, kind) of one card: nothing to compare
    for measure in MEASURES:
        rates, depths = _card_rates(records, measure)
        wins: defaultdict[str, float] = defaultdict(float)
        games: Counter[str] = Counter()
        members: Counter[str] = Counter()
        for card, rate in rates.items():
            wins[kinds.get(card, "")] += rate.wins
            games[kinds.get(card, "")] += rate.games
            members[kinds.get(card, "")] += 1
        alone |= {(measure, kind) for kind, n in members.items() if n < 2}
        for card in sorted(rates):
            kind = kinds.get(card, "")
            kind_mean = wins[kind] / games[kind]
            flag, gap = _flag(rates[card], kind_mean)
            depth = depths[card] if solo else None
            cards.append(CardFigure(card, names.get(card, card), measure, rates[card], kind,
                                    kind_mean, flag, gap, depth))  # fmt: skip
    first = None
    if not solo:
        known = [r for r in records if r.first in (0, 1) and r.finished]
        first = Rate(sum(s for r in known if (s := r.score(r.first or 0)) is not None), len(known))
    effects: Counter[str] = Counter()
    for record in records:
        effects.update(dict(record.effects))
    per_game = max(1, len(records))
    uncorrected = sum(bool(c.flag) for c in cards)
    cards = _corrected(cards, alone)
    return Figures(
        game_id=game_id,
        title=title,
        bot=bot,
        seed=seed,
        games=len(records),
        finished=sum(r.finished for r in records),
        draws=sum(r.finished and r.winner is None for r in records) if not solo else 0,
        solo=solo,
        mean=mean,
        cards=tuple(cards),
        first=first,
        seats=tuple(seat_rates),
        lengths=tuple(r.length for r in records),
        effects=tuple((k, n, n / per_game) for k, n in sorted(effects.items(),
                                                               key=lambda kv: (-kv[1], kv[0]))),
        depth=_depth(records) if solo else (),
        tests=sum(c.p is not None for c in cards),
        uncorrected=uncorrected,
        measures=measures(records, lead),
    )  # fmt: skip


def _depth(records: Sequence[GameRecord]) -> tuple[tuple[int, int, int], ...]:
    """For each depth, the runs that reached it and those that went past it (a won run goes
    past its last depth)."""
    deepest = max((r.depth or 0 for r in records), default=0)
    rows = []
    for depth in range(1, deepest + 1):
        reached = sum((r.depth or 0) >= depth for r in records)
        past = sum((r.depth or 0) > depth or (r.depth == depth and r.winner == 0) for r in records)
        rows.append((depth, reached, past))
    return tuple(rows)


def length_summary(lengths: Sequence[int]) -> dict[str, float]:
    if not lengths:
        return {"mean": 0.0, "median": 0.0, "shortest": 0.0, "longest": 0.0}
    return {
        "mean": statistics.fmean(lengths),
        "median": float(statistics.median(lengths)),
        "shortest": float(min(lengths)),
        "longest": float(max(lengths)),
    }


@dataclass(frozen=True)
class Change:
    """One card's win rate in two runs (before: the revision or folder compared against)."""

    card: str
    name: str
    measure: str
    before: Rate | None
    after: Rate | None

    @property
    def delta(self) -> float | None:
        if self.before is None or self.after is None:
            return None
        return self.after.rate - self.before.rate

    @property
    def z(self) -> float | None:
        """The two-proportion z statistic of the change (None when a run lacks the card)."""
        a, b = self.before, self.after
        if a is None or b is None or not a.games or not b.games:
            return None
        pooled = (a.wins + b.wins) / (a.games + b.games)
        spread = math.sqrt(pooled * (1 - pooled) * (1 / a.games + 1 / b.games))
        return (b.rate - a.rate) / spread if spread else 0.0

    @property
    def is_clear(self) -> bool:
        return self.z is not None and abs(self.z) > Z95


def compare(before: Figures, after: Figures) -> list[Change]:
    """Every card of either run, with its rates in both; the clearest changes first."""
    old = {(c.card, c.measure): c for c in before.cards}
    new = {(c.card, c.measure): c for c in after.cards}
    changes = []
    for key in sorted(set(old) | set(new)):
        shown = new.get(key) or old[key]
        changes.append(Change(key[0], shown.name, key[1],
                              old[key].result if key in old else None,
                              new[key].result if key in new else None))  # fmt: skip
    return sorted(changes, key=lambda c: (-abs(c.z or 0.0), c.card, c.measure))
