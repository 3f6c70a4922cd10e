"""The questions `cardgen balance` answers beside its plain report, from the command's options.

`ask` answers `--vary` (a sweep) or `--tune` (a search) and writes its page; `played_skill`
plays the skill games of a plain report; `suggestions_for` searches a stat change for its
outliers. Each takes a `Runner` (how the games are played: local cores or a Dask cluster), so the
figures are the same on either.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardgen.balance.adapters import RANDOM, Adapter
from cardgen.balance.measures import Skill, skill
from cardgen.balance.play import GameRecord
from cardgen.balance.snapshot import Snapshot
from cardgen.balance.stats import CardFigure, Figures, figures
from cardgen.balance.sweep import Runner, Setting, Suggestion, suggest, sweep, tune
from cardgen.balance.sweep_report import sweep_text, tune_verdict, write_sweep, write_tune
from cardgen.balance.variants import Target, VariantError, find, parse_vary
from cardgen.balance.workers import Job
from cardgen.data.game import Game

SKILL_SHARE = 10  # a plain run plays a tenth as many skill games as games (at least 50)
MIN_SKILL_GAMES = 50
SUGGEST_GAMES = 200  # games per changed value when searching a change for an outlier: at most
MIN_SUGGEST_GAMES = 100  # and a quarter of the run's, at least this many (or all of them)


@dataclass(frozen=True)
class Question:
    """`--vary` (the values to play) or `--tune` (values None), checked before any game."""

    target: Target
    values: tuple[int, ...] | None


def question(game: Game, vary: str | None, tune_name: str | None) -> Question | None:
    """The question asked, checked against the data (VariantError in one line)."""
    if vary is not None:
        name, values = parse_vary(vary)
        target = find(game, name, "--vary")
        for value in values:
            target.check(value, "--vary")
        return Question(target, tuple(values))
    if tune_name is None:
        return None
    target = find(game, tune_name, "--tune")
    if not target.card:
        raise VariantError(f"--tune {tune_name}: a rule number has no kind to match; see how it "
                           f"moves the game with --vary {tune_name}={target.span}")  # fmt: skip
    target.allowed()  # a declared range to search
    return Question(target, None)


def ask(
    setting: Setting, asked: Question, runner: Runner, out_root: Path
) -> tuple[list[str], Path]:
    """The sweep or the search asked for: the terminal's lines and the page written."""
    title, game_id = setting.game.name, setting.adapter.game_id
    target = asked.target
    if asked.values is not None:
        done = sweep(setting, target, asked.values, runner)
        if all(p.figures is None for p in done.points):
            raise VariantError(f"--vary {target.name}: no value could be played "
                               f"({done.points[0].refused})")  # fmt: skip
        page = write_sweep(done, title, game_id, setting.bot, setting.seed, out_root)
        return sweep_text(done), page
    found = tune(setting, target, runner)
    page = write_tune(found, title, game_id, setting.bot, setting.seed, out_root)
    fits = [str(p.value) for p in found.points if found.fits(p)]
    lines = [tune_verdict(found),
             f"  {len(found.points)} values tried, {found.games} games at each; values whose "
             f"interval reaches its kind's: {', '.join(fits) or 'none'}"]  # fmt: skip
    return lines, page


def skill_bots(adapter: Adapter, bot: str) -> tuple[str, str] | None:
    """The stronger and the weaker bot of the skill games: the run's bot against a random legal
    player (the app's strongest bot when the run's is random); None for a solo game."""
    if adapter.solo:
        return None
    strong = bot if bot != RANDOM else next(iter(adapter.engine().app_bots), None)
    return None if strong is None else (strong, RANDOM)


def skill_games(games: int) -> int:
    return min(games, max(MIN_SKILL_GAMES, games // SKILL_SHARE))


def played_skill(
    adapter: Adapter, game: Game, data: Snapshot, bot: str, seed: int, games: int, runner: Runner
) -> Skill | None:
    """The skill games: the run's seeds, seats alternated game by game."""
    pair = skill_bots(adapter, bot)
    if pair is None:
        return None
    strong, weak = pair
    n = skill_games(games)
    job = Job(data, adapter.game_id, strong, seed, n, against=weak)
    return skill(runner([job], f"skill: {strong} against {weak}")[0], strong, weak)


def suggestions_for(
    adapter: Adapter,
    game: Game,
    data: Snapshot,
    bot: str,
    seed: int,
    records: list[GameRecord],
    now: Figures,
    count: int,
    runner: Runner,
) -> list[Suggestion]:
    """A stat change for each of the first `count` outlier cards, on the run's first games."""
    firsts: list[CardFigure] = []
    for outlier in now.outliers:
        if outlier.card not in {o.card for o in firsts} and len(firsts) < count:
            firsts.append(outlier)
    games = min(len(records), SUGGEST_GAMES, max(MIN_SUGGEST_GAMES, len(records) // 4))
    names = {c.card: c.name for c in now.cards}
    setting = Setting(adapter, game, data, bot, seed, games, names, adapter.groups(game))
    base = figures(adapter.game_id, game.name, bot, seed, adapter.solo, names, records[:games],
                   setting.kinds, adapter.lead is not None)  # fmt: skip
    return suggest(setting, firsts, runner, base)
