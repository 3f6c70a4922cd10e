"""A game's whole kit: the print kit and the rulebooks, built and published together, and a note
of what each output in `output/<game>/` was made from.

This sits on top of both rooms (beside the command line), so the print kit never needs to know
that rulebooks exist, and `cardgen build` still leaves a game's PDFs, PNGs and books side by side.

The note lives in the folder's ledger (`.cardgen-output`, see `cardgen.data.outputs`): for each
output, a hash of every card it shows (the card's values, its type's layouts, the icons and its
art) and of the templates all faces share, or for the rulebooks a hash of everything they print.
From it `--changed` knows whether anything an output shows has changed, and every build names
the outputs it did not rebuild that no longer match the data (`stale`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from cardgen.data.art import art_path
from cardgen.data.game import Game
from cardgen.data.outputs import Owner, claim, read_ledger, record_outputs
from cardgen.engines import engine_or_none
from cardgen.printkit.build import (
    BuildOptions,
    BuildReport,
    Extra,
    Progress,
    build_game,
    cut_folder,
    no_progress,
    pdf_name,
    write_pdf,
)
from cardgen.printkit.faces import PRINTED_KINDS, build_faces, templates_root
from cardgen.printkit.fingerprints import fingerprints
from cardgen.printkit.paper import PrintOptions
from cardgen.rules.book import RULES_OUTPUTS, RulesReport, build_rules, write_rules

RULES_ONLY = ("rules.md", "reference.md", "book.toml", "diagrams")  # read by the books alone


def has_rulebook(game: Game) -> bool:
    return (templates_root(game) / game.id / "rules.md").is_file()


def worked_examples(game: Game) -> tuple[Mapping[str, Any], list[str]]:
    """The rulebook's worked examples played by the game's rules engine, reached through
    `cardgen.engines`, and one line per claim of an example's story the engine no longer agrees
    with. A game without an engine, or a kit built where none is installed, has none and no
    problems: the print kit never needs an engine."""
    engine = engine_or_none(game.id)
    if engine is None:
        return {}, []
    try:
        return engine.worked_examples(game)
    except Exception as exc:  # a designer's data the engine cannot read: say so, in one line
        return {}, [f"the rulebook's worked examples could not be played ({type(exc).__name__}: "
                    f"{str(exc)[:120]})"]  # fmt: skip


def rulebooks(game: Game, staging: Path, options: PrintOptions) -> tuple[list[str], list[Path]]:
    examples, broken = worked_examples(game)
    books = write_rules(game, staging, options.paper, examples)
    return [f"rulebook: {p}" for p in [*broken, *books.problems]], books.files


# What the outputs are made from ---------------------------------------------------------------


def _hash(*parts: str) -> str:
    return hashlib.sha1("\0".join(parts).encode("utf-8")).hexdigest()


def _file_hash(path: Path) -> str:
    return hashlib.sha1(path.read_bytes()).hexdigest() if path.is_file() else "-"


def settings(options: BuildOptions) -> str:
    """The build's own settings that change what an output shows (paper, bleed, marks, duplex,
    codes, ink saver, copies, PNG resolution, shop, TTS address), whatever the data says: an
    output made with other settings is out of date for `--changed`, even if no card changed.
    Which outputs are made (--no-png, --no-tts), --text-overflow, and the settings the PDF's name
    tells (--copies, --ink-saver: another file) are not among them."""
    shown = replace(options, changed=False, types=(), ids=(), text_overflow="", png=True, tts=True,
                    copies=0, ink_saver=False)  # fmt: skip
    return _hash(json.dumps(asdict(shown), sort_keys=True, default=str))


def _tree_hash(paths: Iterable[Path], skip: Collection[str] = ()) -> str:
    """Every file under `paths` by name and content, leaving out any path through `skip`."""
    parts = []
    for top in paths:
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for path in files:
            rel = path.relative_to(top.parent).as_posix()
            if not skip or not set(rel.split("/")) & set(skip):
                parts.append(f"{rel}={_file_hash(path)}")
    return _hash(*parts)


def card_inputs(game: Game) -> dict[str, str]:
    """Per printed card ("type/id"): its values, its type's layouts, the icons, and its art."""
    types = [t.id for t in game.spec.types if t.kind in PRINTED_KINDS]
    art: dict[str, str] = {}
    result = {}
    for type_id, prints in fingerprints(game, types).items():
        images = [f.name for f in game.spec.type(type_id).fields if f.type == "image"]
        for card in game.cards.get(type_id, []):
            sources = [str(card.get(name)) for name in images if card.get(name)]
            for src in sources:
                if src not in art:
                    art[src] = _file_hash(game.spec.folder / art_path(src))
            result[f"{type_id}/{card.id}"] = _hash(prints[card.id], *(art[s] for s in sources))
    return result


