"""What lies open on the table, as Luturas's page draws it: each player's side (the Soldier and
the four Lutura spaces as their printed cards, each with its Stamina left and Gear stack, the
Crystals by type, the Tool and whom it points at, the Strategies, the Deck, hand, Workshop and
Portal counted), and between the two sides the attack being answered, explained.

Every piece that shows a game term is a button opening its rule (`pieces`): a card opens its
printed text with the card large, a word (Stamina, a Crystal type, the Workshop) the rulebook's
ruling or keyword on it. A new player asks "what is that?" of the words on the board as much as of
the cards, so the board answers both.

Everything comes from the screen's view: a hand and a Deck are only counted, a face-down Strategy
is only said to lie there unless these eyes are its owner's. The player whose eyes these are sits
at the bottom (Player 1 on the shared screen), as at the table.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.luturas.state import FAST, MAIN, MULLIGAN, RESPOND, design
from companion.screens.luturas.eyes import Screen
from companion.screens.luturas.pieces import crystal_name, face, piece
from companion.screens.luturas.words import plural, target_name
from companion.screens.parts import plain
from companion.screens.table.faces import stamp

GAME = "luturas"


def draw(screen: Screen) -> None:
    """The whole table: the other player above, the attack under way, these eyes' player below."""
    me = screen.seat if screen.seat is not None else 0
    when = stamp(GAME)  # read once a run: every face on the board is of this data
    with st.container(key="lt_board", gap="small"):
        side(screen, 1 - me, when)
        st.html(attack_panel(screen))
        side(screen, me, when)
    active = [p for p in (0, 1) if _decides(screen.view, p)]
    st.html("<style>" + "".join(
        f"div.st-key-lt_side_{p} {{ border: 4px solid #E0A800; background: #FFFBEA; "
        "padding: 2px 8px 4px; }" for p in active) + "</style>")  # fmt: skip


def side(screen: Screen, p: int, when: tuple) -> None:
    """One player's side: who they are, their cards in play, and what lies beside them."""
    s = screen.view["sides"][p]
    with st.container(key=f"lt_side_{p}", gap="xsmall"):
        with st.container(key=f"lt_who_{p}", horizontal=True, gap="small",
                          vertical_alignment="center"):  # fmt: skip
            st.html(f'<span class="lt-name lt-ink{p}">{escape(screen.called(p))}</span>')
            _tags(screen, p)
            wins = "★" * int(s["wins"]) + "☆" * (2 - int(s["wins"]))
            piece(("ruling", "match-best-of-three"), f"{wins} rounds", f"rule_lt_wins_{p}")
        with st.container(key=f"lt_spaces_{p}", gap=None):
            _soldier(screen, p, when)
            for space in range(screen.data.lutura_spaces):
                _space(screen, p, space, when)
        with st.container(key=f"lt_rest_{p}", horizontal=True, gap="xsmall"):
            _crystals(screen, p)
            _tool(screen, p, when)
            _strategy(screen, p, when)
            _piles(screen, p)


def _decides(view: dict[str, Any], p: int) -> bool:
    if view["pending"]:
        return int(view["pending"][0]["player"]) == p
    phase = view["phase"]
    if phase == RESPOND and view["attack"] is not None:
        return int(view["attack"]["player"]) != p
    return phase in (MULLIGAN, MAIN, "draw") and view["active"] == p


def _tags(screen: Screen, p: int) -> None:
    view = screen.view
    if view["active"] == p and view["phase"] in ("draw", MAIN, RESPOND):
        piece(("ruling", "turn-order-free"), "⚑ TURN", f"rule_lt_turn_{p}")
    if view["first"] == p and view["phase"] not in ("toss", "choose"):
        piece(("ruling", "who-starts"), "started the round", f"rule_lt_first_{p}")


def _soldier(screen: Screen, p: int, when: tuple) -> None:
    s, data = screen.view["sides"][p], screen.data
    soldier = data.of(s["soldier"])
    with st.container(key=f"lt_soldier_box_{p}", gap=None):
        st.html(f'<div class="lt-space-no">Soldier</div>{face(data, s["soldier"], when)}')
        piece(("card", design(s["soldier"])), plain(soldier.name), f"rule_lt_soldier_{p}")
        piece(("ruling", "combat-and-stamina"),
              f"Stamina **{s['stamina']}**/{soldier.stamina}", f"rule_lt_stamina_{p}")  # fmt: skip
        used = "ability used" if s["ability_used"] else "ability ready"
        st.html(f'<div class="lt-note">{used}</div>')


def _space(screen: Screen, p: int, space: int, when: tuple) -> None:
    view, data = screen.view, screen.data
    s = view["sides"][p]
    lutura = s["spaces"][space]
    with st.container(key=f"lt_space_{p}_{space}", gap=None):
        if lutura is None:
            piece(("ruling", "lutura-spaces"), f"Space {space + 1} · empty",
                  f"rule_lt_space_{p}_{space}")  # fmt: skip
            return
        card = lutura["stack"][-1]
        top = data.of(card)
        left = top.stamina - int(lutura["damage"])
        width = max(0, min(100, round(100 * left / top.stamina))) if top.stamina else 0
        st.html(f'<div class="lt-space-no">Space {space + 1}</div>{face(data, card, when)}')
        piece(("card", design(card)), plain(top.title), f"rule_lt_lutura_{p}_{space}")
        piece(("ruling", "combat-and-stamina"),
              f"Combat **{top.combat}** · Stamina **{left}**/{top.stamina}",
              f"rule_lt_stats_{p}_{space}")  # fmt: skip
        st.html(f'<div class="lt-bar"><span style="width:{width}%"></span></div>')
        if len(lutura["stack"]) > 1:
            gears = " › ".join(f"G{data.of(c).gear.capitalize()}" for c in lutura["stack"])
            piece(("ruling", "upgrade-stack"), f"Gear stack {gears}", f"rule_lt_gears_{p}_{space}")
        notes = []
        if s["tool"] and s["tool_at"] == space:
            notes.append(f"⚙ {data.title(s['tool'])}")
        if lutura["upgraded"]:
            notes.append("upgraded this turn")
        if lutura["attacks"]:
            notes.append("has attacked")
        if lutura["bonus"]:
            notes.append(f"+{lutura['bonus']} Combat this turn")
        if notes:
            st.html(f'<div class="lt-note">{escape(", ".join(notes))}</div>')


