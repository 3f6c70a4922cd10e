"""Vita Luna's rulebook examples, played by the engine on the card data (see
`companion.engine.examples`). Each builds the position the example describes with `scenarios`,
plays the attack, and reads the health, hearts and armour the rulebook prints; each beat is a
claim of the example's story that a card change could make false.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from companion.engine.examples import Worked
from companion.games.vita_luna.data import VitaLunaData, data_from_game, default_data
from companion.games.vita_luna.rules import VitaLunaRules
from companion.games.vita_luna.scenarios import Row, battle
from companion.games.vita_luna.state import VitaLunaState

if TYPE_CHECKING:
    from cardgen.data.game import Game

ANA, BEN = 0, 1
SPARE: tuple[Row, Row] = (("tortoise",), ("tortoise",))  # on grey: the battle goes on after a death


def health(rules: VitaLunaRules, state: VitaLunaState, kind: str) -> int | None:
    """The health left of the creature of that kind on the board; None once it is dead."""
    for card in state.board:
        if card is not None and rules.data.cards[card].id == kind:
            return state.health[card]
    return None


def armoured(rules: VitaLunaRules, state: VitaLunaState, kind: str) -> bool:
    return any(rules.data.cards[c].id == kind for c in state.armour)


def attack(
    rules: VitaLunaRules,
    white: tuple[Row, Row],
    player: int = ANA,
    state: VitaLunaState | None = None,
) -> tuple[VitaLunaState, list[str]]:
    """`player` attacks with every white creature, from the position given or from `state`."""
    if state is None:
        state = battle(rules, white=white, grey=SPARE, active=player, attacker=player)
    state.active = player
    step = rules.apply(state, {"type": "attack", "player": player}, random.Random(0))
    return step.state, step.events


def one_on_one(rules: VitaLunaRules, id: str, title: str, attacker: str, target: str) -> Worked:
    """Ana's `attacker` hits Ben's `target` once, facing it on the first position."""
    ex = Worked(id, title)
    state, ex.events = attack(rules, ((attacker,), (target,)))
    ex.facts = {"target_left": health(rules, state, target),
                "attacker_left": health(rules, state, attacker)}  # fmt: skip
    return ex


def from_game(game: Game) -> dict[str, Worked]:
    """The examples on a loaded game folder (the rulebook build and `cardgen validate`)."""
    return worked_examples(data_from_game(game))


def worked_examples(data: VitaLunaData | None = None) -> dict[str, Worked]:
    rules = VitaLunaRules(data or default_data())
    name = {k: c.name for k, c in rules.data.creatures.items()}
    out: dict[str, Worked] = {}

    ex = out["kill"] = one_on_one(rules, "kill", "a kill", "wolf", "gyr_falcon")
    ex.beat(f"the {name['wolf']}'s hit kills the {name['gyr_falcon']}", ex.target_left is None)

    ex = out["wound"] = one_on_one(rules, "wound", "a wound", "rat", "anaconda")
    ex.beat(f"the {name['anaconda']} survives the {name['rat']}'s hit", ex.target_left is not None)

    ex = out["costly_bite"] = one_on_one(rules, "costly_bite", "a costly bite", "rat", "porcupine")
    ex.beat(f"the {name['porcupine']} survives the {name['rat']}'s hit", ex.target_left is not None)
    ex.beat(
        f"the {name['porcupine']}'s retaliation kills the {name['rat']}", ex.attacker_left is None
    )

    out["whole_turn"] = whole_turn(rules, name)
    out["poison"] = poison(rules, name)
    return out


def whole_turn(rules: VitaLunaRules, name: dict[str, str]) -> Worked:
    """Wolf, Stag Beetle, nothing, Fox against Porcupine, Rat, nothing, Shore Crab."""
    ex = Worked("whole_turn", "a whole turn of attacks")
    ana: Row = ("wolf", "stag_beetle", None, "fox")
    ben: Row = ("porcupine", "rat", None, "shore_crab")
    state = battle(rules, white=(ana, ben), grey=SPARE)
    hearts = state.hearts[BEN]
    wolf_only = battle(rules, white=(("wolf",), ("porcupine",)), grey=SPARE)
    after_wolf, _ = attack(rules, ((), ()), state=wolf_only)
    state, ex.events = attack(rules, ((), ()), state=state)
    ex.facts = {
        "porcupine_after_wolf": health(rules, after_wolf, "porcupine"),
        "wolf_left": health(rules, state, "wolf"),
        "beetle_left": health(rules, state, "stag_beetle"),
        "hearts_before": hearts,
        "hearts_after": state.hearts[BEN],
        "crab_left": health(rules, state, "shore_crab"),
    }
    p, w, b = name["porcupine"], name["wolf"], name["stag_beetle"]
    ex.beat(f"the {p} survives the {w}'s hit", ex.porcupine_after_wolf is not None)
    ex.beat(f"the {p}'s retaliation leaves the {w} alive", ex.wolf_left is not None)
    ex.beat(f"the {b}'s left prong kills the {p}", health(rules, state, "porcupine") is None)
    ex.beat(f"the {b}'s right prong costs Ben one heart", ex.hearts_after == hearts - 1)
    ex.beat(f"the {b} survives the retaliation", ex.beetle_left is not None)
    crab = name["shore_crab"]
    ex.beat(
        f"the {crab}'s armour absorbs the {name['fox']}'s hit",
        not armoured(rules, state, "shore_crab")
        and ex.crab_left == rules.data.creatures["shore_crab"].health,
    )
    return ex


def poison(rules: VitaLunaRules, name: dict[str, str]) -> Worked:
    """Ben's Scorpion against Ana's Shore Crab (twice), Honey Badger and Rock."""
    ex = Worked("poison", "poison against armour and resistance")
    crab, scorpion = name["shore_crab"], name["scorpion"]
    once, events = attack(rules, (("shore_crab",), ("scorpion",)), player=BEN)
    twice, more = attack(rules, ((), ()), player=BEN, state=once)
    badger, badger_events = attack(rules, (("honey_badger",), ("scorpion",)), player=BEN)
    rock, rock_events = attack(rules, (("rock",), ("scorpion",)), player=BEN)
    ex.events = events + more + badger_events + rock_events
    ex.facts = {
        "badger_left": health(rules, badger, "honey_badger"),
        "scorpion_left": health(rules, badger, "scorpion"),
    }
    ex.beat(f"the first poisoned hit only knocks the {crab}'s armour off",
            health(rules, once, "shore_crab") == rules.data.creatures["shore_crab"].health
            and not armoured(rules, once, "shore_crab"))  # fmt: skip
    ex.beat(f"the second poisoned hit kills the {crab}", health(rules, twice, "shore_crab") is None)
    ex.beat(f"the {name['honey_badger']} survives the {scorpion}'s ordinary damage",
            ex.badger_left is not None)  # fmt: skip
    ex.beat(f"the {scorpion} survives the {name['honey_badger']}'s retaliation",
            ex.scorpion_left is not None)  # fmt: skip
    rock_stands = health(rules, rock, "rock") is not None and not armoured(rules, rock, "rock")
    ex.beat(f"the {name['rock']}'s armour absorbs the first poisoned hit", rock_stands)
    return ex