@dataclass(frozen=True)
class Inputs:
    """What a game's outputs are made from, as it is now."""

    cards: dict[str, str]  # each printed card, by "type/id"
    shared: str  # the manifest, the rule numbers and every template file a face may draw from
    rules: str  # everything a rulebook prints

    @classmethod
    def of(cls, game: Game) -> Inputs:
        root = templates_root(game)
        templates = [root / "base", root / "icons.json", root / game.id]
        manifest = json.dumps(game.spec.raw, sort_keys=True, default=str)
        numbers = json.dumps(dict(game.numbers), sort_keys=True)  # faces print them too
        shared = _hash(manifest, numbers, _tree_hash(templates, RULES_ONLY))
        records = {t: [c.values for c in cards] for t, cards in game.cards.items()}
        words = {s: [c.values for c in w.values()] for s, w in game.keywords.items()}
        data = json.dumps([records, words], sort_keys=True, default=str)
        return cls(card_inputs(game), shared, _hash(manifest, numbers, data, _tree_hash(templates)))


def _is_books(name: str) -> bool:
    return name in RULES_OUTPUTS


def _shows_cards(name: str) -> bool:
    return not _is_books(name) and not name.startswith((".", "calibration-"))


def made_from(now: Inputs, name: str, keys: Collection[str] | None, before: Any = None) -> Any:
    """The note for output `name` made now: of the whole deck (`keys` None) or of some cards."""
    if _is_books(name):
        return {"rules": now.rules}
    if not _shows_cards(name):
        return None
    if keys is None:
        return {"shared": now.shared, "cards": dict(now.cards), "complete": True}
    shown = {key: now.cards[key] for key in keys}
    if isinstance(before, dict) and name == "png":  # new faces merged with those already there
        return {**before, "cards": {**before.get("cards", {}), **shown}}
    return {"shared": now.shared, "cards": shown, "complete": False}


def is_current(note: Any, now: Inputs) -> bool:
    """True when the output the note describes still shows what the data says now."""
    if not isinstance(note, dict):
        return False
    if "rules" in note:
        return bool(note["rules"] == now.rules)
    shown = note.get("cards", {})
    if note.get("shared") != now.shared or (note.get("complete") and set(shown) != set(now.cards)):
        return False
    return all(now.cards.get(key) == value for key, value in shown.items())


def changed_cards(note: Any, now: Inputs) -> list[str] | None:
    """The cards ("type/id") that differ from what an output showed; None if nothing is known."""
    if not isinstance(note, dict) or "cards" not in note:
        return None
    shown = note["cards"]
    return [key for key, value in now.cards.items() if shown.get(key) != value]


def _shown(names: Iterable[str], folder: Path) -> str:
    return ", ".join(f"{n}/" if (folder / n).is_dir() else n for n in sorted(names))


def stale(folder: Path, now: Inputs, rebuilt: Collection[str]) -> list[str]:
    """One line per kind of staleness: the outputs in `folder` not rebuilt that no longer match."""
    ledger = read_ledger(folder)
    if ledger is None:
        return []
    names = {rel.split("/", 1)[0] for rel in ledger.files} - set(rebuilt)
    names = {n for n in names if _is_books(n) or _shows_cards(n)}
    unknown = sorted(n for n in names if n not in ledger.outputs)
    old = sorted(n for n in names if n in ledger.outputs and not is_current(ledger.outputs[n], now))
    lines = []
    if old:
        cards = sorted({key.split("/", 1)[1] for n in old
                        for key in changed_cards(ledger.outputs[n], now) or []})  # fmt: skip
        which = f" (changed: {', '.join(cards[:6])}{', ...' if len(cards) > 6 else ''})"
        lines.append(f"out of date, not rebuilt by this run: {_shown(old, folder)}"
                     f"{which if cards else ''}")  # fmt: skip
    if unknown:
        lines.append(f"made by an older cardgen, may be out of date: {_shown(unknown, folder)}")
    return lines


# Building ---------------------------------------------------------------------------------------


def selected(game: Game, options: BuildOptions) -> list[str] | None:
    """The cards ("type/id") --type and --id choose; None when they choose the whole deck."""
    if not (options.types or options.ids):
        return None
    return [
        f"{t.id}/{card.id}"
        for t in game.spec.types
        if t.kind in PRINTED_KINDS and (not options.types or t.id in options.types)
        for card in game.cards.get(t.id, [])
        if not options.ids or card.id in options.ids
    ]


