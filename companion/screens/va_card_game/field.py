"""What lies open on the table, as VA Card Game's page draws it: each player's battlefield (life
points, the hero in play as its printed card beside its HP and DEF left against its totals, its
equipment as printed cards with their bonuses, the cards in hand and in the decks counted, the
graveyard with its top card), and between the two the last duel explained.

Every game term on a battlefield is a tap to its rule (`taps.TERMS`) and every card in play a
tap to its card's rules, drawn as it looks with the tap laid over it (`table.pieces`): a card as
printed (`table.faces`), a number large with its pips. The numbers stay in words beside the
cards, since they change in play and the printed card does not.

Everything hidden comes from the screen's view, never from the made-up parts of its state: a hand
and a deck are only counted, a hero lying face down is only said to be there with the number of
pieces under it, a declaration made face down is only said to be made. A hero's numbers are read
from the state only when the view shows the hero, and only a card the view shows is drawn. The
player whose eyes these are sits at the bottom (Player 1 on the shared screen), as at the table.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.va_card_game.data import VaCardGameData, design
from companion.games.va_card_game.state import DEAL, DECLARE, EQUIP, OVER, PREPARE, TOSS
from companion.games.va_card_game.stats import left, totals
from companion.screens.parts import plain
from companion.screens.table import pieces
from companion.screens.table.faces import face_html, stamp
from companion.screens.va_card_game import exchange
from companion.screens.va_card_game.eyes import Screen
from companion.screens.va_card_game.pictures import EMPTY_HEART, HEART, card_back, hearts, pips
from companion.screens.va_card_game.taps import GAME, term
from companion.screens.va_card_game.words import (
    bonus,
    card_words,
    gear_name,
    plural,
    printed,
    signed,
)

HERO_PX = 104  # the hero in play: its printed numbers readable at arm's length on a tablet
GEAR_PX = 80  # three pieces side by side beside the hero on a landscape tablet
GRAVE_PX = 52  # the graveyard's top card: which hero fell last, at a glance


def draw(screen: Screen) -> None:
    """The whole table: the other player above, the last duel, these eyes' player below."""
    seat = screen.seen.seat
    me = seat if seat in (0, 1) else 0
    when = stamp(GAME)  # read once for every picture of the run
    with st.container(key="va_field", gap="small"):
        side(screen, 1 - me, when)
        st.html(exchange.panel(screen))
        side(screen, me, when)


# --- one player's battlefield --------------------------------------------------------------------


def side(screen: Screen, p: int, when: tuple) -> None:
    """`p`'s battlefield: who they are and their life, the hero with its equipment, the piles.
    The box of the player the table waits for is keyed apart, for its ring."""
    view = screen.view
    box = f"va_active_side_{p}" if _decides(view, p) else f"va_side_{p}"
    with st.container(key=box, gap=None):
        with st.container(key=f"va_who_{p}", horizontal=True, gap="small",
                          vertical_alignment="center"):  # fmt: skip
            _who(screen, p)
        with st.container(key=f"va_body_{p}", horizontal=True, gap="small"):
            _hero(screen, p, when)
            _gear(screen, p, when)
        with st.container(key=f"va_piles_{p}", horizontal=True, gap="small",
                          vertical_alignment="center"):  # fmt: skip
            _piles(screen, p, when)


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


def _who(screen: Screen, p: int) -> None:
    """The player's name, whether they are the active player, what they have done, their life."""
    view = screen.view
    st.html(f'<span class="va-name va-ink{p}">{escape(screen.called(p))}</span>', width="content")
    if view["phase"] not in (TOSS, DEAL, PREPARE, OVER) and view["active"] == p:
        term("active", p, "⚑ ACTIVE", '<span class="va-tag va-active-tag">⚑ ACTIVE</span>')
    tags = _tags(view, p)
    if tags:
        st.html(tags, width="content")
    life, most = view["life"][p], screen.data.life
    kept = max(0, min(life, most))
    label = f"{HEART * kept}{EMPTY_HEART * (most - kept)} **{life}**/{most} life"
    shown = f"{hearts(life, most)} <b>{life}</b>/{most} life"
    term("hearts", p, label, f'<span class="va-life">{shown}</span>')


def _tags(view: dict, p: int) -> str:
    phase = view["phase"]
    tags = []
    if phase == PREPARE and view["heroes"][p]:
        tags.append('<span class="va-tag va-done">placed face down ✓</span>')
    if phase == DECLARE and view["declared"][p]:
        tags.append('<span class="va-tag va-done">declared face down ✓</span>')
    if phase == EQUIP and view["equipping"] == p:
        tags.append('<span class="va-tag va-busy">equipping</span>')
    if phase == OVER and view["winner"] == p:
        tags.append('<span class="va-tag va-done">wins ✓</span>')
    return "".join(tags)


