"""The games the companion knows: which are playable, and how to make their rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.engine import Rules


@dataclass(frozen=True)
class GameEntry:
    id: str
    title: str
    players: str
    blurb: str
    rules: Callable[[], Rules] | None = None  # None: not playable in the companion yet

    @property
    def playable(self) -> bool:
        return self.rules is not None


def _moonlighter() -> Rules:
    from companion.games.moonlighter import MoonlighterRules

    return MoonlighterRules()


GAMES: tuple[GameEntry, ...] = (
    GameEntry("moonlighter", "Moonlighter", "1 player",
              "Explore a dungeon room by room, fight, loot pawns, beat the boss.", _moonlighter),
    GameEntry("vita_luna", "Vita Luna", "2 players",
              "Animal battles on a board of white and grey positions; march to the heart."),
    GameEntry("va_card_game", "VA Card Game", "2 players",
              "Heroes with HP, AD and DEF duel by attacking or blocking."),
    GameEntry("luturas", "Luturas", "2 players",
              "Crystals, Luturas in gears and a Soldier to protect."),
    GameEntry("riposte", "Riposte", "2 players",
              "Simultaneous clashes of attack positions; first to 12 damage loses."),
)  # fmt: skip


def entry(game_id: str) -> GameEntry | None:
    return next((g for g in GAMES if g.id == game_id), None)
