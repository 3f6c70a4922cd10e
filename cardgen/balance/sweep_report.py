"""The pages and CSV files of a sweep (`--vary`) and a search (`--tune`), and their terminal lines.

Each is published as its own entry of the game's kit folder, beside the plain report:
`output/<game>/balance-vary-<name>/` and `output/<game>/balance-tune-<name>/`, so one question's
answer never replaces another's.
"""

from __future__ import annotations

import html
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.balance.measures import mean_interval
from cardgen.balance.report import STYLE, _pct, _r, _table, _write_csv
from cardgen.balance.stats import Figures, wilson
from cardgen.balance.sweep import Point, Sweep, Tune, card_at
from cardgen.data.outputs import Owner, publish, staging_beside

if TYPE_CHECKING:
    from cardgen.balance.plots import Series


def _length(fig: Figures) -> tuple[float, float, float]:
    low, high = mean_interval([float(n) for n in fig.lengths])
    return statistics.fmean(fig.lengths) if fig.lengths else 0.0, max(0.0, low), high


def _first(fig: Figures) -> tuple[float, float, float] | None:
    """The first player's win rate and interval; a solo game's: its win rate."""
    rate = fig.seats[0] if fig.solo and fig.seats else fig.first
    if rate is None or not rate.games:
        return None
    return rate.rate, *rate.interval


def _said(fig: Figures | None) -> str:
    return "win rate" if fig is not None and fig.solo else "first player wins"


def _draws(fig: Figures) -> tuple[float, float, float]:
    low, high = wilson(fig.draws, fig.finished)
    return (fig.draws / fig.finished if fig.finished else 0.0), low, high


def _leads(fig: Figures) -> float | None:
    m = fig.measures
    return m.lead_changes if m is not None and m.has_lead else None


def _series(label: str, triples: Sequence[tuple[float, float, float]]) -> Series:
    """A plot's series from (value, low, high) triples."""
    return (label, [t[0] for t in triples], [t[1] for t in triples], [t[2] for t in triples])


def _three(triple: tuple[float, float, float] | None, pct: bool = True) -> str:
    if triple is None:
        return "-"
    show = _pct if pct else (lambda v: f"{v:.1f}")
    return f"{show(triple[0])} [{show(triple[1])}, {show(triple[2])}]"


# --- a sweep -------------------------------------------------------------------------------------


def sweep_rows(s: Sweep) -> list[list[object]]:
    rows: list[list[object]] = []
    for p in s.points:
        f = p.figures
        if f is None:
            rows.append([p.value, "no", "", "", "", "", "", "", "", "", "", "", "", "", "",
                         p.refused])  # fmt: skip
            continue
        first, length, draws = _first(f), _length(f), _draws(f)
        m = f.measures
        rows.append([p.value, "yes", f.games, f.finished,
                     *((_r(v) for v in first) if first else ("", "", "")),
                     *(_r(v) for v in length), _r(m.length_sd) if m else "",
                     _r(draws[0]), _r(m.lead_changes) if m and m.has_lead else "",
                     _r(m.comebacks) if m and m.has_lead else "", len(f.outliers), ""])  # fmt: skip
    return rows


SWEEP_HEADER = ("value", "played", "games", "finished", "first_player_win_rate", "first_low",
                "first_high", "length_mean", "length_low", "length_high", "length_sd",
                "draw_rate", "lead_changes", "games_with_lead_change", "outliers",
                "not_played_because")  # fmt: skip


def card_rows(s: Sweep) -> list[list[object]]:
    rows: list[list[object]] = []
    for p in s.points:
        for card, measure in s.affected:
            c = card_at(p.figures, card, measure)
            if c is not None:
                rows.append([p.value, c.card, c.name, c.measure, c.result.games,
                             _r(c.result.rate), _r(c.result.interval[0]),
                             _r(c.result.interval[1]), c.group, _r(c.mean)])  # fmt: skip
    return rows


CARD_HEADER = ("value", "card", "name", "measure", "games", "win_rate", "low", "high", "kind",
               "kind_win_rate")  # fmt: skip


def _played(s: Sweep) -> list[Point]:
    return [p for p in s.points if p.figures is not None]


