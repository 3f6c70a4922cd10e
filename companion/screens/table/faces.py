"""The printed cards on screen: a card's front as the print kit draws it, for a hand or a row.

Each face is rendered by the print kit itself (`build_faces`, then its PNG backend) from the
same data and layouts as the printed sheets, at the size the screen shows it (twice over, for
a tablet's sharp display), and kept in memory by the game's data stamp: the modification times
and sizes of its data and layout files, read on each page run, so a card or layout edited
between two taps shows at once. A picture has the card's words as its text, so a screen reader
reads the hand as before; the page decides whose cards it shows (a seat's own hand only).
"""

from __future__ import annotations

import base64
from functools import lru_cache
from html import escape
from typing import Any

from companion.games.shipped import data_folder

SHARPNESS = 2  # device pixels per CSS pixel on a tablet's display
FACES_KEPT = 512  # pictures kept in memory (a hand, rows and piles of several games)


def stamp(game_id: str) -> tuple[tuple[str, int, int], ...]:
    """What the game's faces depend on, cheaply: each data and layout file's name, time, size."""
    from cardgen.data.project import REPO_ROOT

    shared = REPO_ROOT / "templates"
    files = [*data_folder(game_id).rglob("*"), *(shared / game_id).rglob("*"), *shared.glob("*")]
    found = []
    for path in files:
        if path.suffix in (".csv", ".json", ".xlsx", ".toml", ".svg"):
            try:
                info = path.stat()
            except OSError:  # saved over by an editor meanwhile: the next run reads it
                continue
            found.append((str(path), info.st_mtime_ns, info.st_size))
    return tuple(sorted(found))


@lru_cache(maxsize=8)
def _game(game_id: str, when: tuple) -> Any:
    """The game's data as it was at `when` (its stamp): loaded again after an edit."""
    from cardgen.data.database import load_game_or_raise

    return load_game_or_raise(data_folder(game_id))


@lru_cache(maxsize=FACES_KEPT)
def face_png(game_id: str, card_id: str, width_px: int, when: tuple) -> str:
    """The card's printed front, `width_px` CSS pixels wide, as a data URI; "" if the data
    has no printed card of that id, or cannot draw it now (a sheet or layout broken mid-edit:
    the card's words stand in until it is mended, and `cardgen validate` says what is wrong)."""
    from cardgen.data.errors import DataError
    from cardgen.printkit.screen import card_picture

    try:
        picture = card_picture(_game(game_id, when), card_id, width_px, SHARPNESS)
    except (DataError, ValueError, OSError):  # LayoutError is a ValueError
        return ""
    if picture is None:
        return ""
    return "data:image/webp;base64," + base64.b64encode(picture).decode("ascii")


def face_html(game_id: str, card_id: str, width_px: int, words: str, count: int = 1,
              when: tuple | None = None) -> str:  # fmt: skip
    """A printed card as an <img> (its words as its text), with `count` copies held shown as a
    badge; the words alone when the data prints no such card. `when`: the game's stamp, if
    already read."""
    uri = face_png(game_id, card_id, width_px, stamp(game_id) if when is None else when)
    badge = f'<span class="tb-count">{count} ×</span>' if count > 1 else ""
    if not uri:
        return f'<span class="tb-face-words">{badge}{escape(words)}</span>'
    return (
        f'<figure class="tb-face" style="width:{width_px}px">{badge}'
        f'<img src="{uri}" alt="{escape(words)}" title="{escape(words)}" '
        f'width="{width_px}"></figure>'
    )


def large(game_id: str, card_id: str, words: str, width_px: int = 260) -> str:
    """The card as printed, large (a rules dialog's picture of it); "" if the data prints no
    card of that id."""
    when = stamp(game_id)
    if not face_png(game_id, card_id, width_px, when):
        return ""
    return f'<div class="tb-large">{face_html(game_id, card_id, width_px, words, 1, when)}</div>'


def face_row(game_id: str, cards: list[tuple[str, str, int]], width_px: int) -> str:
    """Printed cards side by side, wrapping: (card id, its words, copies) each."""
    when = stamp(game_id)
    faces = "".join(face_html(game_id, c, width_px, words, n, when) for c, words, n in cards)
    return f'<div class="tb-faces">{faces}</div>'


FACES_CSS = """
.tb-faces { display: flex; flex-wrap: wrap; gap: 8px; margin: 6px 0 4px; }
.tb-face { position: relative; margin: 0; line-height: 0; }
.tb-face img { border-radius: 6px; box-shadow: 0 1px 3px rgba(0,0,0,.35); height: auto; }
.tb-count { position: absolute; top: 4px; left: 4px; z-index: 1; line-height: 1.2;
            background: #1A1A1A; color: #FFFFFF; border-radius: 10px; padding: 1px 7px;
            font-weight: 700; font-size: 0.95rem; }
div[class*="_faces"] div[class*="st-key-rule_"] button p {
  font-size: 0.95rem !important; overflow-wrap: normal; word-break: normal; }
div[class*="_faces"] div[class*="st-key-rule_"] button { padding: 4px 4px; min-height: 44px; }
.tb-large { display: flex; justify-content: center; margin: 0 0 8px; }
.tb-face-words { display: inline-block; padding: 4px 8px; border: 1px solid #BBB;
                 border-radius: 6px; }
"""
