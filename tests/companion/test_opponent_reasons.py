"""The app says why it moved: each game's rules of thumb and the search give a reason in the
game's words, the reason keeps the app's own secrets, and it reaches the log with its move (kept
by a save, taken back by undo). The pages showing it are test_app_reasons.py."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.engine import Match
from companion.engine.opponents import Opponent, explain, opponent_move, reason_of
from companion.registry import entry
from companion.store import GameStore

Namer = Callable[[Any, str], "str | None"]  # a game's card name for a copy id, None if not one
APP = 1


def _luturas_name(data: Any, card: str) -> str | None:
    try:
        return str(data.of(card).name)
    except (KeyError, AttributeError):
        return None


def _cards_name(data: Any, card: str) -> str | None:
    found = data.cards.get(card)
    return None if found is None else str(found.name)


def _va_name(data: Any, card: str) -> str | None:
    found = data.heroes.get(card) or data.gear.get(card)
    return None if found is None else str(found.name)


NAMES: dict[str, Namer] = {
    "vita_luna": _cards_name,
    "riposte": _cards_name,
    "va_card_game": _va_name,
    "luturas": _luturas_name,
}
CHOSEN: dict[str, dict[str, Any]] = {
    "vita_luna": {"mode": "advanced", "strength": "easy"},
    "riposte": {"characters": True, "cards": "app"},
    "va_card_game": {"cards": "app"},
    "luturas": {"mode": "fast", "cards": "app"},
}


def strings(value: Any) -> Iterator[str]:
    """Every string in a view, however deep, but for the lists of what each deck holds (Luturas
    shows every seat its decklists): a card in a decklist is not a card in the open."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "decks":
                yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def names(game: str, data: Any, view: dict[str, Any]) -> set[str]:
    namer = NAMES[game]
    return {n for s in strings(view) if (n := namer(data, s)) is not None}


def app_match(game: str, seed: int, strength: str = "strong") -> tuple[Match, Opponent]:
    found = entry(game)
    assert found is not None and found.setup is not None and found.opponents is not None
    options = found.setup({**CHOSEN[game], "opponent": "app", "strength": strength})
    if game == "vita_luna":
        options = found.setup({**CHOSEN[game], "opponent": "app"})
    match = Match.start(found.rules(), options, seed=seed)  # type: ignore[misc]
    return match, found.opponents(options)[APP]


def played(game: str, seed: int, strength: str, most: int) -> Iterator[tuple[str, set[str]]]:
    """A seeded game, the app against random play, as the page drives it: each reason the app
    gave, with the names of the cards it held that no one else could see when it chose (its
    hidden hand, before and after the move, less whatever lay open on the table then)."""
    match, app = app_match(game, seed, strength)
    rules, data = match.rules, match.rules.data
    rng = random.Random(seed)
    while not rules.is_over(match.state) and len(match.log) < most:
        before = match.state
        action = opponent_move(match, APP, app, match.app_rng())
        if action is None:
            legal = match.legal_actions()
            others = [a for a in legal if APP not in rules.actors(match.state, a)]
            match.play(rng.choice(others or legal))
            continue
        match.play(action, APP)
        reason = reason_of(app)
        if reason is None:
            continue
        held = names(game, data, rules.view(before, APP)) | names(game, data, match.view(APP))
        shown = names(game, data, rules.view(before, None)) | names(game, data, match.view(None))
        yield reason, held - shown


@pytest.mark.parametrize(
    ("game", "strength"),
    [(game, strength) for game in NAMES for strength in ("strong", "easy")
     if game != "vita_luna" or strength == "strong"],  # Vita Luna's rules of thumb: one strength
)  # fmt: skip
def test_the_apps_reasons_never_name_a_card_it_keeps_hidden(game, strength):
    """Every reason given over seeded games names no card of the app's hidden hand (nor one
    it laid face down) that was not also in the open, and there are reasons to check."""
    given = 0
    for seed in range(2):
        for reason, secret in played(game, seed, strength, most=400):
            given += 1
            for name in secret:
                assert not re.search(rf"\b{re.escape(name)}\b", reason), (reason, name)
    assert given >= 10


# --- each game's reasons, on set-up positions ----------------------------------------------------


def _vita_luna_reason(state: Any, me: int) -> tuple[Any, str | None]:
    from companion.engine.core import step_rng
    from companion.games.vita_luna.opponent import VitaLunaOpponent

    from .test_vita_luna_situations import RULES

    app = VitaLunaOpponent(me)
    action = app.choose(RULES.view(state, me), RULES.legal_actions(state), step_rng(0, 0))
    return action, app.reason


