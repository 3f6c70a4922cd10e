"""The balance report: one HTML page, the same figures as CSV files, and a terminal summary.

Everything is written into a staging folder and published into `output/<game>/balance/` in one
move (`cardgen.data.outputs`): the game's kit folder is cardgen's, only the `balance` entry is
replaced, and a file a designer changed by hand there is refused rather than overwritten.
"""

from __future__ import annotations

import csv
import html
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.balance.stats import (
    MEASURES,
    CardFigure,
    Change,
    Figures,
    Rate,
    length_summary,
    wilson,
)
from cardgen.data.outputs import Owner, publish, staging_beside

if TYPE_CHECKING:
    from cardgen.balance.sweep import Suggestion

FOLDER = "balance"
SHOWN_OUTLIERS = 5


def _pct(value: float) -> str:
    return f"{value:.1%}"


def _interval(rate: Rate) -> str:
    low, high = rate.interval
    return f"{_pct(rate.rate)} [{_pct(low)}, {_pct(high)}]"


# --- CSV -----------------------------------------------------------------------------------------


def _write_csv(path: Path, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)


def _r(value: float) -> str:
    return f"{value:.4f}"


def summary_rows(fig: Figures) -> list[tuple[str, str]]:
    rows = [("game", fig.game_id), ("bot", fig.bot), ("seed", str(fig.seed)),
            ("games", str(fig.games)), ("finished", str(fig.finished))]  # fmt: skip
    if fig.solo:
        low, high = fig.seats[0].interval
        rows += [("win rate", _r(fig.seats[0].rate)), ("win rate low", _r(low)),
                 ("win rate high", _r(high))]  # fmt: skip
    else:
        rows.append(("draws", str(fig.draws)))
        for seat, rate in enumerate(fig.seats):
            rows.append((f"seat {seat + 1} win rate", _r(rate.rate)))
        if fig.first is not None:
            low, high = fig.first.interval
            rows += [("first player win rate", _r(fig.first.rate)),
                     ("first player low", _r(low)), ("first player high", _r(high)),
                     ("games with a known first player", str(fig.first.games))]  # fmt: skip
    rows += [(f"length {k}", _r(v)) for k, v in length_summary(fig.lengths).items()]
    return rows + _added_rows(fig)


def _added_rows(fig: Figures) -> list[tuple[str, str]]:
    """The measures beside per-card rates, after the first figures (which stay as they were)."""
    rows = []
    m = fig.measures
    if not fig.solo and fig.first is not None and fig.first.games:
        rows.append(("first player edge", _r(fig.first.rate - 0.5)))
    if m is not None:
        if not fig.solo:
            low, high = wilson(fig.draws, fig.finished)
            rows += [("draw rate", _r(m.draws)), ("draw rate low", _r(low)),
                     ("draw rate high", _r(high))]  # fmt: skip
        rows += [("length sd", _r(m.length_sd)), ("length q1", _r(m.length_q1)),
                 ("length q3", _r(m.length_q3))]  # fmt: skip
        if m.has_lead:
            rows += [("lead changes per game", _r(m.lead_changes)),
                     ("games with a lead change", _r(m.comebacks))]  # fmt: skip
            if m.settled is not None:
                rows.append(("winner ahead for good after (median share)", _r(m.settled)))
    if fig.skill is not None and fig.skill.games:
        low, high = wilson(fig.skill.wins, fig.skill.games)
        rows += [("skill games", str(fig.skill.played)),
                 (f"skill: {fig.skill.strong} beats {fig.skill.weak}",
                  _r(fig.skill.wins / fig.skill.games)),
                 ("skill low", _r(low)), ("skill high", _r(high))]  # fmt: skip
    rows += [("outlier tests", str(fig.tests)),
             ("outliers at 95% before correction", str(fig.uncorrected)),
             ("outliers after correction (Benjamini-Hochberg, 5% FDR)",
              str(len(fig.outliers)))]  # fmt: skip
    return rows


