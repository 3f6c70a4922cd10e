"""Vita Luna's battle turn screen: the Singular cards, the moves (tap one of your creatures, then
where it goes) and End moves / Attack. The attack itself is then walked through by `pacing`.

What the engine refuses now stays on the screen: a Singular card that cannot be played and a
creature that cannot move are disabled buttons, with the engine's reason under them and the
ruling it follows a tap away (`rules_panel`). Burn, Swap and Steal cannot be taken back at the
table without some fuss, so each asks for a second tap: the target, then Confirm.

On the shared tablet a turn is played in the open, so the player's own grey cards are card backs
there too: they are tapped by their position ("Grey 2, face down"), and their buttons are keyed
by position (`buttons.key_for`), so neither the screen nor its markup names a card lying face down.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.games.rulings import ruling_of
from companion.games.vita_luna.checks import why_not_singular
from companion.games.vita_luna.state import VitaLunaState, grey_index, greys, locate, whites
from companion.screens import parts, rules_panel
from companion.screens.vita_luna.buttons import at, button, choose, grid, key_for, label, picked
from companion.screens.vita_luna.eyes import Screen

Action = dict[str, Any]
Spot = tuple[str, int]  # ("white" or "grey", index) on the active player's half

GAME = "vita_luna"
SINGULAR_HELP = {
    "burn": "remove an enemy creature on white from the game",
    "swap": "swap one of yours for one of theirs (both on white)",
    "steal": "take an enemy creature into your free white position opposite",
    "heal": "back to full health and armour",
}
CONFIRMED = frozenset({"burn", "swap", "steal"})  # asked twice: hard to take back at the table


@st.fragment(key="vl_turn")
def turn_alone(screen: Screen) -> None:
    """`turn` as a fragment of its own: a choice made in it (a Singular card, its target, a
    creature to move, Cancel) changes nothing else on the page, so it reruns only the turn's
    controls; an action played from it reruns the whole page (`buttons.button`)."""
    turn(screen)


def turn(screen: Screen) -> None:
    """Singular cards first, then moves (a creature, then where it goes), then the attack."""
    state, data, length = screen.state, screen.data, screen.seen.length
    p = state.active
    mine = screen.legal
    pick = picked(length)
    singulars = [a for a in mine if a["type"] in SINGULAR_HELP]
    if mine:  # this device plays the turn: every Singular card, playable or not
        _singulars(screen, singulars, pick)
    moves = [a for a in mine if a["type"] in ("move", "promote", "swap_places")]
    if moves:
        hidden = screen.hidden(state)
        spots = _spots(screen, p, hidden)
        aliases = {card: f"{row}{i}" for (row, i), card in spots.items()
                   if card and at(data, p, row, i) in hidden}  # fmt: skip
        where = {card: spot for spot, card in spots.items() if card}
        st.markdown("**Move** (tap one of your creatures, then where it goes):")
        card = pick[1] if pick and pick[0] == "card" else None
        if card not in where:
            _pick_grid(screen, p, spots, {a["card"] for a in moves}, aliases)
            _stuck(screen, p, spots, {a["card"] for a in moves})
        else:
            targets = {}
            for a in moves:
                if a["card"] != card:
                    continue
                if a["type"] == "swap_places":
                    targets[where[a["other"]]] = a
                else:
                    row = "white" if a["type"] == "promote" else where[card][0]
                    targets[(row, a["position"])] = a
            st.caption(f"Moving {parts.plain(_name(data, card, aliases))}:")
            grid(state, data, p, hidden, targets,
                 lambda row, i, a: _move_label(data, row, i, a), aliases)  # fmt: skip
            st.button("Cancel the move", key="vl_cancel", width="stretch", wrap=True,
                      on_click=choose, args=(length, None))  # fmt: skip
    attack = next((a for a in mine if a["type"] == "attack"), None)
    if attack:
        button(label(state, data, attack), attack, primary=True)


def _spots(screen: Screen, player: int, hidden: frozenset[int]) -> dict[Spot, str | None]:
    """What lies on each of `player`'s positions: what these eyes see, and for the positions they
    see face down, the card as its owner's own view has it (only its position is ever drawn)."""
    data = screen.data
    spots: dict[Spot, str | None] = {}
    for row, cards in (("white", whites(data, screen.state, player)),
                       ("grey", greys(data, screen.state, player))):  # fmt: skip
        spots.update({(row, i): c for i, c in enumerate(cards)})
    if any(grey_index(data, player, i) in hidden for i in range(data.grey)):
        own = screen.table.look(player)
        if own.seat == player:
            spots.update({("grey", i): c for i, c in enumerate(greys(data, own.state, player))})
    return spots


def _name(data, card: str, aliases: dict[str, str]) -> str:
    alias = aliases.get(card)
    if alias is None:
        return data.name(card)
    return f"the face-down card on grey {int(alias.removeprefix('grey')) + 1}"


def _move_label(data, row: str, i: int, action: Action) -> str:
    kind = action["type"]
    if kind == "swap_places":
        return f"⇄ {data.name(action['other'])}"
    if kind == "promote":
        return f"↑ White {i + 1}"
    return f"→ {row.capitalize()} {i + 1}"


