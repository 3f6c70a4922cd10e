"""Saddle-stitch imposition: the order in which A5 pages sit on folded A4 (or Letter) sheets.

Sheets are counted from the outside in; each sheet has a front [N-2s | 2s+1] and a back
[2s+2 | N-2s-1] (pages numbered from 1), printed double-sided flipping on the short edge
(shared/reference/print-standards.md section 3). Blank pages pad the book to a multiple of four.
"""

from __future__ import annotations


def padded(pages: int) -> int:
    return max(4, (pages + 3) // 4 * 4)


def booklet_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) page numbers of each side, front then back, outer sheet first; 0 = blank."""
    n = padded(pages)
    sides = []
    for s in range(n // 4):
        sides.append((n - 2 * s, 2 * s + 1))
        sides.append((2 * s + 2, n - 2 * s - 1))
    return [(a if a <= pages else 0, b if b <= pages else 0) for a, b in sides]


def reading_order(sides: list[tuple[int, int]]) -> list[int]:
    """Fold the printed sheets back into a book: the page numbers in the order a reader meets them.

    Used to check an imposition: stacking the sheets and reading page by page must give 1..N.
    """
    sheets = [(sides[i], sides[i + 1]) for i in range(0, len(sides), 2)]
    first_half: list[int] = []
    second_half: list[int] = []
    for (front_left, front_right), (back_left, back_right) in sheets:
        first_half += [front_right, back_left]  # right half of the front, then its reverse
        second_half = [back_right, front_left, *second_half]
    return first_half + second_half
