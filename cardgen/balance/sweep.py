"""A designer's questions about one number: what happens as it moves, and which value is fair.

- `sweep` plays the same seeded games (game `i` of every value from the same seed) at each value
  of a rule number or a card's stat, and keeps each value's figures: the first player's rate,
  game length, draws, lead changes and the affected cards' win rates, each with its interval.
- `tune` plays the same games at each allowed value of a card's stat and names the value whose
  win rate lies closest to the rate of the card's kind.
- `suggest` does the same for an outlier of the plain report, a few steps either way of each of
  its stats, and names the change that brings it back to its kind.

Playing the same seeds at every value (common random numbers) means the differences between
values come from the number, not from different deals. How the games are played (this process,
local cores, a Dask cluster) is the caller's `Runner`; the figures do not depend on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from cardgen.balance.adapters import Adapter
from cardgen.balance.play import GameRecord
from cardgen.balance.snapshot import Snapshot
from cardgen.balance.stats import MEASURES, MIN_GAMES, CardFigure, Figures, figures
from cardgen.balance.variants import Target, VariantError, with_value
from cardgen.balance.workers import Job
from cardgen.data.game import Game

Runner = Callable[[list[Job], str], list[list[GameRecord]]]  # jobs, a label -> their records
MAX_TUNE_VALUES = 16  # values played in the first round of a search; then the best's neighbours
SHOWN_MOVERS = 5  # a rule number no card cites: the cards whose rates moved most


@dataclass(frozen=True)
class Setting:
    """What every run of one question shares."""

    adapter: Adapter
    game: Game
    snapshot: Snapshot
    bot: str
    seed: int
    games: int  # per value
    names: Mapping[str, str]
    kinds: Mapping[str, str]

    def figures(self, records: list[GameRecord]) -> Figures:
        a = self.adapter
        return figures(a.game_id, self.game.name, self.bot, self.seed, a.solo, self.names,
                       records, self.kinds, a.lead is not None)  # fmt: skip

    def job(self, data: Snapshot) -> Job:
        return Job(data, self.adapter.game_id, self.bot, self.seed, self.games)


@dataclass(frozen=True)
class Point:
    """One value: its figures, or why it could not be played."""

    value: int
    figures: Figures | None
    refused: str = ""


def _variants(
    setting: Setting, target: Target, values: Sequence[int]
) -> list[tuple[int, Snapshot | None, str]]:
    out: list[tuple[int, Snapshot | None, str]] = []
    for value in values:
        if value == target.value:
            out.append((value, setting.snapshot, ""))
            continue
        try:
            out.append((value, with_value(setting.snapshot, target, value), ""))
        except VariantError as exc:
            out.append((value, None, str(exc)))
    return out


def play_values(
    setting: Setting, target: Target, values: Sequence[int], runner: Runner, label: str
) -> list[Point]:
    """Every value's figures, the values played together (one batch of jobs)."""
    planned = _variants(setting, target, values)
    jobs = [setting.job(data) for _, data, _ in planned if data is not None]
    results = iter(runner(jobs, label) if jobs else [])
    return [Point(value, setting.figures(next(results)) if data is not None else None, why)
            for value, data, why in planned]  # fmt: skip


# --- sweeps --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sweep:
    target: Target
    games: int  # per value
    points: tuple[Point, ...]
    affected: tuple[tuple[str, str], ...]  # (card, measure) shown on the plots
    why_affected: str  # how they were chosen, in words


def sweep(setting: Setting, target: Target, values: Sequence[int], runner: Runner) -> Sweep:
    points = play_values(setting, target, values, runner, f"{target.name} at {len(values)} values")
    affected, why = _affected(setting.game, target, points)
    return Sweep(target, setting.games, tuple(points), tuple(affected), why)


def card_at(fig: Figures | None, card: str, measure: str) -> CardFigure | None:
    if fig is None:
        return None
    return next((c for c in fig.cards if c.card == card and c.measure == measure), None)


def _measure(points: Sequence[Point], card: str) -> str | None:
    """The cleanest measure the card has games by at every value played."""
    played = [p.figures for p in points if p.figures is not None]
    for measure in MEASURES:
        found = [card_at(f, card, measure) for f in played]
        if found and all(c is not None and c.result.games > 0 for c in found):
            return measure
    return None


def citing(game: Game, number_id: str) -> list[str]:
    """The cards whose cells cite the rule number, or whose type's field bounds do."""
    pattern = re.compile(r"\{[^}]*\b" + re.escape(number_id) + r"\b[^}]*\}")
    found = []
    for type_spec in game.spec.types:
        bounds = [
            str(v) for f in type_spec.fields for v in (f.options.get("bounds") or {}).values()
        ]
        by_type = any(pattern.search(text) for text in bounds)
        for card in game.cards.get(type_spec.id, []):
            if by_type or any(pattern.search(text) for text in card.cited.values()):
                found.append(card.id)
    return found


