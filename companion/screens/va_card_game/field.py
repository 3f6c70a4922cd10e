"""What lies open on the table, as VA Card Game's page draws it: each player's battlefield (life
points, the hero in play with its HP and DEF left against its totals, its equipment with their
bonuses, the cards in hand and in the decks counted, the graveyard), and between the two the last
duel explained.

Everything hidden comes from the screen's view, never from the made-up parts of its state: a hand
and a deck are only counted, a hero lying face down is only said to be there with the number of
pieces under it, a declaration made face down is only said to be made. A hero's numbers are read
from the state only when the view shows the hero. The player whose eyes these are sits at the
bottom (Player 1 on the shared screen), as at the table.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.state import DEAL, DECLARE, EQUIP, OVER, PREPARE, TOSS
from companion.games.va_card_game.stats import left, totals
from companion.screens.va_card_game import exchange
from companion.screens.va_card_game.eyes import Screen
from companion.screens.va_card_game.pictures import card_back, hearts, pips
from companion.screens.va_card_game.words import bonus, gear_name, plural, printed, signed


def draw(screen: Screen) -> None:
    """The whole table: the other player above, the last duel, these eyes' player below."""
    seat = screen.seen.seat
    me = seat if seat in (0, 1) else 0
    html = side(screen, 1 - me) + exchange.panel(screen) + side(screen, me)
    st.markdown(f'<div class="va-table">{html}</div>', unsafe_allow_html=True)


# --- one player's battlefield --------------------------------------------------------------------


def side(screen: Screen, p: int) -> str:
    view = screen.view
    active = " active" if _decides(view, p) else ""
    who = (
        f'<div class="va-who"><span class="va-name va-ink{p}">{escape(screen.called(p))}</span>'
        f'{_tags(screen, p)}<span class="va-life">{hearts(view["life"][p], screen.data.life)}'
        f" <b>{view['life'][p]}</b>/{screen.data.life} life</span></div>"
    )
    body = f'<div class="va-body">{_hero(screen, p)}<div class="va-rest">{_gear(screen, p)}'
    body += f"{_piles(screen, p)}</div></div>"
    return f'<div class="va-side{active}">{who}{body}</div>'


def _decides(view: dict, p: int) -> bool:
    """Whether the table waits for `p` now."""
    phase = view["phase"]
    if phase == PREPARE:
        return not view["heroes"][p]
    if phase == DECLARE:
        active = view["active"]
        return p == (active if not view["declared"][active] else 1 - active)
    if phase == EQUIP:
        return view["equipping"] == p
    return False


def _tags(screen: Screen, p: int) -> str:
    view = screen.view
    phase = view["phase"]
    tags = []
    if phase not in (TOSS, DEAL, PREPARE, OVER) and view["active"] == p:
        tags.append('<span class="va-tag va-active-tag">⚑ ACTIVE</span>')
    if phase == PREPARE and view["heroes"][p]:
        tags.append('<span class="va-tag va-done">placed face down ✓</span>')
    if phase == DECLARE and view["declared"][p]:
        tags.append('<span class="va-tag va-done">declared face down ✓</span>')
    if phase == EQUIP and view["equipping"] == p:
        tags.append('<span class="va-tag va-busy">equipping</span>')
    if phase == OVER and view["winner"] == p:
        tags.append('<span class="va-tag va-done">wins ✓</span>')
    return "".join(tags)


def _hero(screen: Screen, p: int) -> str:
    view, data = screen.view, screen.data
    hero = view["heroes"][p]
    if hero == HIDDEN:
        count = len(view["gear"][p])
        under = plural(count, "piece", "pieces") + " of equipment" if count else "no equipment"
        return card_back(f"Hero face down, {under} under it")
    if not hero:
        if view["phase"] == EQUIP and view["equipping"] == p:
            words = "No hero in play: brings in a new one now"
        elif view["phase"] in (TOSS, DEAL, PREPARE):
            words = "No hero placed yet"
        else:
            words = "No hero in play"
        return f'<div class="va-hero va-none">{words}</div>'
    gear = view["gear"][p]
    whole = totals(data, hero, gear)
    now = left(data, screen.state, p)
    base = printed(data, hero)
    hidden = view["phase"] == PREPARE  # only the owner sees it: it lies face down
    note = '<div class="va-note">face down: only you see it</div>' if hidden else ""
    return (
        f'<div class="va-hero"><div class="va-card-name">{escape(data.name(hero))}</div>{note}'
        f"{_stat('HP', now.hp, whole.hp, 'hp')}{_stat('AD', whole.ad, None, 'ad')}"
        f"{_stat('DEF', now.df, whole.df, 'df')}"
        f'<div class="va-printed">printed HP {base.hp} · AD {base.ad} · DEF {base.df}'
        f"{_bonus_note(whole.hp - base.hp, whole.ad - base.ad, whole.df - base.df)}</div></div>"
    )


def _stat(word: str, now: int, whole: int | None, kind: str) -> str:
    """One number of a hero: what it has now, and of its total where it can be lost."""
    of = f'<span class="va-of">/{whole}</span>' if whole is not None else ""
    bar = pips(now, whole, kind) if whole is not None else ""
    return (
        f'<div class="va-stat"><span class="va-k {kind}">{word}</span> <b>{now}</b>{of}{bar}</div>'
    )


def _bonus_note(hp: int, ad: int, df: int) -> str:
    said = [f"{signed(v)} {w}" for v, w in ((hp, "HP"), (ad, "AD"), (df, "DEF")) if v]
    return f"<br>equipment {', '.join(said)}" if said else ""


def _gear(screen: Screen, p: int) -> str:
    view, data = screen.view, screen.data
    gear = view["gear"][p]
    hero = view["heroes"][p]
    if not hero or hero == HIDDEN:
        return ""
    chips = "".join(
        f'<span class="va-chip"><b>{escape(gear_name(data, g))}</b> {escape(bonus(data, g))}</span>'
        for g in gear
    )
    head = f'<div class="va-title">Equipment {len(gear)} of {data.max_gear}</div>'
    return f'<div class="va-gear">{head}<div class="va-chips">{chips or "none"}</div></div>'


def _piles(screen: Screen, p: int) -> str:
    view, data = screen.view, screen.data
    heroes, gear = len(view["hero_hands"][p]), len(view["gear_hands"][p])
    counts = (
        f'<div class="va-count">Hand <b>{heroes}</b> {"hero" if heroes == 1 else "heroes"} · '
        f"<b>{gear}</b> equipment</div>"
        f'<div class="va-count">Decks <b>{view["hero_decks"][p]}</b> heroes · '
        f"<b>{view['gear_decks'][p]}</b> equipment</div>"
    )
    grave = view["graves"][p]
    groups: list[list[str]] = []
    for card in grave:
        if card in data.heroes or not groups:
            groups.append([card])
        else:
            groups[-1].append(card)
    said = " · ".join(escape(_fallen(data, g)) for g in groups)
    graves = f'<div class="va-grave">Graveyard ({len(grave)}): {said or "empty"}</div>'
    return counts + graves


def _fallen(data: VaCardGameData, group: list[str]) -> str:
    """ "Ember Witch with Broadsword, War Paint": a fallen hero and what it carried."""
    hero, gear = group[0], group[1:]
    return data.name(hero) + (f" with {', '.join(data.name(c) for c in gear)}" if gear else "")
