"""What the companion provides cardgen: each game's rules engine, behind `cardgen.engines`.

cardgen never imports the companion. This module is registered in pyproject.toml as the entry
point `cardgen.engines` (`engine`), and implements the small interface cardgen declares there
(`cardgen.engines.GameEngine`): a game's rules made from a designer's card data, the seat chance
acts in, the seeded step random source, the app's own players and the search bots for balance
runs, and the rulebook's worked examples. Importing it costs nothing: a game's modules are
imported when that game is asked for, and OpenSpiel only when a search bot is made.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.engine.core import Action, Rules, step_rng
from companion.engine.examples import Worked, problems
from companion.engine.opponents import Opponent
from companion.engine.seats import CHANCE, Seat

if TYPE_CHECKING:
    from cardgen.data.game import Game
    from cardgen.engines import GameEngine

SEARCH_LEVELS = ("easy", "normal", "hard")  # `companion.ai.search.LEVELS`, without OpenSpiel
STRENGTHS = {"app": "strong", "app-easy": "easy"}  # a balance bot's name -> the app's strength

AppBot = Callable[[str, Any, Seat, int], Opponent]  # strength, rules, seat, seed


@dataclass(frozen=True)
class Engine:
    """One game's engine: its package `companion.games.<game_id>` holds the rules class,
    `data.data_from_game` and `examples.from_game`."""

    game_id: str
    rules_class: str
    app_bots: tuple[str, ...]  # balance names ("app", "app-easy"), strongest first
    make_app_bot: AppBot | None = None
    two_seats: bool = True  # information-set search needs two seats
    chance: Seat = CHANCE

    def search_levels(self) -> tuple[str, ...]:
        return SEARCH_LEVELS if self.two_seats and _search_installed() else ()

    def rules(self, game: Game) -> Rules:
        package = f"companion.games.{self.game_id}"
        data = importlib.import_module(f"{package}.data").data_from_game(game)
        made: Rules = getattr(importlib.import_module(package), self.rules_class)(data)
        return made

    def step_rng(self, seed: int, index: int) -> random.Random:
        return step_rng(seed, index)

    def bot(
        self, kind: str, rules: Any, seat: Seat, seed: int, options: Mapping[str, Any]
    ) -> Opponent:
        if kind.startswith("search-"):
            # The search bots model the game with the shipped data (`companion.ai` builds its
            # rules from the registry), while balance games are played from the designer's copy.
            from companion.ai.catalogue import make_bot

            return make_bot(self.game_id, seat, kind.removeprefix("search-"), seed, dict(options))
        if kind not in self.app_bots or self.make_app_bot is None:
            raise ValueError(f"{self.game_id} has no bot {kind!r}")
        return self.make_app_bot(STRENGTHS[kind], rules, seat, seed)

    def worked_examples(self, game: Game) -> tuple[dict[str, Worked], list[str]]:
        name = f"companion.games.{self.game_id}.examples"
        if importlib.util.find_spec(name) is None:
            return {}, []
        examples: dict[str, Worked] = importlib.import_module(name).from_game(game)
        return examples, problems(examples)


def engine(game_id: str) -> GameEngine | None:
    """The entry point: `game_id`'s engine, or None for a game the companion has no rules for;
    `cardgen.engines.DECLARED` names the one engine of every game that declares its table."""
    from cardgen.engines import DECLARED

    if game_id == DECLARED:
        return DeclaredEngine()
    return ENGINES.get(game_id)


@dataclass(frozen=True)
class DeclaredEngine:
    """The engine of a game that declares its table (`companion.games.declared`): its rules from
    the designer's data, and the declared game's rules of thumb as the app's player."""

    chance: Seat = CHANCE
    app_bots: tuple[str, ...] = ("app",)

    def search_levels(self) -> tuple[str, ...]:
        return ()  # search bots are built from the registry's data, not the designer's copy

    def rules(self, game: Game) -> Rules:
        from companion.games.declared import DeclaredRules

        return DeclaredRules(game)

    def step_rng(self, seed: int, index: int) -> random.Random:
        return step_rng(seed, index)

    def bot(
        self, kind: str, rules: Any, seat: Seat, seed: int, options: Mapping[str, Any]
    ) -> Opponent:
        if kind not in self.app_bots:
            raise ValueError(f"a declared game has no bot {kind!r}")
        from companion.games.declared.opponent import DeclaredOpponent

        return DeclaredOpponent(seat, rules)

    def worked_examples(self, game: Game) -> tuple[dict[str, Worked], list[str]]:
        return {}, []


