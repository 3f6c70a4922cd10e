"""VA Card Game's rulebook examples, played by the engine on the card data (see
`companion.engine.examples`): each duel the rulebook tells (attack against attack, attack against
block, block against block) starts from a real game start with the named heroes and equipment,
is declared and revealed by the engine, and its numbers are read from the result; each beat is a
claim of the story that a change to a hero or a piece of equipment could make false.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.engine.examples import Worked, play_all
from companion.games.va_card_game.data import VaCardGameData, data_from_game
from companion.games.va_card_game.rules import VaCardGameRules
from companion.games.va_card_game.scenarios import duel, duel_start, held, play
from companion.games.va_card_game.state import ATTACK, BLOCK, EQUIP
from companion.games.va_card_game.stats import left

if TYPE_CHECKING:
    from cardgen.data.game import Game

ALEX, SAM = 0, 1
NAMES = ("Alex", "Sam")


def from_game(game: Game) -> dict[str, Worked]:
    """The examples on a loaded game folder (the rulebook build and `cardgen validate`)."""
    return worked_examples(data_from_game(game))


def worked_examples(data: VaCardGameData | None = None) -> dict[str, Worked]:
    return play_all(VaCardGameRules(data), STORIES)


def attack_against_attack(rules: VaCardGameRules) -> Worked:
    """Alex's Storm Lancer with a Hunting Spear and Sam's bare Ember Witch both attack."""
    ex = Worked("attack_attack", "attack against attack")
    start = duel_start(rules, ("storm_lancer", ["hunting_spear"]), ("ember_witch", []), names=NAMES)
    lancer, witch = left(rules.data, start, ALEX), left(rules.data, start, SAM)
    step = duel(rules, start, ATTACK, ATTACK)
    after = step.state
    ex.events = step.events
    ex.facts = {
        "lancer_hp": lancer.hp,
        "lancer_ad": lancer.ad,
        "lancer_left": lancer.hp - witch.ad,
        "witch_left": witch.hp - lancer.ad,
        "sam_life": after.life[SAM],
    }
    ex.beat("the Storm Lancer survives", bool(after.heroes[ALEX]))
    if after.heroes[ALEX]:
        ex.beat(
            "the Storm Lancer keeps its Hunting Spear and what it has left",
            [rules.data.name(g) for g in after.gear[ALEX]] == ["Hunting Spear"]
            and left(rules.data, after, ALEX).hp == ex.lancer_left,
        )
    ex.beat("the Ember Witch falls", not after.heroes[SAM])
    ex.beat(
        "the Ember Witch goes to Sam's graveyard",
        [rules.data.name(c) for c in after.graves[SAM]] == ["Ember Witch"],
    )
    ex.beat("Sam's life tracker goes down one step", after.life[SAM] == start.life[SAM] - 1)
    ex.beat("Alex keeps every life point", after.life[ALEX] == start.life[ALEX])
    return ex


def attack_against_block(rules: VaCardGameRules) -> Worked:
    """Alex's Night Prowler with a Broadsword attacks Sam's blocking Shield Maiden with a Plumed
    Helm; in the equip step Sam adds a Chain Mail to the wounded Maiden."""
    ex = Worked("attack_block", "attack against block")
    start = duel_start(
        rules,
        ("night_prowler", ["broadsword"]),
        ("shield_maiden", ["plumed_helm"]),
        hands=((), ["chain_mail"]),
        names=NAMES,
    )
    prowler, maiden = left(rules.data, start, ALEX), left(rules.data, start, SAM)
    step = duel(rules, start, ATTACK, BLOCK)
    ex.events = list(step.events)
    hit = left(rules.data, step.state, SAM)
    absorbed = min(prowler.ad, maiden.df)
    ex.facts = {
        "prowler_ad": prowler.ad,
        "maiden_hp": maiden.hp,
        "maiden_def": maiden.df,
        "absorbed": absorbed,
        "through": prowler.ad - absorbed,
        "def_after": hit.df,
        "hp_after": hit.hp,
    }
    ex.beat(f"the blocker's DEF takes {absorbed} first", hit.df == maiden.df - absorbed)
    ex.beat(f"the other {ex.through} comes off her HP", hit.hp == maiden.hp - ex.through)
    ex.beat("the Shield Maiden survives", bool(step.state.heroes[SAM]))
    ex.beat("the Night Prowler takes no damage", left(rules.data, step.state, ALEX) == prowler)
    state = play(rules, step.state, {"type": "draw"}).state
    while state.phase == EQUIP and state.equipping == ALEX:
        state = play(rules, state, {"type": "done", "player": ALEX}).state
    if state.phase == EQUIP and state.heroes[SAM]:
        mail = held(state.gear_hands[SAM], "chain_mail")
        step = play(rules, state, {"type": "equip", "player": SAM, "card": mail})
        ex.events += step.events
        mailed = left(rules.data, step.state, SAM)
        piece = rules.data.gear[mail]
        ex.facts |= {"hp_mailed": mailed.hp, "def_mailed": mailed.df}
        ex.beat(
            "the Chain Mail adds its full bonus to the wounded Maiden",
            (mailed.hp, mailed.df) == (hit.hp + piece.hp, hit.df + piece.df),
        )
    return ex


def block_against_block(rules: VaCardGameRules) -> Worked:
    """Sam (active) blocks with Glass Fencer and Alex blocks with Bastion Knight; had Alex
    attacked, the Knight's AD would only have worn the Fencer's DEF down."""
    ex = Worked("block_block", "block against block")
    start = duel_start(rules, ("bastion_knight", []), ("glass_fencer", []), first=SAM, names=NAMES)
    step = duel(rules, start, BLOCK, BLOCK)
    ex.events = step.events
    fencer, knight = left(rules.data, start, SAM), left(rules.data, start, ALEX)
    ex.beat(
        "both heroes keep all their HP and DEF",
        step.state.hp_lost == step.state.def_lost == (0, 0),
    )
    other = duel(rules, start, BLOCK, ATTACK).state
    worn = left(rules.data, other, SAM)
    ex.facts = {"fencer_def_if_attacked": worn.df, "fencer_hp_if_attacked": worn.hp}
    ex.beat(
        "had Alex attacked, the Knight's AD would only have worn the Fencer's DEF down",
        knight.ad <= fencer.df and worn.hp == fencer.hp and worn.df == fencer.df - knight.ad,
    )
    ex.beat(
        "and the Knight would have taken no damage",
        left(rules.data, other, ALEX) == knight,
    )
    return ex


STORIES: dict[str, Callable[[VaCardGameRules], Worked]] = {
    "attack_attack": attack_against_attack,
    "attack_block": attack_against_block,
    "block_block": block_against_block,
}
