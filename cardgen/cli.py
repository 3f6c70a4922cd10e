"""The `cardgen` command. Bad input ends in one-line messages naming the file, never a traceback.

What the commands share (refusals, names, consoles, where kits go) is in `cardgen.cli_common`;
the larger commands live in modules of their own and are registered at the end.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

import click

from cardgen.cli_common import (
    Named,
    OneLineErrors,
    Refusal,
    UsageRefusal,
    attempt,
    console,
    cutter_option,
    data_option,
    duplex_option,
    err,
    fail,
    folder_option,
    game_folders,
    kit_root,
    kits_option,
    load_games,
    mark_kit_root,
    offset_mm,
    out,
    paper_option,
    policy_option,
    print_problems,
    shop_names,
    unknown,
    warn,
)
from cardgen.data.database import load_game, load_game_or_raise
from cardgen.data.errors import DataError
from cardgen.data.export import FORMATS, export_game
from cardgen.data.game import Game
from cardgen.data.outputs import OutputRefused
from cardgen.data.project import REPO_ROOT, data_root, game_ids, output_root
from cardgen.printkit.paper import Duplex, PrintOptions

REPO_TEMPLATES = REPO_ROOT / "templates"


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cardgen")
@click.option(
    "--offline",
    is_flag=True,
    help="Read sheets the manifest keeps at a URL from their cached copies; fetch nothing.",
)
def main(offline: bool) -> None:
    """Card database, print-and-play kits and rulebooks for small tabletop games."""
    from cardgen.data import remote

    remote.set_offline(offline)


@main.command("list")
@data_option
def list_games(data: Path | None) -> None:
    """List the games in the card database."""
    root = data_root(data)
    for gid in game_ids(root):
        game, problems = load_game(root / gid)
        errors = sum(p.is_error for p in problems)
        if game is None:
            out.print(f"{gid}: manifest has problems (run cardgen validate {gid})")
            continue
        counts = ", ".join(
            f"{n} {(t.name if n == 1 else t.plural).lower()}"
            for t in game.spec.card_types
            if t.kind != "reference" and (n := game.count(t.id)) >= 0
        )
        status = f" [{errors} problems]" if errors else ""
        out.print(f"{gid}: {game.name}{status} ({counts})", markup=False)


def _broken_examples(game: Game) -> list[str]:
    """The claims of the rulebook's worked examples that the game's rules engine rejects."""
    from cardgen.kit import worked_examples

    return worked_examples(game)[1]


@main.command()
@click.argument("games", nargs=-1)
@data_option
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
def validate(games: tuple[str, ...], data: Path | None, quiet: bool) -> None:
    """Check every sheet of GAMES (default: all) and report every problem as path:row:column."""
    folders = game_folders(games, data)
    failed = 0
    for folder in folders:
        game, problems = load_game(folder)
        print_problems(problems)
        errors = [p for p in problems if p.is_error]
        broken = _broken_examples(game) if game is not None and not errors else []
        for line in broken:
            err.print(f"{folder.name}: {line}", style="red", markup=False, highlight=False)
        if errors or broken:
            failed += 1
            err.print(f"{folder.name}: {len(errors) + len(broken)} problem(s)", style="bold red")
        elif not quiet and game is not None:
            cards = sum(game.count(t.id) for t in game.spec.card_types if t.kind != "reference")
            out.print(
                f"{folder.name}: ok ({len(list(game.records()))} records, {cards} components)",
                style="green",
            )
    sys.exit(1 if failed else 0)


@main.command()
@click.argument("game")
@click.option(
    "--format", "fmt", type=Named("format", lambda: FORMATS), required=True, help="File format."
)
@folder_option(
    "--out",
    "destination",
    help="A new or empty folder, or an earlier export (cardgen's files there are replaced, "
    "others kept). Default: output/<game>/data-<format>.",
)
@data_option
def export(game: str, fmt: str, destination: Path | None, data: Path | None) -> None:
    """Write GAME's database as CSV, XLSX or JSON, loadable again without loss."""
    (folder,) = game_folders((game,), data)
    try:
        loaded = load_game_or_raise(folder)
    except DataError as exc:
        fail(exc)
    target = destination or output_root() / loaded.id / f"data-{fmt}"
    try:
        export_game(loaded, fmt, target)
    except OutputRefused as exc:
        err.print(str(exc), style="red", markup=False)
        sys.exit(1)
    except OSError as exc:
        err.print(f"{target}: cannot write the export: {exc.strerror or exc}", style="red")
        sys.exit(1)
    out.print(f"{loaded.id}: wrote {target}", markup=False)


