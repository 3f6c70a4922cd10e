"""Luturas's rulebook examples, played by the engine on the card data (see
`companion.engine.examples`): the attack-then-upgrade story and the damage sum of fast mode
(bonus, double, reduction) are played from a real match start, and each beat is a claim of the
story that a change to a card's numbers or a rule could make false.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.engine.examples import Worked, play_all
from companion.games.luturas.combat import damage
from companion.games.luturas.data import LuturasData, data_from_game
from companion.games.luturas.rules import LuturasRules
from companion.games.luturas.scenarios import ANA, BEN, act, lay, started, turn_of

if TYPE_CHECKING:
    from cardgen.data.game import Game


def deck(data: LuturasData, soldier: str, *designs: str) -> list[str]:
    """The smallest legal deck holding these cards: Crystals fill it up."""
    cards = [soldier, *designs]
    return cards + ["crystal_aquatic"] * (data.format.min_cards - len(cards))


def attack_then_upgrade(rules: LuturasRules) -> Worked:
    """A damaged Tidepup Gear 1 attacks, then becomes Gear 2 with its damage kept."""
    data = rules.data
    decks = [deck(data, "warden_osk", "tidepup_g1", "tidepup_g2", "tidepup_g2"),
             deck(data, "engineer_talia", "isotusk_g1")]  # fmt: skip
    state = turn_of(rules, started(rules, decks=decks), ANA)
    lay(state, ANA, crystals=["crystal_aquatic"] * 2, luturas=[["tidepup_g1"]], damage=[2])
    lay(state, BEN, luturas=[["isotusk_g1"]])
    g2 = lay(state, ANA, hand=["tidepup_g2", "tidepup_g2"])["hand"]
    upgrade_first = {"type": "upgrade", "player": ANA, "card": g2[1], "space": 0}
    attack = {"type": "attack", "player": ANA, "space": 0, "target": 0}
    struck = act(rules, state, attack)
    upgraded = act(
        rules, struck.state, {"type": "upgrade", "player": ANA, "card": g2[0], "space": 0}
    )
    ex = Worked("attack-then-upgrade", "Attack first, then upgrade", events=upgraded.events)
    lutura = upgraded.state.sides[ANA].spaces[0]
    assert lutura is not None
    ex.facts = {"damage_kept": lutura.damage, "left": data.of(lutura.top).stamina - lutura.damage}
    ex.beat("a Gear 1 may attack and then be upgraded in the same turn", lutura.top == g2[0])
    ex.beat("the damage taken as Gear 1 stays on the Gear 2", lutura.damage == 2)
    after = act(rules, state, upgrade_first).state
    ex.beat("a Lutura upgraded this turn can't attack", rules.check(after, attack) is not None)
    return ex


def bonus_double_reduction(rules: LuturasRules) -> Worked:
    """Fast mode: Arcwisp Gear 2 with Tide Harpoon attacks Tidepup Gear 3 behind Bulwark Plate."""
    data = rules.data
    decks = [deck(data, "warden_osk", "arcwisp_g1", "arcwisp_g2", "tide_harpoon"),
             deck(data, "captain_maren", "tidepup_g1", "tidepup_g2", "tidepup_g3",
                  "bulwark_plate")]  # fmt: skip
    state = turn_of(rules, started(rules, "fast", decks=decks), ANA)
    lay(state, ANA, luturas=[["arcwisp_g1", "arcwisp_g2"]], tool="tide_harpoon", tool_at=0)
    lay(state, BEN, luturas=[["tidepup_g1", "tidepup_g2", "tidepup_g3"]], tool="bulwark_plate",
        tool_at=0)  # fmt: skip
    before, _ = damage(data, state, ANA, 0, 0)
    announced = act(rules, state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    shielded = act(rules, announced.state, {"type": "tool_effect", "player": BEN})
    hit = act(rules, shielded.state, {"type": "pass", "player": BEN})
    combat = data.of("arcwisp_g2").combat
    ex = Worked("bonus-double-reduction", "Bonuses, double damage, reductions", events=hit.events)
    dealt = (combat + 2) * 2 - 2
    ex.facts = {"combat": combat, "dealt": dealt}
    ex.beat("the bonus is added, then doubled", before == (combat + 2) * 2)
    ex.beat("Bulwark Plate takes 2 off the doubled damage",
            any(f"2 less taken, so {dealt}" in e for e in hit.events))  # fmt: skip
    return ex


def from_game(game: Game) -> dict[str, Worked]:
    """The examples on a loaded game folder (the rulebook build and `cardgen validate`)."""
    return worked_examples(data_from_game(game))


def worked_examples(data: LuturasData | None = None) -> dict[str, Worked]:
    return play_all(LuturasRules(data), STORIES)


STORIES: dict[str, Callable[[LuturasRules], Worked]] = {
    "attack_then_upgrade": attack_then_upgrade,
    "bonus_double_reduction": bonus_double_reduction,
}
