"""Every shipped card's effect is run by the engine at least once (issue 13, item 5).

The verbs (verbs.VERBS) and the continuous effects (lasting.continuous) are watched while
seeded matches are played by a player who prefers doing something to passing, with four decks
that hold every Lutura line, Tool and Strategy between them; the few cards random play seldom
brings into play (the Ultimas, Glowmite's fall) are then played in scenarios of their own.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.engine import Match
from companion.games.luturas import lasting, verbs
from companion.games.luturas.data import deck_problems
from companion.games.luturas.scenarios import ANA, BEN, act, lay

from .luturas_rulings import DATA, RULES, ok, versus

MATCHES = 32


def lines(*natures: str) -> list[str]:
    """Two copies (at most what the stars allow) of every Lutura of these natures."""
    return [
        d.id
        for d in DATA.designs.values()
        if d.kind == "lutura" and d.nature in natures
        for _ in range(min(2, DATA.format.copies[d.stars]))
    ]


def deck(soldier: str, natures: tuple[str, str], extra: list[str]) -> list[str]:
    cards = [soldier, *lines(*natures), *extra, "crystal_black"]
    types = [n for n in natures if n != "prismatic"]
    while len(cards) < DATA.format.max_cards:
        cards.append(f"crystal_{types[len(cards) % len(types)]}")
    return cards[: DATA.format.max_cards]


def decks() -> list[list[str]]:
    tools = sorted(d.id for d in DATA.designs.values() if d.kind == "tool")
    plans = sorted(d.id for d in DATA.designs.values() if d.kind == "strategy")
    made = [
        deck("warden_osk", ("aquatic", "botanical"), tools[:3] + plans[:6]),
        deck("captain_maren", ("nuclear", "flammable"), tools[3:] + plans[6:]),
        deck("engineer_talia", ("terrestrial", "plasmatic"), tools[:3] + plans[:6]),
        deck("ranger_kade", ("prismatic", "aquatic"), tools[3:] + plans[6:]),
    ]
    assert all(deck_problems(DATA, d) == [] for d in made)
    return made


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The designs whose declared effects the engine runs from now on."""
    seen: set[str] = set()
    for name, run in list(verbs.VERBS.items()):

        def watched(ctx: Any, step: Any, refs: Any, run: Any = run) -> None:
            seen.add(ctx.card.rsplit(".", 1)[0])
            run(ctx, step, refs)

        monkeypatch.setitem(verbs.VERBS, name, watched)
    continuous = lasting.continuous

    def watched_continuous(data: Any, state: Any, p: int, verb: str) -> Any:
        found = continuous(data, state, p, verb)
        seen.update(ctx.card.rsplit(".", 1)[0] for _, ctx, _ in found)
        return found

    monkeypatch.setattr(lasting, "continuous", watched_continuous)
    return seen


def busy_matches(count: int) -> None:
    made = decks()
    for seed in range(count):
        pair = [made[seed % 4], made[(seed + 1 + seed // 4) % 4]]
        options = {"decks": pair, "mode": ("standard", "fast")[seed % 2]}
        match = Match.start(RULES, options, seed=seed)
        rng = random.Random(seed)
        while not match.outcome().over and len(match.log) < 1500:
            legal = RULES.legal_actions(match.state)
            doing = [a for a in legal if a["type"] not in ("end", "pass", "keep", "mulligan")]
            pick = rng.choice(doing) if doing and rng.random() < 0.85 else rng.choice(legal)
            match.play(pick, trusted=True)


def rare_cards(seen: set[str]) -> None:
    """The Ultimas, Glowmite's fall and Bouldrum G3's healing, in scenarios."""
    state = versus(["cindrake_g2", "cindrake_g3", "cindrake_ultima", "bouldrum_g2",
                    "bouldrum_g3", "bouldrum_ultima"], ["glowmite"])  # fmt: skip
    lay(state, ANA, crystals=["crystal_flammable"],
        luturas=[["cindrake_g1", "cindrake_g2", "cindrake_g3", "cindrake_ultima"],
                 ["bouldrum_g1", "bouldrum_g2", "bouldrum_g3", "bouldrum_ultima"], ["brinefin"]])  # fmt: skip
    lay(state, BEN, luturas=[["glowmite"], ["rodlet"]])
    state = act(RULES, state, {"type": "attack", "player": ANA, "space": 0, "target": 0}).state
    assert state.sides[BEN].spaces[1] is None  # Cindrake Ultima's 2 to every other Lutura
    assert state.pending[0].player == ANA  # Glowmite fell: Ana destroys a Crystal she chooses
    seen.add("glowmite")  # its step waits for Ana's pick (pending.py), not for a verb function
    state = ok(state, RULES.legal_actions(state)[0])
    assert not state.sides[ANA].crystals
    from companion.games.luturas.combat import damage

    lay(state, BEN, luturas=[["isotusk_g1"]])
    assert damage(DATA, state, BEN, 0, 2)[0] == 2 - 2  # Bouldrum Ultima shields Brinefin
    state = versus(["thornlet_g2", "thornlet_g3", "thornlet_ultima"], [])
    lay(state, ANA, luturas=[["thornlet_g1", "thornlet_g2", "thornlet_g3", "thornlet_ultima"]],
        damage=[6])  # fmt: skip
    state = ok(state, {"type": "effect", "player": ANA, "space": 0, "choices0": ["lutura:0:0"]})
    assert state.sides[ANA].spaces[0].damage == 0
    state = versus(["bouldrum_g2", "bouldrum_g3"], [])
    lay(state, ANA, luturas=[["bouldrum_g1", "bouldrum_g2", "bouldrum_g3"]])
    full = state.sides[ANA].stamina
    state.sides[ANA].stamina = full - 3
    state = ok(state, {"type": "effect", "player": ANA, "space": 0})
    assert state.sides[ANA].stamina == full - 1  # Bouldrum G3's 2 back, up to the printed
    state = versus(["arcwisp_g1", "arcwisp_g2", "arcwisp_g3", "arcwisp_ultima", "lumira_g1",
                    "lumira_g2", "lumira_g3", "lumira_ultima"],
                   ["isotusk_g2", "isotusk_g3", "isotusk_ultima"])  # fmt: skip
    lay(state, ANA, crystals=["crystal_aquatic", "crystal_nuclear", "crystal_botanical",
                              "crystal_black"],
        luturas=[["arcwisp_g1", "arcwisp_g2", "arcwisp_g3", "arcwisp_ultima"],
                 ["lumira_g1", "lumira_g2", "lumira_g3", "lumira_ultima"]])  # fmt: skip
    lay(state, BEN, luturas=[["isotusk_g1", "isotusk_g2", "isotusk_g3", "isotusk_ultima"]],
        damage=[10])  # fmt: skip
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    assert state.sides[BEN].spaces[0] is None
    state = ok(state, {"type": "end", "player": ANA})
    state = ok(state, RULES.legal_actions(state)[0])
    state = ok(state, {"type": "end", "player": BEN})
    assert state.sides[ANA].wins == 1


def test_every_shipped_effect_runs(ran: set[str]) -> None:
    busy_matches(MATCHES)
    rare_cards(ran)
    declared = {d.id for d in DATA.designs.values() if d.effect}
    assert len(declared) == 61
    missing = sorted(declared - ran)
    assert missing == [], ", ".join(missing)
