"""Seat links: the address a phone opens to join one seat of a game, and its QR code.

A link carries the game's id and a seat key (see `companion.store`: derived from the table's key,
stored only as a hash), so whoever scans it plays that seat and sees that seat's view; the game's
id alone opens only the shared, public view. Pure functions: the pages draw the SVG.
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlencode, urlsplit, urlunsplit

import segno

GAME = "game"  # URL parameter: the saved game's id
KEY = "key"  # URL parameter: a table or seat key


def seat_link(base_url: str, gid: str, key: str | None) -> str:
    """`base_url` (the address the table screen was opened with) pointed at one game and key."""
    scheme, netloc, path, _, _ = urlsplit(base_url)
    query = {GAME: gid} | ({KEY: key} if key else {})
    return urlunsplit((scheme, netloc, path or "/", urlencode(query), ""))


def qr_svg(text: str, label: str, pixels: int = 220) -> str:
    """`text` as a QR code (error correction M, as phones read from a tablet's screen across a
    table), an inline SVG `pixels` wide with its quiet zone, titled `label` for screen readers."""
    code = segno.make(text, error="m", micro=False)
    modules = code.symbol_size(scale=1)[0]
    svg = code.svg_inline(scale=max(1, pixels // modules), dark="#1A1A1A", light="#FFFFFF")
    return svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label, quote=True)}" ', 1)
