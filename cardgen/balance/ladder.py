"""Bots against bots: one pairing with its interval (`--vs`), or every level rated on one scale
(`--ladder`).

A pairing plays the run's seeds with the seats alternated game by game (the first bot in seat 0
in even games), so neither bot gets the first player's edge. The ladder plays every pair of the
game's bots the same way and fits Bradley-Terry strengths to all the games at once (Hunter's MM
iterations; a draw counts half a win to each side), shown on the Elo scale with the random player
at 0 where it plays. Its intervals come from a bootstrap over each pairing's games, so a level
that played few decided games says so by a wide interval instead of a confident number.
"""

from __future__ import annotations

import html
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from cardgen.balance.play import GameRecord
from cardgen.balance.report import STYLE, _pct, _table
from cardgen.balance.stats import wilson
from cardgen.data.outputs import Owner, publish, staging_beside

ELO = 400 / math.log(10)  # Elo points per unit of log-strength
ROUNDS = 2000  # MM iterations at most; it settles to 1e-9 in far fewer on real tables
BOOTSTRAPS = 200
PRIOR = 0.5  # a half win against a virtual equal for each bot, so a bot that won (or lost)
# every game still gets a finite rating (the usual Bayesian padding of Bradley-Terry)


@dataclass(frozen=True)
class Pairing:
    """`first` against `second`: the first's score in each finished game (1, a half, 0)."""

    first: str
    second: str
    scores: tuple[float, ...]
    played: int  # games played, unfinished ones included

    @property
    def wins(self) -> float:
        return sum(self.scores)

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def decided(self) -> int:
        return sum(1 for s in self.scores if s != 0.5)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.5

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def decided_rate(self) -> tuple[float, tuple[float, float]]:
        """The first's share of the games someone won, and its interval (draws left out)."""
        won = sum(1 for s in self.scores if s == 1.0)
        return (won / self.decided if self.decided else 0.5), wilson(won, self.decided)


def pairing(records: Sequence[GameRecord], first: str, second: str) -> Pairing:
    """The pairing from a skill match's records (`strong` names the first bot's seat)."""
    scores = []
    for record in records:
        seat = record.strong if record.strong is not None else 0
        score = record.score(seat)
        if score is not None:
            scores.append(score)
    return Pairing(first, second, tuple(scores), len(records))


@dataclass(frozen=True)
class Rating:
    bot: str
    elo: float
    low: float
    high: float
    games: int


def strengths(bots: Sequence[str], pairings: Sequence[Pairing]) -> dict[str, float]:
    """Bradley-Terry strengths (geometric mean 1) fitted by Hunter's MM iterations."""
    wins = {b: PRIOR for b in bots}
    meetings: dict[tuple[str, str], float] = {}
    for p in pairings:
        wins[p.first] += p.wins
        wins[p.second] += p.games - p.wins
        key = (p.first, p.second)
        meetings[key] = meetings.get(key, 0.0) + p.games
    for b in bots:  # the padding's virtual opponent, of strength 1
        meetings[(b, "")] = 2 * PRIOR
    value = {b: 1.0 for b in [*bots, ""]}
    for _ in range(ROUNDS):
        new = {}
        for b in bots:
            total = 0.0
            for (x, y), n in meetings.items():
                if b in (x, y):
                    other = y if x == b else x
                    total += n / (value[b] + value[other])
            new[b] = wins[b] / total if total else value[b]
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {b: v / mean for b, v in new.items()}
        moved = max(abs(new[b] - value[b]) for b in bots)
        value.update(new)
        if moved < 1e-9:
            break
    return {b: value[b] for b in bots}


def ratings(
    bots: Sequence[str], pairings: Sequence[Pairing], seed: int, anchor: str | None = "random"
) -> list[Rating]:
    """Every bot on the Elo scale (`anchor` at 0 where it plays, else the mean at 0), strongest
    first, with 95% intervals from a bootstrap over each pairing's games."""

    def elo(fit: dict[str, float]) -> dict[str, float]:
        zero = math.log(fit[anchor]) if anchor in fit else 0.0
        return {b: ELO * (math.log(v) - zero) for b, v in fit.items()}

    point = elo(strengths(bots, pairings))
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {b: [] for b in bots}
    for _ in range(BOOTSTRAPS):
        again = [
            Pairing(p.first, p.second, tuple(rng.choice(p.scores) for _ in p.scores), p.played)
            if p.scores
            else p
            for p in pairings
        ]
        for b, v in elo(strengths(bots, again)).items():
            draws[b].append(v)
    games = {b: sum(p.games for p in pairings if b in (p.first, p.second)) for b in bots}
    out = []
    for b in bots:
        ordered = sorted(draws[b])
        low = ordered[int(0.025 * (len(ordered) - 1))]
        high = ordered[int(0.975 * (len(ordered) - 1))]
        out.append(Rating(b, point[b], low, high, games[b]))
    return sorted(out, key=lambda r: -r.elo)


