"""Vita Luna's player cards as markup: the strip beside the board with each player's counter,
role, hearts, cards held of each deck, Singular cards (used ones struck through) and markers.

Pure functions from plain values to HTML strings: no Streamlit and no rules. The page reads the
engine and hands in a `PlayerCard` per player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from companion.screens.vita_luna.board import counter_svg
from companion.screens.vita_luna.cards import DECK_FILL, heart


@dataclass(frozen=True)
class PlayerCard:
    player: int
    name: str
    note: str  # "the app", or ""
    role: str
    active: bool
    hearts: int | None  # None before the first battle
    max_hearts: int
    decks: dict[str, int]  # cards held of each colour
    singulars: tuple[tuple[str, bool], ...]  # (name, still unused)
    markers: int | None = None  # advanced game, during the auction


def player_cards_html(cards: Sequence[PlayerCard]) -> str:
    return f'<div class="vl-players">{"".join(_player(c) for c in cards)}</div>'


def _player(card: PlayerCard) -> str:
    role = ""
    if card.role:
        role = f'<span class="vl-role vl-{card.role}">{card.role.upper()}</span>'
    note = f' <span class="vl-note">({escape(card.note)})</span>' if card.note else ""
    turn = ' <span class="vl-turn">▶ now</span>' if card.active else ""
    decks = "".join(
        f'<span class="vl-deck" style="background:{DECK_FILL[d]}">{n} {d}</span>'
        for d, n in card.decks.items()
    )
    singulars = "".join(
        f'<span class="vl-sing{"" if unused else " used"}">{escape(name)}</span>'
        for name, unused in card.singulars
    )
    markers = ""
    if card.markers is not None:
        markers = f'<span class="vl-markers">markers <b>{card.markers}</b></span>'
    active = " active" if card.active else ""
    return (
        f'<div class="vl-player{active}"><div class="vl-who">'
        f"<span>{counter_svg(card.player, 24)} <b>{escape(card.name)}</b>{note} {role}{turn}</span>"
        f"{_hearts(card)}</div>"
        f'<div class="vl-chips">{decks}<span class="vl-gap"></span>{singulars}{markers}</div></div>'
    )


def _hearts(card: PlayerCard) -> str:
    if card.hearts is None:
        return ""
    return (
        f'<span class="vl-hearts">{_heart_html()}<b>{card.hearts}</b>'
        f'<span class="vl-of">/{card.max_hearts}</span></span>'
    )


def _heart_html() -> str:
    shape = heart(0, 0, 24)
    return f'<svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">{shape}</svg>'