@main.command()
@click.argument("games", nargs=-1)
@data_option
@paper_option
@duplex_option
@click.option("--offset", default="0,0", help="Shift backs by X,Y mm (see the calibration page).")
@click.option(
    "--gutter", type=float, default=0.0, help="Space between cards in mm (0: shared cuts)."
)
@click.option("--bleed", type=float, default=3.0, show_default=True, help="Bleed in mm.")
@click.option("--cut-lines", is_flag=True, help="Full-length cut lines as well as crop marks.")
@click.option("--gutterfold", is_flag=True, help="Fronts and backs side by side, to fold and glue.")
@cutter_option
@click.option("--no-gang", is_flag=True, help="Start every component type on a sheet of its own.")
@click.option("--type", "types", multiple=True, help="Only this component type (repeatable).")
@click.option("--id", "ids", multiple=True, help="Only this card id (repeatable).")
@click.option("--no-png", is_flag=True, help="Skip the per-face PNG export.")
@click.option("--no-tts", is_flag=True, help="Skip the Tabletop Simulator sheets.")
@click.option("--no-codes", is_flag=True, help="Leave the card codes (for the companion) out.")
@click.option(
    "--shop",
    type=Named("shop profile", shop_names),
    default=None,
    help="Also write one card per page with TrimBox/BleedBox, and PNGs, for this print shop.",
)
@click.option(
    "--changed",
    is_flag=True,
    help="Build only if something changed since the last build; then rebuild the whole kit, and "
    "the changed cards alone into print-<paper>-subset.pdf.",
)
@policy_option(
    "--text-overflow",
    "Text that cannot fit its box even at its smallest size: stop the build, or warn and print "
    "it anyway.",
)
@policy_option(
    "--collisions",
    "Texts, icons or codes that overlap, leave their panel, sit on the art or crowd a code's "
    "quiet zone: stop the build naming card and elements, or warn and print them anyway.",
)
@click.option("--watch", is_flag=True, help="Rebuild whenever the data or templates change.")
@click.option(
    "--copies",
    type=click.IntRange(1, 20),
    default=None,
    help="Print each card N times instead of the box's count (a proof print: 1).",
)
@click.option("--ink-saver", is_flag=True, help="Print backgrounds light, text dark.")
@click.option("--tts-url", default="", help="Where the TTS sheets will be uploaded (a URL).")
@kits_option
def build(
    games: tuple[str, ...],
    data: Path | None,
    paper: str,
    duplex: str,
    offset: str,
    gutter: float,
    bleed: float,
    cut_lines: bool,
    gutterfold: bool,
    cutter: str | None,
    no_gang: bool,
    types: tuple[str, ...],
    ids: tuple[str, ...],
    no_png: bool,
    no_tts: bool,
    no_codes: bool,
    shop: str | None,
    changed: bool,
    text_overflow: str,
    collisions: str,
    watch: bool,
    copies: int | None,
    ink_saver: bool,
    tts_url: str,
    out_root: Path | None,
) -> None:
    """Build the print kit of GAMES (default: all) into output/<game>/.

    With --type or --id only those cards are built, into print-<paper>-subset.pdf (and their
    PNGs), leaving the full kit as it is; outputs left out of date are named. --changed builds
    nothing if nothing changed, else the whole kit plus the changed cards on their own.
    """

    from cardgen.printkit.build import BuildOptions

    if cutter and gutterfold:
        raise UsageRefusal(
            "--cutter and --gutterfold do not go together: a sheet folded and glued no longer "
            "lies flat on the cutting mat where its marks were printed"
        )
    folders = game_folders(games, data)
    options = BuildOptions(
        print=PrintOptions(
            paper=paper,
            duplex=Duplex(duplex),
            bleed_mm=bleed,
            gutter_mm=gutter,
            back_offset_mm=offset_mm(offset),
            cut_lines=cut_lines,
            gutterfold=gutterfold,
            cutter=cutter or "",
        ),
        types=types,
        ids=ids,
        png=not no_png,
        tts=not no_tts,
        codes=not no_codes,
        gang=not no_gang,
        shop=shop or "",
        changed=changed,
        text_overflow=text_overflow,
        collisions=collisions,
        copies=copies or 0,
        ink_saver=ink_saver,
        tts_url=_tts_url(tts_url),
    )
    target = kit_root(out_root)
    failed = not _build_all(folders, options, target)
    mark_kit_root(target)
    if watch:
        _watch(folders, options, target)
    sys.exit(1 if failed else 0)


