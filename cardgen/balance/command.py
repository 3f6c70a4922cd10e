"""`cardgen balance GAME`: the click command, registered on the `cardgen` group in cardgen/cli.py.

It reads and checks everything first (the game, the numbers, the bot, the revision or folder to
compare with), refusing a mistake in one line, then plays, then writes the report. The data is
read once from disk into a snapshot, so what is played is the folder as it was when the command
started, wherever the games run.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from cardgen.balance import ladder
from cardgen.balance import snapshot as snap
from cardgen.balance.adapters import ADAPTERS, Adapter, adapter_for
from cardgen.balance.play import GameRecord
from cardgen.balance.questions import ask, played_skill, question, suggestions_for
from cardgen.balance.report import summary_text, write_report
from cardgen.balance.stats import Figures, compare, figures
from cardgen.balance.sweep import Runner as JobRunner
from cardgen.balance.sweep import Setting, Suggestion
from cardgen.balance.variants import VariantError
from cardgen.balance.workers import (
    Job,
    local_cores,
    run_cluster,
    run_jobs_cluster,
    run_jobs_local,
    run_local,
)
from cardgen.data.database import load_game
from cardgen.data.errors import DataError
from cardgen.data.game import Game
from cardgen.data.manifest import MANIFEST_NAME
from cardgen.data.outputs import OutputRefused, claim_root
from cardgen.data.project import data_root, game_ids, output_root
from cardgen.data.suggest import did_you_mean
from cardgen.engines import INSTALL_HINT, NoEngines

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

DEFAULT_GAMES = 2000
LADDER_GAMES = 100  # per pair of bots: search bots think for every move
SWEEP_GAMES = 200  # per value: a sweep of six values plays 1,200 games
TUNE_GAMES = 300  # per value tried
SUGGESTED = 2  # outliers searched for a stat change that brings them back
MAX_SUGGESTED = 20
MAX_GAMES = 10_000_000
SCRATCH = re.compile(r"\S*cardgen-balance-[^/\s]+/[0-9a-f]{40}/")
MAX_WORKERS = 1024
MAX_SEED = 2**63 - 1


class BalanceRefusal(click.ClickException):
    """A refused `cardgen balance`: one line naming what is wrong, never a usage screen."""

    def show(self, file: Any = None) -> None:
        err.print(self.format_message(), style="red", markup=False)


def _folder(name: str, data: Path | None) -> Path:
    """GAME as a game id under the data folder, or a path to any folder with a manifest."""
    if (Path(name) / MANIFEST_NAME).is_file():
        return Path(name)
    root = data_root(data)
    if (root / name / MANIFEST_NAME).is_file():
        return root / name
    known = game_ids(root)
    listed = ", ".join(known) or "none"
    raise BalanceRefusal(
        f"{name}: no such game (games in {root}: {listed}){did_you_mean(name, known)}"
    )


def _load(folder: Path, what: str = "") -> Game:
    game, problems = load_game(folder)
    errors = [p for p in problems if p.is_error]
    if game is None or errors:
        for problem in errors or problems:
            err.print(f"{what}{problem}", style="red", markup=False)
        sys.exit(1)
    return game


def _adapter(game: Game) -> Adapter:
    found = adapter_for(game)
    if found is None:
        playable = ", ".join(sorted(ADAPTERS))
        raise BalanceRefusal(f"{game.id}: no rules engine plays this game yet, so it cannot be "
                             f"simulated (balance runs: {playable}, and games of one or two "
                             "seats that declare their table)")  # fmt: skip
    try:
        found.engine()
    except NoEngines as exc:
        raise BalanceRefusal(f"cardgen balance needs the table companion's rules engines: {exc} "
                             f"({INSTALL_HINT})") from None  # fmt: skip
    return found


def _card_names(game: Game) -> dict[str, str]:
    return {card.id: card.name or card.id for card in game.records()}


def _check_numbers(games: int, workers: int | None, seed: int) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise BalanceRefusal(f"--games {games}: give a whole number from 1 to {MAX_GAMES:,}")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise BalanceRefusal(f"--workers {workers}: give a whole number from 1 to {MAX_WORKERS}")
    if not 0 <= seed <= MAX_SEED:
        raise BalanceRefusal(f"--seed {seed}: give a whole number from 0 to 2**63 - 1")


def _check_scheduler(address: str | None) -> None:
    if address is not None and "://" not in address:
        raise BalanceRefusal(f"--scheduler {address}: give the Dask scheduler's address, "
                             f"e.g. tcp://10.0.0.5:8786")  # fmt: skip


def _out_root(out_root: Path | None) -> Path:
    if out_root is None or out_root.resolve() == output_root().resolve():
        return out_root or output_root()
    try:
        claim_root(out_root)
    except OutputRefused as exc:
        raise BalanceRefusal(str(exc)) from None
    return out_root


Runner = Callable[[snap.Snapshot, Callable[[int], None]], list[GameRecord]]


def _play(label: str, data: snap.Snapshot, games: int, runner: Runner) -> list[GameRecord]:
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("games"), TimeElapsedColumn(), TextColumn("left"),
               TimeRemainingColumn())  # fmt: skip
    with Progress(*columns, console=err, transient=False) as progress:
        task = progress.add_task(label, total=games)
        return runner(data, lambda n: progress.advance(task, n))


def _folder_option(*decls: str, help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """An option naming a folder, not a file: the data, a copy to compare, the output root."""
    return click.option(
        *decls, type=click.Path(file_okay=False, path_type=Path), default=None, help=help
    )


@click.command("balance")
@click.argument("game")
@_folder_option("--data", help="Folder holding the games (default: ./card_data).")
@click.option(
    "--games",
    "count",
    type=int,
    default=None,
    help=f"Games to play (default {DEFAULT_GAMES:,}; with --vary {SWEEP_GAMES} and with --tune "
    f"{TUNE_GAMES} at each value).",
)
@click.option(
    "--seed",
    type=int,
    default=1,
    show_default=True,
    help="Master seed: the same seed plays the same games.",
)
@click.option(
    "--workers",
    type=int,
    default=None,
    help="Local processes (default: every core this process may use).",
)
@click.option(
    "--scheduler",
    default=None,
    help="Play on a Dask cluster: its scheduler's address, e.g. tcp://host:8786.",
)
@click.option(
    "--bot",
    default=None,
    help="Who sits in the seats: app, app-easy, random, search-<level> (default: app; "
    "Riposte and Luturas: app-easy; Moonlighter: random).",
)
@click.option(
    "--vs",
    "versus",
    default=None,
    help="Play --bot against this bot, seats alternated, and report the win rate with its "
    "interval (in output/GAME/balance-vs/).",
)
@click.option(
    "--ladder",
    is_flag=True,
    help="Play every pair of the game's bots (search levels included) and rate them on one "
    f"scale (Bradley-Terry, Elo points; {LADDER_GAMES} games a pair unless --games).",
)
@click.option(
    "--rungs",
    default=None,
    help="With --ladder: the bots to rate, comma-separated (default: every bot of the game).",
)
@click.option(
    "--compare",
    "revision",
    default=None,
    help="Also play the data as it was at this git revision and show what changed.",
)
@_folder_option(
    "--compare-data", "other", help="Also play this other copy of the game's folder and compare."
)
@click.option(
    "--vary",
    default=None,
    metavar="NAME=A..B",
    help="Play the same games at each value of a rule number (damage_to_win=10..15) or a "
    "card's stat (creature.wolf.attack=2..5) and show how the figures move.",
)
@click.option(
    "--tune",
    default=None,
    metavar="TYPE.CARD.STAT",
    help="Search a card's stat (creature.wolf.attack) for the value that brings its win rate "
    "closest to its kind's.",
)
@click.option(
    "--suggest",
    type=int,
    default=SUGGESTED,
    show_default=True,
    help="Outliers for which to search a stat change that brings them back (0: none).",
)
@_folder_option("--out", "out_root", help="Folder to hold <game>/balance/ (default: ./output).")
def balance(game: str, data: Path | None, count: int | None, seed: int, workers: int | None,
            scheduler: str | None, bot: str | None, revision: str | None, other: Path | None,
            vary: str | None, tune: str | None, suggest: int,
            out_root: Path | None, versus: str | None = None,
            ladder: bool = False, rungs: str | None = None) -> None:  # fmt: skip
    """Play GAME bot against bot from its card data and report each card's win rate.

    Writes output/GAME/balance/: report.html (plots inline), the figures as CSV, and prints the
    outliers. GAME is a game id or a game's folder. With --vary or --tune it answers that
    question instead, in output/GAME/balance-vary-NAME/ or balance-tune-NAME/.
    """
    given = [flag for flag, value in (("--vary", vary), ("--tune", tune),
             ("--compare", revision), ("--compare-data", other), ("--vs", versus),
             ("--ladder", ladder or None)) if value is not None]  # fmt: skip
    if len(given) > 1:
        either = "one or the other, not both" if len(given) == 2 else "one of them at a time"
        raise BalanceRefusal(f"{' and '.join(given)}: give {either}")
    default = SWEEP_GAMES if vary else TUNE_GAMES if tune else DEFAULT_GAMES
    default = LADDER_GAMES if versus or ladder else default
    count = default if count is None else count
    _check_numbers(count, workers, seed)
    _check_scheduler(scheduler)
    if not 0 <= suggest <= MAX_SUGGESTED:
        raise BalanceRefusal(f"--suggest {suggest}: give a whole number from 0 to {MAX_SUGGESTED}")
    folder = _folder(game, data)
    loaded = _load(folder)
    adapter = _adapter(loaded)
    chosen = bot or adapter.default_bot
    if chosen not in adapter.bot_names():
        names = adapter.bot_names()
        raise BalanceRefusal(f"--bot {chosen}: no such bot for {loaded.id} (bots: "
                             f"{', '.join(names)}){did_you_mean(chosen, names)}")  # fmt: skip
    if rungs is not None and not ladder:
        raise BalanceRefusal("--rungs goes with --ladder")
    if versus is not None or ladder:
        _bots_against_bots(adapter, loaded, folder, chosen, versus, rungs, seed, count,
                           _job_runner(scheduler, workers or local_cores(), loaded.id),
                           _out_root(out_root))  # fmt: skip
        return
    try:
        asked = question(loaded, vary, tune)
    except VariantError as exc:
        raise BalanceRefusal(str(exc)) from None
    before, against = _other_snapshot(folder, revision, other, loaded.id)
    old_game = _load_snapshot(before, against or "") if before is not None else None
    target = _out_root(out_root)
    current = snap.from_folder(folder)
    n_workers = workers or local_cores()
    jobs = _job_runner(scheduler, n_workers, loaded.id)
    if asked is not None:
        setting = Setting(adapter, loaded, current, chosen, seed, count, _card_names(loaded),
                          adapter.groups(loaded))  # fmt: skip
        started = time.perf_counter()
        with _refusing(loaded.id, scheduler):
            lines, page = ask(setting, asked, jobs, target)
        for line in lines:
            out.print(line, markup=False)
        out.print(f"{time.perf_counter() - started:.1f} s -> {page}", markup=False)
        return

    def runner(data_: snap.Snapshot, progress: Callable[[int], None]) -> list[GameRecord]:
        if scheduler is not None:
            return run_cluster(scheduler, data_, loaded.id, chosen, seed, count, progress)
        return run_local(data_, loaded.id, chosen, seed, count, n_workers, progress)

    started = time.perf_counter()
    where = scheduler or f"{n_workers} local process{'es' if n_workers > 1 else ''}"
    suggestions: list[Suggestion] = []
    with _refusing(loaded.id, scheduler):
        records = _play(f"{loaded.id} ({where})", current, count, runner)
        now = _figures(adapter, loaded, chosen, seed, records)
        now = replace(now, skill=played_skill(adapter, loaded, current, chosen, seed, count, jobs))
        changes = None
        if before is not None and old_game is not None:
            old = _play(f"{against}", before, count, runner)
            changes = compare(_figures(adapter, old_game, chosen, seed, old), now)
        if suggest and now.outliers:
            suggestions = suggestions_for(adapter, loaded, current, chosen, seed, records,
                                          now, suggest, jobs)  # fmt: skip
    try:
        page = write_report(now, target, changes, against, suggestions)
    except OutputRefused as exc:
        raise BalanceRefusal(str(exc)) from None
    for line in summary_text(now, changes, suggestions):
        out.print(line, markup=False)
    seconds = time.perf_counter() - started
    out.print(f"{count} games in {seconds:.1f} s -> {page}", markup=False)


def _bots_against_bots(
    adapter: Adapter,
    game: Game,
    folder: Path,
    bot: str,
    versus: str | None,
    rungs: str | None,
    seed: int,
    games: int,
    jobs: JobRunner,
    out_root: Path,
) -> None:
    """`--vs` (one pairing) or `--ladder` (every pair, rated on one scale): played, printed and
    written to output/GAME/balance-vs/ or balance-ladder/."""
    if adapter.solo:
        raise BalanceRefusal(f"{game.id} is played alone: there is no other seat for a bot")
    names = adapter.bot_names()
    if versus is not None and versus not in names:
        raise BalanceRefusal(f"--vs {versus}: no such bot for {game.id} (bots: "
                             f"{', '.join(names)}){did_you_mean(versus, names)}")  # fmt: skip
    if versus == bot:
        raise BalanceRefusal(f"--vs {versus}: a bot against itself says nothing of its strength")
    bots = names if versus is None else [bot, versus]
    if rungs is not None:
        if versus is not None:
            raise BalanceRefusal("--rungs goes with --ladder; --vs names its two bots already")
        bots = [b.strip() for b in rungs.split(",") if b.strip()]
        unknown = [b for b in bots if b not in names]
        if unknown or len(set(bots)) < 2:
            hint = did_you_mean(unknown[0], names) if unknown else ""
            raise BalanceRefusal(f"--rungs {rungs}: name two or more of {', '.join(names)}{hint}")
    data = snap.from_folder(folder)
    matches = [Job(data, game.id, a, seed, games, against=b) for a, b in ladder.pairs(bots)]
    started = time.perf_counter()
    with _refusing(game.id, None):
        played = jobs(matches, "ladder" if versus is None else f"{bot} against {versus}")
    pairings = [ladder.pairing(records, job.bot, job.against or "")
                for job, records in zip(matches, played, strict=True)]  # fmt: skip
    rated = ladder.ratings(bots, pairings, seed) if versus is None else None
    lines = ladder.ladder_lines(rated) if rated else []
    for p in pairings:
        lines += ladder.vs_lines(p)
    try:
        page = ladder.write(out_root, game.id, game.name, seed, pairings, rated)
    except OutputRefused as exc:
        raise BalanceRefusal(str(exc)) from None
    for line in lines:
        out.print(line, markup=False)
    out.print(f"{sum(len(r) for r in played)} games in {time.perf_counter() - started:.1f} s "
              f"-> {page}", markup=False)  # fmt: skip


@contextmanager
def _refusing(game_id: str, scheduler: str | None) -> Iterator[None]:
    """Whatever stops the games, said in one line (Ctrl+C: nothing written)."""
    try:
        yield
    except VariantError as exc:
        raise BalanceRefusal(str(exc)) from None
    except DataError as exc:  # e.g. the rules need a rule number an older revision lacks
        said = str(exc.problems[0]) if exc.problems else str(exc)
        said = SCRATCH.sub("", said)  # a worker's private copy: name the game's own files
        raise BalanceRefusal(f"{game_id}: the rules cannot be made from this data "
                             f"({said})") from None  # fmt: skip
    except OutputRefused as exc:
        raise BalanceRefusal(str(exc)) from None
    except OSError as exc:
        raise BalanceRefusal(f"{scheduler or 'workers'}: the games could not be played "
                             f"({exc})") from None  # fmt: skip
    except (RuntimeError, ValueError, AssertionError, ImportError) as exc:
        said = " ".join(str(exc).split()) or type(exc).__name__
        raise BalanceRefusal(f"{game_id}: a game could not be played ({said})") from None
    except KeyboardInterrupt:
        err.print("interrupted: no report written, the previous one is as it was", style="red")
        sys.exit(130)


def _job_runner(scheduler: str | None, workers: int, game_id: str) -> JobRunner:
    """Several runs' games played together, with one progress bar."""

    def run(jobs: list[Job], label: str) -> list[list[GameRecord]]:
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("games"), TimeElapsedColumn(), TextColumn("left"),
                   TimeRemainingColumn())  # fmt: skip
        with Progress(*columns, console=err, transient=False) as progress:
            task = progress.add_task(f"{game_id}: {label}", total=sum(j.games for j in jobs))
            advance: Callable[[int], None] = lambda n: progress.advance(task, n)  # noqa: E731
            if scheduler is not None:
                return run_jobs_cluster(scheduler, jobs, advance)
            return run_jobs_local(jobs, workers, advance)

    return run