def _hero(screen: Screen, p: int, when: tuple) -> None:
    """The hero in play as printed, beside what it has now; or its back, or its empty place."""
    view, data = screen.view, screen.data
    hero = view["heroes"][p]
    if hero == HIDDEN:
        count = len(view["gear"][p])
        under = plural(count, "piece", "pieces") + " of equipment" if count else "no equipment"
        st.html(card_back(f"Hero face down, {under} under it"))
        return
    if not hero:
        if view["phase"] == EQUIP and view["equipping"] == p:
            words = "No hero in play: brings in a new one now"
        elif view["phase"] in (TOSS, DEAL, PREPARE):
            words = "No hero placed yet"
        else:
            words = "No hero in play"
        st.html(f'<div class="va-hero va-none">{words}</div>')
        return
    gear = view["gear"][p]
    whole = totals(data, hero, gear)
    now = left(data, screen.state, p)
    base = printed(data, hero)
    name = data.name(hero)
    with st.container(
        key=f"va_bearer_{p}", horizontal=True, gap="small", wrap=False, width="content"
    ):
        pieces.card(GAME, design(hero), card_words(data, hero), plain(name), HERO_PX,
                    key=f"rule_va_hero_{p}", caption=f"<b>{escape(name)}</b>",
                    when=when)  # fmt: skip
        with st.container(key=f"va_stats_{p}", gap=None, width="content"):
            if view["phase"] == PREPARE:  # only the owner sees it: it lies face down
                st.html('<div class="va-note">face down: only you see it</div>')
            term("hp", p, f"HP **{now.hp}**/{whole.hp}", _stat("HP", now.hp, whole.hp, "hp"))
            term("ad", p, f"AD **{whole.ad}**", _stat("AD", whole.ad, None, "ad"))
            term("def", p, f"DEF **{now.df}**/{whole.df}", _stat("DEF", now.df, whole.df, "df"))
            st.html(
                f'<div class="va-printed">printed HP {base.hp} · AD {base.ad} · DEF {base.df}'
                f"{_bonus_note(whole.hp - base.hp, whole.ad - base.ad, whole.df - base.df)}</div>"
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


def _gear(screen: Screen, p: int, when: tuple) -> None:
    """The hero's equipment as printed, each with what it adds in words, under how many it
    carries of how many it may."""
    view, data = screen.view, screen.data
    gear = view["gear"][p]
    hero = view["heroes"][p]
    if not hero or hero == HIDDEN:
        return
    head = f"Equipment {len(gear)} of {data.max_gear}"
    with st.container(key=f"va_kit_{p}", gap=None, width="content"):
        term("equipment", p, head, f'<div class="va-title">{head}</div>')
        if not gear:
            st.html('<div class="va-nothing">none</div>')
            return
        with st.container(key=f"va_pieces_{p}", horizontal=True, gap="xsmall"):
            for i, piece in enumerate(gear):
                name, adds = gear_name(data, piece), bonus(data, piece)
                pieces.card(GAME, design(piece), card_words(data, piece),
                            f"**{plain(name)}** {adds}", GEAR_PX, key=f"rule_va_gear_{p}_{i}",
                            caption=f"<b>{escape(name)}</b> <span>{escape(adds)}</span>",
                            when=when)  # fmt: skip


def _piles(screen: Screen, p: int, when: tuple) -> None:
    """The hand and the decks, counted; the graveyard, its top card as printed (the hero that
    fell last, face up for all to see) and every card in it in words."""
    view, data = screen.view, screen.data
    heroes, gear = len(view["hero_hands"][p]), len(view["gear_hands"][p])
    kind = "hero" if heroes == 1 else "heroes"
    with st.container(key=f"va_counts_{p}", gap=None, width="content"):
        term("hand", p, f"Hand **{heroes}** {kind} · **{gear}** equipment",
             f'<div class="va-count">Hand <b>{heroes}</b> {kind} · <b>{gear}</b> '
             "equipment</div>")  # fmt: skip
        decks = (view["hero_decks"][p], view["gear_decks"][p])
        term("decks", p, f"Decks **{decks[0]}** heroes · **{decks[1]}** equipment",
             f'<div class="va-count">Decks <b>{decks[0]}</b> heroes · <b>{decks[1]}</b> '
             "equipment</div>")  # fmt: skip
    grave = view["graves"][p]
    groups: list[list[str]] = []
    for card in grave:
        if card in data.heroes or not groups:
            groups.append([card])
        else:
            groups[-1].append(card)
    said = " · ".join(_fallen(data, g) for g in groups) or "empty"
    top = ""
    if groups:
        last = groups[-1][0]
        top = face_html(GAME, design(last), GRAVE_PX, card_words(data, last), 1, when)
    term("grave", p, f"Graveyard ({len(grave)}): {plain(said)}",
         f'<div class="va-grave">{top}<div>Graveyard ({len(grave)}): {escape(said)}</div></div>',
         width="stretch")  # fmt: skip


def _fallen(data: VaCardGameData, group: list[str]) -> str:
    """ "Ember Witch with Broadsword, War Paint": a fallen hero and what it carried."""
    hero, gear = group[0], group[1:]
    return data.name(hero) + (f" with {', '.join(data.name(c) for c in gear)}" if gear else "")