def pairs(bots: Sequence[str]) -> list[tuple[str, str]]:
    return list(combinations(bots, 2))


# --- what it says ------------------------------------------------------------------------------


def vs_lines(p: Pairing) -> list[str]:
    low, high = p.interval()
    share, (dlow, dhigh) = p.decided_rate()
    draws = p.games - p.decided
    lines = [f"{p.first} against {p.second}: {p.first} scored {_pct(p.rate)} "
             f"[{_pct(low)}, {_pct(high)}] of {p.games} games (seats alternated; a draw a half)",
             f"  of the {p.decided} decided games it won {_pct(share)} [{_pct(dlow)}, "
             f"{_pct(dhigh)}]; {draws} drawn"]  # fmt: skip
    if p.played > p.games:
        lines.append(f"  {p.played - p.games} games did not finish and are left out")
    return lines


def ladder_lines(rated: Sequence[Rating]) -> list[str]:
    lines = ["ladder (Bradley-Terry, Elo scale, random at 0 where it plays; 95% bootstrap):"]
    for r in rated:
        spread = "the scale's zero" if r.low == r.high == r.elo == 0 else (
            f"[{r.low:+.0f}, {r.high:+.0f}]")  # fmt: skip
        lines.append(f"  {r.bot:<16} {r.elo:+7.0f}  {spread}  {r.games} games")
    return lines


def _pair_rows(pairings: Sequence[Pairing]) -> list[list[str]]:
    rows = []
    for p in pairings:
        low, high = p.interval()
        share, (dlow, dhigh) = p.decided_rate()
        rows.append([p.first, p.second, str(p.games), _pct(p.rate),
                     f"{_pct(low)} to {_pct(high)}", str(p.decided),
                     f"{_pct(share)} ({_pct(dlow)} to {_pct(dhigh)})"])  # fmt: skip
    return rows


PAIR_HEADER = ("first", "second", "games", "first scored", "95% interval", "decided",
               "first won of decided")  # fmt: skip
RATING_HEADER = ("bot", "elo", "low", "high", "games")


def page(title: str, game_id: str, seed: int, pairings: Sequence[Pairing],
         rated: Sequence[Rating] | None) -> str:  # fmt: skip
    parts = [f"<h1>{html.escape(title)}: bots against bots</h1>",
             f"<p>Seed {seed}; seats alternated game by game; a draw counts a half. "
             "Intervals are 95% (Wilson for a pairing; a bootstrap over each pairing's games "
             "for the ratings).</p>"]  # fmt: skip
    if rated:
        parts.append("<h2>Ladder</h2><p>Bradley-Terry strengths fitted to every game, on the "
                     "Elo scale (400 points: ten to one odds), the random player at 0 where it "
                     "plays.</p>")  # fmt: skip
        parts.append(_table(["bot", "rating", "95% interval", "games"],
                            [[html.escape(r.bot), f"{r.elo:+.0f}", f"{r.low:+.0f} to {r.high:+.0f}",
                              str(r.games)] for r in rated]))  # fmt: skip
    parts.append("<h2>Pairings</h2>")
    rows = [[html.escape(c) for c in row] for row in _pair_rows(pairings)]
    parts.append(_table(list(PAIR_HEADER), rows))
    body = "\n".join(parts)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)} ({html.escape(game_id)}): bots</title>"
            f"<style>{STYLE}</style></head><body>\n{body}\n</body></html>\n")  # fmt: skip


def write(
    out_root: Path,
    game_id: str,
    title: str,
    seed: int,
    pairings: Sequence[Pairing],
    rated: Sequence[Rating] | None,
) -> Path:
    """output/GAME/balance-ladder/ (or balance-vs/ for one pairing): the page and its CSVs,
    published whole or not at all."""
    folder = "balance-ladder" if rated is not None else "balance-vs"
    final = out_root / game_id
    from cardgen.balance.report import _write_csv

    with staging_beside(final) as staging:
        inner = staging / folder
        inner.mkdir()
        (inner / "report.html").write_text(page(title, game_id, seed, pairings, rated), "utf-8")
        _write_csv(inner / "pairings.csv", PAIR_HEADER, _pair_rows(pairings))
        if rated is not None:
            _write_csv(inner / "ladder.csv", RATING_HEADER,
                       [[r.bot, f"{r.elo:.1f}", f"{r.low:.1f}", f"{r.high:.1f}", r.games]
                        for r in rated])  # fmt: skip
        publish(final, staging, Owner.KIT, f"cardgen balance {game_id} --ladder", [folder])
    return final / folder / "report.html"