def _affected(
    game: Game, target: Target, points: Sequence[Point]
) -> tuple[list[tuple[str, str]], str]:
    if target.card:
        measure = _measure(points, target.card)
        return ([(target.card, measure)] if measure else []), f"the card whose {target.field} it is"
    cited = [(c, m) for c in citing(game, target.name) if (m := _measure(points, c))]
    if cited:
        return cited, f"the cards whose data cites {target.name}"
    movers = []
    for card in sorted({c.card for p in points if p.figures for c in p.figures.cards}):
        measure = _measure(points, card)
        if measure is None:
            continue
        rates = [c.result.rate for p in points if (c := card_at(p.figures, card, measure))]
        movers.append((max(rates) - min(rates), card, measure))
    movers.sort(key=lambda m: (-m[0], m[1]))
    shown = [(card, measure) for _, card, measure in movers[:SHOWN_MOVERS]]
    return shown, f"no card cites {target.name}: the {len(shown)} cards whose rates moved most"


# --- searching for a fair value -----------------------------------------------------------------


@dataclass(frozen=True)
class Tune:
    """The card's rate at each value tried, against its kind's, and the value closest to it."""

    target: Target
    measure: str
    games: int  # per value
    points: tuple[Point, ...]

    def at(self, point: Point) -> CardFigure | None:
        return card_at(point.figures, self.target.card, self.measure)

    def distance(self, point: Point) -> float | None:
        card = self.at(point)
        return None if card is None else abs(card.result.rate - card.mean)

    def smoothed(self) -> dict[int, float]:
        """Each measured value's gap to its kind (rate minus kind's rate), fitted as a monotone
        curve of the value (pool-adjacent-violators, weighted by games, rising or falling as a
        straight line through the gaps does): a stat makes a card stronger or weaker steadily,
        and the fit keeps one lucky value's noise from choosing for it."""
        seen = [(p.value, c.result.rate - c.mean, c.result.games) for p in self.points
                if (c := self.at(p)) is not None and c.result.games > 0]  # fmt: skip
        if not seen:
            return {}
        xs = [v for v, _, _ in seen]
        mean_x = sum(xs) / len(xs)
        slope = sum((v - mean_x) * gap for v, gap, _ in seen)
        sign = 1.0 if slope >= 0 else -1.0
        blocks: list[list[float]] = []  # [weighted sum, weight, count]
        for _, gap, games in seen:
            blocks.append([sign * gap * games, float(games), 1.0])
            while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
                last = blocks.pop()
                blocks[-1] = [a + b for a, b in zip(blocks[-1], last, strict=True)]
        fitted = [sign * b[0] / b[1] for b in blocks for _ in range(int(b[2]))]
        return dict(zip(xs, fitted, strict=True))

    @property
    def best(self) -> Point | None:
        """The value whose fitted rate lies closest to its kind's (`smoothed`); ties go to the
        smaller change, then to the value measured closest."""
        fit = self.smoothed()
        scored = [(abs(fit[p.value]), abs(p.value - self.target.value), d, p)
                  for p in self.points if (d := self.distance(p)) is not None]  # fmt: skip
        return min(scored, key=lambda s: s[:3])[3] if scored else None

    def fits(self, point: Point) -> bool:
        """Its interval reaches its kind's rate."""
        card = self.at(point)
        if card is None:
            return False
        low, high = card.result.interval
        return low <= card.mean <= high


def _spread(allowed: list[int], current: int) -> list[int]:
    if len(allowed) <= MAX_TUNE_VALUES:
        return allowed
    step = (len(allowed) - 1) / (MAX_TUNE_VALUES - 1)
    return sorted({allowed[round(i * step)] for i in range(MAX_TUNE_VALUES)} | {current})


def tune(
    setting: Setting, target: Target, runner: Runner, measure: str | None = None,
    values: Sequence[int] | None = None,
) -> Tune:  # fmt: skip
    """Every allowed value of the card's stat (or `values`), evenly spread when there are many,
    then the best one's neighbours."""
    allowed = list(values) if values is not None else target.allowed()
    first = _spread(allowed, target.value)
    points = play_values(setting, target, first, runner, f"{target.name}: {len(first)} values")
    chosen = measure or _measure(points, target.card)
    if chosen is None:
        raise VariantError(f"--tune {target.name}: {target.card} was not dealt, played or owned "
                           f"in {setting.games} games; give more --games")  # fmt: skip
    found = Tune(target, chosen, setting.games, tuple(points))
    best = found.best
    if best is not None and len(first) < len(allowed):
        at = allowed.index(best.value)
        near = [v for v in allowed[max(0, at - 3) : at + 4] if v not in first]
        more = play_values(setting, target, near, runner, f"{target.name}: {len(near)} more")
        every = tuple(sorted((*points, *more), key=lambda p: p.value))
        found = Tune(target, chosen, setting.games, every)
    return found


