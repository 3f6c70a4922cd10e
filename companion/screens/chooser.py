"""The chooser: the games to start (with their options), the saved games to continue, export or
delete, and the import box. Kept out of `app.py` so the script Streamlit reads (and, under
AppTest, parses again on every run) stays the routing alone.

Every tap that reaches the saved games is a callback that waits for them in sight
(`session.waiting`) and, when the store refuses (busy, damaged, gone), keeps one line saying what
was not done and why; the next run shows it where the tap was made, and no other line about the
store beside it."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

import streamlit as st

from companion.registry import GameEntry, entry, games
from companion.screens import host, keys, parts, session
from companion.store import MAX_IMPORT_BYTES, StoreError
from companion.store.games import SavedGame

# The import box takes what the store accepts, in whole MB; `.streamlit/config.toml` sets the
# server's own limit (server.maxUploadSize) to the same, so a larger upload is refused before it
# is buffered, not after 200 MB of it (`make run` and `make companion` start from the checkout).
UPLOAD_MB = math.ceil(MAX_IMPORT_BYTES / (1024 * 1024))

REFUSED = "chooser_refused"  # session key: (where, line) of the last tap the store refused
AT_CARDS, AT_SAVED, AT_IMPORT = "cards", "saved", "import"  # where a refused tap was made
Refusal = tuple[str, str] | None

OPTION_CSS = """
<style>
  div[data-testid="stButtonGroup"] button { min-height: 52px; font-size: 1.05rem; }
</style>
"""


def chooser() -> None:
    st.html(OPTION_CSS)  # the game options' buttons as finger-sized as the rest
    st.title("Table companion")
    st.caption("Pick a game to start, or continue one. Games are saved after every move.")
    refused: Refusal = st.session_state.pop(REFUSED, None)
    _say(refused, AT_CARDS)
    per_row = 3
    shown = games()
    rows = [shown[i : i + per_row] for i in range(0, len(shown), per_row)]
    cells = [cell for row in rows for cell in st.columns(per_row)]
    for column, game in zip(cells, shown, strict=False):
        with column, st.container(border=True):
            st.subheader(game.title)
            st.caption(game.players)
            st.write(game.blurb)
            if game.playable:
                for option in game.options:
                    labels, key = dict(option.choices), keys.option(game.id, option.key)
                    st.segmented_control(option.label, list(labels), key=key,
                                         default=option.initial, required=True,
                                         format_func=labels.__getitem__,
                                         width="stretch")  # fmt: skip
                    if option.notes:
                        st.caption(option.note(st.session_state.get(key, option.initial)))
                st.button("New game", key=f"new_{game.id}", type="primary", width="stretch",
                          on_click=_new_game, args=(game,))  # fmt: skip
            else:
                st.button("Not playable yet", key=f"new_{game.id}", disabled=True, width="stretch")
                st.caption("Its companion page is still being built; print and play it meanwhile.")
    saved_games(refused)
    import_box(refused)


@contextmanager
def _refusing(where: str, what: str) -> Iterator[None]:
    """Around a callback's work on the saved games: the wait shown, and a store's refusal kept as
    one line, "`what`: why", for `where` on the next run (the rest of the block is skipped)."""
    try:
        with session.waiting():
            yield
    except StoreError as exc:
        st.session_state[REFUSED] = (where, f"{what}: {session.told(exc)}")


def _say(refused: Refusal, where: str) -> None:
    """The refused tap's line if it was made `where`, and as a toast, in case it is out of sight."""
    if refused is not None and refused[0] == where:
        st.error(refused[1])
        st.toast(refused[1], icon="⚠️")


def _new_game(game: GameEntry) -> None:
    """Callback: start `game` with the options chosen on its card."""
    chosen = {}
    for option in game.options:
        value = st.session_state.get(keys.option(game.id, option.key))
        chosen[option.key] = option.initial if value is None else value
    options = game.setup(chosen) if game.setup else chosen
    if game.rules is not None:  # only a playable game has the button
        with _refusing(AT_CARDS, "Not started"):
            host.remember(session.begin(game.rules(), options))  # listed here without the PIN


