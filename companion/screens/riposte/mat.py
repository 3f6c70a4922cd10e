"""What lies open on the table, as Riposte's page draws it: each duelist (damage tracker with the
character's thresholds, the abilities unlocked, the marker, the cards in hand, the previous card
and its follow-up bar), the last clash as the two cards met, and the draft row with the deck and
the discard pile.

Everything comes from the screen's view, never from the made-up parts of its state: a hand is
only counted, a card laid face down is only said to be there, a character kept in secret is only
said to be kept. The player whose eyes these are sits at the bottom (Player 1 on the shared
screen), as at the table.
"""

from __future__ import annotations

from html import escape
from typing import Any, Literal

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.riposte.clash import accepted
from companion.games.riposte.state import BRACE, CHOOSE, CLASH, DRAFT, LOOK, OVER, SWAP
from companion.screens import parts, rules_panel
from companion.screens.riposte.eyes import Screen
from companion.screens.riposte.pictures import (
    back_svg,
    card_svg,
    clash_svg,
    describe,
    join,
    track_svg,
)
from companion.screens.table import pieces
from companion.screens.table.faces import stamp

GAME = "riposte"
OUTCOMES = ("Perfect block", "Strike", "Block")
OUTCOME_WORDS = {"Perfect block": "perfect_block", "Strike": "strike", "Block": "block"}
CLASH_HEIGHT = 236
ROW_PX = 80
PREVIOUS_PX = 80
FIRST = "First card of the round: any card."


def draw(screen: Screen) -> None:
    """The whole table: the other duelist above, the clash and the row, these eyes' below."""
    me = screen.seen.seat if screen.seen.seat in (0, 1) else 0
    with st.container(key="rp_board", gap="small"):
        duelist(screen, 1 - me)
        middle(screen)
        duelist(screen, me)
    active = [p for p in (0, 1) if _decides(screen, p)]
    st.html("<style>" + "".join(
        f"div.st-key-rp_duelist_{p} {{ border: 4px solid #E0A800; background: #FFFBEA; "
        "padding: 2px 8px 4px; }" for p in active) + "</style>")  # fmt: skip
    discard = screen.view["discard"]
    if discard:
        with st.expander(f"Discard pile ({len(discard)}, face up: anyone may look)"):
            names = sorted(screen.data.name(c) for c in discard)
            st.markdown(parts.plain(", ".join(names)))


# --- a duelist -----------------------------------------------------------------------------------


def duelist(screen: Screen, p: int) -> None:
    """A duelist's band: who, their role and hand counted; their damage track and abilities;
    the card they played last and the positions their next must use. Each a tap to its rule."""
    view, data = screen.view, screen.data
    name = screen.name(p) + (" (the app)" if p == screen.app else "")
    with st.container(key=f"rp_duelist_{p}", gap="xsmall"):
        with st.container(key=f"rp_who_{p}", horizontal=True, gap="small",
                          vertical_alignment="center"):  # fmt: skip
            st.html(f'<span class="rp-name rp-ink{p}">{escape(name)}</span>')
            _character_name(screen, p)
            _role(view, p)
            if view["phase"] == CLASH and view["chosen"][p]:
                piece(
                    ("ruling", "simultaneous-choice"),
                    "card laid face down",
                    '<span class="rp-laid">card laid face down ✓</span>',
                    key=f"rule_rp_laid_{p}",
                )
            held = len(view["hands"][p])
            piece(
                ("ruling", "open-information"),
                f"hand {held}",
                f'<span class="rp-hand">hand <b>{held}</b></span>',
                key=f"rule_rp_held_{p}",
            )
        with st.container(key=f"rp_body_{p}", horizontal=True, gap="small"):
            with st.container(key=f"rp_left_{p}", gap=None):
                damage = view["damage"][p]
                track = track_svg(damage, data.limit, _thresholds(screen, p), p)
                piece(("ruling", "life-and-damage"), f"damage {damage} of {data.limit}",
                      f'<div class="rp-damage"><span class="rp-dmg">{damage}</span>'
                      f'<span class="rp-of">damage</span>{track}</div>',
                      key=f"rule_rp_damage_{p}", width="stretch")  # fmt: skip
                _abilities(screen, p)
            _previous(screen, p)


def piece(what: rules_panel.What, label: str, markup: str, *, key: str,
          width: int | Literal["content", "stretch"] = "content") -> None:  # fmt: skip
    """A piece of Riposte's table (`table.pieces`): the damage track, the cards and the clash
    are drawn in SVG."""
    pieces.piece(GAME, what, parts.plain(label), markup, key=key, width=width, svg=True)