def sweep_page(s: Sweep, title: str, game_id: str, bot: str, seed: int) -> str:
    from cardgen.balance import plots

    t, played = s.target, _played(s)
    xs = [p.value for p in played]
    figs = [p.figures for p in played if p.figures is not None]
    command = (f"cardgen balance {game_id} --vary {t.name}={s.points[0].value}.."
               f"{s.points[-1].value} --games {s.games} --seed {seed}")  # fmt: skip
    parts = [
        f"<h1>{html.escape(title)}: {html.escape(t.label)} from {s.points[0].value} to "
        f"{s.points[-1].value}</h1>",
        f'<p class="sub">{html.escape(t.name)} ({t.kind}, {t.value} in the data, allowed '
        f"{t.span}). {s.games} games of {html.escape(bot)} bots at each value, "
        f"{s.games * len(played)} in all: game <i>i</i> is played from the same seed at every "
        f"value, so what differs between values is the number. Rerun "
        f"<code>{html.escape(command)}</code> for the same figures.</p>",
    ]
    refused = [p for p in s.points if p.figures is None]
    if refused:
        parts.append("<p><b>Not played:</b> " + "; ".join(
            f"{p.value}: {html.escape(p.refused)}" for p in refused) + "</p>")  # fmt: skip
    rows = [[str(p.value), str(p.figures.games), _three(_first(p.figures)),
             _three(_length(p.figures), pct=False),
             f"{p.figures.measures.length_sd:.1f}" if p.figures.measures else "-",
             _three(_draws(p.figures)),
             f"{v:.2f}" if (v := _leads(p.figures)) is not None else "-"]
            for p in played if p.figures is not None]  # fmt: skip
    header = ["value", "games", _said(figs[0] if figs else None), "mean length (actions)",
              "length spread (sd)", "draws", "lead changes per game"]  # fmt: skip
    parts.append(_table(header, rows))
    if figs and all(_first(f) for f in figs):
        firsts = [_first(f) or (0.0, 0.0, 0.0) for f in figs]
        if figs[0].solo:
            parts.append("<h2>Win rate</h2>")
            parts.append("<p>How often a run is won, with its 95% interval (the band).</p>")
        else:
            parts.append("<h2>The first player's edge</h2>")
            parts.append("<p>How often the seat that went first wins, with its 95% interval "
                         "(the band); the dashed line is 50%, no edge.</p>")  # fmt: skip
        said = _said(figs[0])
        parts.append(plots.sweep(xs, [_series(said, firsts)], t.name, said, share=True,
                                 level=None if figs[0].solo else 0.5))  # fmt: skip
    if figs:
        lengths = [_length(f) for f in figs]
        parts.append("<h2>Game length</h2>")
        parts.append("<p>Mean actions per game (chance included), with the mean's 95% "
                     "interval.</p>")  # fmt: skip
        parts.append(plots.sweep(xs, [_series("mean length", lengths)], t.name,
                                 "actions per game"))  # fmt: skip
        if not figs[0].solo and any(f.draws for f in figs):  # no draws anywhere: the table says
            draws = [_draws(f) for f in figs]
            parts.append("<h2>Draws</h2>")
            parts.append(plots.sweep(xs, [_series("draws", draws)], t.name,
                                     "draws", share=True))  # fmt: skip
    if s.affected and figs:
        parts.append("<h2>The cards it touches</h2>")
        parts.append(
            f"<p>Win rates of {html.escape(s.why_affected)}, each by its cleanest "
            "measure (dealt, else played, else owned), with 95% intervals.</p>"
        )
        series = []
        for card, measure in s.affected:
            found = [card_at(f, card, measure) for f in figs]
            if all(c is not None for c in found):
                cs = [c for c in found if c is not None]
                series.append((f"{cs[0].name} ({measure})", [c.result.rate for c in cs],
                               [c.result.interval[0] for c in cs],
                               [c.result.interval[1] for c in cs]))  # fmt: skip
        if series:
            parts.append(plots.sweep(xs, series, t.name, "win rate", share=True, level=0.5))
    parts.append('<p class="note">The same figures are in sweep.csv and sweep_cards.csv beside '
                 "this page.</p>")  # fmt: skip
    return _html(f"{title}: {t.name} sweep", "\n".join(parts))


def sweep_text(s: Sweep) -> list[str]:
    played = len(_played(s))
    lines = [f"{s.target.label} ({s.target.name}) at {len(s.points)} values: {s.games} games "
             f"at each, {s.games * played} played"]  # fmt: skip
    for p in s.points:
        if p.figures is None:
            lines.append(f"  {p.value}: not played: {p.refused}")
            continue
        first = _first(p.figures)
        edge = f"{_said(p.figures)} {_three(first)}, " if first else ""
        lines.append(f"  {p.value}: {edge}{_three(_length(p.figures), pct=False)} actions")
    return lines


def write_sweep(s: Sweep, title: str, game_id: str, bot: str, seed: int, out_root: Path) -> Path:
    folder = f"balance-vary-{s.target.name}"
    return _publish(out_root / game_id, folder, sweep_page(s, title, game_id, bot, seed),
                    {"sweep.csv": (SWEEP_HEADER, sweep_rows(s)),
                     "sweep_cards.csv": (CARD_HEADER, card_rows(s))},
                    f"cardgen balance {game_id} --vary {s.target.name}")  # fmt: skip


# --- a search ------------------------------------------------------------------------------------


def tune_rows(t: Tune) -> list[list[object]]:
    rows: list[list[object]] = []
    best, fit = t.best, t.smoothed()
    for p in t.points:
        c = t.at(p)
        if c is None:
            rows.append([p.value, "", "", "", "", "", "", "", "", p.refused or "not seen"])
            continue
        rows.append([p.value, c.result.games, _r(c.result.rate), _r(c.result.interval[0]),
                     _r(c.result.interval[1]), _r(c.mean), _r(fit[p.value]),
                     "yes" if t.fits(p) else "", "yes" if p is best else "", ""])  # fmt: skip
    return rows