def test_vita_luna_says_which_rule_of_thumb_chose():
    from .test_vita_luna_situations import P1, card, fight

    state = fight(["wolf", None], [None, "black_mamba"])
    assert _vita_luna_reason(state, P1)[1] == (
        "steals your Black Mamba: your last creature, so it wins the battle"
    )
    state = fight(["wolf", "fox"], ["saltwater_crocodile", "rat"])
    assert _vita_luna_reason(state, P1)[1] == (
        "burns your Saltwater Crocodile: a red card, worth more than any blue one"
    )
    state = fight(["anaconda", "tortoise"], ["wolf", "fox"])
    state.health[card(state, P1, 0)] = 2  # the Wolf's 3 would kill it
    assert _vita_luna_reason(state, P1)[1] == "heals its Anaconda: your Wolf would kill it next"
    state = fight(["wolf", None], ["fox", "rat"], ["wild_boar"], singulars=((), ()))
    assert _vita_luna_reason(state, P1)[1] == (
        "brings its Wild Boar up to white: it kills your Rat and survives the Rat's attack"
    )


def test_vita_luna_names_the_threat_a_placing_answers_and_hides_a_grey_one():
    from .test_vita_luna_opponent import falcon_placed
    from .test_vita_luna_situations import P2, play

    state = falcon_placed()
    action, reason = _vita_luna_reason(state, P2)
    assert action["card"] == "armadillo.1" and action["position"] == 2
    assert reason == (
        "puts its Armadillo on white: it kills your Gyr Falcon and survives the Gyr Falcon's attack"
    )
    while action is not None and action["type"] == "place" and action["row"] == "white":
        state, _, _ = play(state, action)
        action, reason = _vita_luna_reason(state, P2)
    assert action is not None and action["row"] == "grey"
    assert reason == "keeps a creature back on grey: no free white position suits one better"


def test_vita_luna_says_how_it_bids_never_how_much():
    from companion.games.vita_luna.opponent import VitaLunaOpponent

    from .test_vita_luna_situations import RULES

    match = Match.start(RULES, {"mode": "advanced"}, seed=11)
    match.play({"type": "first_bidder", "bidder": 0})
    match.play({"type": "bid", "player": 0, "amount": 2}, 0)
    app = VitaLunaOpponent(APP)
    bid = opponent_move(match, APP, app, random.Random(1))
    assert bid is not None and bid["type"] == "bid"
    assert reason_of(app) == "bids a few markers for the first attack, never more than 3"
    assert str(bid["amount"]) not in (reason_of(app) or "").replace("3", "")


def test_riposte_gives_the_rule_that_chose_its_character_and_its_relief():
    from companion.games.riposte.opponent import RiposteOpponent

    from .test_riposte_clashes import ANA, BEN, duel
    from .test_riposte_opponent import DATA, RULES, mine

    offered = {"type": "cast", "offered": [["rook", "sela"], ["brunhild", "cato"]]}
    state = RULES.apply(RULES.new_state({}), offered, random.Random(0)).state
    app = RiposteOpponent(BEN)
    app.choose(RULES.view(state, BEN), mine(state, BEN), random.Random(0))
    assert app.reason == "takes the best-ranked character it may, by its duels against itself"
    rook = {"characters": ("cato", "rook"), "unlocked": (0, 3)}
    for ana, ben, hands, said in (
        ("fan_of_steel", "twin_fangs", (["feint", "left_jab"], ["whirlwind", "bind"]),
         "takes Rook's relief: it saves the full 2 of a 3-damage strike"),
        ("left_jab", "twin_fangs", (["feint", "right_jab"], ["whirlwind", "bind"]),
         "keeps Rook's relief for a harder strike: this one deals only 1"),
        ("left_jab", "twin_fangs", ([], []), "takes Rook's relief: it is the round's last clash"),
    ):  # fmt: skip
        state = duel([ana, *hands[0]], [ben, *hands[1]], **rook)
        for p, design in ((ANA, ana), (BEN, ben)):
            card = next(c for c in state.hands[p] if DATA.cards[c].id == design)
            play = {"type": "play", "player": p, "card": card}
            state = RULES.apply(state, play, random.Random(0)).state
        app.choose(RULES.view(state, BEN), mine(state, BEN), random.Random(0))
        assert app.reason == said