def _tts_url(value: str) -> str:
    """--tts-url: a web (or file) address the sheets will be found at, written into the JSON."""
    if value and not value.startswith(("https://", "http://", "file:///")):
        raise click.BadParameter(
            f"{value!r} is not a URL; give where the tts/ files will be uploaded, such as "
            "https://example.org/my-game/tts/",
            param_hint="'--tts-url'",
        )
    return value


def _snapshot(folders: list[Path]) -> dict[Path, float]:
    roots = [*folders, folders[0].parent.parent / "templates", REPO_TEMPLATES]
    stamps: dict[Path, float] = {}
    for root in roots:
        if root.is_dir():
            for path in root.rglob("*"):
                if path.is_file() and not path.name.startswith((".", "~$")):
                    stamps[path] = path.stat().st_mtime
    return stamps


REFETCH_SECONDS = 15.0  # how often --watch asks the server whether a URL sheet changed


def _watch(folders: list[Path], options, target: Path) -> None:
    """Poll once a second; rebuild the games when any data or template file changes, a sheet
    kept at a URL included (asked for every REFETCH_SECONDS; its new copy in the cache is the
    change the snapshot sees)."""
    import time

    from cardgen.data import remote
    from cardgen.data.database import refresh_remote
    from cardgen.printkit.build import clear_caches

    err.print("watching the data and templates; Ctrl+C to stop", style="cyan")
    seen = _snapshot(folders)
    fetched = time.monotonic()
    try:
        while True:
            time.sleep(1.0)
            if not remote.offline() and time.monotonic() - fetched >= REFETCH_SECONDS:
                refresh_remote(folders)  # a sheet kept at a URL that changed is cached anew
                fetched = time.monotonic()
            now = _snapshot(folders)
            if now != seen:
                changed = sorted({p.name for p in set(now) ^ set(seen)} | {
                    p.name for p in now if seen.get(p) != now[p]})  # fmt: skip
                seen = now
                err.print(f"change seen ({', '.join(changed[:3]) or 'files'}): rebuilding",
                          style="cyan")  # fmt: skip
                clear_caches()
                try:
                    _build_all(folders, options, target)
                except Refusal as exc:  # a card named by --id was renamed: say so, keep watching
                    exc.show()
    except KeyboardInterrupt:
        err.print("stopped watching", style="cyan")


