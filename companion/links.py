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


LOOPBACK = ("localhost", "0.0.0.0", "::1", "::")


def only_this_machine(url: str) -> bool:
    """Whether `url` names this computer in a way no other device can open (localhost, a
    127.x address): a phone scanning a code made from it reaches itself, not the table."""
    host = (urlsplit(url).hostname or "").lower()
    return host in LOOPBACK or host.startswith("127.") or host.endswith(".localhost")


def network_url(url: str) -> str | None:
    """`url` with its host made this computer's address on the local network (None when it has
    none): what to open the table at so that the codes work. Connecting a UDP socket only picks
    the route; no packet is sent."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
    except OSError:
        return None
    if not address or address.startswith("127.") or address == "0.0.0.0":
        return None
    parts = urlsplit(url)
    scheme, path, port = parts.scheme, parts.path, parts.port
    return urlunsplit((scheme or "http", f"{address}:{port}" if port else address, path or "/",
                       "", ""))  # fmt: skip


def qr_svg(text: str, label: str, pixels: int = 220) -> str:
    """`text` as a QR code (error correction M, as phones read from a tablet's screen across a
    table), an inline SVG `pixels` wide with its quiet zone, titled `label` for screen readers."""
    code = segno.make(text, error="m", micro=False)
    modules = code.symbol_size(scale=1)[0]
    svg = code.svg_inline(scale=max(1, pixels // modules), dark="#1A1A1A", light="#FFFFFF")
    return svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label, quote=True)}" ', 1)
