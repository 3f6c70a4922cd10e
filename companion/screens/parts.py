"""The pieces every game's page is built from, written once so the pages look and behave alike.

A page passes in what is its own (its CSS classes, its widget-key prefix, its words) and gets the
same markup it would have drawn itself: the tests and the browser's CSS find buttons by their keys
and boxes by their classes, so these pieces never choose a key or a class on their own.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from html import escape
from typing import Any, TypeVar
from urllib.parse import urlsplit

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from companion import links
from companion.engine.seen import SeenMatch
from companion.screens import session
from companion.screens.keys import COVERS

Action = dict[str, Any]
Item = TypeVar("Item")

# --- die faces -----------------------------------------------------------------------------------

PIPS = {
    1: [(50, 50)],
    2: [(28, 28), (72, 72)],
    3: [(26, 26), (50, 50), (74, 74)],
    4: [(28, 28), (72, 28), (28, 72), (72, 72)],
    5: [(26, 26), (74, 26), (50, 50), (26, 74), (74, 74)],
    6: [(28, 24), (72, 24), (28, 50), (72, 50), (28, 76), (72, 76)],
}


def die_svg(sides: int, value: int | None, size: int = 96, colour: str = "#0072B2") -> str:
    """A die face as SVG: pips for a d6, the number in the die's outline for d8 and d10."""
    outline = {
        6: '<rect x="6" y="6" width="88" height="88" rx="16"',
        8: '<polygon points="50,3 96,50 50,97 4,50"',
        10: '<polygon points="50,3 96,42 50,97 4,42"',
    }.get(sides, '<circle cx="50" cy="50" r="46"')
    body = f'{outline} fill="white" stroke="{colour}" stroke-width="6"/>'
    if value is None:
        face = '<text x="50" y="62" font-size="34" text-anchor="middle" fill="#999">?</text>'
    elif sides == 6 and value in PIPS:
        face = "".join(f'<circle cx="{x}" cy="{y}" r="8" fill="#1A1A1A"/>' for x, y in PIPS[value])
    else:
        y = 64 if sides == 8 else 58
        face = (f'<text x="50" y="{y}" font-size="36" font-weight="700" text-anchor="middle" '
                f'font-family="sans-serif" fill="#1A1A1A">{value}</text>')  # fmt: skip
    label = f"d{sides} showing {value}" if value is not None else f"d{sides}, not rolled"
    head = f'<svg role="img" aria-label="{label}" width="{size}" height="{size}" '
    return head + f'viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg">{body}{face}</svg>'


# --- text from a save or the game's data, inside Markdown ----------------------------------------

# Markdown's own marks, escaped by a backslash wherever they stand: emphasis, code, strikethrough,
# a link or an image (`[`, `]`), raw HTML, an autolink `<...>` or an entity (`<`, `>`, `&`), a
# table, a heading (`#`), math (`$`: Streamlit's test for math skips an escaped one).
ESCAPED = re.compile(r"([\\`*_~\[\]<>&$|#])")
# Marks that count only at the start of a line: a list item (`-`, `+`, `1.`, `1)`), a setext `=`.
LEADING = re.compile(r"^([-+=])|^(\d+)([.)])")
# What Streamlit finds in the text itself, after the escapes are gone, is broken up by a word
# joiner (no width, no line break): an emoji `:smile:`, an icon `:material/x:`, `:streamlit:`,
# a colour `:red[x]` (a colon before a word), a bare link (`https://`, `www.`, `a@b.cd`) and the
# arrows it draws for `->`, `<-`, `--`, `>=`, `<=`, `~=`.
JOIN = "\u2060"
JOINED = re.compile(r"(?<=:)(?=[\w+/-])|(?<=www)(?=\.)|(?<=@)|(?<=[-<>~])(?=[->=])", re.IGNORECASE)


def plain(text: str) -> str:
    """Text from outside (a player's name, a saved game's name, a card's name or a log
    sentence) for any element that reads Markdown (st.markdown, st.info and the like, a
    button's label, a tooltip) to show exactly as it reads: on one line, without the characters
    that redraw the text around them (control characters, bidi overrides, zero-width ones), and
    with nothing Markdown or Streamlit would turn into a link, an image, a heading, a list,
    colour, an icon, an emoji or math. Ordinary words come back unchanged, so our own Markdown
    around the result (`**...**`) still reads.

    For `st.html`, or Markdown with `unsafe_allow_html`, escape the text as HTML instead
    (`html.escape`); this is for Markdown only, and only once."""
    text = "".join(c for c in " ".join(text.split()) if unicodedata.category(c) not in ("Cc", "Cf"))
    text = ESCAPED.sub(r"\\\1", JOINED.sub(JOIN, text))
    return LEADING.sub(lambda m: f"\\{m[1]}" if m[1] else f"{m[2]}\\{m[3]}", text)


