"""What lies open on the table, as Luturas's page draws it: each player's side (the Soldier's
Stamina, the four Lutura spaces with each Gear stack, its damage and Stamina left, the Crystals by
type, the Tool and whom it points at, a face-down Strategy, the Deck, hand, Workshop and Portal
counted), and between the two sides the attack being answered, explained.

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
from companion.games.luturas.data import ANY, LuturasData
from companion.games.luturas.state import FAST, MAIN, MULLIGAN, RESPOND
from companion.screens.luturas.eyes import Screen
from companion.screens.luturas.words import plural, target_name

CRYSTAL_COLOURS = {
    "aquatic": "#1F6FA3",
    "flammable": "#B3261E",
    "botanical": "#2E7D32",
    "nuclear": "#8A6D00",
    "terrestrial": "#6D4C41",
    "plasmatic": "#7B1FA2",
    ANY: "#111111",
}


def draw(screen: Screen) -> None:
    """The whole table: the other player above, the attack under way, these eyes' player below."""
    me = screen.seat if screen.seat is not None else 0
    html = side(screen, 1 - me) + attack_panel(screen) + side(screen, me)
    st.html(f'<div class="lt-table">{html}</div>')


def side(screen: Screen, p: int) -> str:
    view, data = screen.view, screen.data
    s = view["sides"][p]
    soldier = data.of(s["soldier"])
    active = " active" if _decides(view, p) else ""
    wins = "★" * int(s["wins"]) + "☆" * (2 - int(s["wins"]))
    ability = "ability used" if s["ability_used"] else "ability ready"
    who = (
        f'<div class="lt-who"><span class="lt-name lt-ink{p}">{escape(screen.called(p))}</span>'
        f'{_tags(screen, p)}<span class="lt-wins" title="rounds won">{wins} rounds</span>'
        f'<span class="lt-soldier">Soldier <b>{escape(soldier.name)}</b> '
        f'<span class="lt-stamina">{s["stamina"]}</span>/{soldier.stamina} Stamina · '
        f"{ability}</span></div>"
    )
    spaces = "".join(_space(screen, p, i) for i in range(data.lutura_spaces))
    row = f'<div class="lt-spaces">{spaces}</div>'
    rest = f'<div class="lt-rest">{_crystals(data, s)}{_tool(screen, p)}{_strategy(screen, p)}'
    rest += f"{_piles(screen, p)}</div>"
    return f'<div class="lt-side{active}">{who}{row}{rest}</div>'


def _decides(view: dict[str, Any], p: int) -> bool:
    if view["pending"]:
        return int(view["pending"][0]["player"]) == p
    phase = view["phase"]
    if phase == RESPOND and view["attack"] is not None:
        return int(view["attack"]["player"]) != p
    return phase in (MULLIGAN, MAIN, "draw") and view["active"] == p


def _tags(screen: Screen, p: int) -> str:
    view = screen.view
    tags = []
    if view["active"] == p and view["phase"] in ("draw", MAIN, RESPOND):
        tags.append('<span class="lt-tag lt-turn">⚑ TURN</span>')
    if view["first"] == p and view["phase"] not in ("toss", "choose"):
        tags.append('<span class="lt-tag lt-first">started the round</span>')
    return "".join(tags)


