"""The rulebook at a tap, for any game's page: a tapped card, keyword or piece opens its rule
text and every ruling that concerns it, a refused action links to the ruling behind its reason,
and a searchable Rules panel holds the quick-reference sheet and all the rulings.

Everything shown comes from `companion.games.rulings`, which reads the rows the rulebook prints;
this module only draws them. What is open is kept in the session (`OPEN`): a tap's callback sets
it and reruns only `show_open` (a keyed fragment), which shows it in a dialog; closing the dialog
(its button or its ×) clears it. A page calls `show_open()` once per run, after drawing
everything that can open one.

What is Markdown and what is text: a button's label and tooltip here are Markdown the page
writes, so a page wraps every name or word from the game's data in `parts.plain`; an entry's
lines, its rulings and a refusal's reason are drawn as escaped HTML; only the quick reference's
sections are the designer's Markdown (tables, bold and lists from the game's rulebook in the
repository, `tame`d). Nothing from a saved game ever reaches them.

The widget keys are the page's, with a prefix of the page's choosing; every button here that
opens something has a key starting with `rule_`, so the tablet CSS (`style.RULES_CSS`) sizes them
all, and tests find them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any

import streamlit as st

from companion.games.rulings import Entry, Rulebook, Ruling, rulebook, ruling_of
from companion.screens.parts import plain
from companion.screens.table.faces import large

OPEN = "rules_open"  # (game id, what, note): what the rules dialog shows now
What = tuple[Any, ...]  # ("keyword", set, id) | ("card", id) | ("ruling", id) | ("group", ...)
#                        | ("term", name, kind, lines)
PANEL: What = ("panel",)
DIALOG = "rules_dialog"  # the key of the fragment that opens the dialog


# --- what can be opened --------------------------------------------------------------------------


# What Streamlit's Markdown does beyond the rulebook's own markup: fetch an image from anywhere
# (`![](http://...)`), typeset `$math$`, colour `:red[...]`. The quick reference holds the game's
# data (names, texts), so these are shown as typed; tables, bold and lists stay.
_STREAMLIT_ONLY = re.compile(r"(!(?=\[)|\$|:(?=[a-z_-]+\[))")


def tame(markdown: str) -> str:
    """Rulebook Markdown with what only Streamlit would read escaped by a backslash."""
    return _STREAMLIT_ONLY.sub(r"\\\1", markdown)


def keyword(set_id: str, keyword_id: str) -> What:
    return ("keyword", set_id, keyword_id)


def card(card_id: str) -> What:
    return ("card", card_id)


def ruling(ruling_id: str) -> What:
    return ("ruling", ruling_id)


def group(type_id: str, field: str, value: Any, name: str, label: str,
          texts: Sequence[tuple[str, str]]) -> What:  # fmt: skip
    """Several rows read as one thing (a die and its faces): see `Rulebook.group`."""
    return ("group", type_id, field, value, name, label, tuple(texts))


def term(name: str, kind: str, lines: Sequence[tuple[str, str]]) -> What:
    """A piece the game declares rather than prints (a declared table's counter, die, deck or
    place for cards): its name, what it is, and its rows in words (`games.declared.words`)."""
    return ("term", name, kind, tuple(lines))


def entry(book: Rulebook, what: What) -> Entry:
    """The entry `what` names in `book`; a ruling reads as an entry of its own; a declared term
    brings the rulings that name it."""
    kind = what[0]
    if kind == "term":
        _, name, label, lines = what
        return Entry(name, label, lines, book.search(name)[1][:3])
    if kind == "keyword":
        return book.keyword(what[1], what[2])
    if kind == "card":
        return book.card(what[1])
    if kind == "group":
        _, type_id, field, value, name, label, texts = what
        return book.group(type_id, field, value, name, label, dict(texts))
    found = book.ruling(what[1])
    return Entry(found.topic, "Ruling", (), (found,))


# --- taps that open it ---------------------------------------------------------------------------


def open_rules(game_id: str, what: What, note: str | None = None) -> None:
    """Callback: show `what` of `game_id` (with `note`, the reason an action was refused).

    Only the dialog's fragment reruns for it, not the page: nothing else changes, and a tap
    that opens the rules then costs the dialog alone (benchmarks/bench_taps.py)."""
    st.session_state[OPEN] = (game_id, what, None if note is None else str(note),
                              ruling_of(note))  # fmt: skip
    st.rerun(scope=DIALOG)


def close() -> None:
    st.session_state.pop(OPEN, None)


def explain_button(
    game_id: str,
    what: What,
    label: str,
    *,
    key: str,
    note: str | None = None,
    help: str | None = None,
    width: Any = "stretch",
) -> None:
    """A button that opens `what`'s rules (and `note`, why an action was refused). `label` and
    `help` are Markdown: the caller wraps names from the game's data in `parts.plain`."""
    assert key.startswith("rule_"), key
    st.button(label, key=key, on_click=open_rules, args=(game_id, what, note), help=help,
              width=width, wrap=True)  # fmt: skip


