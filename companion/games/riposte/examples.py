"""Riposte's rulebook examples, played by the engine on the card data (see
`companion.engine.examples`): each clash the rulebook tells is laid and revealed by the engine,
and its outcome, damage and legal plays are what the rulebook prints; each beat is a claim of
the story that a change to a card's attacks, bar or ability could make false.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.examples import Worked
from companion.games.riposte.clash import BLOCK, PERFECT, STRIKE, fits, outcome
from companion.games.riposte.data import RiposteData, data_from_game, default_data
from companion.games.riposte.rules import RiposteRules
from companion.games.riposte.scenarios import clash, held, round_start

if TYPE_CHECKING:
    from cardgen.data.game import Game

ANA, BEN = 0, 1
ARTICLE = {STRIKE: "a strike", BLOCK: "a block", PERFECT: "a perfect block"}


def one_clash(rules: RiposteRules, ana: str, ben: str, before: str = "") -> Worked:
    """Ana (offensive) lays `ana` against Ben's `ben`, after her own `before` if given."""
    if before:
        state = round_start(rules, [before, ana, "whirlwind"], ["wall_of_steel", ben, "whirlwind"])
        state = clash(rules, state, before, "wall_of_steel").state
        # Ben's card in the example is his first of the round: free of any bar
        state.discard, state.table = state.table[1], (state.table[0], ())
    else:
        state = round_start(rules, [ana, "whirlwind"], [ben, "whirlwind"])
    step = clash(rules, state, ana, ben)
    attack, defend = rules.data.moves[ana], rules.data.moves[ben]
    ex = Worked(f"{ana}-{ben}", f"{attack.name} against {defend.name}", events=step.events)
    ex.facts = {
        "outcome": ARTICLE[outcome(state, attack, defend)],
        "to_ben": step.state.damage[BEN] - state.damage[BEN],
        "to_ana": step.state.damage[ANA] - state.damage[ANA],
    }
    return ex


def from_game(game: Game) -> dict[str, Worked]:
    """The examples on a loaded game folder (the rulebook build and `cardgen validate`)."""
    return worked_examples(data_from_game(game))


def worked_examples(data: RiposteData | None = None) -> dict[str, Worked]:
    rules = RiposteRules(data or default_data())
    moves = rules.data.moves
    out: dict[str, Worked] = {}

    def clashes(key: str, ana: str, ben: str, kind: str, before: str = "") -> Worked:
        ex = out[key] = one_clash(rules, ana, ben, before)
        ex.beat(f"{moves[ana].name} against {moves[ben].name} is {ARTICLE[kind]}",
                ex.outcome == ARTICLE[kind])  # fmt: skip
        return ex

    clashes("block", "twin_fangs", "left_sweep", BLOCK)
    clashes("strike", "fan_of_steel", "twin_fangs", STRIKE)
    clashes("strike_guarded", "fan_of_steel", "left_guard", STRIKE)
    clashes("perfect", "left_jab", "right_jab", PERFECT)
    clashes("perfect_riposte", "scissor_cut", "snare", PERFECT)
    clashes("press_lunge", "three_points", "twin_fangs", STRIKE, before="feint")
    clashes("press_lunge_guarded", "three_points", "left_guard", STRIKE, before="feint")
    out["follow_up"] = follow_up(rules)
    out["no_legal_play"] = no_legal_play(rules)
    out["whole_round"] = whole_round(rules)
    out["unlock"] = unlock_example(rules)
    return out


def follow_up(rules: RiposteRules) -> Worked:
    moves = rules.data.moves
    ex = Worked("follow_up", "the follow-up bar")
    feint, rising, fangs, scissor = (
        moves[m] for m in ("feint", "rising_cut", "twin_fangs", "scissor_cut")
    )
    ex.beat(f"{rising.name} fits {feint.name}'s bar", bool(rising.attacks & feint.follow_up))
    ex.beat(
        f"{fangs.name} does not fit {scissor.name}'s bar", not fangs.attacks & scissor.follow_up
    )
    slant = moves["slant"]
    ex.beat(f"{slant.name} has Flow", slant.keyword == "flow")
    return ex