def _build_all(folders: list[Path], options, target: Path) -> bool:
    """Build each game; problems are printed, never raised. True when every game built."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from cardgen.kit import build_kit, selected
    from cardgen.printkit.layout import LayoutError

    ok = True
    loaded = []
    for folder in folders:
        game, problems = load_game(folder)
        errors = [p for p in problems if p.is_error]
        if game is None or errors:
            print_problems(errors or problems)
            err.print(f"{folder.name}: not built, fix the data first", style="bold red")
            ok = False
        else:
            loaded.append(game)
    if loaded:
        _check_selection(loaded, options.types, options.ids)
    failed = False
    columns = (TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
        for game in loaded:
            if selected(game, options) == []:
                out.print(f"{game.id}: no card here matches --type/--id; nothing built")
                continue
            task = bar.add_task(game.id, total=None)

            def progress(what: str, done: int, total: int, task=task) -> None:
                bar.update(task, description=what, completed=done, total=max(total, 1))

            try:
                report = attempt(game.id, partial(build_kit, game, target, options, progress),
                                 (LayoutError, ValueError, OSError),
                                 "build failed, previous output kept")  # fmt: skip
            finally:
                bar.remove_task(task)
            if report is None:
                failed = True
                continue
            warn(game.id, report.problems)
            for note in report.notes:
                out.print(f"{game.id}: {note}", markup=False)
            if report.files:
                out.print(
                    f"{game.id}: {report.pages} pages, {report.faces} faces -> {target / game.id}",
                    markup=False,
                )
    return ok and not failed


def _check_selection(games: list[Game], types: tuple[str, ...], ids: tuple[str, ...]) -> None:
    """Refuse a --type or --id that names nothing in these games (a typo would build nothing)."""
    from cardgen.printkit.faces import PRINTED_KINDS

    where = f" in {games[0].id}" if len(games) == 1 else " in these games"
    printed = [t for g in games for t in g.spec.types if t.kind in PRINTED_KINDS]
    for name in types:
        if name not in {t.id for t in printed}:
            raise unknown("--type", name, "printed type", {t.id for t in printed}, where)
    chosen = [t for t in printed if not types or t.id in types]
    cards = {c.id for g in games for t in chosen for c in g.cards.get(t.id, [])}
    kind = f" of type {', '.join(types)}" if types else ""
    for name in ids:
        if name not in cards:
            raise unknown("--id", name, "card", cards, where + kind)


@main.command()
@click.argument("games", nargs=-1)
@data_option
@paper_option
@kits_option
def rules(games: tuple[str, ...], data: Path | None, paper: str, out_root: Path | None) -> None:
    """Build only the rulebooks: rules.pdf, rules-booklet.pdf and reference.pdf of GAMES."""
    from cardgen.kit import build_rulebooks
    from cardgen.rules.book import RulesError

    loaded = load_games(games, data)
    target = kit_root(out_root)
    failed = False
    for game in loaded:
        report = attempt(game.id, partial(build_rulebooks, game, target, paper),
                         (RulesError, OSError, ValueError),
                         "rulebook not built, previous one kept")  # fmt: skip
        if report is None:
            failed = True
            continue
        mark_kit_root(target)
        warn(game.id, report.problems)
        pages = ", ".join(f"{k} {v} pages" for k, v in report.pages.items())
        console.print(f"{game.id}: {pages} -> {target / game.id}", markup=False)
    sys.exit(1 if failed else 0)


@main.command()
@click.argument("games", nargs=-1)
@data_option
@paper_option
@click.option(
    "--card-thickness",
    type=float,
    default=0.32,
    show_default=True,
    help="Thickness of one card in mm (0.32 for card stock; about 0.6 sleeved).",
)
@kits_option
def tuckbox(
    games: tuple[str, ...],
    data: Path | None,
    paper: str,
    card_thickness: float,
    out_root: Path | None,
) -> None:
    """Print a tuck box for each deck of GAMES: tuckboxes-PAPER.pdf in output/<game>/."""
    from cardgen.printkit.tuckbox import build_tuckboxes

    if not 0.05 <= card_thickness <= 5:
        raise Refusal(f"--card-thickness {card_thickness:g}: expected 0.05 to 5 mm per card")
    loaded = load_games(games, data)
    target = kit_root(out_root)
    failed = False
    for game in loaded:
        try:
            report = build_tuckboxes(game, target, paper, card_thickness)
        except (OutputRefused, OSError, ValueError) as exc:
            err.print(f"{game.id}: tuck boxes not written: {exc}", style="red", markup=False)
            failed = True
            continue
        warn(game.id, report.problems)
        if report.path is not None:
            mark_kit_root(target)
            console.print(f"{game.id}: {report.pages} tuck box(es) -> {report.path}", markup=False)
    sys.exit(1 if failed else 0)


from cardgen.balance.command import balance  # noqa: E402  (registered last: it imports the engines)

main.add_command(balance)
from cardgen.proof import proof_command  # noqa: E402  (its own module: cardgen/proof.py)
from cardgen.sheet_command import sheet  # noqa: E402  (its own module: cardgen/sheet_command.py)

main.add_command(sheet)
from cardgen.scaffold.command import new  # noqa: E402  (its own module: cardgen/scaffold/command.py)

main.add_command(new)
main.add_command(proof_command(game_folders, kit_root, mark_kit_root, data_option, kits_option))

if __name__ == "__main__":
    main()