def _figures(
    adapter: Adapter, game: Game, bot: str, seed: int, records: list[GameRecord]
) -> Figures:
    names, kinds = _card_names(game), adapter.groups(game)
    return figures(adapter.game_id, game.name, bot, seed, adapter.solo, names, records, kinds,
                   adapter.lead is not None)  # fmt: skip


def _other_snapshot(
    folder: Path, revision: str | None, other: Path | None, game_id: str
) -> tuple[snap.Snapshot | None, str | None]:
    """The data to compare with, checked before any game is played."""
    if revision is not None:
        try:
            return snap.from_git(folder, revision), f"revision {revision}"
        except snap.SnapshotError as exc:
            raise BalanceRefusal(str(exc)) from None
    if other is not None:
        if not (other / MANIFEST_NAME).is_file():
            raise BalanceRefusal(f"--compare-data {other}: no {MANIFEST_NAME} there")
        game = _load(other)
        if game.id != game_id:
            raise BalanceRefusal(f"--compare-data {other}: it holds {game.id}, not {game_id}")
        return snap.from_folder(other), str(other)
    return None, None


def _load_snapshot(data: snap.Snapshot, what: str) -> Game:
    try:
        return snap.load(data)
    except DataError as exc:
        for problem in exc.problems:
            err.print(f"{what}: {problem}", style="red", markup=False)
        sys.exit(1)
