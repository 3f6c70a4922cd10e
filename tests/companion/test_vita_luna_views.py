"""The Vita Luna page's pure helpers: the attack walk-through agrees with the engine hit by hit,
and the board picture shows what lies on the table and nothing the viewer may not see."""

from __future__ import annotations

from itertools import pairwise
from types import SimpleNamespace

from companion.engine import Match
from companion.engine.core import step_rng
from companion.engine.seats import HIDDEN
from companion.engine.seen import SeenMatch
from companion.games.vita_luna.opponent import choose
from companion.games.vita_luna.state import FACE_DOWN
from companion.screens.vita_luna.board import Cell, Side, Track, board_svg, slot_of
from companion.screens.vita_luna.eyes import offered, private_screen
from companion.screens.vita_luna.walk import attack_frames, pending
from companion.store import Access
from companion.store.keys import PUBLIC

from .test_vita_luna_situations import DATA, P1, P2, RULES, fight

TABLE = {"deal", "first_attacker", "reward", "next_battle"}


def played(seed: int, app: int | None = None, actions: int = 10_000) -> Match:
    match = Match.start(RULES, {"mode": "basic"}, seed=seed)
    while not RULES.is_over(match.state) and len(match.log) < actions:
        legal = match.legal_actions()
        action = None
        for p in (0, 1):
            action = action or choose(match.state, legal, step_rng(seed, len(match.log)), me=p)
        match.play(action or next(a for a in legal if a["type"] in TABLE))
    return match


def test_every_frame_matches_the_engines_sentence_and_the_last_frame_its_board():
    """attack_order, battle_end: the walk-through's boards are the engine's, hit by hit."""
    checked = 0
    for seed in range(12):
        match = Match.start(RULES, {"mode": "basic"}, seed=seed)
        while not RULES.is_over(match.state):
            legal = match.legal_actions()
            action = None
            for p in (0, 1):
                action = action or choose(match.state, legal, step_rng(seed, len(match.log)), me=p)
            action = action or next(a for a in legal if a["type"] in TABLE)
            before = match.state
            step = match.play(action)
            if action["type"] != "attack":
                continue
            frames = attack_frames(DATA, before, action["player"])
            assert [f.text for f in frames] == step.events[: len(frames)]
            if frames and step.state.phase == "turn":
                last, after = frames[-1].state, step.state
                assert (last.board, last.health, last.armour, last.hearts) == (
                    after.board,
                    after.health,
                    after.armour,
                    after.hearts,
                )
            checked += 1
    assert checked > 100


def test_frames_follow_each_players_own_left_to_right():
    """attack_order: Player 2 at the top attacks from column 4 down to 1."""
    state = fight(["wolf", "fox"], ["rat", None, None, "wolf"], active=P2)
    frames = attack_frames(DATA, state, P2)
    assert [f.column for f in frames] == [3, 0]
    assert frames[0].targets == (3,) and "empty position" in frames[0].text
    assert frames[1].state.board[0] == state.board[0]  # the Rat's 1 does not kill the Wolf


def test_a_pronged_attack_marks_both_sides():
    """prong_hits: the two positions beside the one opposite, in the attacker's order."""
    state = fight([None, "stag_beetle"], ["wolf", None, "fox"])
    (frame,) = attack_frames(DATA, state, P1)
    assert frame.targets == (0, 2)


def public(match: Match) -> SeenMatch:
    """The match as the shared table screen sees it."""
    return SeenMatch(match, None, frozenset())


def test_the_walk_through_gives_one_step_per_hit_then_the_result():
    match = played(5, actions=60)
    steps = pending(public(match), (0, 0))
    attacks = [i for i, a in enumerate(match.log) if a["type"] == "attack"]
    assert {s.start[0] for s in steps} == set(attacks)
    for s, nxt in pairwise(steps):
        assert s.after <= nxt.start  # steps come in log order, each once
    seen = pending(public(match), steps[1].after)
    assert seen == steps[2:]


def test_the_walk_through_shows_the_engines_words_and_boards_from_the_view_alone():
    """hidden_cards: the walk-through is built from the seat's view of each moment (no replay
    with the seed, which would tell every hidden card): its sentences are still the engine's
    own, and its boards have a card wherever one lies, the ones the seat cannot see made up from
    its view (the page draws those as backs)."""
    match = played(5, actions=60)
    for seat in (None, P1, P2):
        seen = SeenMatch(match, seat, frozenset())
        for step in pending(seen, (0, 0)):
            real = match.state_at(step.after[0])
            assert set(step.lines) <= set(match.events[step.start[0]])
            for p in (P1, P2):
                if p == seat:
                    continue
                start = 2 * DATA.white + p * DATA.grey
                for i in range(start, start + DATA.grey):
                    assert (step.state.board[i] is None) == (real.board[i] is None)  # same places


def test_the_apps_moves_are_walked_through_but_not_its_bids():
    match = played(3, actions=40)
    steps = pending(SeenMatch(match, P1, frozenset({P1})), (0, 0), app=P2)
    kinds = {s.kind for s in steps}
    assert "app" in kinds
    placing = [s for s in steps if "places its creatures" in s.title]
    assert placing and len(placing[0].lines) >= 6  # all of its placements in one step
    assert all("secret bid" not in line for s in steps for line in s.lines)


# --- the picture ---------------------------------------------------------------------------------


