"""Luturas's cards, pieces and actions in players' words, for buttons, the table and the log.

Everything here is read from a screen's eyes: the view for what may be hidden (a hand, a face-down
Strategy), the seat's state for what lies open (Luturas, damage, Crystals, the Tool). An effect's
choices are references ("lutura:1:2", "crystal:<copy>", "card:<copy>", "tool:0", "soldier:1",
"attack"); `ref_words` says each as a player would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.engine.seats import HIDDEN
from companion.games.luturas.combat import damage, target_words
from companion.games.luturas.damage import stamina_left
from companion.games.luturas.data import ANY, LuturasData
from companion.games.luturas.declarations import with_trigger
from companion.games.luturas.state import OWN_TOOL, SOLDIER, TOOL, LuturasState
from companion.screens.luturas.eyes import Screen
from companion.screens.table.words import Said, say

Action = dict[str, Any]


def listed(words: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word if count == 1 else (words or word + 's')}"


def crystal_type(data: LuturasData, card: str) -> str:
    kind = data.of(card).crystal
    return "Black" if kind == ANY else kind.capitalize()


def card_words(data: LuturasData, card: str) -> str:
    """A card as a player names it, with what matters at a glance: "Tidepup Gear 2 (Aquatic,
    Combat 3, Stamina 5; needs 2 Aquatic)", "Aquatic Crystal", "Mender's Kit (Tool)"."""
    if card == HIDDEN:
        return "a hidden card"
    design = data.of(card)
    if design.kind == "crystal":
        return f"{crystal_type(data, card)} Crystal"
    if design.kind == "lutura":
        nature = "Prismatic" if design.prismatic else design.nature.capitalize()
        needs = ", ".join(
            f"{n} {'of any type' if k == ANY else k.capitalize()}"
            for k, n in sorted(design.needs.items(), key=lambda kn: (kn[0] == ANY, kn[0]))
        )
        need = f"; needs {needs}" if needs else ""
        return (f"{design.title} ({nature}, Combat {design.combat}, Stamina "
                f"{design.stamina}{need})")  # fmt: skip
    if design.kind == "tool":
        return f"{design.title} (Tool)"
    if design.kind == "strategy":
        return f"{design.title} (Strategy, {design.timing})"
    return design.title


def ref_words(screen: Screen, ref: str) -> str:
    """One choice of an effect, in words ("" is a step with nothing to act on)."""
    if not ref:
        return "nothing"
    state, data = screen.state, screen.data
    kind, _, rest = ref.partition(":")
    if kind == "lutura":
        p, space = (int(x) for x in rest.split(":"))
        lutura = state.sides[p].spaces[space]
        title = data.title(lutura.top) if lutura is not None else "an empty space"
        return f"{screen.name(p)}'s {title} (space {space + 1})"
    if kind == "tool":
        p = int(rest)
        return f"{screen.name(p)}'s Tool {data.title(state.sides[p].tool)}"
    if kind == "soldier":
        p = int(rest)
        return f"{screen.name(p)}'s Soldier {data.of(state.sides[p].soldier).name}"
    if kind == "crystal":
        return f"the {crystal_type(data, rest)} Crystal"
    if kind == "card":
        return data.title(rest)
    if ref == "attack":
        return "the attack"
    return ref


def choices_words(screen: Screen, action: Action) -> str:
    """What an action chooses for its effects: " · choosing X and Y", " · without its effect"."""
    said: list[str] = []
    for key in sorted(k for k in action if k.startswith(("choices", "skip"))):
        if key.startswith("skip"):
            said.append("without its optional effect")
        else:
            picked = [ref_words(screen, r) for r in action[key] if r]
            if picked:
                said.append("choosing " + listed(picked))
    return "".join(f" · {s}" for s in said)


def lutura_name(state: LuturasState, data: LuturasData, p: int, space: int) -> str:
    lutura = state.sides[p].spaces[space]
    return data.title(lutura.top) if lutura is not None else f"space {space + 1}"


def target_name(screen: Screen, p: int, target: int | str) -> str:
    """What player `p` attacks, for a button: the Soldier or Tool across the table as the table
    log names them (`target_words`), a Lutura with its space, the player's own Tool as "your"."""
    state, data = screen.state, screen.data
    if target == OWN_TOOL:
        return f"your own Tool {data.title(state.sides[p].tool)} (to make room)"
    if isinstance(target, int):
        foe = 1 - p
        return f"{screen.name(foe)}'s {lutura_name(state, data, foe, target)} (space {target + 1})"
    return target_words(data, state, p, target)


def attack_explained(screen: Screen, action: Action) -> str:
    """What an attack would do, worked out in words before it is made: the Combat, any doubling
    or reduction, and what is left of the target."""
    state, data = screen.state, screen.data
    p, space, target = action["player"], action["space"], action["target"]
    amount, steps = damage(data, state, p, space, target)
    said = ", ".join(steps)
    foe = state.sides[1 - p]
    if target == SOLDIER:
        left = max(0, foe.stamina - amount)
        end = " and wins the round" if left == 0 else ""
        outcome = f"{said}: the Soldier goes from {foe.stamina} to {left} Stamina{end}."
    elif target in (TOOL, OWN_TOOL):
        outcome = f"{said}: the Tool is destroyed and goes to the Workshop."
    else:
        lutura = foe.spaces[int(target)]
        assert lutura is not None
        now = stamina_left(data, lutura)
        if amount >= now:
            outcome = f"{said}: {data.title(lutura.top)} has {now} Stamina left and is destroyed."
        else:
            outcome = f"{said}: {data.title(lutura.top)} goes from {now} to {now - amount} Stamina."
    return outcome + attack_effect(screen, action)