def write_csvs(fig: Figures, folder: Path, changes: Sequence[Change] | None) -> None:
    _write_csv(folder / "summary.csv", ("figure", "value"), summary_rows(fig))
    _write_csv(
        folder / "cards.csv",
        ("card", "name", "measure", "games", "wins", "win_rate", "low", "high", "kind",
         "kind_win_rate", "outlier", *(("mean_depth",) if fig.solo else ()), "p", "adjusted_p"),
        [(c.card, c.name, c.measure, c.result.games, _r(c.result.wins), _r(c.result.rate),
          _r(c.result.interval[0]), _r(c.result.interval[1]), c.group, _r(c.mean), c.flag,
          *((_r(c.depth or 0.0),) if fig.solo else ()),
          "" if c.p is None else _r(c.p), "" if c.q is None else _r(c.q)) for c in fig.cards],
    )  # fmt: skip
    _write_csv(folder / "lengths.csv", ("game", "actions"), list(enumerate(fig.lengths)))
    _write_csv(folder / "effects.csv", ("effect", "times", "per_game"),
               [(name, n, _r(per)) for name, n, per in fig.effects])  # fmt: skip
    if fig.solo:
        rows = [(d, n, past, _r(past / n if n else 0.0)) for d, n, past in fig.depth]
        _write_csv(folder / "depth.csv", ("depth", "reached", "got_past", "survival"), rows)
    if changes is not None:
        _write_csv(
            folder / "compare.csv",
            ("card", "name", "measure", "games_before", "rate_before", "games_after",
             "rate_after", "delta", "z", "clear"),
            [(c.card, c.name, c.measure,
              c.before.games if c.before else "", _r(c.before.rate) if c.before else "",
              c.after.games if c.after else "", _r(c.after.rate) if c.after else "",
              _r(c.delta) if c.delta is not None else "", _r(c.z) if c.z is not None else "",
              "yes" if c.is_clear else "") for c in changes],
        )  # fmt: skip


# --- the terminal --------------------------------------------------------------------------------


def summary_text(
    fig: Figures, changes: Sequence[Change] | None = None, suggestions: Sequence[Suggestion] = ()
) -> list[str]:
    """A few lines for the terminal: the headline figures and the outliers by name."""
    lengths = length_summary(fig.lengths)
    lines = [f"{fig.title}: {fig.games} games ({fig.bot} bots, seed {fig.seed}), "
             f"{lengths['mean']:.0f} actions on average"]  # fmt: skip
    if fig.solo:
        lines.append(f"win rate {_interval(fig.seats[0])}")
        for depth, reached, past in fig.depth:
            lines.append(f"  dungeon {depth}: reached by {reached}, got past by "
                         f"{_pct(past / reached if reached else 0.0)}")  # fmt: skip
    elif fig.first is not None:
        lines.append(f"first player wins {_interval(fig.first)}")
    if fig.finished < fig.games:
        left = fig.games - fig.finished
        lines.append(f"{left} game{'s' * (left != 1)} did not finish: left out of the rates")
    lines += _measure_lines(fig)
    if not fig.outliers:
        lines.append(f"no outliers: after correcting for {fig.tests} tests, no card's rate "
                     "differs clearly from its kind's")  # fmt: skip
    for flag, cards in (("stronger", fig.strong), ("weaker", fig.weak)):
        if not cards:
            continue
        lines.append(f"{len(cards)} {flag} than the cards of their kind:")
        for card in cards[:SHOWN_OUTLIERS]:
            lines.append(f"  {card.name} when {card.measure}: {_interval(card.result)} in "
                         f"{card.result.games} games; {card.group} {_pct(card.mean)}")  # fmt: skip
        if len(cards) > SHOWN_OUTLIERS:
            lines.append(f"  ... and {len(cards) - SHOWN_OUTLIERS} more in the report")
    if fig.tests:
        lines.append(f"  ({fig.tests} card x measure tests, corrected by Benjamini-Hochberg "
                     f"at a 5% false discovery rate; {fig.uncorrected} at 95% each "
                     "before)")  # fmt: skip
    for s in suggestions:
        lines.append(f"  {_suggestion(s)}")
    if changes is not None:
        clear = [c for c in changes if c.is_clear]
        lines.append(f"compared: {len(clear)} clear changes")
        for change in clear[:SHOWN_OUTLIERS]:
            assert change.before is not None and change.after is not None
            lines.append(f"  {change.name} when {change.measure}: {_pct(change.before.rate)} -> "
                         f"{_pct(change.after.rate)}")  # fmt: skip
    return lines