def no_legal_play(rules: RiposteRules) -> Worked:
    """Ben after Stop Thrust holding Scissor Cut and Left Jab: neither fits."""
    ex = Worked("no_legal_play", "no legal play")
    ana, ben = (
        ["wall_of_steel", "whirlwind", "whirlwind"],
        ["stop_thrust", "scissor_cut", "left_jab"],
    )
    state = round_start(rules, ana, ben)
    state = clash(rules, state, "wall_of_steel", "stop_thrust").state
    for move in ("scissor_cut", "left_jab"):
        name = rules.data.moves[move].name
        ex.beat(
            f"{name} does not fit Stop Thrust's bar",
            not fits(rules.data, state, BEN, held(state, BEN, move)),
        )
    return ex


ROUND = (
    ["feint", "rising_cut", "center_thrust", "whirlwind", "left_jab"],
    ["twin_fangs", "right_jab", "stop_thrust", "scissor_cut", "left_jab"],
)
ROUND_CLASHES = (
    ("feint", "twin_fangs", STRIKE),
    ("rising_cut", "right_jab", BLOCK),
    ("center_thrust", "stop_thrust", PERFECT),
    ("whirlwind", "scissor_cut", BLOCK),
)


def whole_round(rules: RiposteRules) -> Worked:
    """The rulebook's whole round: four clashes, then both trackers and the leftover cards."""
    ex = Worked("whole_round", "a whole round")
    moves = rules.data.moves
    ex.beat(
        f"a full hand is {len(ROUND[0])} cards, so a round is {len(ROUND_CLASHES)} clashes",
        rules.data.hand == len(ROUND[0]) == len(ROUND_CLASHES) + 1,
    )
    state = round_start(rules, *ROUND)
    outcomes, damage = [], []
    for number, (ana, ben, kind) in enumerate(ROUND_CLASHES, start=1):
        if number == 3:
            legal = {
                c.rsplit(".", 1)[0] for c in state.hands[BEN] if fits(rules.data, state, BEN, c)
            }
            ex.beat("only Stop Thrust fits Ben's bar in clash 3", legal == {"stop_thrust"})
        if number == 4:
            ex.beat("neither Scissor Cut nor Left Jab fits Ben's bar in clash 4",
                    not any(fits(rules.data, state, BEN, c) for c in state.hands[BEN]))  # fmt: skip
        o = outcome(state, moves[ana], moves[ben])
        ex.beat(
            f"clash {number}, {moves[ana].name} against {moves[ben].name}, is {ARTICLE[kind]}",
            o == kind,
        )
        step = clash(rules, state, ana, ben)
        ex.events += step.events
        outcomes.append(ARTICLE[o])
        damage.append(step.state.damage)
        state = step.state
    data = rules.data
    feint = data.strike_damage * len(moves["feint"].attacks)
    ex.facts = {
        "outcomes": outcomes,
        "damage": damage,
        "end": state.damage,
        "feint": feint,  # Ben's damage in clash 1
        "riposted": step_damage(damage, 2, ANA),  # Ana's in clash 3, Riposte's 1 included
    }
    ex.beat("Ben takes Feint's attacks in clash 1", damage[0] == (0, feint))
    ex.beat(
        "Ana takes a perfect block's damage plus 1 for Riposte in clash 3",
        ex.riposted == data.perfect_block_damage + 1,
    )
    ex.beat(
        "Ben takes the damage for no legal play in clash 4, and nothing else",
        step_damage(damage, 3, BEN) == data.no_play_damage,
    )
    ex.beat(
        "the trackers add up the round's damage",
        state.damage == (ex.riposted, feint + data.no_play_damage),
    )
    return ex


def step_damage(damage: list[tuple[int, int]], clash: int, player: int) -> int:
    """What `player` took in clash `clash` (from 0) of a list of trackers after each clash."""
    before = damage[clash - 1][player] if clash else 0
    return damage[clash][player] - before


def unlock_example(rules: RiposteRules) -> Worked:
    """Brunhild passes her first threshold going from 1 to 4 damage."""
    ex = Worked("unlock", "unlocking an ability")
    first = rules.data.characters["brunhild"].thresholds[0]
    ex.beat(f"Brunhild's first threshold ({first}) lies above 1 and at most 4", 1 < first <= 4)
    return ex
