"""The shipped cards that carry a code, rendered as the build renders their PNG faces."""

from __future__ import annotations

from functools import cache

from PIL import Image

from cardgen.data.database import load_game_or_raise
from cardgen.data.game import Game
from cardgen.data.project import REPO_ROOT
from cardgen.printkit.backends.png import render_png
from cardgen.printkit.faces import build_faces

# The cards played from a hand or a deck, which the companion asks for: each carries a code.
SCANNED = {
    "riposte": ("combat_card",),
    "va_card_game": ("hero", "equipment"),
    "luturas": ("lutura", "soldier", "crystal", "tool", "strategy"),
    "vita_luna": ("creature",),
}
BLEED = 3.0
DPI = 300


@cache
def game(game_id: str) -> Game:
    return load_game_or_raise(REPO_ROOT / "card_data" / game_id)


@cache
def faces(game_id: str, type_id: str, codes: bool = True) -> dict[str, Image.Image]:
    """Every card's front PNG face of one type (card id -> image), and its back(s) under
    "back:<key>". A card printed once per deck (VA's two player sets) shows the same code on
    each copy: its first deck's face stands for it."""
    the_game = game(game_id)
    spec = next(t for t in the_game.spec.types if t.id == type_id)
    made = build_faces(the_game, spec, BLEED, codes=codes)
    images: dict[str, Image.Image] = {}
    for face_id, face in made.fronts.items():  # a card printed per deck: its first deck's face
        card = made.cards[face_id].id if face_id in made.cards else face_id
        if card not in images:
            images[card] = render_png(face, DPI)
    for face in {f.key: f for f in made.backs.values()}.values():
        images[f"back:{face.key}"] = render_png(face, DPI)
    return images


def every_front() -> list[tuple[str, str, str]]:
    """(game, type, card id) of every shipped card that carries a code."""
    found = []
    for game_id, types in SCANNED.items():
        for type_id in types:
            found += [(game_id, type_id, c.id) for c in game(game_id).cards.get(type_id, [])]
    return found