def _would_make(game: Game, options: BuildOptions) -> list[str]:
    names = [pdf_name(replace(options, types=(), ids=()))]
    names += [cut_folder(options)] if options.print.cutter else []
    names += ["png"] * options.png + ["tts"] * options.tts
    names += [f"shop-{options.shop}"] if options.shop else []
    return names + (list(RULES_OUTPUTS) if has_rulebook(game) else [])


def changed_pdf(keys: Collection[str], text_overflow: str = "error", codes: bool = True) -> Extra:
    """An extra output: print-<paper>-subset.pdf with only these cards, to reprint them."""

    def extra(game: Game, staging: Path, options: PrintOptions) -> tuple[list[str], list[Path]]:
        sets = []
        for spec in game.spec.types:
            ids = {key.split("/", 1)[1] for key in keys if key.split("/", 1)[0] == spec.id}
            if ids:
                sets.append(build_faces(game, spec, options.bleed_mm, ids, text_overflow, codes))
        path = staging / f"print-{options.paper}-subset.pdf"
        write_pdf(game, sets, path, BuildOptions(print=options, png=False, tts=False))
        return [], [path]

    return extra


def build_kit(
    game: Game, out_root: Path, options: BuildOptions, progress: Progress = no_progress
) -> BuildReport:
    """`cardgen build`: the print kit, plus the rulebooks when the game has rule text.

    With `options.changed`, nothing is built when every output this run makes still matches the
    data; otherwise the whole kit is rebuilt (so every output shows the change) and the cards that
    changed since print-<paper>.pdf are also written on their own, into print-<paper>-subset.pdf.
    """
    folder = out_root / game.id
    ledger = claim(folder, Owner.KIT)
    now = Inputs.of(game)
    keys = selected(game, options)
    if keys is not None and not keys:
        raise ValueError("no card matches --type and --id")
    extras: list[tuple[str, Extra]] = []
    if has_rulebook(game):
        extras.append(("typesetting the rulebook", rulebooks))
    notes: list[str] = []
    changed: list[str] | None = None
    if options.changed:
        made_with = settings(options)
        due = [
            n
            for n in _would_make(game, options)
            if not is_current(ledger.outputs.get(n), now) or _settings_of(ledger, n) != made_with
        ]
        if not due:
            report = BuildReport(game.id, problems=["nothing changed since the last build"])
            report.problems += stale(folder, now, ())
            return report
        pdf = pdf_name(replace(options, types=(), ids=()))
        changed = changed_cards(ledger.outputs.get(pdf), now)
        if changed is not None and keys is not None:
            changed = [key for key in changed if key in keys]
        notes.append(_changed_note(changed, due, options))
        if changed:
            overflow = options.text_overflow
            subset = changed_pdf(changed, overflow, options.codes)
            extras.append(("laying out the changed cards", subset))
        options, keys = replace(options, changed=False, types=(), ids=()), None
    report = build_game(game, out_root, options, progress, extras)
    report.notes += notes
    made = [path.name for path in report.files]
    shows: dict[str, Collection[str] | None] = dict.fromkeys(made, keys)
    if changed:
        shows[f"print-{options.print.paper}-subset.pdf"] = changed
    written = {name: made_from(now, name, shows[name], ledger.outputs.get(name)) for name in made}
    made_with = settings(options)
    written = {k: v | {"settings": made_with} for k, v in written.items() if v is not None}
    record_outputs(folder, Owner.KIT, written)
    rebuilt = [n for n in made if not (keys is not None and n == "png")]
    report.problems += stale(folder, now, rebuilt)
    return report


def _settings_of(ledger: Any, name: str) -> str | None:
    note = ledger.outputs.get(name)
    return note.get("settings") if isinstance(note, dict) else None


def _changed_note(changed: list[str] | None, due: list[str], options: BuildOptions) -> str:
    if changed is None:
        return "no earlier build to compare with: built the whole kit"
    if not changed:
        return f"no card changed, but {', '.join(due)} did not match: rebuilt the whole kit"
    ids = ", ".join(key.split("/", 1)[1] for key in changed[:8]) + (", ..." * (len(changed) > 8))
    return (f"{len(changed)} card(s) changed ({ids}): rebuilt the whole kit, and those cards "
            f"alone into print-{options.print.paper}-subset.pdf")  # fmt: skip


def build_rulebooks(game: Game, out_root: Path, paper: str = "a4") -> RulesReport:
    """`cardgen rules`: the rulebooks alone, into out_root/<game>/, noted like the kit's."""
    folder = out_root / game.id
    now = Inputs.of(game)
    examples, broken = worked_examples(game)
    report = build_rules(game, folder, paper, examples)
    report.problems = broken + report.problems
    record_outputs(folder, Owner.KIT, {name: made_from(now, name, None) for name in RULES_OUTPUTS})
    report.problems += stale(folder, now, RULES_OUTPUTS)
    return report
