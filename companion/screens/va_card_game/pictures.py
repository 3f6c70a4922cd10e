"""VA Card Game's small pictures as markup: a shield (block), pips for a stat with what is lost,
hearts for life points, and a card back.

Pure functions from plain values to markup strings: no Streamlit and no rules. Nothing is told by
colour alone: every picture comes with its number or its word beside it, and a lost point is a
hollow pip, not a paler one.
"""

from __future__ import annotations

SWORD = "⚔"
HEART, EMPTY_HEART = "♥", "♡"
MOST_PIPS = 20  # a stat larger than this is shown by its number alone


def shield(size: int = 18, colour: str = "#2F6FB8") -> str:
    """A shield, for a block (the tablet's fonts have no shield sign)."""
    return (
        f'<svg role="img" aria-label="block" width="{size}" height="{size}" viewBox="0 0 20 20" '
        f'style="vertical-align:-3px"><path d="M10 1 L18 4 L17 11 Q15 17 10 19 Q5 17 3 11 L2 4 Z" '
        f'fill="{colour}" stroke="#1A1A1A" stroke-width="1"/></svg>'
    )


def stance_mark(stance: str) -> str:
    """The sign for a declaration, with its word."""
    if stance == "attack":
        return f'<span class="va-sword">{SWORD}</span> attack'
    return f"{shield()} block"


def pips(now: int, whole: int, kind: str) -> str:
    """`now` of `whole` points as filled pips, then a hollow one for each point lost."""
    whole = max(whole, 0)
    if whole == 0 or whole > MOST_PIPS:
        return ""
    kept = max(0, min(now, whole))
    cells = "".join(
        f'<i class="va-pip {kind}{"" if n < kept else " lost"}"></i>' for n in range(whole)
    )
    return f'<span class="va-pips" aria-hidden="true">{cells}</span>'


def hearts(life: int, most: int) -> str:
    """Life points as hearts: a full one for each left, a hollow one for each lost."""
    left = max(0, min(life, most))
    full, gone = HEART * left, EMPTY_HEART * (most - left)
    return f'<span class="va-hearts">{full}<span class="va-gone">{gone}</span></span>'


def card_back(words: str) -> str:
    """A card lying face down, with what may be said of it."""
    return f'<div class="va-back"><div class="va-back-mark">?</div><div>{words}</div></div>'
