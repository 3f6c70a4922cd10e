"""The Scan control on Luturas's page, driven headless (AppTest) with photos of the rendered card
faces as the tablet's camera hands them over: a card of the hand scanned offers its actions (a
deploy into each free space) or is refused in the engine's words; a card of another game or one
not in the hand is refused; with the table's cards, an opening hand and a new hand are entered
from one photo each, and the turn's draw is played from its photo."""

from __future__ import annotations

import numpy as np
from PIL import Image
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.luturas.checks import why_not_play
from tests.companion.card_game_pages import match_of, save, screen, stored_log, tap, text, warnings
from tests.companion.test_app_luturas import HAND_A, HAND_P2, P1, RULES, SEED, dealt, keys, new_game

from .camera import photograph, shot
from .shipped import faces
from .test_scan_pages import TABLET, photo_of, scanned

PLAY = "lt_scan_play0_"


def spread_photo(
    cards: list[tuple[str, str]], seed: int, step: int = 320
) -> tuple[str, bytes, str]:
    """A 1080p photo of a hand spread on the table from left to right, each card tucked under
    the one to its left with its right-hand strip (where a Luturas card has its code, 16 mm
    wide at the art's corner: 320 px of the 300 dpi face) in sight: five whole cards side by
    side leave each code too few pixels at 1080p."""
    images = [faces("luturas", type_id)[card] for type_id, card in cards]
    width, height = images[0].size
    gap = 30
    spread = Image.new("RGB", (2 * gap + width + step * (len(images) - 1), height + 2 * gap),
                       "#6B5B4B")  # fmt: skip
    for index in reversed(range(len(images))):  # the leftmost card on top
        spread.paste(images[index], (gap + index * step, gap))
    rng = np.random.default_rng(seed)
    take = shot(rng, TABLET)
    steady = {"card_share": 0.92, "blur": 0.5, "light": 0.8, "mirrored": False, "angle": 2.0}
    take = type(take)(**{**take.__dict__, **steady})
    return "photo.jpg", photograph(spread, take, rng), "image/jpeg"


def opening_hand_scanned(hand: list[tuple[str, str]], seed: int, **options: str) -> AppTest:
    """A new game on the table's cards (the coin tossed, the starting player chosen) whose
    Player 1 enters the opening hand from a photo of `hand`, taken without a warning."""
    at = new_game(cards="table", **options)
    at = tap(tap(at, "act_toss"), keys(at, "act_choose_")[0])
    at = scanned(tap(at, "lt_cover"), "lt_scan_hand0_", spread_photo(hand, seed=seed))
    assert not warnings(at)
    return at


def test_a_lutura_is_deployed_by_its_photo_after_a_refusal_in_the_engines_words(home):
    match = dealt()
    saved = save(home, match)
    before = len(stored_log(saved))
    at = tap(screen(home, saved, saved.key), "lt_cover")
    at = scanned(at, PLAY, photo_of("luturas", "lutura", "tidepup_g1"))
    reason = why_not_play(RULES.data, match.state, P1, "tidepup_g1.1")
    assert reason and warnings(at) == [reason]  # no Aquatic Crystal yet
    assert "Tidepup Gear 1 needs 1 Aquatic Crystal" in reason
    assert not keys(at, "lt_scanned_")
    at = scanned(at, PLAY, photo_of("luturas", "crystal", "crystal_aquatic"))
    assert not warnings(at) and "Scanned: Aquatic Crystal" in text(at)
    at = tap(at, "lt_scanned_act_crystal_crystal_aquatic-1_0")
    assert stored_log(saved)[before:] == [{"type": "crystal", "player": P1,
                                           "card": "crystal_aquatic.1"}]  # fmt: skip
    at = scanned(at, PLAY, photo_of("luturas", "lutura", "tidepup_g1"))
    assert not warnings(at)
    offered = keys(at, "lt_scanned_act_deploy_tidepup_g1-1_0_")
    assert len(offered) == 4  # one deploy into each free space, as the hand's row offers
    at = tap(at, offered[1])
    assert stored_log(saved)[before + 1]["type"] == "deploy"
    assert match_of(at).state.sides[P1].spaces[1].top == "tidepup_g1.1"


def test_another_games_card_and_a_card_not_in_hand_are_refused(home):
    saved = save(home, dealt())
    before = len(stored_log(saved))
    at = tap(screen(home, saved, saved.key), "lt_cover")
    at = scanned(at, PLAY, photo_of("riposte", "combat_card", "left_jab"))
    assert warnings(at) == ["That is a Riposte card, not a Luturas card."]
    at = scanned(at, PLAY, photo_of("luturas", "lutura", "isotusk_g1"))
    assert warnings(at) == ["Isotusk Gear 1 is not in Player 1's hand."]
    soldier = next(d.id for d in RULES.data.designs.values() if d.kind == "soldier")
    at = scanned(at, PLAY, photo_of("luturas", "soldier", soldier))
    assert len(warnings(at)) == 1 and "this asks for a" in warnings(at)[0]
    assert len(stored_log(saved)) == before and not keys(at, "lt_scanned_")


