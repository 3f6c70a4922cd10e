"""Codes read from a photo, turned into cards of the game on the table, or refused with a reason.

A code is refused, in one line the page shows as it is, when it is a card of another game, a
code this game's data does not know (a card since removed, or printed from other data), a card
of a type this question does not take (a character where a combat card is asked for), or a card
the rules do not allow now: that last check is the page's own (`allowed`), the same one its
picker asks the engine, so a scan can never enter what a tap could not.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardgen.data.codes import CardRef, CodeBook, CodeCollision, parse
from cardgen.data.database import load_game_or_raise
from cardgen.data.errors import DataError
from cardgen.data.project import REPO_ROOT, game_ids
from companion.scan.photo import Found, PhotoError, codes_in

NONE_FOUND = ("No card code found in the photo: hold the card's code (the small square in its "
              "corner) close to the camera, in good light, and take it again.")  # fmt: skip
Allowed = Callable[[CardRef], str | None]  # None when the card may be entered now, else why not


def data_root() -> Path:
    return REPO_ROOT / "card_data"


@cache
def book(game_id: str) -> CodeBook:
    """The game's code book (a shipped game's, or a declared one's in reach), made once per
    process."""
    from companion.games.shipped import data_folder

    return CodeBook(load_game_or_raise(data_folder(game_id)))


@cache
def game_tags() -> dict[str, str]:
    """Every shipped game's tag -> its id, to name the game of a card that is not this one's."""
    from cardgen.data.codes import game_tag
    from companion.games.declared.found import folders

    ids = [*game_ids(data_root()), *folders()]
    return {game_tag(game_id): game_id for game_id in ids}


@dataclass(frozen=True)
class Reading:
    """One code in the photo: the card it names, and why it is refused (None: it is taken)."""

    text: str
    card: CardRef | None
    refusal: str | None = None

    @property
    def is_taken(self) -> bool:
        return self.card is not None and self.refusal is None


def _other_game(tag: str) -> str | None:
    game_id = game_tags().get(tag)
    return book(game_id).game_name if game_id else None


def identify(
    text: str,
    game_id: str,
    types: Collection[str] | None = None,
    allowed: Allowed | None = None,
) -> Reading:
    """The card `text` names in `game_id`, or the reason it cannot be taken here.

    `types`: the card types this question takes (None: any); `allowed`: the page's rule check.
    """
    own = book(game_id)
    code = parse(text)
    if code is None:
        return Reading(text, None, "That code is not a card code: scan the code on a card's face.")
    if code.game != own.tag:
        other = _other_game(code.game)
        where = f"a {other} card" if other else "a card of a game this companion does not know"
        return Reading(text, None, f"That is {where}, not a {own.game_name} card.")
    card = own.find(code)
    if card is None:
        return Reading(text, None, f"That code names no {own.game_name} card in this "
                       "companion's data (a card printed from other data?).")  # fmt: skip
    if types is not None and card.type not in types:
        names = own.type_names
        wanted = " or ".join(names.get(t, t) for t in sorted(types))
        kind = names.get(card.type, card.type)
        return Reading(text, card, f"{card.name} is a {kind}: this asks for a {wanted}.")
    reason = allowed(card) if allowed is not None else None
    return Reading(text, card, reason)


def scan(
    photo: bytes,
    game_id: str,
    types: Collection[str] | None = None,
    allowed: Allowed | None = None,
    several: bool = False,
) -> tuple[list[Reading], str | None]:
    """Every card code in `photo`, left to right, each taken or refused; and, when the photo
    holds no code at all (or is no photo), the one line that says so.

    `allowed` is asked about each card of this game and type in turn, left to right, so a page
    entering several cards may count what it has taken. `several`: look harder for every code
    (a row of cards), not only the first ones found."""
    try:
        book(game_id)
    except (CodeCollision, DataError) as exc:  # the game's data, not the photo, is at fault
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return [], f"Cards cannot be scanned for this game: {first}"
    try:
        found: list[Found] = codes_in(photo, several)
    except PhotoError as exc:
        return [], f"No card read: {exc}."
    if not found:
        return [], NONE_FOUND
    return [identify(f.text, game_id, types, allowed) for f in found], None