def _crystals(screen: Screen, p: int) -> None:
    s, data = screen.view["sides"][p], screen.data
    count = Counter(data.of(c).crystal for c in s["crystals"])
    with st.container(key=f"lt_crystals_{p}", horizontal=True, gap="xsmall",
                      vertical_alignment="center", width="content"):  # fmt: skip
        piece(("ruling", "crystal-limit"),
              f"Crystals **{len(s['crystals'])}** of {s['crystal_limit']}",
              f"rule_lt_crystal_limit_{p}")  # fmt: skip
        for kind, n in sorted(count.items()):
            piece(("keyword", "crystal", kind), f"**{n}** {crystal_name(kind)}",
                  f"rule_lt_crystal_{kind}_{p}")  # fmt: skip


def _tool(screen: Screen, p: int, when: tuple) -> None:
    s, data = screen.view["sides"][p], screen.data
    with st.container(key=f"lt_tool_{p}", horizontal=True, gap="xsmall",
                      vertical_alignment="center", width="content"):  # fmt: skip
        if not s["tool"]:
            piece(("ruling", "tools-one"), "Tool: none", f"rule_lt_tool_rule_{p}")
            return
        piece(("ruling", "tools-one"), "Tool", f"rule_lt_tool_rule_{p}")
        st.html(face(data, s["tool"], when, small=True))
        at = s["tool_at"]
        if at >= 0 and s["spaces"][at] is not None:
            aim = f"points at {data.title(s['spaces'][at]['stack'][-1])} (space {at + 1})"
        else:
            aim = "unassigned"
        piece(("card", design(s["tool"])), f"{plain(data.title(s['tool']))}, {plain(aim)}",
              f"rule_lt_tool_{p}")  # fmt: skip


def _strategy(screen: Screen, p: int, when: tuple) -> None:
    s, data = screen.view["sides"][p], screen.data
    cards = [(c, "face down (only you see it)") for c in (s["facedown"],) if c and c != HIDDEN]
    cards += [(c, "in effect") for c in s["lasting"]]
    with st.container(key=f"lt_strategy_{p}", horizontal=True, gap="xsmall",
                      vertical_alignment="center", width="content"):  # fmt: skip
        head = "Strategy: one used this turn" if s["strategy_used"] else "Strategy"
        if not (cards or s["facedown"] or s["strategy_used"]):
            head = "Strategy: none"
        piece(("ruling", "strategy-once"), head, f"rule_lt_strategy_rule_{p}")
        if s["facedown"] == HIDDEN:
            piece(("ruling", "strategy-facedown"), "a Strategy lies face down",
                  f"rule_lt_facedown_{p}")  # fmt: skip
        for i, (card, how) in enumerate(cards):
            st.html(face(data, card, when, small=True))
            piece(("card", design(card)), f"{plain(data.title(card))} {how}",
                  f"rule_lt_strategy_{p}_{i}")  # fmt: skip


def _piles(screen: Screen, p: int) -> None:
    view = screen.view
    s = view["sides"][p]
    deck = len(s["deck"]) + len(s["top"]) + len(s["bottom"])
    counted = [("win-deck-out", "deck", f"Deck **{deck}**")]
    if view["mode"] == FAST:
        counted.append(("fast-mode-draws", "crystal_deck",
                        f"Crystal deck **{len(s['crystal_deck'])}**"))  # fmt: skip
    counted += [("no-hand-limit", "hand", f"Hand **{len(s['hand'])}**"),
                ("workshop", "workshop", f"Workshop **{len(s['workshop'])}**")]  # fmt: skip
    if s["portal"]:
        counted.append(("portal", "portal", f"Portal **{len(s['portal'])}**"))
    with st.container(key=f"lt_piles_{p}", horizontal=True, gap="xsmall", width="content"):
        for ruling, what, label in counted:
            piece(("ruling", ruling), label, f"rule_lt_count_{what}_{p}")


def attack_panel(screen: Screen) -> str:
    """The attack waiting for its answer, in words, or a thin line between the sides."""
    attack = screen.view["attack"]
    if attack is None or screen.view["phase"] != RESPOND:
        return '<div class="lt-middle"></div>'
    p, space = int(attack["player"]), int(attack["space"])
    lutura = screen.view["sides"][p]["spaces"][space]
    who = screen.data.title(lutura["stack"][-1]) if lutura else f"space {space + 1}"
    target = target_name(screen, p, attack["target"])
    answered = plural(len(attack["answered"]), "answer") + " given" if attack["answered"] else ""
    extra = f" ({answered})" if answered else ""
    return (
        f'<div class="lt-middle lt-attack">⚔ {escape(screen.name(p))}\'s {escape(who)} attacks '
        f"{escape(target)}{extra}.</div>"
    )