def refused(game_id: str, label: str, reason: str, *, key: str) -> None:
    """An action that may not be played now: its button, disabled, and under it the engine's
    reason in words, and the ruling the reason follows as a button that opens it."""
    st.button(label, key=f"no_{key}", disabled=True, width="stretch", wrap=True)
    why(game_id, reason, key=key)


def why(game_id: str, reason: str, *, key: str) -> None:
    """A refusal's reason, and a button to its ruling when one decides it."""
    reasons(game_id, [(key, reason)])


def reasons(game_id: str, refusals: Sequence[tuple[str, str]]) -> None:
    """Several refusals (key, reason): the reasons in one box, each once, and under it one
    button per ruling they follow, keyed `rule_why_<key>` after the first refusal citing it."""
    said = list(dict.fromkeys(str(reason) for _, reason in refusals))
    if not said:
        return
    lines = "".join(f"<div>{escape(text)}</div>" for text in said)
    st.html(f'<div class="rules-why">{lines}</div>')
    cited: dict[str, str] = {}
    for key, reason in refusals:
        found = ruling_of(reason)
        if found is not None and found not in cited:
            cited[found] = key
    if not cited:
        return
    book = rulebook(game_id)
    with st.container(horizontal=True, gap="small"):
        for found, key in cited.items():
            note = next(r for k, r in refusals if k == key)
            explain_button(game_id, ruling(found), f"Rule: {plain(book.ruling(found).topic)}",
                           key=f"rule_why_{key}", note=note, width="content")  # fmt: skip


def panel_button(game_id: str, *, key: str, label: str = "Rules", width: Any = "stretch") -> None:
    """The button that opens the game's Rules panel: the reference sheet and every ruling."""
    explain_button(game_id, PANEL, label, key=key, width=width)


# --- the dialog ----------------------------------------------------------------------------------


@st.fragment(key=DIALOG)
def show_open() -> None:
    """The rules dialog, if a tap opened one: an entry, a ruling or the Rules panel. A fragment
    of its own, which a tap that opens the rules reruns alone."""
    opened = st.session_state.get(OPEN)
    if not opened:
        return
    game_id, what, note, cited = opened
    book = rulebook(game_id)
    if what == PANEL:
        st.dialog(f"{plain(book.name)}: rules", width="large", on_dismiss=close)(_panel)(book)
        return
    try:
        found = entry(book, what)
    except KeyError:
        close()
        return
    picture = large(game_id, what[1], found.name) if what[0] == "card" else ""
    st.dialog(plain(found.name), width="large", on_dismiss=close)(_entry)(found, note, cited,
                                                                          picture)  # fmt: skip


def _entry(found: Entry, note: str | None, cited: str | None, picture: str = "") -> None:
    if picture:  # a card: as printed, above its rules
        st.html(picture)
    if note:
        st.html(f'<div class="rules-note">{escape(note)}</div>')
    if found.kind != "Ruling":
        st.html(f'<div class="rules-kind">{escape(found.kind)}</div>')
    for label, text in found.lines:
        head = f"<b>{escape(label)}</b>: " if label else ""
        st.html(f'<div class="rules-line">{head}{escape(text)}</div>')
    rulings = sorted(found.rulings, key=lambda r: r.id != cited)  # the cited ruling first
    if rulings and found.kind != "Ruling":
        st.html(f'<div class="rules-head">Rulings ({len(rulings)})</div>')
    for r in rulings:
        _ruling(r, cited=r.id == cited)
    _close_button()


def _ruling(r: Ruling, cited: bool = False) -> None:
    look = "rules-ruling cited" if cited else "rules-ruling"
    st.html(
        f'<div class="{look}" id="ruling-{escape(r.id)}"><div class="rules-topic">'
        f'{escape(r.topic)}</div><div class="rules-q">{escape(r.question)}</div>'
        f"<div>{escape(r.decision)}</div></div>"
    )


def _panel(book: Rulebook) -> None:
    query = st.text_input("Search the rules", key=f"rule_search_{book.id}", type="search",
                          placeholder="a word: anchor, pool, retaliate…")  # fmt: skip
    sections, rulings = book.search(query or "")
    if query and not sections and not rulings:
        st.html(f'<div class="rules-line">Nothing in the rules says “{escape(query)}”.</div>')
    reference, clarifications = st.tabs(
        [f"Quick reference ({len(sections)})", f"Rulings ({len(rulings)})"]
    )
    with reference:
        for section in sections:
            st.markdown(f"#### {tame(section.title)}\n\n{tame(section.body)}")
    with clarifications:
        for r in rulings:
            _ruling(r)
    _close_button()


def _close_button() -> None:
    st.button("Close", key="rule_close", type="primary", width="stretch", on_click=_closed)


def _closed() -> None:
    """Callback: the dialog closed by its button, in one run of the page (a button inside the
    dialog would rerun the dialog alone, and a rerun from there would be a second run)."""
    close()
    st.rerun()