def _pick_grid(
    screen: Screen,
    player: int,
    spots: dict[Spot, str | None],
    movers: set[str],
    aliases: dict[str, str],
) -> None:
    """Your half of the board as buttons: the creatures that can move are the buttons, a face-down
    one named by its position."""
    data, length = screen.data, screen.seen.length
    rows = ("white", "grey") if player == 0 else ("grey", "white")
    for row in rows:
        count = data.white if row == "white" else data.grey
        st.html(f'<div class="vl-rowname">{row.upper()}</div>')
        for i, column in enumerate(st.columns(count, gap="small")):
            here = spots.get((row, i))
            if here is None:
                column.html(f'<div class="vl-slot">{row[0].upper()}{i + 1}<br>empty</div>')
                continue
            face_down = here in aliases
            text = f"Grey {i + 1} (face down)" if face_down else data.name(here)
            if here in movers:
                column.button(
                    parts.plain(text),
                    key=f"vl_mover_{aliases.get(here, here)}".replace(".", "-"),
                    width="stretch",
                    wrap=True,
                    on_click=choose,
                    args=(length, ("card", here)),
                )
            elif row == "white":  # face up, and it cannot move: shown, disabled; `_stuck` says why
                column.button(parts.plain(text), key=f"no_mover_{here}".replace(".", "-"),
                              disabled=True,
                              width="stretch", wrap=True)  # fmt: skip
            else:
                shown = escape("face down" if face_down else data.cards[here].name)
                column.html(f'<div class="vl-slot">{row[0].upper()}{i + 1}<br>{shown}</div>')


def _singulars(screen: Screen, singulars: list[Action], pick: tuple | None) -> None:
    """Every Singular card of the player: the playable ones to tap, the rest disabled with the
    engine's reason; then the chosen card's targets, and for Burn, Swap and Steal a Confirm."""
    state, data, length = screen.state, screen.data, screen.seen.length
    p = state.active
    st.markdown("**Singular cards** (before any move; each once a game):")
    playable = {a["type"] for a in singulars}
    chosen = pick[1] if pick and pick[0] == "singular" else None
    refusals: dict[str, tuple[str, str]] = {}  # reason -> (the key it is shown under, reason)
    for column, kind in parts.in_rows(list(data.singulars)):
        if kind in playable:
            column.button(
                parts.plain(data.singulars[kind]),
                key=f"vl_sing_{kind}",
                type="primary" if chosen == kind else "secondary",
                width="stretch",
                wrap=True,
                on_click=choose,
                args=(length, ("singular", kind)),
            )
            continue
        column.button(parts.plain(data.singulars[kind]), key=f"no_sing_{kind}", disabled=True,
                      width="stretch", wrap=True)  # fmt: skip
        reason = why_not_singular(data, state, p, kind)
        if reason:
            refusals.setdefault(str(reason), (f"sing_{kind}", reason))
    _reasons(refusals)
    if chosen is None or chosen not in playable:
        return
    name = parts.plain(data.singulars[chosen])
    st.caption(f"{name}: {SINGULAR_HELP[chosen]}.")
    rules_panel.explain_button(GAME, rules_panel.card(chosen), f"{name}: its rules",
                               key=f"rule_vl_sing_{chosen}", width="content")  # fmt: skip
    aimed = pick[2] if pick and len(pick) > 2 else None
    if chosen in CONFIRMED and aimed is not None:
        _confirm(screen, chosen, aimed)
        return
    for action in (a for a in singulars if a["type"] == chosen):
        words = singular_label(data, state, action)
        if chosen in CONFIRMED:
            st.button(parts.plain(words), key="vl_aim_" + key_for(action).removeprefix("act_"),
                      width="stretch", wrap=True, on_click=choose,
                      args=(length, ("singular", chosen, action)))  # fmt: skip
        else:
            button(words, action)


def _reasons(refusals: dict[str, tuple[str, str]]) -> None:
    """Each distinct reason once, with a button for each ruling they follow."""
    rules_panel.reasons(GAME, list(refusals.values()))


def _confirm(screen: Screen, kind: str, action: Action) -> None:
    """The second tap of Burn, Swap or Steal: what it will do, Confirm or Cancel."""
    data, state, length = screen.data, screen.state, screen.seen.length
    words = singular_label(data, state, action)
    st.html(f'<div class="vl-next">{escape(words)}? Tap Confirm to play it.</div>')
    confirm, cancel = st.columns([2, 1])
    with confirm:
        button(f"Confirm: {words}", action, primary=True)
    cancel.button("Cancel", key="vl_aim_cancel", width="stretch", wrap=True, on_click=choose,
                  args=(length, ("singular", kind)))  # fmt: skip


def _stuck(screen: Screen, player: int, spots: dict[Spot, str | None], movers: set[str]) -> None:
    """Why each creature face up on your white row cannot move now, in the engine's words."""
    refusals: dict[str, tuple[str, str]] = {}
    for (row, i), card in spots.items():
        if row != "white" or card is None or card in movers:
            continue
        reason = _why_stuck(screen, player, i, card)
        if reason:
            refusals.setdefault(str(reason), ("mover_" + card.replace(".", "-"), reason))
    if refusals:
        st.caption("Creatures that cannot move now:")
    _reasons(refusals)


def _why_stuck(screen: Screen, player: int, column: int, card: str) -> str | None:
    """The engine's reason for the sideways moves of `card` (the first that names a ruling)."""
    reasons = [
        screen.seen.check({"type": "move", "player": player, "card": card, "position": to})
        for to in (column - 1, column + 1)
        if 0 <= to < screen.data.white
    ]
    found = [r for r in reasons if r]
    ruled = [r for r in found if ruling_of(r)]
    return (ruled or found)[0] if found else None


def singular_label(data, state: VitaLunaState, action: Action) -> str:
    """Singular cards aim at creatures on white, which everyone sees."""

    def at_white(card: str) -> str:
        where = locate(data, state, card)
        return f"{data.name(card)} (white {where[2] + 1})" if where else data.name(card)

    kind = action["type"]
    if kind == "swap":
        return f"Give {at_white(action['own'])}, take {at_white(action['target'])}"
    verb = {"burn": "Burn", "steal": "Steal", "heal": "Heal"}[kind]
    return f"{verb} {at_white(action['target'])}"
