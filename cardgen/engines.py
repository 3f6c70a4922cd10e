"""The one door from the print kit, the rulebooks and the balance simulator to a rules engine.

cardgen never imports an engine. A package that has rules engines (the table companion) says so
in its metadata, as an entry point of the group `cardgen.engines` naming a function
`engine(game_id) -> GameEngine | None`; cardgen finds it with `importlib.metadata`, and asks it
for one game's engine. Everything cardgen needs of an engine is declared here: the few methods of
its rules a seeded bot-against-bot game calls (`Rules`), the seat that stands for chance, the
step random source a seeded game draws from, the bots that may sit at the table, and the
rulebook's worked examples played on the card data. So the print commands work where no engine
is installed (a game then has no worked examples), and `cardgen balance` says in one line that it
needs one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from cardgen.data.game import Game

GROUP = "cardgen.engines"  # the entry-point group an engine provider registers in
# The engine of every game that declares its table in its data (docs/table-declaration.md): not a
# game id (ids are plain names), so no game of that name can take it over.
DECLARED = "table:declared"
INSTALL_HINT = "pip install -e ."  # how the table companion, and its engines, are installed

Action = dict[str, Any]  # an engine's action, e.g. {"type": "play", "player": 0, "card": "jab"}
Seat = int  # a player's place at the table, from 0; chance has a seat of its own (`chance`)


class Outcome(Protocol):
    """How a game stands: over or not, and its winner (None: a draw, or a solo run not won)."""

    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> Seat | None: ...


class Step(Protocol):
    """What one action did: the new state, the action as resolved, the log's sentences."""

    @property
    def state(self) -> Any: ...

    @property
    def action(self) -> Action: ...

    @property
    def events(self) -> list[str]: ...


class Rules(Protocol):
    """The part of a game's rules a seeded bot-against-bot game plays through."""

    def new_state(self, options: dict[str, Any]) -> Any: ...

    def legal_actions(self, state: Any) -> list[Action]: ...

    def sample_action(self, state: Any, rng: random.Random) -> Action | None:
        """A legal action drawn uniformly at random; None when there is none."""
        ...

    def apply_unchecked(self, state: Any, action: Action, rng: random.Random) -> Step:
        """The step after `action`, one the rules themselves offered (no check)."""
        ...

    def actors(self, state: Any, action: Action) -> frozenset[Seat]:
        """The seats that may take `action` (the engine's `chance` seat for a deal or a die)."""
        ...

    def view(self, state: Any, seat: Seat) -> dict[str, Any]:
        """What `seat` may see: all a bot in that seat decides from."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def outcome(self, state: Any) -> Outcome: ...


class Bot(Protocol):
    """A player in one seat: one of its seat's legal actions from its seat's view, or None.

    A bot may also have `wants_view` (False: its next choice reads a guess it kept, so the view
    need not be built) and `moved(seat)` (told who moved, never what)."""

    def choose(
        self, view: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action | None: ...


class GameEngine(Protocol):
    """One game's rules engine, as cardgen uses it."""

    @property
    def chance(self) -> Seat:
        """The seat `Rules.actors` names for what nobody chooses (a deal, a die)."""
        ...

    @property
    def app_bots(self) -> tuple[str, ...]:
        """The engine's own players by name ("app", "app-easy"), strongest first; may be empty."""
        ...

    def search_levels(self) -> tuple[str, ...]:
        """The levels of the search bots that can play this game here ("easy", "normal" ...),
        offered as `search-<level>`; empty where search is not installed or cannot play it."""
        ...

    def rules(self, game: Game) -> Rules:
        """The rules, playing with `game`'s cards (a designer's copy, not only the shipped one)."""
        ...

    def step_rng(self, seed: int, index: int) -> random.Random:
        """The random source of action `index` of the game seeded `seed`, as the engine's own
        seeded matches draw it: the same seed replays the same deals and dice."""
        ...

    def bot(
        self, kind: str, rules: Rules, seat: Seat, seed: int, options: Mapping[str, Any]
    ) -> Bot:
        """A bot of `kind` (one of `app_bots`, or `search-<level>`) for `seat`, seeded by
        `seed`; `options` are the rules' options the games are played with."""
        ...

    def worked_examples(self, game: Game) -> tuple[Mapping[str, Any], list[str]]:
        """The rulebook's worked examples played on `game`'s cards (the templates print them as
        `ex`), and one line per claim of an example's story the engine no longer agrees with;
        ({}, []) for a game whose rulebook has none."""
        ...


Provider = Callable[[str], GameEngine | None]  # what an entry point of `GROUP` names


class NoEngines(LookupError):
    """No rules engine can be reached: none installed, or the installed one does not load.
    Its message is one line, for the designer."""


def engine(game_id: str) -> GameEngine | None:
    """`game_id`'s engine from the first installed provider that has one; None when the
    providers have none for it. NoEngines when no provider is installed or one fails to load."""
    for provider in providers():
        found = provider(game_id)
        if found is not None:
            return found
    return None


def engine_or_none(game_id: str) -> GameEngine | None:
    """`engine`, with None also when no engine can be reached (the print kit's view: engines
    are welcome, never required)."""
    try:
        return engine(game_id)
    except NoEngines:
        return None


@cache
def providers() -> tuple[Provider, ...]:
    """Every installed provider, loaded once per process."""
    from importlib.metadata import entry_points

    points = {point.value: point for point in entry_points(group=GROUP)}
    if not points:
        raise NoEngines("none is installed")
    found = []
    for value, point in sorted(points.items()):
        try:
            found.append(point.load())
        except Exception as exc:  # a missing dependency, a broken install: one line, not a trace
            said = " ".join(str(exc).split())[:160] or type(exc).__name__
            raise NoEngines(f"{value} does not load ({said})") from None
    return tuple(found)