def saved_games(refused: Refusal = None) -> None:
    """The saved games, each to continue, export or delete. When they cannot be listed, one line
    says why, unless a refused tap's line already says it this run."""
    try:
        with session.waiting():
            games = session.store().list(with_logs=False)
    except StoreError as exc:
        if refused is None:
            st.error(session.told(exc))
        _say(refused, AT_SAVED)
        return
    games, hidden = host.visible(games)  # with a host PIN: only this device's, until entered
    if not games:
        _say(refused, AT_SAVED)
        host.gate(hidden, listed=0)
        return
    st.header("Continue")
    _say(refused, AT_SAVED)
    for saved in games:
        known = entry(saved.game)
        when = datetime.fromtimestamp(saved.updated).strftime("%d %b %H:%M")
        with st.container(border=True):
            left, mid, right, far = st.columns([3, 1.2, 1.2, 1.2], vertical_alignment="center")
            left.markdown(saved_words(saved, known, when))
            mid.button("Continue", key=f"open_{saved.id}", width="stretch",
                       on_click=_continue, args=(saved.id,))  # fmt: skip
            data, why = _export(saved.id, known)
            right.download_button("Export", data, file_name=f"{saved.game}-{saved.id}.json",
                                  mime="application/json", key=f"export_{saved.id}",
                                  width="stretch", disabled=why is not None, help=why)  # fmt: skip
            if why:
                right.caption(why)
            far.button("Delete", key=f"delete_{saved.id}", width="stretch",
                       on_click=_delete, args=(saved.id,))  # fmt: skip
    host.gate(hidden, listed=len(games))


def saved_words(saved: SavedGame, known: GameEntry | None, when: str) -> str:
    """One saved game as a player tells it from the others: the game, who plays (the app's seat
    said so), what was chosen at New game, how far it got and when; every name made plain."""
    title = known.title if known else saved.game
    options = saved.options or {}
    names = [str(n) for n in options.get("names") or ()]
    if names and options.get("opponent") == "app":
        names[-1] = f"{names[-1]} (the app)"
    chosen = []
    for option in known.options if known else ():
        if option.key == "opponent" or option.key not in options:
            continue
        if option.key == "strength" and options.get("opponent") != "app":
            continue
        label = dict(option.choices).get(options[option.key])
        if label:
            chosen.append(f"{label} app" if option.key == "strength" else label)
    if not names and known is not None and known.players == "2 players":
        names = ["Player 1", "Player 2"]
    named = saved.name if saved.name not in (title, saved.game) else ""  # a name given at import
    who = [" vs ".join(names)] if names else []
    first, then = (named, [title]) if named else (title, [])
    said = [f"**{parts.plain(first)}**", *map(parts.plain, [*then, *who, *chosen])]
    said = [part for part in said if part]
    return " · ".join([*said, f"{saved.length} moves", when])


NOT_LISTED = "that saved game is not listed on this device: the host's PIN shows it here"


def _listed_here(gid: str) -> None:
    """StoreError unless this device may list `gid` (opened here, or the PIN entered here).
    Streamlit runs only the callbacks of buttons it drew, so this is a second lock, on the
    server's side, should that ever change."""
    if not (host.unlocked() or host.is_mine(gid)):
        raise StoreError(NOT_LISTED)


def _continue(gid: str) -> None:
    """Callback: open a saved game here (it then counts as opened on this device)."""
    with _refusing(AT_SAVED, "Not opened"):
        _listed_here(gid)
        session.open_as_table(gid)
        host.remember(gid)


def _delete(gid: str) -> None:
    """Callback: delete a saved game (one transaction: all of it, or nothing)."""
    with _refusing(AT_SAVED, "Not deleted"):
        _listed_here(gid)
        session.store().delete(gid)


def _export(gid: str, known: GameEntry | None) -> tuple[str, str | None]:
    """The saved game as JSON, or why it is not offered: a game with hidden hands or bids is
    exported only once it is over, since its log (and seed) tell every secret."""
    try:
        if known is not None and known.secrets:
            _, match = session.store().load_match(gid)
            if not match.outcome().over:
                return "", "Export once the game is over: it holds every hand and bid."
        return session.store().export_json(gid), None
    except StoreError as exc:
        return "", session.told(exc)


def import_box(refused: Refusal = None) -> None:
    with st.expander("Import a saved game (.json)"):
        upload = st.file_uploader("Saved game", type=["json"], key=keys.IMPORT_FILE,
                                  max_upload_size=UPLOAD_MB,
                                  label_visibility="collapsed")  # fmt: skip
        if upload is not None:
            st.button("Import", key="import_go", on_click=_import)
        _say(refused, AT_IMPORT)


def _import() -> None:
    """Callback: the uploaded file as a new saved game, opened here as the table."""
    upload = st.session_state.get(keys.IMPORT_FILE)
    if upload is None:
        return
    with _refusing(AT_IMPORT, "Not imported"):
        gid = session.store().import_json(upload.getvalue())
        host.remember(gid)
        session.open_as_table(gid)