@pytest.mark.parametrize(
    ("strength", "said"),
    [
        ("strong", "expects you to lay a card with attack 1, 3 or 5 (36% likely), and reckons "
                   "on coming out 1.8 damage behind"),
        ("easy", "expects you to lay a card with attack 3 (14% likely), and reckons on coming "
                 "out 0.1 damage behind"),
    ],
)  # fmt: skip
def test_riposte_lays_face_down_expecting_your_reply_and_never_names_its_card(strength, said):
    from companion.games.riposte.opponent import RiposteOpponent

    from .test_riposte_clashes import BEN, duel
    from .test_riposte_opponent import DATA, RULES, mine

    state = duel(["center_thrust", "feint", "left_jab"], ["twin_fangs", "whirlwind", "bind"])
    app = RiposteOpponent(BEN, strength)
    action = app.choose(RULES.view(state, BEN), mine(state, BEN), random.Random(0))
    assert action is not None and action["type"] == "play"
    assert app.reason == said
    assert not any(DATA.cards[c].name in said for c in state.hands[BEN])


def test_va_weighs_the_duel_in_play_and_the_hero_it_expects():
    from companion.games.va_card_game.opponent import VaOpponent
    from companion.games.va_card_game.scenarios import dealt, duel_start

    from .test_va_opponent import ANA, BEN, RULES, mine

    start = duel_start(RULES, ("storm_lancer", []), ("shield_maiden", ["chain_mail"]))
    state = RULES.apply(start, {"type": "declare", "player": ANA, "stance": "attack"},
                        random.Random(0)).state  # fmt: skip
    said = {}
    for strength in ("strong", "easy"):
        app = VaOpponent(BEN, strength)
        app.choose(RULES.view(state, BEN), mine(state, BEN), random.Random(0))
        said[strength] = app.reason
    assert said == {
        "strong": "reckons its chances at 50%: its Shield Maiden has 6 HP left against your "
                  "Storm Lancer's 5 HP, AD 4 and DEF 2",
        "easy": "declares at random, attacking two turns in three",
    }  # fmt: skip
    heroes = (["iron_monk", "storm_lancer"], ["bastion_knight", "glass_fencer"])
    state = dealt(RULES, heroes, (["broadsword"], ["plumed_helm"]))
    app = VaOpponent(BEN)
    action = app.choose(RULES.view(state, BEN), mine(state, BEN), random.Random(0))
    assert action is not None and action["type"] == "prepare"
    assert app.reason == (
        "expects your opening hero to have about HP 12, AD 5, DEF 1 (25% of its guesses at your "
        "hand), and opens with what fares best against that"
    )


def test_va_names_the_hero_it_brings_in_and_the_piece_it_equips():
    """Seeded games against random play, to the app's first hero brought in and its first
    piece equipped: the reason names that card (now face up) and the hero it must face."""
    found: dict[str, str] = {}
    for seed in range(6):
        match, app = app_match("va_card_game", seed)
        rng = random.Random(seed)
        while not match.rules.is_over(match.state) and len(found) < 2:
            action = opponent_move(match, APP, app, match.app_rng())
            if action is None:
                match.play(rng.choice(match.legal_actions()))
                continue
            match.play(action, APP)
            if action["type"] in ("bring_in", "equip") and reason_of(app):
                card = match.rules.data.name(action["card"])
                assert f"its {card}:" in reason_of(app) or f"the {card}:" in reason_of(app)
                found.setdefault(action["type"], reason_of(app) or "")
        if len(found) == 2:
            break
    assert found["bring_in"].startswith("brings in its ")
    assert " fares best against your " in found["bring_in"]
    assert found["equip"].startswith("equips the ")
    assert " adds most to the duel against your " in found["equip"]


def test_luturas_weighs_its_moves_in_stamina_points_over_its_guesses():
    from companion.games.luturas.why import weighed

    attack = {"type": "attack", "player": APP}
    assert weighed(attack, [1.0, 4.5, 2.0], 1, 6, None, False) == (
        "attacks: the best of its 3 moves, even after your best answer, over 6 guesses at your "
        "hand and face-down Strategy: it leaves the board 4.5 Stamina points its way, 2.5 more "
        "than the next best"
    )
    end = {"type": "end", "player": APP}
    assert weighed(end, [-1.5, -1.5], 0, 1, None, True) == (
        "ends its turn: near enough the best of its 2 moves, over one guess at your hand and "
        "face-down Strategy"
    )
    assert weighed(end, [2000.0, 3.0], 0, 6, None, False).endswith("it expects to win the round")
    assert weighed({"type": "ability"}, [3.0], 0, 6, 1.5, False) == (
        "acts now rather than wait: 1.5 Stamina points better, over 6 guesses at your hand and "
        "face-down Strategy"
    )