def side(name: str, grey: tuple[Cell, ...]) -> Side:
    white = (Cell("creature", "Wolf", "black", 3, 1, 2), Cell(), Cell(), Cell())
    return Side(name, "attacker", white, grey + (Cell(),) * (4 - len(grey)), 7, 10, True)


def test_the_board_shows_backs_for_hidden_cards_and_names_for_open_ones():
    hidden = Cell("back", deck="blue")
    mine = Cell("creature", "Cheetah", "blue", 4, 3, 3, face_down=True)
    svg = board_svg(side("Player 1", (mine,)), side("Player 2", (hidden,)), Track((0, 1), 2))
    assert "Cheetah" in svg  # the viewer's own grey card, face down on the table
    assert svg.count(">face down</text>") == 2 and svg.count("blue card") == 1  # one back
    assert "Wolf" in svg and ">1</text>" in svg and "/2</text>" in svg  # health 1 of 2
    assert svg.count(">7</text>") == 2  # both sides' hearts


def test_counters_walk_the_track_towards_the_enemy_heart():
    """track_steps: the rectangle is one step in the basic game, three in the extended one."""
    assert [slot_of(P1, moved, 2) for moved in range(3)] == [3, 5, 6]
    assert [slot_of(P2, moved, 2) for moved in range(3)] == [3, 1, 0]
    assert [slot_of(P1, moved, 3) for moved in range(4)] == [3, 4, 5, 6]
    assert [slot_of(P2, moved, 3) for moved in range(4)] == [3, 2, 1, 0]


# --- whose eyes a screen draws through -----------------------------------------------------------


def basic(*actions: dict) -> Match:
    match = Match.start(RULES, {"mode": "basic"}, seed=7)
    for action in ({"type": "deal"}, *actions):
        match.play(action)
    return match


def test_the_shared_tablet_covers_each_private_moment_of_each_player():
    """shared_tablet_covers: placing and a sealed bid are one player's screens, each behind a
    cover of its own (per game, seat and moment); a turn is played in the open, where every
    grey card, the acting player's own too, is a card back."""
    match = basic({"type": "first_attacker", "attacker": P2})
    placing = private_screen("g", public(match))
    assert placing is not None and (placing.seat, placing.kind) == (P2, "place")
    assert placing.token == "g:place:1:1" and "Player 2" in placing.button
    for _ in range(200):
        if match.state.phase == "turn":
            break
        legal = match.legal_actions()
        match.play(next((a for a in legal if a.get("row") == "grey"), legal[-1]))
    assert private_screen("g", public(match)) is None
    board = public(match).view["board"]
    greys = range(2 * DATA.white, len(board))
    assert [board[i] for i in greys if match.state.board[i]] != []
    assert all(board[i] == FACE_DOWN for i in greys if match.state.board[i])
    auction = Match.start(RULES, {"mode": "advanced"}, seed=7)
    auction.play({"type": "first_bidder", "bidder": P1})
    first = private_screen("g", public(auction))
    auction.play({"type": "bid", "player": P1, "amount": 2})
    second = private_screen("g", public(auction))
    assert first is not None and second is not None
    assert (first.seat, second.seat) == (P1, P2) and first.token != second.token


def test_a_players_own_device_offers_that_seat_and_the_tables_actions_only():
    """own_device, seat_actions: no covers (no private screen), only that seat's moves, and
    what belongs to nobody or to both."""
    device = SimpleNamespace(access=Access(seat=P2))
    start = Match.start(RULES, {"mode": "basic"}, seed=7)
    seen = SeenMatch(start, P2, frozenset({P2}))
    assert [a["type"] for a in offered(device, seen, None, None)] == ["deal"]
    match = basic()
    seen = SeenMatch(match, P2, frozenset({P2}))
    assert len(offered(device, seen, None, None)) == 2  # who attacks first: either may say
    match.play({"type": "first_attacker", "attacker": P1})
    assert offered(device, SeenMatch(match, P2, frozenset({P2})), None, None) == []
    mine = offered(SimpleNamespace(access=Access(seat=P1)), SeenMatch(match, P1, frozenset({P1})),
                    None, None)  # fmt: skip
    assert mine and all(a["player"] == P1 for a in mine)


def test_a_watching_screen_is_offered_nothing_and_sees_no_secret():
    """watching_screen: the public view, no actions."""
    auction = Match.start(RULES, {"mode": "advanced"}, seed=7)
    auction.play({"type": "first_bidder", "bidder": P1})
    auction.play({"type": "bid", "player": P1, "amount": 4})
    seen = public(auction)
    assert offered(SimpleNamespace(access=PUBLIC), seen, None, None) == []
    assert seen.view["bids"] == [HIDDEN, None]
    assert seen.log[-1]["amount"] == HIDDEN


def test_the_apps_reason_for_an_attack_comes_with_its_first_blow():
    """A reason the app gave (a sentence added to its attack's log entry) is said on the first
    step of that attack's walk-through, before the hits, and nowhere else."""
    match = played(5, actions=60)
    i = next(i for i, a in enumerate(match.log) if a["type"] == "attack")
    name = match.state_at(i).names[match.log[i]["player"]]
    reason = f"{name} (the app): attacks with its strongest creature."
    match.events[i] = [*match.events[i], reason]
    steps = [s for s in pending(public(match), (0, 0)) if s.start[0] == i]
    assert steps[0].kind == "attack" and steps[0].lines[0] == reason
    assert all(reason not in s.lines for s in steps[1:])