@dataclass(frozen=True)
class Suggestion:
    """A stat change that brings an outlier back to its kind, by the same measure."""

    card: str
    measure: str
    target: Target  # the stat
    value: int
    figure: CardFigure  # the card at that value
    fits: bool  # its interval then reaches its kind's rate


def stats_of(game: Game, card_id: str) -> list[str]:
    """A card's whole-number fields with a declared range (its copies' count left out)."""
    card = game.by_id(card_id)
    if card is None:
        return []
    spec = game.spec.type(card.type)
    return [f.name for f in spec.fields if f.type == "int" and f.min is not None
            and f.max is not None and f.name != spec.quantity_field]  # fmt: skip


Tried = tuple[str, Target, int, Figures]  # card, stat, value, the figures played there


def _play_changes(
    setting: Setting, changes: Sequence[tuple[str, Target, int]], runner: Runner
) -> list[Tried]:
    planned = [(c, t, v, data) for c, t, value in changes
               for v, data, _ in _variants(setting, t, [value]) if data is not None]  # fmt: skip
    jobs = [setting.job(data) for *_, data in planned]
    results = runner(jobs, f"suggestions: {len(jobs)} changes") if jobs else []
    return [(c, t, v, setting.figures(r)) for (c, t, v, _), r in zip(planned, results, strict=True)]


def _choices(outlier: CardFigure, now: CardFigure, tried: Sequence[Tried]) -> list[Suggestion]:
    """The changes tried that bring the outlier closer to its kind, by the same measure."""
    out = []
    for card_id, target, value, fig in tried:
        card = card_at(fig, card_id, outlier.measure) if card_id == outlier.card else None
        if card is None or card.result.games < MIN_GAMES:
            continue
        if abs(card.result.rate - card.mean) >= abs(now.result.rate - now.mean):
            continue
        low, high = card.result.interval
        out.append(Suggestion(outlier.card, outlier.measure, target, value, card,
                              low <= card.mean <= high))  # fmt: skip
    return out


def suggest(
    setting: Setting, outliers: Sequence[CardFigure], runner: Runner, base: Figures,
    max_steps: int = 4,
) -> list[Suggestion]:  # fmt: skip
    """For each outlier, each of its stats one step either way, all played in one batch on the
    same seeds as `base` (the run's first `setting.games` games, at the values as they are);
    then the best change's direction a step further each round, while it comes closer but not
    yet back, up to `max_steps`. Names the change that brings the rate back to its kind's (its
    interval reaching the kind's rate), else the closest; the smaller change on a tie."""
    from cardgen.balance.variants import find

    firsts: list[tuple[str, Target, int]] = []
    for card_id in dict.fromkeys(o.card for o in outliers):
        row = setting.game.by_id(card_id)
        for stat in stats_of(setting.game, card_id) if row is not None else []:
            assert row is not None
            target = find(setting.game, f"{row.type}.{row.id}.{stat}")
            firsts += [(card_id, target, target.value + d) for d in (-1, 1)
                       if target.low is not None and target.high is not None
                       and target.low <= target.value + d <= target.high]  # fmt: skip
    tried = _play_changes(setting, firsts, runner)
    for _ in range(max_steps - 1):
        further = []
        for outlier in outliers:
            now = card_at(base, outlier.card, outlier.measure)
            choices = _choices(outlier, now, tried) if now is not None else []
            best = min(choices, key=_rank) if choices else None
            if best is None or best.fits:
                continue
            t = best.target
            step = best.value + (1 if best.value > t.value else -1)
            done = {(c, x.name, v) for c, x, v, _ in tried}
            if t.low is not None and t.high is not None and t.low <= step <= t.high \
                    and (outlier.card, t.name, step) not in done:  # fmt: skip
                further.append((outlier.card, t, step))
        if not further:
            break
        unique = {(c, t.name, v): (c, t, v) for c, t, v in further}
        tried += _play_changes(setting, list(unique.values()), runner)
    found = []
    for outlier in outliers:
        now = card_at(base, outlier.card, outlier.measure)
        choices = _choices(outlier, now, tried) if now is not None else []
        if choices:
            found.append(min(choices, key=_rank))
    return found


def _rank(s: Suggestion) -> tuple[bool, float, int]:
    return (not s.fits, abs(s.figure.result.rate - s.figure.mean), abs(s.value - s.target.value))