def test_luturas_gives_its_reason_as_it_plays():
    said = [r for r, _ in played("luturas", 3, "strong", most=200)]
    assert "starts the round itself" in said or any(r.startswith("attacks: ") for r in said)
    assert any(" Stamina points " in r for r in said)


# --- the search ----------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_search_gives_the_odds_it_saw_and_the_same_move(level):
    from companion.ai.catalogue import make_bot
    from companion.ai.search import levels_for

    rules = entry("vita_luna").rules()  # type: ignore[union-attr,misc]
    match = Match.start(rules, {}, seed=4)
    rng = random.Random(4)
    while match.state.phase != "place":
        match.play(rng.choice(match.legal_actions()))
    seat = match.state.active
    bot = make_bot("vita_luna", seat, level, seed=1)
    first = opponent_move(match, seat, bot, random.Random(2))
    said = reason_of(bot)
    assert said is not None
    found = re.fullmatch(
        r"this move won about (\d+) of the (\d+) playouts? that tried it \((\d+) in all\)", said
    )
    assert found, said
    wins, tries, total = (int(n) for n in found.groups())
    assert 0 <= wins <= tries <= total < levels_for("vita_luna")[level].simulations
    again = make_bot("vita_luna", seat, level, seed=1)
    assert (
        opponent_move(match, seat, again, random.Random(2)) == first
    )  # the reason changes nothing


# --- the reason in the log -----------------------------------------------------------------------


class Saying:
    """An opponent that always plays its first action and says so."""

    reason: str | None = None

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        self.reason = "takes the first card it was offered"
        return legal[0]


class Silent:
    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        return legal[0]


def riposte_to_the_apps_turn() -> Match:
    """The learning duel against the app, dealt, at the app's first choice (a draft pick)."""
    found = entry("riposte")
    assert found is not None and found.setup is not None
    options = found.setup({"characters": False, "cards": "app", "opponent": "app"})
    match = Match.start(found.rules(), options, seed=5)  # type: ignore[misc]
    while not match.legal_actions(APP):
        match.play(random.Random(len(match.log)).choice(match.legal_actions()))
    return match


def test_the_reason_is_a_sentence_of_the_move_and_undo_takes_it_back():
    match = riposte_to_the_apps_turn()
    app = Saying()
    action = opponent_move(match, APP, app, match.app_rng())
    match.play(action, APP)
    events = list(match.events[-1])
    line = explain(match, APP, app)
    assert line == "Rival (the app): takes the first card it was offered."
    assert match.events[-1] == [*events, line]
    match.undo()
    assert all(line not in e for e in match.events)


def test_no_reason_adds_nothing_and_a_stale_one_is_forgotten():
    match = riposte_to_the_apps_turn()
    silent = Silent()
    match.play(opponent_move(match, APP, silent, match.app_rng()), APP)
    before = list(match.events[-1])
    assert explain(match, APP, silent) is None and match.events[-1] == before
    app = Saying()
    app.reason = "an old reason"
    app.choose = lambda view, legal, rng: legal[0]  # type: ignore[method-assign]
    match.undo()
    match.play(opponent_move(match, APP, app, match.app_rng()), APP)
    assert explain(match, APP, app) is None  # opponent_move forgot the last move's reason


def test_a_saved_reason_comes_back_with_the_game_and_old_saves_load(tmp_path):
    store = GameStore(tmp_path / "games.sqlite")
    match = riposte_to_the_apps_turn()
    gid = store.create(match)  # a save with no reason in it
    _, old = store.load_match(gid)
    assert old.events == match.events
    app = Saying()
    match.play(opponent_move(match, APP, app, match.app_rng()), APP)
    line = explain(match, APP, app)
    store.save(gid, match, store.version(gid))
    _, loaded = store.load_match(gid)
    assert loaded.events[-1][-1] == line and loaded.log == match.log
    replayed = Match.replay(match.rules, match.options, match.seed, match.log, match.chance)
    assert replayed.log == match.log  # the stored log replays; its reasons are not rules' events
    assert replayed.events[-1] == match.events[-1][:-1]
    store.close()