def _search_installed() -> bool:
    try:
        return importlib.util.find_spec("pyspiel") is not None
    except (ImportError, ValueError):
        return False


# The app's own players ------------------------------------------------------------------------


def _vita_luna_app(strength: str, rules: Any, seat: Seat, seed: int) -> Opponent:
    return VitaLunaQuick(seat, rules, Guesses(seed * 2 + seat))


def _riposte_app(strength: str, rules: Any, seat: Seat, seed: int) -> Opponent:
    from companion.games.riposte.opponent import RiposteOpponent

    return RiposteOpponent(seat, strength, rules.data)


def _va_app(strength: str, rules: Any, seat: Seat, seed: int) -> Opponent:
    from companion.games.va_card_game.opponent import VaOpponent

    return VaOpponent(seat, strength, rules.data)


def _luturas_app(strength: str, rules: Any, seat: Seat, seed: int) -> Opponent:
    from companion.games.luturas.opponent import LuturasOpponent

    return LuturasOpponent(seat, strength, rules.data)


@dataclass
class VitaLunaQuick:
    """The Vita Luna app opponent's rules of thumb, deciding on a state drawn from its seat's
    view, as `VitaLunaOpponent` does. It never sees the real state. Two things differ, for speed
    (drawing a state from the view was half of a balance run's time):

    - its guesses come from the game's seed, not from a hash of the whole view;
    - after its own move it keeps its guess with that move applied, and decides on it again if
      nothing else happened in between (its own placements one after another, its moves within
      a turn): a state consistent with its view, as a fresh draw would be, without drawing every
      hidden card anew. The table tells it who moved (`moved`), never what they did.
    """

    seat: Seat
    rules: Any
    guess: random.Random
    kept: Any = None  # the last guess with the bot's own move applied

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Any:
        from companion.games.vita_luna.opponent import choose
        from companion.games.vita_luna.seats import determinize

        rules = self.rules
        state = self.kept
        if state is None:
            state = determinize(rules.data, view, self.seat, self.guess)
        choice = choose(state, legal, rng, me=self.seat, data=rules.data)
        self.kept = None
        if choice is not None and choice["type"] in OWN_MOVES:
            self.kept = rules.apply_unchecked(state, choice, NO_CHANCE).state
        return choice

    @property
    def wants_view(self) -> bool:
        """Whether its next decision reads the view (no kept guess), or only its kept guess."""
        return self.kept is None

    def moved(self, seat: Seat | None) -> None:
        """Someone moved (`seat`; None: chance or the table): a move not its own, or one it did
        not choose through `choose`, makes its kept guess stale."""
        if seat != self.seat:
            self.kept = None


OWN_MOVES = frozenset({"place", "ready", "move", "swap_places", "promote", "burn", "steal",
                       "swap", "heal"})  # fmt: skip
"""Vita Luna moves whose outcome the mover knows in full (no card drawn, no bid hidden)."""
NO_CHANCE = random.Random(0)  # those moves draw nothing; the rules' signature asks for a source


class Guesses(random.Random):
    """The source of a bot's guesses at hidden cards: Python's generator, with a shuffle that
    draws one `random()` per card instead of `randbelow`'s loop of `getrandbits` calls (a
    seventh of a Vita Luna game's time went to shuffling the unseen decks at every decision).
    Still a uniform shuffle, up to the 53 bits of a float."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        draw = self.random
        for i in range(len(x) - 1, 0, -1):
            j = int(draw() * (i + 1))
            x[i], x[j] = x[j], x[i]


ENGINES: dict[str, Engine] = {
    e.game_id: e
    for e in (
        Engine("vita_luna", "VitaLunaRules", ("app",), _vita_luna_app),
        Engine("riposte", "RiposteRules", ("app", "app-easy"), _riposte_app),
        Engine("va_card_game", "VaCardGameRules", ("app", "app-easy"), _va_app),
        Engine("luturas", "LuturasRules", ("app", "app-easy"), _luturas_app),
        Engine("moonlighter", "MoonlighterRules", (), two_seats=False),
    )
}
