"""Whose eyes a declared game's page draws through (`table.eyes`). A declared table keeps only
one kind of secret, a zone seen by its owner (a hand) and a card sealed face down, so the shared
tablet's private screen is simply the screen of whoever moves now, while the table has such a
zone: the active seat's turn, each seat's own choice at once ("together"), and the cards entered
into each seat's hand at setup. A table without hidden zones has no covers at all, and a solo
game's one player passes its cover once (the tablet's public view would hide their own hand)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.seen import SeenMatch
from companion.screens import session
from companion.screens.table import eyes as table_eyes
from companion.screens.table.eyes import APP_CARDS as APP_CARDS
from companion.screens.table.eyes import TABLE_CARDS as TABLE_CARDS
from companion.screens.table.eyes import Private, holder_first

Action = dict[str, Any]
COVERS = {
    "deal": "I am {}: enter my cards",
    "turn": "I am {}: show my cards",
}


@dataclass(frozen=True)
class Screen(table_eyes.Screen[Any]):
    """One run of a declared game's page (`table.eyes.Screen`), for any number of seats."""

    @property
    def seat(self) -> int | None:
        """The player whose eyes these are, or None for the public view (a solo game's one seat
        and every seat of a larger table count, not only two)."""
        seat = self.seen.seat
        return seat if isinstance(seat, int) and seat >= 0 else None

    @property
    def moment(self) -> tuple[str, int]:
        return (self.table.gid, self.seen.length)

    def card_name(self, card: str) -> str:
        return str(self.seen.rules.card_name(card))  # type: ignore[attr-defined]


def screen(table: session.Table, app: int | None) -> Screen:
    """What this run draws through: the device's eyes, or the uncovered private screen's."""
    return table_eyes.look(table, app, Screen, private_screen, open_tablet)


def open_tablet(legal: list[Action]) -> list[Action]:
    """The shared tablet's public screen offers only what nobody does in secret (the start)."""
    return [a for a in legal if "player" not in a]


def hides(seen: SeenMatch) -> bool:
    """Whether anything at this table is one seat's alone: a hand, or a card sealed."""
    spec = seen.rules.table  # type: ignore[attr-defined]
    return any(z.seen == "owner" for z in spec.zones) or any(
        a.do == "seal" for phase in spec.phases for a in phase.allows
    )


def private_screen(gid: str, seen: SeenMatch, cards: str) -> Private | None:
    """The screen of the shared tablet only one player may look at now, if any: whoever moves,
    once the table has something only they may see."""
    view, length = seen.view, seen.length
    if len(view["names"]) == 1 and hides(seen):
        return Private(0, "turn", f"{gid}:0:solo")  # one cover a session: nobody else to hide from
    if view["stage"] in ("setup", "over") or not hides(seen):
        return None
    movers = sorted(s for s in seen.to_move() if isinstance(s, int) and s >= 0)
    if not movers:
        return None
    if view["stage"] == "deal":
        return Private(movers[0], "deal", f"{gid}:{movers[0]}:{length}")
    seat = holder_first(gid, length, movers)
    return Private(seat, "turn", f"{gid}:{seat}:{length}")


def cover(screen: Screen) -> None:
    """The "pass the tablet" screen in front of the private screen on show."""
    table_eyes.cover(screen, COVERS, "dc", other="I am {}: show my screen")
