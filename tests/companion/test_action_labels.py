"""Every action's button says what makes it different from its neighbours (issue 31).

Seeded random games of every game with a page are played, and in a sample of their states each
seat's page words its legal actions as it would (the page's own label function, handed that
seat's eyes: a `SeenMatch` in the page's `Screen`), and the table's screen words chance's. Two
actions of one seat with the same words must be the same choice at the table: played from the
same state with the same seeded random source, they leave the same state, once each card's copy
id is read as its design ("left_jab.2" as "left_jab": copies are alike in every rule) and the
cards of a pile are read as a multiset (two copies of one card in either order are the same
hand). Identical actions are drawn as one button (`table.buttons.distinct`); any other pair with
one label fails, naming the game, the moment and the words.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.engine import CHANCE, Match
from companion.engine.core import step_rng
from companion.engine.seen import SeenMatch
from companion.registry import GAMES, GameEntry, entry

from . import card_game_pages as pages
from .declared_games import TABLES, write_all
from .test_conformance import option_sets, progress_players

Action = dict[str, Any]
Words = Callable[[Match, Any, list[Action]], list[tuple[str, Action]]]

COPY = re.compile(r"(?<=\w)\.\d+\b")  # a copy id's number: "tidepup_g1.2" -> "tidepup_g1"
# what a state says to the table in sentences, not what it holds: Riposte's last clash in words
# names the cards left in hand in hand order, so two copies laid read in another order
TABLE_TALK = frozenset({"last_words"})


def eyes(kind: type, match: Match, seat: Any, legal: list[Action]) -> Any:
    """The page's `Screen` through `seat`'s eyes (None: the table's), offering `legal`."""
    seen = SeenMatch(match, seat, frozenset() if seat is None else frozenset({seat}))
    cards = str(match.options.get("cards") or "app")
    return kind(None, seen, None, cards, legal)


def riposte(match: Match, seat: Any, legal: list[Action]) -> list[tuple[str, Action]]:
    from companion.screens.riposte.buttons import label
    from companion.screens.riposte.eyes import Screen

    screen = eyes(Screen, match, seat, legal)
    return [(label(screen, a), a) for a in legal]


def va_card_game(match: Match, seat: Any, legal: list[Action]) -> list[tuple[str, Action]]:
    from companion.screens.va_card_game.buttons import label
    from companion.screens.va_card_game.eyes import Screen

    screen = eyes(Screen, match, seat, legal)
    return [(label(screen, a), a) for a in legal]


def luturas(match: Match, seat: Any, legal: list[Action]) -> list[tuple[str, Action]]:
    from companion.screens.luturas.eyes import Screen
    from companion.screens.luturas.words import label

    screen = eyes(Screen, match, seat, legal)
    return [(label(screen, a), a) for a in legal]


def vita_luna(match: Match, seat: Any, legal: list[Action]) -> list[tuple[str, Action]]:
    """The steps drawn one button each (`between.one_button_each`) and the Singular cards'
    aims (`battle`); the cards played to the board are buttons laid out by position
    (`buttons.grid`), a position apiece, and a hand shows each creature once (`placement`)."""
    from companion.screens.vita_luna.battle import SINGULAR_HELP, singular_label
    from companion.screens.vita_luna.buttons import LABELS, label
    from companion.screens.vita_luna.eyes import Screen

    screen = eyes(Screen, match, seat, legal)
    state, data = screen.state, screen.data
    steps = [(label(state, data, a), a) for a in legal if a["type"] in LABELS]
    aims = [(singular_label(data, state, a), a) for a in legal if a["type"] in SINGULAR_HELP]
    return steps + aims


def moonlighter(match: Match, seat: Any, legal: list[Action]) -> list[tuple[str, Action]]:
    """The buttons beside the map: the rolls, the other actions, and walks drawn as buttons
    (to rooms beyond the map's edges); a tile is laid by tapping its square on the map."""
    from companion.games.moonlighter.checks import ROLLS
    from companion.screens.moonlighter import ROLL_LABELS, taps

    seen = SeenMatch(match, 0, frozenset({0}))
    state, data = seen.state, taps.game_data(seen)
    said = []
    for action in legal:
        kind = action["type"]
        if kind in ROLLS:
            said.append((ROLL_LABELS[kind], action))
        elif kind == "move":
            said.append((taps.walk_words(state, action), action))
        elif kind != "place_tile":
            said.append((taps.other_label(state, action, data), action))
    return said


def declared(match: Match, seat: Any, legal: list[Action]) -> list[tuple[str, Action]]:
    """The pickers (a card that came up, under the question naming where) and the buttons."""
    from companion.screens.declared.controls import describe, picked, question
    from companion.screens.declared.eyes import Screen

    screen = eyes(Screen, match, seat, legal)
    return [
        (
            f"{question(screen, a)} {screen.card_name(a['card'])}"
            if picked(a)
            else describe(screen, a),
            a,
        )
        for a in legal
    ]


PAGES: dict[str, Words] = {
    "riposte": riposte,
    "va_card_game": va_card_game,
    "luturas": luturas,
    "vita_luna": vita_luna,
    "moonlighter": moonlighter,
}


def alike(value: Any) -> Any:
    """A state's JSON with each copy id read as its design and each pile as a multiset."""
    if isinstance(value, str):
        return COPY.sub("", value)
    if isinstance(value, dict):
        return sorted(([alike(k), alike(v)] for k, v in value.items()), key=json.dumps)
    if isinstance(value, list | tuple):
        items = [alike(v) for v in value]
        return sorted(items) if items and all(isinstance(i, str) for i in items) else items
    return value


def outcome(match: Match, action: Action) -> Any:
    rules = match.rules
    step = rules.apply(match.state, action, step_rng(match.seed, len(match.log)))
    told = {k: v for k, v in rules.to_json(step.state).items() if k not in TABLE_TALK}
    return alike(told)


def same_words_differ(match: Match, words: Words) -> Iterator[tuple[str, str]]:
    """Each label that stands for actions of one seat with different outcomes, and those two."""
    rules = match.rules
    for seat in (*rules.seats(match.state), None):
        legal = rules.legal_actions_for(match.state, CHANCE if seat is None else seat)
        if len(legal) < 2:
            continue
        by_label: dict[str, list[Action]] = {}
        for label, action in words(match, seat, legal):
            by_label.setdefault(label, []).append(action)
        for label, actions in by_label.items():
            if len(actions) < 2:
                continue
            first = outcome(match, actions[0])
            for other in actions[1:]:
                if outcome(match, other) != first:
                    yield label, f"{label!r} stands for {actions[0]} and {other}"
                    break


def play_and_look(
    game: GameEntry, words: Words, playouts: int, every: int, most: int, seed0: int = 0
) -> list[str]:
    """`playouts` seeded random games, looked at every `every` states; what was found, once per
    game and label shape."""
    sets = option_sets(game)
    policy = progress_players().get(game.id)
    found: dict[str, str] = {}
    for index in range(playouts):
        seed = seed0 + index
        options = sets[index % len(sets)]
        match = Match.start(game.rules(), options, seed=seed)
        rng = random.Random(seed)
        for turn in range(most):
            legal = match.rules.legal_actions(match.state)
            if not legal:
                break
            if turn % every == 0:
                for label, said in same_words_differ(match, words):
                    shape = re.sub(r"\d+", "#", label)  # one report per kind of label
                    where = f"{game.id} {options} seed {seed}, action {len(match.log)}"
                    found.setdefault(shape, f"{where}: {said}")
            action = policy(match.state, legal, rng) if policy and index % 2 else rng.choice(legal)
            match.play(action, trusted=True)
    return sorted(found.values())


# game: (playouts, look at every n-th state, most actions a playout plays); a Moonlighter run
# is long (its walks come late); the heavier sweeps are marked slow
QUICK = {"riposte": (20, 2, 300), "va_card_game": (16, 2, 300), "luturas": (10, 2, 300),
         "vita_luna": (12, 2, 300), "moonlighter": (3, 4, 2000)}  # fmt: skip
SLOW = {"riposte": (80, 1, 300), "va_card_game": (60, 1, 300), "luturas": (40, 1, 300),
        "vita_luna": (40, 1, 300), "moonlighter": (10, 3, 5000)}  # fmt: skip


def shipped(game_id: str) -> GameEntry:
    return next(g for g in GAMES if g.id == game_id)


@pytest.mark.parametrize("game_id", list(PAGES))
def test_one_label_is_one_choice(game_id: str) -> None:
    found = play_and_look(shipped(game_id), PAGES[game_id], *QUICK[game_id])
    assert not found, "\n".join(found)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(PAGES))
