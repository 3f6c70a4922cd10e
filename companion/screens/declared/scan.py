"""The camera for a declared game's cards: the card drawn or dealt at the table, scanned by the
code printed on it instead of tapped in the picker. A scan asks what a tap would ask: only a card
the picker offers is played (the very action its button plays, so the engine checks it), and
any other is said in one line on the next run, with the reason."""

from __future__ import annotations

from typing import Any

from cardgen.data.codes import CardRef
from companion.screens import scanner
from companion.screens.declared.eyes import Screen
from companion.screens.table import buttons as table_buttons
from companion.screens.table.eyes import keep_tablet

Action = dict[str, Any]


def types(screen: Screen, action: Action) -> tuple[str, ...]:
    """The card types of the deck the card comes from (a deal: the first deck)."""
    table = screen.seen.rules.table  # type: ignore[attr-defined]
    if action["type"] == "deal":
        return tuple(table.decks[0].types) if table.decks else ()
    allowed = table.phases[screen.view["phase_index"]].allows[action["allowed"]]
    return tuple(table.deck(allowed.deck).types)


def one_card(screen: Screen, group: list[Action]) -> None:
    """Scan the one card that came up: played as its picker button would be."""
    first = group[0]
    by_card = {a["card"]: a for a in group}
    game = str(screen.seen.rules.game_id)
    keep = keep_tablet(screen)

    def allowed(card: CardRef) -> str | None:
        if card.id in by_card:
            return None
        return f"No {card.name} can have come up now: check the card and scan it again."

    def taken(photo: bytes) -> None:
        card = scanner.one(photo, game, types(screen, first), allowed, "the card that came up")
        if card is not None:
            table_buttons.attempt(keep, by_card[card.id])

    name = f"dc_scan_{first['type']}_{first['player']}"
    scanner.control(name, screen.seen.length, "Scan the card", taken)