def _role(view: dict[str, Any], p: int) -> None:
    if view["offensive"] not in (0, 1) or view["phase"] == OVER:
        return
    if view["offensive"] == p:
        piece(
            ("keyword", "term", "offensive_player"),
            "offensive",
            '<span class="rp-role rp-attacks">⚔ OFFENSIVE</span>',
            key=f"rule_rp_role_{p}",
        )
    else:
        piece(
            ("keyword", "term", "defending_player"),
            "defends",
            '<span class="rp-role rp-defends">DEFENDS</span>',
            key=f"rule_rp_role_{p}",
        )


def _character(screen: Screen, p: int) -> Any:
    kept = screen.view["characters"][p]
    if not kept or kept == HIDDEN:
        return None
    return screen.data.characters[kept]


def _character_name(screen: Screen, p: int) -> None:
    character = _character(screen, p)
    if character is not None:
        piece(
            ("card", screen.view["characters"][p]),
            character.name,
            f'<span class="rp-char">{escape(character.name)}</span>',
            key=f"rule_rp_fighter_{p}",
        )
        return
    view = screen.view
    if view["phase"] == CHOOSE:
        word = "has kept a character face down" if view["characters"][p] else "is choosing"
        piece(("ruling", "characters"), word, f'<span class="rp-char rp-muted">{word}</span>',
              key=f"rule_rp_fighter_{p}")  # fmt: skip


def _thresholds(screen: Screen, p: int) -> tuple[int, ...]:
    character = _character(screen, p)
    return character.thresholds if character is not None else ()


def _abilities(screen: Screen, p: int) -> None:
    """The character's abilities, unlocked or at which damage: a tap to the card's rules."""
    character = _character(screen, p)
    if character is None:
        return
    unlocked = screen.view["unlocked"][p]
    items, said = [], []
    for n, (at, words) in enumerate(zip(character.thresholds, character.abilities, strict=True)):
        on = n < unlocked
        mark = "✓" if on else "○"
        state = "unlocked" if on else f"at {at}"
        items.append(
            f'<li class="{"on" if on else "off"}"><span class="rp-mark">{mark}</span>'
            f"<b>{n + 1}</b> <i>({state})</i> {escape(words)}</li>"
        )
        said.append(f"{n + 1} ({state}) {words}")
    label = f"{character.name}'s abilities: " + "; ".join(said)
    piece(("card", screen.view["characters"][p]), label,
          f'<ul class="rp-abilities">{"".join(items)}</ul>', key=f"rule_rp_unlocked_{p}",
          width="stretch")  # fmt: skip


def _previous(screen: Screen, p: int) -> None:
    """The card `p` played last this round (a tap to its rules), with the positions their next
    card must use (a tap to the follow-up bar's)."""
    view, data = screen.view, screen.data
    stack = view["table"][p]
    if not stack:
        if view["phase"] in (CLASH, BRACE):
            piece(("ruling", "first-card-free"), FIRST,
                  f'<div class="rp-prev"><div class="rp-next">{FIRST}</div></div>',
                  key=f"rule_rp_next_{p}")  # fmt: skip
        return
    bar = accepted(data, screen.state, p)
    move = data.cards[stack[-1]]
    extra = "" if bar == move.follow_up else " (widened)"
    with st.container(key=f"rp_prev_{p}", gap=None, width="content"):
        piece(("card", move.id), f"played last: {describe(move)}",
              f'<div class="rp-prev">{card_svg(move, PREVIOUS_PX, bar)}</div>',
              key=f"rule_rp_previous_{p}")  # fmt: skip
        piece(("keyword", "term", "follow_up_bar"), f"Next card: {join(bar)}{extra}",
              f'<div class="rp-next">Next card:<br><b>{join(bar)}</b>{extra}</div>',
              key=f"rule_rp_next_{p}")  # fmt: skip


def _decides(screen: Screen, p: int) -> bool:
    view = screen.view
    phase = view["phase"]
    if phase in (DRAFT, LOOK, SWAP):
        return view["active"] == p
    if phase == CLASH:
        return not view["chosen"][p]
    if phase == CHOOSE:
        return not view["characters"][p]
    if phase == BRACE:
        return p != view["offensive"]
    return False


# --- the middle of the table ---------------------------------------------------------------------


def middle(screen: Screen) -> None:
    with st.container(key="rp_middle", horizontal=True, gap="small"):
        clash_area(screen)
        row_area(screen)