def test_the_opening_hand_is_entered_from_one_photo(home):
    hand = [("lutura", "tidepup_g1"), ("lutura", "tidepup_g1"), ("crystal", "crystal_aquatic"),
            ("crystal", "crystal_aquatic"), ("strategy", "fortify")]  # fmt: skip
    at = opening_hand_scanned(hand, seed=0)
    assert ("Player 1: which cards did you draw? (5 of 5: Tidepup Gear 1, Tidepup Gear 1, "
            "Aquatic Crystal, Aquatic Crystal, Fortify)") in text(at)  # fmt: skip
    assert "lt_enter_done" in keys(at) and not keys(at, "lt_scan_hand0_")


def test_the_turns_draw_is_played_from_its_photo(home):
    at = new_game(cards="table")
    at = tap(tap(at, "act_toss"), keys(at, "act_choose_")[0])
    for p, cards in ((0, ("tidepup_g1", "tidepup_g1", "crystal_aquatic", "crystal_aquatic",
                          "fortify")),
                     (1, ("isotusk_g1", "arcwisp_g1", "crystal_nuclear", "crystal_nuclear",
                          "glowmite"))):  # fmt: skip
        at = tap(at, "lt_cover")
        for card in cards:
            at = tap(at, f"lt_enter_{p}m_{card}")
        at = tap(at, "lt_enter_done" if p == 0 else "lt_deal_entered")
    first = match_of(at).state.active
    at = tap(tap(at, "lt_cover"), f"act_keep_{first}")
    at = tap(tap(at, "lt_cover"), f"act_keep_{1 - first}")
    at = tap(at, "lt_cover")
    deck = match_of(at).state.sides[first].deck
    other = next(d.id for d in RULES.data.designs.values()
                 if d.kind == "lutura" and not any(c.startswith(f"{d.id}.") for c in deck))  # fmt: skip
    at = scanned(at, f"lt_scan_draw{first}_", photo_of("luturas", "lutura", other))
    name = RULES.data.title(other)
    assert warnings(at) == [f"No {name} is left in {match_of(at).state.names[first]}'s Deck: "
                            "check the card and scan it again."]  # fmt: skip
    card = deck[0].rsplit(".", 1)[0]
    kind = RULES.data.of(deck[0]).kind
    before = len(match_of(at).log)
    at = scanned(at, f"lt_scan_draw{first}_", photo_of("luturas", kind, card))
    assert not warnings(at)
    log = match_of(at).log
    assert len(log) == before + 1 and log[-1]["type"] == "draw"
    assert log[-1]["card"].split(".")[0] == card


def test_a_new_hand_is_entered_from_one_photo(home):
    """The hand goes back into the Deck first, so its own cards may come up again."""
    match = Match.start(RULES, {"cards": "table"}, seed=SEED)
    match.play({"type": "toss", "winner": P1})
    match.play({"type": "choose", "player": P1, "first": P1})
    match.play({"type": "deal", "hands": [list(HAND_A), list(HAND_P2)]})
    saved = save(home, match)
    at = tap(screen(home, saved, saved.key), "lt_cover")
    assert "lt_new_hand" not in keys(at)
    hand = [("lutura", "tidepup_g2"), ("lutura", "tidepup_g1"), ("crystal", "crystal_aquatic"),
            ("strategy", "fortify"), ("crystal", "crystal_aquatic")]  # fmt: skip
    at = scanned(at, "lt_scan_newhand0_", spread_photo(hand, seed=1))
    assert not warnings(at)
    at = tap(at, "lt_new_hand")
    resolved = match_of(at).log[-1]
    assert resolved["type"] == "mulligan"
    assert [c.rsplit(".", 1)[0] for c in resolved["hand"]] == [c for _, c in hand]


def test_in_fast_mode_each_card_of_the_photo_goes_to_its_own_pile(home):
    hand = [("lutura", "tidepup_g1"), ("crystal", "crystal_aquatic"), ("strategy", "fortify"),
            ("crystal", "crystal_aquatic"), ("lutura", "tidepup_g2")]  # fmt: skip
    at = opening_hand_scanned(hand, seed=2, mode="fast")
    page = text(at)
    assert "From the Deck (3 of 3):" in page and "From the Crystal deck (2 of 2):" in page
    assert ("(5 of 5: Tidepup Gear 1, Fortify, Tidepup Gear 2, Aquatic Crystal, "
            "Aquatic Crystal)") in page  # fmt: skip