TUNE_HEADER = ("value", "games", "win_rate", "low", "high", "kind_win_rate", "fitted_gap",
               "reaches_kind", "closest", "not_played_because")  # fmt: skip


def tune_verdict(t: Tune) -> str:
    best = t.best
    c = t.at(best) if best is not None else None
    if best is None or c is None:
        return f"{t.target.name}: no value could be measured"
    low, high = c.result.interval
    change = "as it is" if best.value == t.target.value else f"now {t.target.value}"
    now = next((p for p in t.points if p.value == t.target.value), None)
    also = ""
    if best.value != t.target.value and now is not None and t.fits(now):
        also = (f"; {t.target.value}, as it is, already lies within the interval of its kind's "
                "rate, so the difference may be chance")  # fmt: skip
    return (
        f"{t.target.label}: {best.value} ({change}) brings {c.name}'s win rate when "
        f"{t.measure} closest to its kind's: {_pct(c.result.rate)} [{_pct(low)}, "
        f"{_pct(high)}] in {c.result.games} games, {c.group} {_pct(c.mean)}{also}"
    )


def tune_page(t: Tune, title: str, game_id: str, bot: str, seed: int) -> str:
    from cardgen.balance import plots

    tried = [(p, c) for p in t.points if (c := t.at(p)) is not None]
    fits = [str(p.value) for p, _ in tried if t.fits(p)]
    parts = [
        f"<h1>{html.escape(title)}: a fair {html.escape(t.target.label)}</h1>",
        f'<p class="sub">{html.escape(t.target.name)} is {t.target.value} in the data, '
        f"allowed {t.target.span}. {t.games} games of {html.escape(bot)} bots at each of "
        f"{len(t.points)} values ({t.games * len(tried)} in all), the same seeded games at "
        f"every value. Rerun <code>cardgen balance {html.escape(game_id)} --tune "
        f"{html.escape(t.target.name)} --games {t.games} --seed {seed}</code>.</p>",
        f"<p><b>{html.escape(tune_verdict(t))}.</b></p>",
        f"<p>Values whose 95% interval reaches the rate of its kind: "
        f"{', '.join(fits) or 'none'}. More games narrow the intervals. The value named is "
        "the one whose <i>fitted</i> gap to its kind is smallest: the gaps are fitted as a "
        "curve that only rises or only falls with the value (isotonic regression), so the noise "
        "of one value cannot choose, and of values that fit equally well the smallest change "
        "is named.</p>",
    ]
    if tried:
        xs = [p.value for p, _ in tried]
        card = [(c.result.rate, *c.result.interval) for _, c in tried]
        kind = [(c.mean, c.mean, c.mean) for _, c in tried]
        series = [_series(f"{tried[0][1].name} when {t.measure}", card),
                  _series("its kind", kind)]  # fmt: skip
        parts.append(plots.sweep(xs, series, t.target.name, "win rate", share=True))
    best = t.best
    rows = []
    for p in t.points:
        c = t.at(p)
        if c is None:
            rows.append([str(p.value), "-", "-", "-", "-", "-", html.escape(p.refused)])
            continue
        low, high = c.result.interval
        rows.append([str(p.value), str(c.result.games), _pct(c.result.rate),
                     f"{_pct(low)} to {_pct(high)}", _pct(c.mean), "yes" if t.fits(p) else "",
                     "<b>closest</b>" if p is best else ""])  # fmt: skip
    parts.append(_table(["value", "games", "win rate", "95% interval", "its kind",
                         "reaches it", ""], rows))  # fmt: skip
    return _html(f"{title}: {t.target.name} search", "\n".join(parts))


def write_tune(t: Tune, title: str, game_id: str, bot: str, seed: int, out_root: Path) -> Path:
    return _publish(out_root / game_id, f"balance-tune-{t.target.name}",
                    tune_page(t, title, game_id, bot, seed),
                    {"tune.csv": (TUNE_HEADER, tune_rows(t))},
                    f"cardgen balance {game_id} --tune {t.target.name}")  # fmt: skip


# --- publishing ----------------------------------------------------------------------------------


def _html(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
            f"<body>\n{body}\n</body></html>\n")  # fmt: skip


def _publish(
    final: Path,
    folder: str,
    page: str,
    tables: dict[str, tuple[Sequence[str], Sequence[Sequence[object]]]],
    made_by: str,
) -> Path:
    with staging_beside(final) as staging:
        inner = staging / folder
        inner.mkdir()
        (inner / "report.html").write_text(page, encoding="utf-8")
        for name, (header, rows) in tables.items():
            _write_csv(inner / name, header, rows)
        publish(final, staging, Owner.KIT, made_by, [folder])
    return final / folder / "report.html"