def clash_area(screen: Screen) -> None:
    """The cards just revealed (while Rook decides), else the last clash, with its outcome: the
    two cards as they met (a tap to the outcome's rule), each card named (a tap to its own)."""
    view, data = screen.view, screen.data
    names = view["names"]
    if view["phase"] == BRACE:
        cards, title, words = view["chosen"], "Revealed now", ["Rook decides before the damage."]
    else:
        cards, title, words = view["last_cards"], "Last clash", list(view["last_words"])
    if not all(cards) or view["offensive"] not in (0, 1):
        st.html('<div class="rp-clash rp-empty">No clash yet.</div>')
        return
    o = view["offensive"] if view["phase"] == BRACE else _attacker_of(screen, cards)
    d = 1 - o
    attack, defend = data.cards[cards[o]], data.cards[cards[d]]
    outcome = next((w for w in OUTCOMES if any(x.startswith(w) for x in words)), "")
    kind = "strike" if view["phase"] == BRACE else OUTCOME_WORDS.get(outcome, "strike")
    with st.container(key="rp_clash", horizontal=True, gap="small"):
        picture = clash_svg(attack, defend, (names[o], names[d]), CLASH_HEIGHT)
        piece(("keyword", "outcome", kind), f"{title}: {outcome or 'the two cards met'}",
              f'<div class="rp-clash-pic">{picture}</div>', key="rule_rp_clash")  # fmt: skip
        with st.container(key="rp_clash_words", gap=None):
            st.html(f'<div class="rp-title">{title}</div>')
            if outcome:
                piece(
                    ("keyword", "outcome", kind),
                    outcome,
                    f'<div class="rp-outcome">{outcome}</div>',
                    key="rule_rp_clash_outcome",
                )
            piece(("card", defend.id), f"{names[d]}: {defend.name} (upside down)",
                  f'<div class="rp-tag">▲ {escape(names[d])}: {escape(defend.name)} '
                  "(upside down)</div>", key="rule_rp_met_defend")  # fmt: skip
            piece(("card", attack.id), f"{names[o]}: {attack.name}",
                  f'<div class="rp-tag">▼ {escape(names[o])}: {escape(attack.name)} ⚔</div>',
                  key="rule_rp_met_attack")  # fmt: skip
            said = "".join(f"<li>{escape(w)}</li>" for w in words)
            st.html(f'<div class="rp-words"><ul>{said}</ul></div>')


def _attacker_of(screen: Screen, cards: list[str]) -> int:
    """Who was offensive in the last clash: the marker passes only as a round ends, so after the
    round's last clash (every stack cleared) it is the other player."""
    view = screen.view
    ended = not view["table"][0] and not view["table"][1]
    return 1 - view["offensive"] if ended else view["offensive"]


def row_area(screen: Screen) -> None:
    """The draft row as its printed cards (each a tap to its rules), the deck and discard pile
    counted, and how many cards a hand holds (each a tap to its rule)."""
    view, data = screen.view, screen.data
    deck = view["deck"] + len(view["bottom"])
    when = stamp(GAME)
    with st.container(key="rp_row", gap="xsmall", width="content"):
        piece(("ruling", "draft-row"), "Draft row", '<div class="rp-title">Draft row</div>',
              key="rule_rp_row_rule")  # fmt: skip
        with st.container(key="rp_row_cards", horizontal=True, gap="xsmall"):
            if not view["row"]:
                st.markdown(_empty_row(), unsafe_allow_html=True)  # SVG: st.html strips it
            for i, c in enumerate(view["row"]):
                move = data.cards[c]
                pieces.card(GAME, move.id, describe(move), f"{i + 1}: {parts.plain(move.name)}",
                            ROW_PX, key=f"rule_rp_row_{i}", caption=f"<b>{i + 1}</b>",
                            when=when)  # fmt: skip
        with st.container(key="rp_counts", horizontal=True, gap=None):
            piece(
                ("ruling", "reshuffle"),
                f"Deck {deck}",
                f'<span class="rp-counts">Deck <b>{deck}</b></span>',
                key="rule_rp_deck",
            )
            piece(("ruling", "open-information"), f"Discard {len(view['discard'])}",
                  f'<span class="rp-counts">Discard <b>{len(view["discard"])}</b></span>',
                  key="rule_rp_discard")  # fmt: skip
            piece(("ruling", "round-end"), f"hands up to {data.hand}",
                  f'<span class="rp-counts">hands up to {data.hand}</span>',
                  key="rule_rp_hands")  # fmt: skip


def _empty_row() -> str:
    backs = "".join(f'<div class="rp-slot">{back_svg(ROW_PX, "to come")}</div>' for _ in range(3))
    return f'<div class="rp-cards">{backs}</div>'
