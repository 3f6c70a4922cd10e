"""The code's payload: its shape, its stability, and a scan turned into a card or a reason."""

from __future__ import annotations

import pytest

from cardgen.data import codes
from cardgen.data.codes import CodeBook, CodeCollision, parse, payload
from companion.scan.cards import book, game_tags, identify

from .shipped import SCANNED, game


def test_a_payload_is_eleven_upper_case_letters_and_digits() -> None:
    text = payload("riposte", "combat_card", "scissor_cut")
    assert len(text) == codes.LENGTH == 11
    assert text.startswith("C1") and all(ch in codes.ALPHABET for ch in text)
    found = parse(text)
    assert found is not None and found.game == codes.game_tag("riposte")


def test_a_printed_code_never_changes() -> None:
    """Cards already printed must keep scanning: the scheme's output is pinned."""
    assert payload("riposte", "combat_card", "scissor_cut") == "C1WA9PWDUT9"
    assert payload("vita_luna", "creature", "anaconda") == "C18YVCT5HWF"
    assert payload("va_card_game", "equipment", "broadsword") == "C13ONJ78EVJ"


@pytest.mark.parametrize("text", ["", "C1", "C2WA9PWDUT9", "c1wa9pwdut9", "C1WA9PWDUT9X",
                                  "https://x", "C1WA9PWDUT_"])  # fmt: skip
def test_other_text_is_not_a_card_code(text: str) -> None:
    assert parse(text) is None


def test_every_shipped_game_has_a_code_book_and_its_own_tag() -> None:
    tags = game_tags()
    assert len(tags) == len(set(tags.values())) >= 5
    for game_id, types in SCANNED.items():
        cards = book(game_id).cards
        for type_id in types:
            assert {r.id for r in cards.values() if r.type == type_id} == {
                c.id for c in game(game_id).cards[type_id]
            }


def test_two_cards_with_one_code_are_refused_naming_both(monkeypatch) -> None:
    monkeypatch.setattr(codes, "card_tag", lambda *ids: "SAME00")
    with pytest.raises(CodeCollision, match=r"riposte: .* have the same card code SAME00"):
        CodeBook(game("riposte"))


def test_a_scanned_card_is_named_or_refused_with_its_reason() -> None:
    cut = identify(payload("riposte", "combat_card", "scissor_cut"), "riposte", {"combat_card"})
    assert cut.is_taken and cut.card is not None and cut.card.name == "Scissor Cut"
    other = identify(payload("vita_luna", "creature", "anaconda"), "riposte")
    assert other.refusal == "That is a Vita Luna card, not a Riposte card."
    gone = identify(payload("riposte", "combat_card", "no_such_move"), "riposte")
    assert gone.card is None and "names no Riposte card" in (gone.refusal or "")
    stranger = identify("C1ZZZ" + "A" * 6, "riposte")
    assert "a game this companion does not know" in (stranger.refusal or "")
    character = next(c.id for c in game("riposte").cards["character"])
    wrong = identify(payload("riposte", "character", character), "riposte", {"combat_card"})
    assert wrong.refusal is not None and "this asks for a combat card" in wrong.refusal
    ruled = identify(payload("riposte", "combat_card", "scissor_cut"), "riposte", None,
                     lambda card: f"{card.name} is not in your hand.")  # fmt: skip
    assert not ruled.is_taken and ruled.refusal == "Scissor Cut is not in your hand."
    assert identify("hello", "riposte").refusal == (
        "That code is not a card code: scan the code on a card's face."
    )


def test_a_game_whose_codes_collide_cannot_be_scanned_and_says_why(monkeypatch) -> None:
    from companion.scan import cards

    monkeypatch.setattr(codes, "card_tag", lambda *ids: "SAME00")
    cards.book.cache_clear()
    try:
        readings, none = cards.scan(b"", "riposte")
    finally:
        cards.book.cache_clear()
    assert readings == [] and none is not None and "\n" not in none
    assert none.startswith("Cards cannot be scanned for this game: riposte: ")
    assert "have the same card code SAME00" in none
