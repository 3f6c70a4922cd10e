"""Vita Luna's player cards as markup: the strip beside the board with each player's counter,
role, hearts, cards held of each deck, Singular cards (used ones struck through) and markers.

Pure functions from plain values to strings: no Streamlit and no rules. The page reads the
engine and hands in a `PlayerCard` per player; `header.players` draws each piece that is a game
term (role, hearts, a deck, a Singular card, the markers) as a button opening its rules, worded
by `chips` here and coloured by `CHIPS_CSS` and `card_css`.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import NamedTuple

from companion.screens.parts import plain
from companion.screens.vita_luna.board import counter_svg
from companion.screens.vita_luna.cards import DECK_FILL


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
    singulars: tuple[tuple[str, str, bool], ...]  # (id, name, still unused)
    markers: int | None = None  # advanced game, during the auction


class Chip(NamedTuple):
    """One tappable piece of a player card: what it is (`kind`: "role", "hearts", "deck",
    "singular", "markers"), which one (`of`: a deck's colour, a Singular card's id) and its
    label (Streamlit Markdown)."""

    kind: str
    of: str
    label: str

    def key(self, player: int) -> str:
        """The widget key of its button: `rule_vl_<kind>[_<of>]_<player>`."""
        return f"rule_vl_{self.kind}{'_' + self.of if self.of else ''}_{player}"


def who_html(card: PlayerCard) -> str:
    """The player's counter and name, whether the app plays them, and whether it is their go."""
    note = f' <span class="vl-note">({escape(card.note)})</span>' if card.note else ""
    turn = ' <span class="vl-turn">▶ now</span>' if card.active else ""
    return (
        f'<div class="vl-who">{counter_svg(card.player, 24)} <b>{escape(card.name)}</b>'
        f"{note}{turn}</div>"
    )


def heads(card: PlayerCard) -> list[Chip]:
    """The pieces beside the name: the player's role and hearts, once a battle is on."""
    found = []
    if card.role:
        found.append(Chip("role", "", card.role.upper()))
    if card.hearts is not None:
        found.append(Chip("hearts", "", f"**♥ {card.hearts}**/{card.max_hearts}"))
    return found


def chips(card: PlayerCard) -> list[Chip]:
    """The row under the name: cards held of each deck, the Singular cards (a used one struck
    through) and, during the auction, the markers left."""
    found = [Chip("deck", deck, f"{n} {deck}") for deck, n in card.decks.items()]
    found += [
        Chip("singular", kind, plain(name) if unused else f"~~{plain(name)}~~")
        for kind, name, unused in card.singulars
    ]
    if card.markers is not None:
        found.append(Chip("markers", "", f"markers **{card.markers}**"))
    return found


ROLE_FILL = {"attacker": "#A85200", "defender": "#2F6FB8"}  # white text at 5.4:1 and 5.0:1


def card_css(card: PlayerCard) -> str:
    """What changes with the state: the active player's card ringed, the role's colour, used
    Singulars greyed."""
    box = f"div.st-key-vl_player_{card.player}"
    css = f"{box} {{ border: 4px solid #E0A800; background: #FFFBEA; }}" if card.active else ""
    if card.role:
        key = Chip("role", "", "").key(card.player)
        fill = ROLE_FILL.get(card.role, "#555")
        css += f".st-key-vl_players div.st-key-{key} button {{ background: {fill}; }}"
    for kind, _, unused in card.singulars:
        if not unused:
            key = Chip("singular", kind, "").key(card.player)
            css += (
                f".st-key-vl_players div.st-key-{key} button {{ background: #F2F2F2; "
                "border-color: #CCC; }"
                f".st-key-vl_players div.st-key-{key} button p {{ color: #5E5E5E; "
                "font-weight: 400 !important; }"
            )
    return css


def _deck_css(deck: str, fill: str) -> str:
    return (
        f'.st-key-vl_players div[class*="st-key-rule_vl_deck_{deck}_"] button {{ '
        f"background: {fill}; border-color: {fill}; }}"
        f'.st-key-vl_players div[class*="st-key-rule_vl_deck_{deck}_"] button p {{ '
        "color: #FFFFFF; font-weight: 700 !important; }"
    )


CHIPS_CSS = "".join(_deck_css(deck, fill) for deck, fill in DECK_FILL.items())