# --- the title bar and the flash -----------------------------------------------------------------


TABLE_VIEW_HELP = "Hearts, damage and whose turn it is in large type, for the whole table to read"


def title_bar(
    title: str,
    *,
    prefix: str,
    can_undo: bool,
    undo: Callable[..., None] = session.undo,
    undo_args: tuple | None = None,
    wrap: bool | None = True,
    why_not: str | None = None,
) -> None:
    """The game's title (in words: it is shown as a heading, as plain text), ↶ Undo, Table view
    and Back to games, keyed `<prefix>_undo`, `<prefix>_table` and `<prefix>_back`. Their words
    wrap onto a second line rather than be cut short ("Back to ga…") on a tablet held upright.

    A page whose undo must do more (take back the app's moves too) passes its own `undo`; when
    the engine refuses an undo now (a sealed bid), `why_not` says why under the disabled button,
    since a tooltip needs a hover a finger cannot give."""
    heading, controls = st.columns([3, 3.5], vertical_alignment="center")
    heading.markdown(f"### {plain(title)}")
    refused = not can_undo or bool(why_not)
    with controls:
        # one row of three even on a phone, where the columns stack: the hand stays in sight
        with st.container(horizontal=True, gap="xsmall", key=f"{prefix}_controls"):
            st.button("↶ Undo", key=f"{prefix}_undo", on_click=undo, args=undo_args,
                      width="stretch", wrap=wrap, disabled=refused)  # fmt: skip
            st.button("Table view", key=f"{prefix}_table", on_click=session.show_table_view,
                      width="stretch", wrap=wrap, help=TABLE_VIEW_HELP)  # fmt: skip
            st.button("Back to games", key=f"{prefix}_back", on_click=session.leave,
                      width="stretch", wrap=wrap)  # fmt: skip
        if why_not and can_undo:
            st.caption(plain(why_not))


def flash(message: str | None) -> None:
    """Why the last tap was refused (the engine's words, with players' and cards' names in
    them: plain text), where the page puts it, and as a toast in case it is out of sight."""
    if message:
        st.warning(plain(message), icon="⚠️")
        st.toast(plain(message), icon="⚠️")


# --- action buttons ------------------------------------------------------------------------------


def action_key(action: Action, value: int | None = None, *, named: bool = False) -> str:
    """The widget key of an action's button: stable, unique, readable in tests, and usable in
    CSS (Streamlit gives the button's box the class `st-key-<key>`).

    The action's fields follow its type in name order, bare (`act_attack_0`) or, if `named`, each
    after its name (`act_move_x0_y-1`); a face typed from a physical die comes last (`_v3`)."""
    pieces = [action["type"]]
    for field in sorted(k for k in action if k != "type"):
        got = action[field]
        text = "+".join(map(str, got)) if isinstance(got, list) else str(got)
        pieces.append(f"{field}{text}" if named else text)
    if value is not None:
        pieces.append(f"v{value}")
    return "act_" + "_".join(pieces).replace(".", "-")


def action_button(
    label: str,
    action: Action,
    *,
    key: str,
    value: int | None = None,
    primary: bool = False,
    wrap: bool | None = None,
    play: Callable[[Action], None] = session.act,
) -> None:
    """A full-width button that plays `action` (with the die face `value`, if typed) through
    `play`, which ends in `session.act`, so the engine checks the tap and a refusal is flashed.
    Its `label` is words (names and card names in it are shown as they read, never Markdown)."""
    played = action | {"value": value} if value is not None else action
    st.button(plain(label), key=key, on_click=play, args=(played,),
              type="primary" if primary else "secondary", width="stretch", wrap=wrap)  # fmt: skip


def in_rows(
    items: Sequence[Item], per_row: int | None = None
) -> Iterator[tuple[DeltaGenerator, Item]]:
    """Each item with a column of its own, `per_row` to a row (all in one row by default).

    The columns of a row are made when its first item is reached, so what is drawn in them keeps
    the order it is drawn in."""
    per_row = per_row or len(items) or 1
    for start in range(0, len(items), per_row):
        row = items[start : start + per_row]
        yield from zip(st.columns(per_row, gap="small"), row, strict=False)


# --- privacy -------------------------------------------------------------------------------------