def _suggestion(s: Suggestion) -> str:
    c = s.figure
    low, high = c.result.interval
    verb = "brings it back" if s.fits else "brings it closest"
    return (f"{c.name}: {s.target.field} {s.target.value} -> {s.value} {verb}: when "
            f"{s.measure} {_pct(c.result.rate)} [{_pct(low)}, {_pct(high)}], its kind "
            f"{_pct(c.mean)} ({c.result.games} games)")  # fmt: skip


def _measure_lines(fig: Figures) -> list[str]:
    m, lines = fig.measures, list[str]()
    if m is None:
        return lines
    if not fig.solo:
        lines.append(f"draws {_pct(m.draws)}, length spread sd {m.length_sd:.1f} (middle half "
                     f"{m.length_q1:.0f} to {m.length_q3:.0f})")  # fmt: skip
    if m.has_lead:
        lines.append(f"lead changes {m.lead_changes:.2f} per game (in {_pct(m.comebacks)} of "
                     f"games at least once)")  # fmt: skip
    if fig.skill is not None and fig.skill.games:
        k = fig.skill
        lines.append(f"skill: {k.strong} beats {k.weak} {_interval(Rate(k.wins, k.games))} "
                     f"(50% would be a coin toss)")  # fmt: skip
    return lines


WHEN = {
    "dealt": "Each seat's cards after the opening deal, against that seat's result.",
    "played": "The cards a seat played (placed, laid, brought in or attached) during the game.",
    "owned": "The cards a seat held at any moment of the game.",
}

# --- the page ------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 60rem; color: #222;
       padding: 0 1rem; line-height: 1.4; }