def attack_effect(screen: Screen, action: Action) -> str:
    """The attacker's Attack: effect, which resolves after any answer and before the damage, so
    the numbers above are before it; nothing when the attack declines it."""
    attacker = screen.state.sides[action["player"]].spaces[action["space"]]
    if attacker is None or action.get("skip0") or action.get("declined"):
        return ""
    if not with_trigger(screen.data, attacker.top, "attack"):
        return ""
    return f" Before the damage, its Attack: effect: {screen.data.of(attacker.top).text}"


def pick_words(screen: Screen, action: Action) -> str:
    pick = str(action["pick"])
    if pick == "top":
        return "Leave the top card on top"
    if pick == "bottom":
        return "Put the top card on the bottom of the Deck"
    if pick == HIDDEN:
        return "Choose a hidden card"
    return f"Choose {card_words(screen.data, pick)}"


def _seat(action: Action) -> int:
    return action.get("player", -1)


def _name(screen: Screen, action: Action) -> str:
    """The acting player's name, or nothing for an action no player makes."""
    p = _seat(action)
    return screen.name(p) if p in (0, 1) else ""


def _space(screen: Screen, action: Action) -> str:
    """The acting player's Lutura in the action's space, by name."""
    return lutura_name(screen.state, screen.data, _seat(action), action["space"])


def _own(screen: Screen, action: Action) -> str:
    """The acting player's Lutura in the action's space, by name, and by its space too when
    another of theirs bears the same name (two Tidepup Gear 1 attack apart)."""
    state, data, p, space = screen.state, screen.data, _seat(action), action["space"]
    name = _space(screen, action)
    twins = [i for i in range(len(state.sides[p].spaces))
             if i != space and lutura_name(state, data, p, i) == name]  # fmt: skip
    return f"{name} (space {space + 1})" if twins else name


def _card(screen: Screen, action: Action) -> str:
    return screen.data.title(action["card"])


def _chooser(screen: Screen, action: Action) -> str:
    first = action["first"]
    who = "I start" if first == _seat(action) else f"{screen.name(first)} starts"
    return f"{who} ({_name(screen, action)} chooses)"


def _mulligan(screen: Screen, action: Action) -> str:
    left = plural(3 - screen.state.sides[_seat(action)].mulligans, "new hand")
    return f"{_name(screen, action)} shuffles it back for a new hand ({left} left)"


FROM_PILE = {"crystals": " from the Crystal deck", "deck": " from the Deck"}


def _draw(screen: Screen, action: Action) -> str:
    where = FROM_PILE.get(action.get("pile"), "")
    return f"{_name(screen, action)} draws a card{where}"


def _flip(screen: Screen, action: Action) -> str:
    facedown = screen.view["sides"][_seat(action)]["facedown"]
    shown = facedown and facedown != HIDDEN
    what = screen.data.title(facedown) if shown else "the face-down Strategy"
    return f"{_name(screen, action)}: flip {what}{choices_words(screen, action)}"


def _more(said: Callable[[Screen, Action], str]) -> Callable[[Screen, Action], str]:
    """`said`, followed by what the action chooses for its effects."""
    return lambda screen, action: said(screen, action) + choices_words(screen, action)


def _tool_effect(screen: Screen, action: Action) -> str:
    tool = screen.data.title(screen.state.sides[_seat(action)].tool)
    return f"{_name(screen, action)}: use the Tool {tool}"


def _ability(screen: Screen, action: Action) -> str:
    soldier = screen.data.of(screen.state.sides[_seat(action)].soldier).name
    return f"{_name(screen, action)}: use {soldier}'s ability"


LABELS: dict[str, Said] = {
    "toss": "Toss the coin",
    "choose": _chooser,
    "deal": "Shuffle and draw both opening hands",
    "keep": lambda s, a: f"{_name(s, a)} keeps this hand",
    "mulligan": _mulligan,
    "draw": _draw,
    "crystal": lambda s, a: f"Place the {crystal_type(s.data, a['card'])} Crystal",
    "deploy": _more(lambda s, a: f"Deploy {_card(s, a)} in space {a['space'] + 1}"),
    "upgrade": lambda s, a: f"Upgrade {_space(s, a)} (space {a['space'] + 1}) to {_card(s, a)}",
    "tool": lambda s, a: f"Play the Tool {_card(s, a)}",
    "assign": lambda s, a: f"Point the Tool at {_own(s, a)}",
    "strategy": _more(lambda s, a: f"Use {_card(s, a)} now"),
    "set": lambda s, a: f"Set {_card(s, a)} face down",
    "attack": _more(lambda s, a: f"{_own(s, a)} attacks {target_name(s, _seat(a), a['target'])}"),
    "effect": _more(lambda s, a: f"{_name(s, a)}: use {_own(s, a)}'s effect"),
    "tool_effect": _more(_tool_effect),
    "ability": _more(_ability),
    "flip": _flip,
    "pass": lambda s, a: f"{_name(s, a)}: no answer, let the attack go on",
    "pick": pick_words,
    "end": lambda s, a: f"End {_name(s, a)}'s turn",
}


def label(screen: Screen, action: Action) -> str:
    """The words on an action's button (`LABELS`)."""
    return say(LABELS, action, screen)
