"""The errors layout modules raise, kept apart so elements, templates and faces share them."""

from __future__ import annotations

OVERFLOW_POLICIES = ("error", "warn")  # what text that cannot fit its box does to a build
SHOWN_OVERFLOWS = 20  # an error message lists this many overflowing texts, then counts the rest


class LayoutError(ValueError):
    """A layout that cannot be used; the message names the file and the element."""


class TextOverflowError(LayoutError):
    """Text that does not fit its box even at its smallest size.

    `overflows` holds one line per text, naming the card (type and id) or diagram and the layout
    element. A layout's `[options] text_overflow = "warn"`, or the build's `text_overflow`
    option, turns these into warnings: the text is then printed over whatever lies below it.
    """

    def __init__(self, overflows: list[str]) -> None:
        self.overflows = list(overflows)
        shown = self.overflows[:SHOWN_OVERFLOWS]
        more = len(self.overflows) - len(shown)
        lines = [
            f"{len(self.overflows)} text(s) do not fit their box even at the smallest size "
            '(shorten the text or enlarge the box; text_overflow = "warn" prints them anyway):',
            *(f"  {line}" for line in shown),
            *([f"  ... and {more} more"] if more else []),
        ]
        super().__init__("\n".join(lines))


def check_policy(value: object, where: str) -> str:
    """A text_overflow setting, checked: "error" or "warn"."""
    text = str(value).strip().lower()
    if text not in OVERFLOW_POLICIES:
        raise LayoutError(f"{where}: text_overflow must be one of {', '.join(OVERFLOW_POLICIES)}")
    return text
