"""Pacing for the Vita Luna page: a turn's attacks, and the app's own moves, one step at a time.

The engine resolves a whole attack step in one action and says what happened in one sentence per
attacking creature. At the table the players mirror every hit on the physical board, so the page
shows those sentences one at a time, each with the board as it stood right after that hit. This
module rebuilds those boards from the state before the attack with the engine's own `hit` and
`retaliate`, and checks its sentences against the engine's events: should they ever differ, it
falls back to the engine's sentences, each shown with the board after the whole attack step.

Everything comes from a `SeenMatch`: the seat's redacted log and the states it saw
(`state_at`), never a replay with the seed, so a step can only show what those eyes saw then.
Attacks strike white positions only, which every seat sees.

No Streamlit here: `pacing` keeps a cursor (log entry, step) in the URL and asks for what is left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.seen import SeenMatch
from companion.games.vita_luna.combat import strikes
from companion.games.vita_luna.data import VitaLunaData
from companion.games.vita_luna.state import OVER, REWARD, VitaLunaState

Action = dict[str, Any]
Cursor = tuple[int, int]  # (log entry, steps of it already seen)

PLACING = ("place", "ready")
ENDED = (REWARD, OVER)


@dataclass(frozen=True)
class Frame:
    """The board right after one creature's attack, and the engine's sentence for it."""

    text: str
    state: VitaLunaState
    column: int  # the attacking creature's white column
    targets: tuple[int, ...]  # the enemy columns it struck
    hearts: tuple[int, ...] = ()  # of those, the empty ones: the heart took those hits


@dataclass(frozen=True)
class WalkStep:
    """One thing for the players to mirror on the physical board."""

    kind: str  # "attack": one creature's attack; "result": what the step ended in; "app": a move
    title: str
    lines: tuple[str, ...]
    state: VitaLunaState  # the board to draw with it
    player: int  # who acted
    column: int | None  # the attacking creature's column, for attacks
    targets: tuple[int, ...]
    start: Cursor  # where this step begins
    after: Cursor  # the cursor once it has been seen
    hearts: tuple[int, ...] = ()  # the targets that were empty: hits on the heart, not kills


def attack_frames(data: VitaLunaData, before: VitaLunaState, player: int) -> list[Frame]:
    """`player`'s attacks from `before`, one frame per attacking creature, in the engine's order
    (the player's own left to right) and stopping where the engine stops (a side emptied)."""
    state = before.clone()
    return [
        Frame(s.text, state.clone(), s.column, s.targets, s.hearts)
        for s in strikes(data, state, player)
    ]


def is_paced(action: Action, app: int | None) -> bool:
    """Attacks are always walked through; so is everything the app does except its secret bids."""
    if action["type"] == "attack":
        return True
    return app is not None and action.get("player") == app and action["type"] != "bid"


def first_paced(log: list[Action], start: int, app: int | None) -> int | None:
    return next((i for i in range(start, len(log)) if is_paced(log[i], app)), None)


def pending(seen: SeenMatch, cursor: Cursor, app: int | None = None) -> list[WalkStep]:
    """The steps from `cursor` on that the players have not seen yet (empty: all caught up)."""
    log = seen.log
    first = first_paced(log, cursor[0], app)
    if first is None:
        return []
    data: VitaLunaData = seen.rules.data  # type: ignore[attr-defined]  # Vita Luna's rules hold it
    steps: list[WalkStep] = []
    group: list[int] = []  # the app's placements in a row, shown as one step
    for i in range(first, len(log)):
        action = log[i]
        paced = is_paced(action, app)
        if group and not (paced and action["type"] in PLACING):
            steps.append(_placed(seen, group, app))
            group = []
        if paced and action["type"] == "attack":
            steps += _attack_steps(data, seen, i)
        elif paced and action["type"] in PLACING:
            group.append(i)
        elif paced:
            steps.append(_app_step(seen, i))
    if group:
        steps.append(_placed(seen, group, app))
    return [s for s in steps if s.start >= cursor]


def _attack_steps(data: VitaLunaData, seen: SeenMatch, i: int) -> list[WalkStep]:
    before, after = seen.state_at(i), seen.state_at(i + 1)
    player = seen.log[i]["player"]
    said = seen.events[i]
    frames = attack_frames(data, before, player)
    if [f.text for f in frames] != said[: len(frames)]:  # never expected: the engine's words win
        frames = []
    name = before.names[player]
    why = tuple(line for line in said[len(frames) :] if line.startswith(f"{name} (the app): "))
    if not frames:
        why = ()  # the engine's sentences alone, as they came
    # the app's reason for its attack is said with its first blow, not after the battle
    steps = [
        WalkStep("attack", f"{name} attacks · {k} of {len(frames)}",
                 (*(why if k == 1 else ()), f.text), f.state, player,
                 f.column, f.targets, (i, k - 1), (i, k), f.hearts)
        for k, f in enumerate(frames, start=1)
    ]  # fmt: skip
    rest = tuple(line for line in said[len(frames) :] if line not in why)
    if rest:
        board = frames[-1].state if frames else after
        title = "The battle is over" if after.phase in ENDED else f"{name}'s attack step"
        steps.append(
            WalkStep("result", title, rest, board, player, None, (), (i, len(frames)), (i + 1, 0))
        )
    elif steps:
        last = steps[-1]
        steps[-1] = WalkStep(last.kind, last.title, last.lines, last.state, last.player,
                             last.column, last.targets, last.start, (i + 1, 0),
                             last.hearts)  # fmt: skip
    return steps


def _app_step(seen: SeenMatch, i: int) -> WalkStep:
    after = seen.state_at(i + 1)
    player = seen.log[i]["player"]
    title = f"{after.names[player]} (the app)"
    return WalkStep("app", title, tuple(seen.events[i]), after, player, None, (), (i, 0),
                    (i + 1, 0))  # fmt: skip


def _placed(seen: SeenMatch, group: list[int], app: int | None) -> WalkStep:
    state = seen.state_at(group[-1] + 1)
    player = app if app is not None else seen.log[group[0]]["player"]
    why = f"{state.names[player]} (the app): "  # six placings' reasons: in the log, not here,
    lines = tuple(  # where they would push the walk-through's box over its buttons
        line for i in group for line in seen.events[i] if not line.startswith(why)
    )
    title = f"{state.names[player]} (the app) places its creatures"
    return WalkStep("app", title, lines, state, player, None, (), (group[0], 0),
                    (group[-1] + 1, 0))  # fmt: skip