h1 { margin-bottom: 0.2rem; } .sub { color: #666; margin-top: 0; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
td, th { border-bottom: 1px solid #ddd; padding: 0.2rem 0.6rem; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.strong { color: #c0392b; font-weight: bold; } .weak { color: #2471a3; font-weight: bold; }
svg.plot { width: 100%; height: auto; } .note { color: #666; font-size: 0.85rem; }
"""


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], numeric: int = 1) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(
            f'<td class="n">{cell}</td>' if i >= numeric else f"<td>{cell}</td>"
            for i, cell in enumerate(row)) + "</tr>"
        for row in rows
    )  # fmt: skip
    return f"<table><tr>{head}</tr>{body}</table>"


def _card_row(card: CardFigure) -> list[str]:
    low, high = card.result.interval
    flag = f'<span class="{card.flag}">{card.flag}</span>' if card.flag else ""
    return [html.escape(card.name), html.escape(card.measure), str(card.result.games),
            _pct(card.result.rate), f"{_pct(low)} to {_pct(high)}",
            f"{html.escape(card.group)} {_pct(card.mean)}", flag]  # fmt: skip


def _headline(fig: Figures) -> str:
    lengths = length_summary(fig.lengths)
    rows = [["games played", str(fig.games)], ["finished", str(fig.finished)]]
    if fig.solo:
        rows.append(["win rate", _interval(fig.seats[0])])
    else:
        rows.append(["draws", str(fig.draws)])
        if fig.first is not None:
            rows.append(["first player wins", _interval(fig.first)])
        rows += [[f"seat {s + 1} wins", _interval(r)] for s, r in enumerate(fig.seats)]
    rows += [
        [
            "game length (actions)",
            f"mean {lengths['mean']:.1f}, median "
            f"{lengths['median']:.0f}, {lengths['shortest']:.0f} to {lengths['longest']:.0f}",
        ]
    ]
    return _table(["figure", "value"], rows + _measure_rows(fig))  # fmt: skip


def _measure_rows(fig: Figures) -> list[list[str]]:
    """The measures designers use beside per-card rates."""
    m, rows = fig.measures, list[list[str]]()
    if m is None:
        return rows
    if not fig.solo and fig.first is not None and fig.first.games:
        low, high = fig.first.interval
        rows.append(["first player's edge", f"{fig.first.rate - 0.5:+.1%} "
                     f"[{low - 0.5:+.1%}, {high - 0.5:+.1%}] over an even 50%"])  # fmt: skip
    if not fig.solo:
        rows.append(["draw rate", _interval(Rate(fig.draws, fig.finished))])
    rows.append(["game length spread", f"sd {m.length_sd:.1f}; the middle half of games "
                 f"{m.length_q1:.0f} to {m.length_q3:.0f} actions"])  # fmt: skip
    if m.has_lead:
        rows.append(["lead changes", f"{m.lead_changes:.2f} per game; at least once in "
                     f"{_pct(m.comebacks)} of games"])  # fmt: skip
        if m.settled is not None:
            rows.append(["winner ahead for good", f"after {_pct(m.settled)} of the game "
                         "(median): early means decided early"])  # fmt: skip
    if fig.skill is not None and fig.skill.games:
        k = fig.skill
        rows.append(["skill expression", f"{html.escape(k.strong)} beats {html.escape(k.weak)} "
                     f"{_interval(Rate(k.wins, k.games))} of {k.games} games, seats "
                     "alternated (a coin toss: 50%)"])  # fmt: skip
    return rows


def page(
    fig: Figures,
    changes: Sequence[Change] | None,
    against: str | None,
    suggestions: Sequence[Suggestion] = (),
) -> str:
    from cardgen.balance import plots  # matplotlib loads only when a report is drawn

    parts = [
        f"<h1>{html.escape(fig.title)}: balance</h1>",
        f'<p class="sub">{fig.games} '
        + (
            f"runs of a {html.escape(fig.bot)} hero"
            if fig.solo
            else f"games of {html.escape(fig.bot)} bots against each other"
        )
        + f", seed {fig.seed}. Rerun "
        f"<code>cardgen balance {html.escape(fig.game_id)} --seed {fig.seed} --games "
        f"{fig.games}</code> for the same figures.</p>",
        "<h2>At a glance</h2>",
        _headline(fig),
    ]
    outliers = fig.outliers
    parts.append("<h2>Outliers</h2>")
    if outliers:
        parts.append("<p>Cards whose win rate lies clearly above (strong) or below (weak) "
                     "the win rate of the cards of their kind, the rate when dealt first, each "
                     "furthest first. The rate when dealt is the cleanest: the deal is random, "
                     "while a card played or owned may come to a player who is already winning, "
                     "or be one the bots favour.</p>")  # fmt: skip
        parts.append(_table(["card", "when", "games", "win rate", "95% interval", "its kind",
                             ""], [_card_row(c) for c in outliers], 2))  # fmt: skip
    else:
        parts.append("<p>None: no card's win rate differs clearly from its kind's.</p>")
    parts.append(_correction(fig))
    if suggestions:
        parts.append("<h3>Changes that would bring them back</h3>")
        parts.append("<p>Each outlier's stats moved a step down and up, then further in the "
                     "better direction while that helps (up to four steps), played on the same "
                     "seeds as this run's first games; the change that brings its rate back to "
                     "its kind's (its interval reaching it), else closest to it, by the same "
                     "measure. Check one with <code>--tune</code>.</p>")  # fmt: skip
        parts.append("<ul>" + "".join(f"<li>{html.escape(_suggestion(s))}</li>"
                                      for s in suggestions) + "</ul>")  # fmt: skip
    if changes is not None:
        parts.append(f"<h2>What the change did (against {html.escape(against or '')})</h2>")
        parts.append(plots.changes(changes))
        rows = [[html.escape(c.name), c.measure,
                 _pct(c.before.rate) if c.before else "-", _pct(c.after.rate) if c.after else "-",
                 f"{c.delta:+.1%}" if c.delta is not None else "-",
                 f"{c.z:+.1f}" if c.z is not None else "-",
                 '<span class="strong">clear</span>' if c.is_clear else ""]
                for c in changes]  # fmt: skip
        parts.append(_table(["card", "when", "before", "after", "change", "z", ""], rows, 2))
    for measure in MEASURES:
        cards = [c for c in fig.cards if c.measure == measure]
        if cards:
            parts.append(f"<h2>Win rate when {measure}</h2>")
            parts.append(f"<p>{WHEN[measure]}</p>")
            parts.append(plots.card_rates(cards, measure))
    if fig.solo:
        held = sorted((c for c in fig.cards if c.depth is not None),
                      key=lambda c: (-(c.depth or 0.0), c.card, c.measure))  # fmt: skip
        parts.append("<h2>How deep the runs got with each card</h2>")
        parts.append(_table(["card", "when", "runs", "mean dungeon reached"],
                            [[html.escape(c.name), c.measure, str(c.result.games),
                              f"{c.depth or 0.0:.2f}"] for c in held], 2))  # fmt: skip
    if fig.solo and fig.depth:
        parts.append("<h2>Survival by dungeon</h2>")
        parts.append(plots.depth(fig))
        parts.append(_table(["dungeon", "runs reaching it", "got past it", "survival"],
                            [[str(d), str(n), str(p), _pct(p / n if n else 0.0)]
                             for d, n, p in fig.depth]))  # fmt: skip
    parts.append("<h2>Game length</h2>")
    parts.append(plots.lengths(fig.lengths))
    parts.append("<h2>How often each rule or effect fires</h2>")
    parts.append(plots.effects(fig.effects))
    parts.append(
        _table(
            ["effect", "times", "per game"],
            [[html.escape(n), str(t), f"{p:.2f}"] for n, t, p in fig.effects],
        )
    )
    parts.append('<p class="note">The same figures are in the CSV files beside this page.</p>')
    body = "\n".join(parts)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(fig.title)}: balance</title><style>{STYLE}</style></head>"
            f"<body>\n{body}\n</body></html>\n")  # fmt: skip


def _correction(fig: Figures) -> str:
    chance = fig.tests * 0.05
    return (
        f'<p class="note">{fig.tests} card x measure pairs were tested against their kind. '
        f"At 95% each, about {chance:.0f} would be flagged by chance alone; "
        f"{fig.uncorrected} were. The list above is corrected for the number of tests "
        "(Benjamini-Hochberg): among the cards it lists, at most about 1 in 20 is expected "
        "to be a false alarm. The p and adjusted_p columns of cards.csv hold each test.</p>"
    )


def write_report(
    fig: Figures,
    out_root: Path,
    changes: Sequence[Change] | None = None,
    against: str | None = None,
    suggestions: Sequence[Suggestion] = (),
) -> Path:
    """Stage and publish `out_root/<game>/balance/`; returns the page's path."""
    final = out_root / fig.game_id
    with staging_beside(final) as staging:
        folder = staging / FOLDER
        folder.mkdir()
        (folder / "report.html").write_text(
            page(fig, changes, against, suggestions), encoding="utf-8"
        )
        write_csvs(fig, folder, changes)
        publish(final, staging, Owner.KIT, f"cardgen balance {fig.game_id}", [FOLDER])
    return final / FOLDER / "report.html"
