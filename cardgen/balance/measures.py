"""The measures game designers use beside per-card rates, and the correction for many tests.

- **Draw rate** of the finished games, with its interval.
- **Game length spread**: the standard deviation and the middle half (quartiles) of the lengths.
- **Lead changes**: how often the lead passes from one seat to the other in a game (each game's
  row of `adapters` says what "ahead" means: damage taken, life, steps on the track), the share
  of games where it changes at least once, and how far into a game the winner went ahead for
  good (a game settled at its first action is decided early; one settled near its end is tense).
- **Skill expression**: how often the run's bot beats a weaker one (a random legal player) with
  the seats alternated game by game. A game of pure chance shows about 50%.

`adjusted` corrects the outlier tests for their number: the report tests every card by every
measure against its kind (about 60 tests in Vita Luna), and at 95% each, about one in twenty
of those tests that should pass would fail by chance. Benjamini and Hochberg's procedure keeps
the expected share of false alarms among the cards flagged at 5% instead (the false discovery
rate), with one p-value per card: the score test whose inversion is the Wilson interval, so an
unadjusted p-value under 5% is exactly an interval missing its kind's rate.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.balance.play import GameRecord

FDR = 0.05  # the false discovery rate the outlier list is held to


def score_p(wins: float, games: int, mean: float) -> float:
    """The two-sided p-value of a rate of `wins` in `games` against `mean` (the score test the
    Wilson interval inverts)."""
    if games <= 0:
        return 1.0
    rate = wins / games
    if mean <= 0.0 or mean >= 1.0:
        return 1.0 if rate == mean else 0.0
    z = abs(rate - mean) / math.sqrt(mean * (1 - mean) / games)
    return math.erfc(z / math.sqrt(2))


def adjusted(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values, in the order given: a test is a discovery at false
    discovery rate q when its adjusted value is at most q."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    out = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, p_values[i] * m / rank)
        out[i] = min(1.0, running)
    return out


@dataclass(frozen=True)
class Measures:
    """How a game plays as a whole, from the records of one run."""

    draws: float  # draws (a share of the finished games)
    finished: int
    length_sd: float
    length_q1: float
    length_q3: float
    has_lead: bool  # the game says who is ahead; the lead figures below mean something
    lead_changes: float  # mean per finished game
    comebacks: float  # share of finished games in which the lead changed at least once
    settled: float | None  # median share of a won game played before the winner led for good


def measures(records: Sequence[GameRecord], has_lead: bool) -> Measures:
    done = [r for r in records if r.finished]
    lengths = [r.length for r in records]
    quartiles = statistics.quantiles(lengths, n=4) if len(lengths) > 1 else [0.0, 0.0, 0.0]
    if len(lengths) == 1:
        quartiles = [float(lengths[0])] * 3
    settled = [r.settled for r in done if r.settled is not None]
    return Measures(
        draws=sum(r.winner is None for r in done) / len(done) if done else 0.0,
        finished=len(done),
        length_sd=statistics.pstdev(lengths) if lengths else 0.0,
        length_q1=quartiles[0],
        length_q3=quartiles[2],
        has_lead=has_lead,
        lead_changes=statistics.fmean(r.lead_changes for r in done) if done else 0.0,
        comebacks=sum(r.lead_changes > 0 for r in done) / len(done) if done else 0.0,
        settled=statistics.median(settled) if settled else None,
    )


@dataclass(frozen=True)
class Skill:
    """The run's bot against a weaker one, seats alternated: `wins` (draws a half) of `games`."""

    strong: str
    weak: str
    wins: float
    games: int
    played: int  # games played, unfinished ones included


def skill(records: Sequence[GameRecord], strong: str, weak: str) -> Skill:
    wins, games = 0.0, 0
    for record in records:
        seat = record.strong if record.strong is not None else 0
        score = record.score(seat)
        if score is not None:
            wins += score
            games += 1
    return Skill(strong, weak, wins, games, len(records))


def mean_interval(values: Sequence[float], z: float = 1.959963984540054) -> tuple[float, float]:
    """The mean's 95% interval (normal approximation; the games are independent)."""
    if len(values) < 2:
        only = float(values[0]) if values else 0.0
        return only, only
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean - half, mean + half