def test_one_label_is_one_choice_over_many_games(game_id: str) -> None:
    found = play_and_look(shipped(game_id), PAGES[game_id], *SLOW[game_id], seed0=1000)
    assert not found, "\n".join(found)


@pytest.fixture
def declared_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = write_all(tmp_path)
    monkeypatch.setenv("CARDGEN_DATA", str(root))
    return root


@pytest.mark.parametrize("game_id", list(TABLES))
def test_one_label_is_one_choice_in_declared_games(declared_root: Path, game_id: str) -> None:
    game = entry(game_id)
    assert game is not None and game.page == "declared"
    found = play_and_look(game, declared, 6, 2, 300)
    assert not found, "\n".join(found)


def test_one_button_stands_for_actions_alike() -> None:
    """Actions that read the same are drawn once, as the first of them, in their order."""
    from companion.screens.table.buttons import distinct

    lay = [{"type": "play", "card": c} for c in ("crossguard.1", "lunge.1", "crossguard.2")]
    shown = distinct(lay, lambda a: "Lay " + COPY.sub("", a["card"]))
    assert shown == [("Lay crossguard", lay[0]), ("Lay lunge", lay[1])]


home = pages.home  # the AppTest's database and seed


def test_two_copies_of_a_card_in_hand_are_one_button_on_the_page(home) -> None:
    """Player 1 holds two Left Jabs: one "Lay Left Jab" button stands for both, keyed by the
    first copy, and a tap on it lays that copy."""
    from companion.store import seat_key

    from .test_app_riposte import drafted

    saved = pages.save(home, drafted(p1_draws=["left_jab.1", "left_jab.2", "right_jab.1"]))
    at = pages.screen(home, saved, seat_key(saved.key, saved.gid, 0))  # Player 1's device
    plays = pages.keys(at, "act_play_")
    assert "act_play_left_jab-1_0" in plays and "act_play_left_jab-2_0" not in plays
    words = [b.label for b in at.button if b.key in plays]
    assert len(words) == len(set(words)) == len(plays) == 4
    at = pages.tap(at, "act_play_left_jab-1_0")
    assert pages.match_of(at).log[-1] == {"type": "play", "player": 0, "card": "left_jab.1"}
