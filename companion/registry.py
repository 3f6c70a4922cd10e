"""The games the companion knows: which are playable, and how to make their rules."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine import Rules, Seat
from companion.engine.opponents import Opponent


@dataclass(frozen=True)
class Option:
    """A choice made at "New game", shown as a row of buttons in the order a player reads them
    (strengths rising); `default` is the one chosen until a player taps another (the first when
    not said), and `notes` say in words what a choice means (a level's measured strength)."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]  # (value handed to the rules, words on the button)
    default: Any = None
    notes: tuple[tuple[Any, str], ...] = ()  # (value, one line shown when it is chosen)

    @property
    def initial(self) -> Any:
        """The value chosen until a player taps another."""
        values = [value for value, _ in self.choices]
        return self.default if self.default in values else values[0]

    def note(self, value: Any) -> str:
        return dict(self.notes).get(value, "")


@dataclass(frozen=True)
class GameEntry:
    id: str
    title: str
    players: str
    blurb: str
    rules: Callable[[], Rules] | None = None  # None: not playable in the companion yet
    options: tuple[Option, ...] = ()
    setup: Callable[[dict[str, Any]], dict[str, Any]] | None = None  # chosen -> rules' options
    opponents: Callable[[dict[str, Any]], dict[Seat, Opponent]] | None = None  # the app's seats
    secrets: bool = False  # hidden hands or bids: the full log is exported only once it is over
    page: str = ""  # the page's module under companion.screens, when not the game's id

    @property
    def playable(self) -> bool:
        return self.rules is not None


def _moonlighter() -> Rules:
    from companion.games.moonlighter import MoonlighterRules

    return MoonlighterRules()


def _vita_luna() -> Rules:
    from companion.games.vita_luna import VitaLunaRules

    return VitaLunaRules()


APP_THINKS = 1.0  # seconds the app's searching opponent may think about a move at the table


def _app_at_strength(options: dict[str, Any], module: str, name: str) -> dict[Seat, Opponent]:
    """Against the app, the app's rules of thumb (`name` in `module`, loaded only then) sit in
    Player 2's seat at the chosen strength (strong unless told)."""
    if options.get("opponent") != "app":
        return {}
    opponent = getattr(importlib.import_module(module), name)
    return {1: opponent(1, options.get("strength", "strong"))}


def _rival_setup(chosen: dict[str, Any]) -> dict[str, Any]:
    """Against the app, Player 2 is the app, called Rival in the table log; the app shuffles,
    since its own cards must be drawn by the app and never typed in at the table."""
    if chosen.get("opponent") == "app":
        return chosen | {"names": ["Player 1", "Rival"], "cards": "app"}
    return chosen


def _vita_luna_opponents(options: dict[str, Any]) -> dict[Seat, Opponent]:
    """Against the app, the app sits in Player 2's seat and sees only that seat's view: easy is
    the rules of thumb, normal and hard OpenSpiel's search over that view (`companion.ai`)."""
    if options.get("opponent") != "app":
        return {}
    level = options.get("strength", "easy")
    if level in ("normal", "hard"):
        from companion.ai.search import SearchOpponent

        game = entry("vita_luna")
        assert game is not None
        return {1: SearchOpponent(game, 1, level, options, think_seconds=APP_THINKS)}
    from companion.games.vita_luna.opponent import VitaLunaOpponent

    return {1: VitaLunaOpponent(1)}


def _vita_luna_setup(chosen: dict[str, Any]) -> dict[str, Any]:
    """Against the app, Player 2 is the app and is called Luna in the table log."""
    if chosen.get("opponent") == "app":
        return chosen | {"names": ["Player 1", "Luna"]}
    return chosen


MOONLIGHTER_OPTIONS = (
    Option("forgiving", "Falls", ((False, "Standard"), (True, "Forgiving play"))),
)


def _riposte() -> Rules:
    from companion.games.riposte import RiposteRules

    return RiposteRules()


def _riposte_opponents(options: dict[str, Any]) -> dict[Seat, Opponent]:
    """Against the app, the app duels in Player 2's seat at the chosen strength and sees only
    that seat's view."""
    return _app_at_strength(options, "companion.games.riposte.opponent", "RiposteOpponent")


RIPOSTE_OPTIONS = (
    Option("characters", "Characters", ((True, "With characters"), (False, "Learning duel"))),
    Option("cards", "Cards", (("app", "The app shuffles"), ("table", "Enter each card"))),
    Option("opponent", "Players", (("two", "Two players"), ("app", "Against the app"))),
    Option("strength", "App strength", (("easy", "Easy"), ("strong", "Strong")), "strong", (
        ("easy", "Easy: loose rules of thumb; it beat random play in 81 of 100 duels."),
        ("strong", "Strong: its best rules of thumb; it beat Easy in 85 of 100 duels."),
    )),
)  # fmt: skip


def _va_card_game() -> Rules:
    from companion.games.va_card_game import VaCardGameRules

    return VaCardGameRules()


def _va_opponents(options: dict[str, Any]) -> dict[Seat, Opponent]:
    """Against the app, the app plays Player 2's seat at the chosen strength and sees only that
    seat's view: strong and easy are the rules of thumb, normal and hard OpenSpiel's search over
    that view (`companion.ai`; benchmarks/README.md has its measured wins)."""
    if options.get("opponent") != "app":
        return {}
    if options.get("strength") in ("normal", "hard"):
        from companion.ai.search import SearchOpponent

        game = entry("va_card_game")
        assert game is not None
        return {1: SearchOpponent(game, 1, options["strength"], options, think_seconds=APP_THINKS)}
    return _app_at_strength(options, "companion.games.va_card_game.opponent", "VaOpponent")


VA_OPTIONS = (
    Option("cards", "Cards", (("app", "The app shuffles"), ("table", "Enter each card"))),
    Option("opponent", "Players", (("two", "Two players"), ("app", "Against the app"))),
    Option("strength", "App strength",
           (("easy", "Easy"), ("strong", "Strong"), ("normal", "Normal"), ("hard", "Hard")),
           "strong", (
               ("easy", "Easy: loose rules of thumb; Strong beat it in 190 of 200 games."),
               ("strong", "Strong: its best rules of thumb; it beat random play in 497 of 500."),
               ("normal", "Normal: a short search; about as strong as Strong (15 of 27 decided "
                          "games)."),
               ("hard", "Hard: a longer search; it won 68% of decided games against Strong."),
           )),
)  # fmt: skip


def _luturas() -> Rules:
    from companion.games.luturas import LuturasRules

    return LuturasRules()


def _luturas_opponents(options: dict[str, Any]) -> dict[Seat, Opponent]:
    """Against the app, the app plays Player 2's seat (a starter deck, from its own hidden hand)
    at the chosen strength and sees only that seat's view."""
    return _app_at_strength(options, "companion.games.luturas.opponent", "LuturasOpponent")


LUTURAS_OPTIONS = (
    Option("mode", "Game", (("standard", "Standard"), ("fast", "Fast (two decks)"))),
    Option("cards", "Cards", (("app", "The app shuffles"), ("table", "Enter each card"))),
    Option("opponent", "Players", (("two", "Two players"), ("app", "Against the app"))),
    Option("strength", "App strength", (("easy", "Easy"), ("strong", "Strong")), "strong", (
        ("easy", "Easy: a one-step look at each move; it beat random play in 94 of 100."),
        ("strong", "Strong: weighs each move against your best answer; it beat Easy in 70 of "
                   "100."),
    )),
)  # fmt: skip

VITA_LUNA_OPTIONS = (
    Option("mode", "Game", (("basic", "Basic"), ("advanced", "Advanced (bidding)"))),
    Option("extended", "Length", ((False, "Standard"), (True, "Extended"))),
    Option("opponent", "Players", (("two", "Two players"), ("app", "Against the app"))),
    Option("strength", "App strength", (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")),
           notes=(
               ("easy", "Easy: rules of thumb."),
               ("normal", "Normal: a short search over what its seat can see."),
               ("hard", "Hard: a longer search; it beat Easy in 95 of 100 games."),
           )),
)  # fmt: skip

GAMES: tuple[GameEntry, ...] = (
    GameEntry("moonlighter", "Moonlighter", "1 player",
              "Explore a dungeon room by room, fight, loot pawns, beat the boss.", _moonlighter,
              MOONLIGHTER_OPTIONS),
    GameEntry("vita_luna", "Vita Luna", "2 players",
              "Animal battles on a board of white and grey positions; march to the heart.",
              _vita_luna, VITA_LUNA_OPTIONS, _vita_luna_setup, _vita_luna_opponents, secrets=True),
    GameEntry("va_card_game", "VA Card Game", "2 players",
              "Heroes with HP, AD and DEF duel by attacking or blocking.",
              _va_card_game, VA_OPTIONS, _rival_setup, _va_opponents, secrets=True),
    GameEntry("luturas", "Luturas", "2 players",
              "Crystals, Luturas in gears and a Soldier to protect.",
              _luturas, LUTURAS_OPTIONS, _rival_setup, _luturas_opponents, secrets=True),
    GameEntry("riposte", "Riposte", "2 players",
              "Simultaneous clashes of attack positions; first to 12 damage loses.",
              _riposte, RIPOSTE_OPTIONS, _rival_setup, _riposte_opponents, secrets=True),
)  # fmt: skip


DECLARED_OPTIONS = (
    Option("cards", "Cards", (("app", "The app shuffles"), ("table", "Enter each card"))),
)
DECLARED_TWO_OPTIONS = (
    *DECLARED_OPTIONS,
    Option("opponent", "Players", (("two", "Two players"), ("app", "Against the app"))),
)


def _declared_rules(folder: Path) -> Callable[[], Rules]:
    def rules() -> Rules:
        from companion.games.declared import DeclaredRules
        from companion.games.declared.found import load

        return DeclaredRules(load(folder))

    return rules


def _declared_setup(seats: list[str]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Against the app, the last seat is the app's and is called Rival in the table log."""

    def setup(chosen: dict[str, Any]) -> dict[str, Any]:
        if chosen.get("opponent") == "app":  # the app's own cards are drawn by the app
            return chosen | {"names": [*seats[:-1], "Rival"], "cards": "app"}
        return chosen

    return setup


def _declared_opponents(folder: Path) -> Callable[[dict[str, Any]], dict[Seat, Opponent]]:
    """Against the app, the declared game's rules of thumb play Player 2's seat from its view."""

    def opponents(options: dict[str, Any]) -> dict[Seat, Opponent]:
        if options.get("opponent") != "app":
            return {}
        from companion.games.declared.opponent import DeclaredOpponent

        return {1: DeclaredOpponent(1, _declared_rules(folder))}

    return opponents


def declared() -> tuple[GameEntry, ...]:
    """Every game in the data root that declares its table (`companion.games.declared`) and
    whose data loads, under its own id; a shipped game's id is never taken over."""
    from companion.games.declared.found import folders, loads

    shipped = {g.id for g in GAMES}
    out = []
    for game_id, (folder, raw) in folders().items():
        if game_id in shipped or not loads(folder):
            continue
        seats = [str(s) for s in raw["table"].get("seats", [])]
        two = len(seats) == 2
        out.append(GameEntry(
            game_id, str(raw.get("name") or game_id),
            "1 player" if len(seats) == 1 else f"{len(seats)} players",
            str(raw.get("summary") or "A game declared in its data."),
            _declared_rules(folder), DECLARED_TWO_OPTIONS if two else DECLARED_OPTIONS,
            _declared_setup(seats), _declared_opponents(folder) if two else None, secrets=True,
            page="declared",
        ))  # fmt: skip
    return tuple(out)


def games() -> tuple[GameEntry, ...]:
    """The shipped games, then every declared game in reach (looked up now)."""
    return GAMES + declared()


def entry(game_id: str) -> GameEntry | None:
    found = next((g for g in GAMES if g.id == game_id), None)
    return found or next((g for g in declared() if g.id == game_id), None)