def _space(screen: Screen, p: int, space: int) -> str:
    view, data = screen.view, screen.data
    s = view["sides"][p]
    lutura = s["spaces"][space]
    tool_here = s["tool"] and s["tool_at"] == space
    if lutura is None:
        return f'<div class="lt-space lt-empty">Space {space + 1}<br>empty</div>'
    top = data.of(lutura["stack"][-1])
    left = top.stamina - int(lutura["damage"])
    nature = "Prismatic" if top.prismatic else top.nature.capitalize()
    gears = " › ".join(f"G{data.of(c).gear.capitalize()}" for c in lutura["stack"])
    notes = []
    if lutura["upgraded"]:
        notes.append("upgraded this turn")
    if lutura["attacks"]:
        notes.append("has attacked")
    if lutura["bonus"]:
        notes.append(f"+{lutura['bonus']} Combat this turn")
    tool = f'<div class="lt-tool-mark">⚙ {escape(data.title(s["tool"]))}</div>' if tool_here else ""
    note = f'<div class="lt-note">{escape(", ".join(notes))}</div>' if notes else ""
    hurt = f" · {lutura['damage']} damage" if lutura["damage"] else ""
    width = max(0, min(100, round(100 * left / top.stamina))) if top.stamina else 0
    return (
        f'<div class="lt-space"><div class="lt-space-no">Space {space + 1}</div>'
        f'<div class="lt-card-name">{escape(top.title)}</div>'
        f'<div class="lt-line">{escape(nature)} · <span class="lt-keep">Combat '
        f"<b>{top.combat}</b></span></div>"
        f'<div class="lt-line"><span class="lt-keep">Stamina <b>{left}</b>/{top.stamina}</span>'
        f"{hurt}</div>"
        f'<div class="lt-bar"><span style="width:{width}%"></span></div>'
        f'<div class="lt-line lt-gears">Gear stack {escape(gears)}</div>{tool}{note}</div>'
    )


def _crystals(data: LuturasData, s: dict[str, Any]) -> str:
    count = Counter(data.of(c).crystal for c in s["crystals"])
    chips = "".join(
        f'<span class="lt-chip" style="border-color:{CRYSTAL_COLOURS.get(k, "#444")}">'
        f"<b>{n}</b> {'Black' if k == ANY else k.capitalize()}</span>"
        for k, n in sorted(count.items())
    )
    head = f"Crystals {len(s['crystals'])} of {s['crystal_limit']}"
    return f'<div class="lt-box"><div class="lt-title">{head}</div>{chips or "none yet"}</div>'


def _tool(screen: Screen, p: int) -> str:
    s, data = screen.view["sides"][p], screen.data
    if not s["tool"]:
        return '<div class="lt-box"><div class="lt-title">Tool</div>none</div>'
    at = s["tool_at"]
    if at >= 0 and s["spaces"][at] is not None:
        aim = f"points at {data.title(s['spaces'][at]['stack'][-1])} (space {at + 1})"
    else:
        aim = "unassigned"
    return (
        f'<div class="lt-box"><div class="lt-title">Tool</div><b>{escape(data.title(s["tool"]))}'
        f"</b> {escape(aim)}</div>"
    )


def _strategy(screen: Screen, p: int) -> str:
    s, data = screen.view["sides"][p], screen.data
    said = []
    if s["facedown"] == HIDDEN:
        said.append("a Strategy lies face down")
    elif s["facedown"]:
        mine = " (only you see it)" if screen.seat == p else ""
        said.append(f"{data.title(s['facedown'])} face down{mine}")
    for card in s["lasting"]:
        said.append(f"{data.title(card)} in effect")
    if s["strategy_used"]:
        said.append("one used this turn")
    text = escape("; ".join(said)) if said else "none"
    return f'<div class="lt-box"><div class="lt-title">Strategy</div>{text}</div>'


def _piles(screen: Screen, p: int) -> str:
    view = screen.view
    s = view["sides"][p]
    deck = len(s["deck"]) + len(s["top"]) + len(s["bottom"])
    counts = f"Deck <b>{deck}</b>"
    if view["mode"] == FAST:
        counts += f" · Crystal deck <b>{len(s['crystal_deck'])}</b>"
    counts += f" · Hand <b>{len(s['hand'])}</b> · Workshop <b>{len(s['workshop'])}</b>"
    if s["portal"]:
        counts += f" · Portal <b>{len(s['portal'])}</b>"
    return f'<div class="lt-box lt-counts">{counts}</div>'


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
        f"{escape(target)}{extra}. {escape(screen.name(1 - p))} may answer.</div>"
    )
