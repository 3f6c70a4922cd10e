"""The report's plots, drawn with matplotlib as SVG text to put inline in the page.

The only module of the balance report that imports matplotlib (tests/test_architecture.py keeps
it so). Each function takes figures and returns an `<svg>` element; text stays text (fonts are not
turned into paths), ids are salted with a fixed string and no date is written, so the same run
draws the same bytes.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from cardgen.balance.stats import CardFigure, Change, Figures

STRONG, WEAK, PLAIN, MEAN = "#c0392b", "#2471a3", "#7f8c8d", "#27ae60"
SETTINGS: Any = {"svg.fonttype": "none", "svg.hashsalt": "cardgen-balance", "font.size": 9}
MAX_ROWS = 60  # cards shown in a plot; the CSV has them all


def _svg(figure: Figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _strip_size(svg: str) -> str:
    """Let the page scale the plot to its column (the viewBox keeps the shape)."""
    size = r'<svg([^>]*?) width="[^"]*" height="[^"]*"'
    return re.sub(size, r'<svg\1 class="plot"', svg, count=1)


def card_rates(cards: Sequence[CardFigure], measure: str) -> str:
    """Each card's win rate with its interval against its kind's mean (the green tick),
    outliers first, as a horizontal forest plot."""
    shown = sorted(cards, key=lambda c: (-c.gap, -c.result.rate, c.card))[:MAX_ROWS]
    shown.reverse()
    with plt.rc_context(SETTINGS):
        figure, axes = plt.subplots(figsize=(7.5, 0.8 + 0.22 * max(1, len(shown))))
        for row, card in enumerate(shown):
            low, high = card.result.interval
            colour = {"strong": STRONG, "weak": WEAK}.get(card.flag, PLAIN)
            axes.plot([low, high], [row, row], color=colour, linewidth=2)
            axes.plot([card.result.rate], [row], "o", color=colour, markersize=4)
            axes.plot([card.mean], [row], "|", color=MEAN, markersize=9, markeredgewidth=2)
        axes.set_yticks(range(len(shown)), [f"{c.name} (n={c.result.games})" for c in shown])
        axes.set_xlim(0, 1)
        axes.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        axes.set_xlabel(f"win rate when {measure}, 95% Wilson interval; green: its kind's mean")
        axes.grid(axis="x", alpha=0.3)
        return _strip_size(_svg(figure))


def lengths(values: Sequence[int]) -> str:
    with plt.rc_context(SETTINGS):
        figure, axes = plt.subplots(figsize=(7.5, 2.6))
        axes.hist(values, bins=min(40, max(5, len(set(values)))), color=PLAIN)
        axes.set_xlabel("actions per game")
        axes.set_ylabel("games")
        return _strip_size(_svg(figure))


def effects(rows: Sequence[tuple[str, int, float]]) -> str:
    shown = list(rows[:MAX_ROWS])
    shown.reverse()
    with plt.rc_context(SETTINGS):
        figure, axes = plt.subplots(figsize=(7.5, 0.8 + 0.22 * max(1, len(shown))))
        axes.barh(range(len(shown)), [r[2] for r in shown], color=PLAIN)
        axes.set_yticks(range(len(shown)), [r[0] for r in shown])
        axes.set_xlabel("times per game")
        axes.grid(axis="x", alpha=0.3)
        return _strip_size(_svg(figure))


def depth(figures: Figures) -> str:
    """Runs reaching each depth, and the share of them that got past it."""
    rows = figures.depth
    with plt.rc_context(SETTINGS):
        figure, axes = plt.subplots(figsize=(7.5, 2.8))
        levels = [r[0] for r in rows]
        reached = [r[1] / max(1, figures.games) for r in rows]
        survived = [r[2] / r[1] if r[1] else 0.0 for r in rows]
        axes.bar(levels, reached, color=PLAIN, label="runs reaching it")
        axes.plot(levels, survived, "o-", color=STRONG, label="of those, got past it")
        axes.set_xticks(levels)
        axes.set_xlabel("dungeon")
        axes.set_ylim(0, 1)
        axes.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        axes.legend(loc="upper right")
        return _strip_size(_svg(figure))


def changes(rows: Sequence[Change]) -> str:
    """Each card's win rate before (hollow) and after (filled), the clearest changes on top."""
    shown = [c for c in rows if c.before is not None and c.after is not None][:MAX_ROWS]
    shown.reverse()
    with plt.rc_context(SETTINGS):
        figure, axes = plt.subplots(figsize=(7.5, 0.8 + 0.22 * max(1, len(shown))))
        for row, change in enumerate(shown):
            assert change.before is not None and change.after is not None
            colour = STRONG if change.is_clear else PLAIN
            before, after = change.before.rate, change.after.rate
            axes.plot([before, after], [row, row], color=colour, linewidth=1.5)
            axes.plot([before], [row], "o", mfc="white", color=colour, markersize=4)
            axes.plot([after], [row], "o", color=colour, markersize=4)
        axes.set_yticks(range(len(shown)), [f"{c.name} ({c.measure})" for c in shown])
        axes.set_xlim(0, 1)
        axes.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        axes.set_xlabel("win rate: before (hollow) and after (filled); red: a clear change")
        axes.grid(axis="x", alpha=0.3)
        return _strip_size(_svg(figure))


Series = tuple[str, Sequence[float], Sequence[float], Sequence[float]]  # label, value, low, high
COLOURS = ("#c0392b", "#2471a3", "#27ae60", "#8e44ad", "#d35400", "#16a085", "#7f8c8d")


def sweep(xs: Sequence[int], series: Sequence[Series], xlabel: str, ylabel: str,
          share: bool = False, level: float | None = None) -> str:  # fmt: skip
    """Figures against the value swept: each series a line through its values, its intervals
    as a band; `share` draws the y axis as percentages, `level` a dashed reference line."""
    with plt.rc_context(SETTINGS):
        figure, axes = plt.subplots(figsize=(7.5, 3.0))
        for n, (label, values, lows, highs) in enumerate(series):
            colour = COLOURS[n % len(COLOURS)]
            axes.fill_between(xs, lows, highs, color=colour, alpha=0.15, linewidth=0)
            axes.plot(xs, values, "o-", color=colour, markersize=4, label=label)
        if level is not None:
            axes.axhline(level, color=PLAIN, linestyle="--", linewidth=1)
        axes.set_xticks(list(xs))
        axes.set_xlabel(xlabel)
        axes.set_ylabel(ylabel)
        if share:
            axes.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        axes.grid(alpha=0.3)
        if len(series) > 1:
            axes.legend(loc="best", fontsize=8)
        return _strip_size(_svg(figure))