def pass_tablet(token: str, who: str, button: str, *, key: str, look: str) -> bool:
    """Whether the "pass the tablet" screen `token` has been passed in this session; draws it (a
    box of class `look` and the button `button`, in words, keyed `key`) if not."""
    if token in st.session_state.get(COVERS, set()):
        return True
    st.html(
        f'<div class="{look}">Pass the tablet to {escape(who)}.'
        f"<small>Only {escape(who)} should look at the screen now.</small></div>"
    )
    st.button(plain(button), key=key, type="primary", width="stretch", wrap=True,
              on_click=_uncover, args=(token,))  # fmt: skip
    return False


def _uncover(token: str) -> None:
    st.session_state.setdefault(COVERS, set()).add(token)


# --- what happened -------------------------------------------------------------------------------


def just_now(match: SeenMatch, *, look: str, opening: str, picture: str | None = None) -> None:
    """What the last action did, in the engine's words, in a box of class `look` (`opening` before
    the first action).

    A page that shows a picture beside the words (a die face: "" when there is none) gets the box
    through markdown, since `st.html` strips inline SVG; without one it is plain HTML."""
    if not match.log:
        st.html(f'<div class="{look}">{escape(opening)}</div>')
        return
    text = "<br>".join(escape(e) for e in match.events[-1])
    if picture is None:
        st.html(f'<div class="{look}">{text}</div>')
    else:
        st.markdown(f'<div class="{look}">{picture}<div>{text}</div></div>', unsafe_allow_html=True)


def log_list(events: Sequence[Sequence[str]], *, height: int, most: int) -> None:
    """The log in plain words, newest first, numbered as played: the newest `most` moves in a box
    `height` pixels high (the rest are in the saved game, and the page stays quick). The
    sentences hold players' and cards' names: shown as plain text after our bold numbers."""
    st.markdown("**Log** (newest first)")
    with st.container(height=height, border=True):
        count = len(events)
        if not count:
            st.caption("Nothing has happened yet.")
            return
        lines = [
            f"**{i + 1}.** " + " ".join(plain(e) for e in events[i])
            for i in range(count - 1, max(-1, count - 1 - most), -1)
        ]
        st.markdown("\n\n".join(lines))
        if count > most:
            st.caption(f"{count - most} older moves are kept in the saved game.")


# --- devices -------------------------------------------------------------------------------------


def devices(table: session.Table) -> None:
    """On the shared table screen: a QR code per seat for each player's own phone or tablet, and
    one for a screen that only watches. Each seat's key is derived from the table's key in the
    URL, so the codes can be shown again at any time while the store keeps only hashes. The
    codes are drawn only while the box is open: they are the heaviest markup on the page, and a
    closed box would still send them to the browser on every tap."""
    if not table.access.table or not table.key:
        return
    from companion.store import seat_key

    here = str(st.context.url or "http://localhost:8501/")
    seen = table.public
    with st.expander("Each player on their own device", key="devices_open",
                     on_change="rerun") as box:  # fmt: skip
        if not box.open:  # drawn only when opened: three QR codes weigh on every tap otherwise
            return
        st.caption("Scan a code with a phone or tablet on the same network: it joins that seat, "
                   "shows only that player's cards and bids, and plays for that seat only. "
                   "Opening the game again from the list of games makes new codes.")  # fmt: skip
        if links.only_this_machine(here):
            st.warning(localhost_warning(here))
        shown: list[tuple[str, str | None]] = [
            (seen.rules.seat_name(seen.state, s), seat_key(table.key, table.gid, s))
            for s in table.seats
        ]
        shown.append(("Watch only (the table's view)", None))
        for column, (name, key) in in_rows(shown, 3):
            link = links.seat_link(here, table.gid, key)
            with column:
                st.markdown(f"**{plain(name)}**")
                st.markdown(_qr(link, f"Join as {name}"), unsafe_allow_html=True)
                st.code(link, language=None, wrap_lines=True)


def localhost_warning(here: str) -> str:
    """Why the codes below will not work from a phone, and the address that would make them."""
    better = links.network_url(here)
    where = f"at {better}" if better else "at this computer's address on the network"
    return (f"These codes point to {urlsplit(here).hostname}, which only this computer can open: "
            f"a phone that scans them will not join. Open the table {where} instead, and the "
            "codes follow.")  # fmt: skip


@lru_cache(maxsize=64)
def _qr(link: str, label: str) -> str:
    """A seat's QR code, made once per link: encoding one took a third of every rerun of a game
    page, and the links do not change between taps (benchmarks/bench_taps.py). `label` is plain
    text (`links.qr_svg` escapes it)."""
    return links.qr_svg(link, label)
