"""The table view: what a player across the table needs, in type large enough to read from there.

One tap on a game page's title bar (Table view) opens it and one tap (Back to the game) returns;
the choice is in the URL, so a reload keeps it, and the page's once-a-second look at the store
keeps it current while the others play on their devices. It shows the public view only, since
the tablet lies open on the table: per game what decides it (Vita Luna's hearts, Riposte's
damage, a VA hero's HP and the life points, the Moonlighter hero's hearts and room, each Luturas
Soldier's Stamina), whose turn it is, and who is to move. "Upside down" turns it round for the
far side of the table.

Each game's glance is a small function of its public `SeenMatch`; the same glance, taken before
and after the last action, says whether it was a hit (hearts or HP lost, damage taken), which is
when `presence` plays the hit sound.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.screens import presence, session
from companion.screens.glance import Glance, Side
from companion.screens.keys import FLIPPED, SOUNDED, SOUNDS

# --- each game's glance --------------------------------------------------------------------------


def _vita_luna(rules: Any, state: Any) -> Glance:
    from companion.games.vita_luna.state import BIDDING, OVER, PLACE, TURN

    data = rules.data
    battle = f"Battle {state.battle}" if state.battle else "before the first battle"
    acting = state.active if state.phase in (PLACE, TURN) else None
    if state.phase == OVER:
        turn = f"{state.names[state.winner]} wins the game" if state.winner >= 0 else "Game over"
    elif state.phase == PLACE:
        turn = f"{state.names[state.active]} places cards"
    elif state.phase == TURN:
        turn = f"{state.names[state.active]}'s turn"
    elif state.phase in BIDDING:
        turn = "Bidding"
    else:
        turn = "Between the battles"
    sides = []
    for p in (0, 1):
        role = ""
        if state.battle and state.attacker in (0, 1):
            role = "attacker" if state.attacker == p else "defender"
        sides.append(Side(state.names[p], state.hearts[p], data.hearts, "hearts", role,
                          acting == p, hurt=-state.hearts[p]))  # fmt: skip
    return Glance(f"Vita Luna · {battle}", turn, tuple(sides))


def _headline(
    view: dict[str, Any], over: str, moment: Callable[[dict[str, Any]], str], won: str
) -> str:
    """The glance's line under the title: who `won` once the game is `over`, else the page's
    own words for the moment, capitalised."""
    if view["phase"] == over and view["winner"] >= 0:
        return f"{view['names'][view['winner']]} {won}"
    return moment(view)[0].upper() + moment(view)[1:]


def _seat_by_seat(
    rules: Any,
    state: Any,
    title: str,
    headline: tuple[str, Callable[[dict[str, Any]], str], str],
    side: Callable[[dict[str, Any], int], Side],
) -> Glance:
    """The glance of a duel told from its public view: the page's `headline` (`_headline`'s over,
    moment and won) and each seat's `side`."""
    view = rules.view(state, None)
    turn = _headline(view, *headline)
    return Glance(title, turn, tuple(side(view, p) for p in (0, 1)))


def _riposte(rules: Any, state: Any) -> Glance:
    from companion.games.riposte.state import OVER
    from companion.screens.riposte.header import moment

    data = rules.data

    def side(view: dict[str, Any], p: int) -> Side:
        character = data.characters.get(view["characters"][p]) if view["characters"] else None
        detail = character.name if character else ""
        return Side(view["names"][p], view["damage"][p], data.limit, "damage", detail,
                    view["active"] == p and view["phase"] == "draft",
                    hurt=view["damage"][p])  # fmt: skip

    return _seat_by_seat(rules, state, "Riposte", (OVER, moment, "wins the duel"), side)


def _va_card_game(rules: Any, state: Any) -> Glance:
    from companion.games.va_card_game.state import OVER
    from companion.games.va_card_game.stats import left, totals
    from companion.screens.va_card_game.header import moment

    data = rules.data

    def side(view: dict[str, Any], p: int) -> Side:
        name = view["names"][p]
        life = f"life {state.life[p]} of {data.life}"
        hero = state.heroes[p]
        # a life point lost outweighs any HP a new hero comes back with
        hurt = (data.life - state.life[p]) * 1000 + state.hp_lost[p]
        if not hero:
            return Side(name, state.life[p], data.life, "life", "no hero in play", hurt=hurt)
        hp, whole = left(data, state, p).hp, totals(data, hero, state.gear[p]).hp
        return Side(name, hp, whole, "HP", f"{data.heroes[hero].name} · {life}",
                    view["active"] == p, hurt)  # fmt: skip

    return _seat_by_seat(rules, state, "VA Card Game", (OVER, moment, "wins the game"), side)


def _moonlighter(rules: Any, state: Any) -> Glance:
    from companion.games.moonlighter.outcomes import max_hearts
    from companion.games.moonlighter.state import WON

    data = rules.data
    room = state.room.face
    foes = len(state.foes)
    where = f"In a {room} room" + (f" · {foes} to fight" if foes else "")
    turn = "The last boss is beaten" if state.phase == WON else where
    sides = (
        Side(
            "Hero",
            state.hearts,
            max_hearts(data, state),
            "hearts",
            f"pawn: {state.pawn}",
            True,
            -state.hearts,
        ),
        Side("Pool", state.pool, None, "hearts", "to heal with, left in the pool"),
    )
    return Glance(f"Moonlighter · Dungeon {state.dungeon} of {data.last_dungeon}", turn, sides)


def _luturas(rules: Any, state: Any) -> Glance:
    from companion.games.luturas.state import MAIN, OVER, RESPOND

    data = rules.data
    if state.phase == OVER and state.winner in (0, 1):
        turn = f"{state.names[state.winner]} wins the match"
    elif state.active in (0, 1):
        turn = f"Round {state.round} · {state.names[state.active]}'s turn"
    else:
        turn = f"Round {state.round}"
    sides = []
    for p, side in enumerate(state.sides):
        soldier = data.of(side.soldier) if side.soldier else None
        most = soldier.stamina if soldier else None
        detail = (
            f"{soldier.name} · " if soldier else ""
        ) + f"rounds won {side.wins} of {data.rounds_to_win}"
        sides.append(Side(state.names[p], side.stamina, most, "stamina", detail,
                          state.active == p and state.phase in (MAIN, RESPOND),
                          hurt=-side.stamina))  # fmt: skip
    return Glance("Luturas", turn, tuple(sides))


# Each game's glance from its rules (which hold its data) and a public state.
GLANCES: dict[str, Callable[[Any, Any], Glance]] = {
    "vita_luna": _vita_luna,
    "riposte": _riposte,
    "va_card_game": _va_card_game,
    "moonlighter": _moonlighter,
    "luturas": _luturas,
}
# The actions that throw a die, per game: the dice sound plays after them.
DICE_ACTIONS: dict[str, frozenset[str]] = {
    "moonlighter": frozenset({"roll_tile", "roll_attack"}),
}
DECLARED_DICE = frozenset({"roll"})  # a declared game's roll (a shipped game has no "roll")


def glance(seen: SeenMatch, length: int | None = None) -> Glance | None:
    """The game's glance now (or after the first `length` actions), or None for a game that
    has none yet."""
    made = GLANCES.get(seen.rules.game_id)
    if made is None and getattr(seen.rules, "table", None) is not None:
        from companion.screens.declared.glance import glance as declared  # a declared game

        made = declared
    if made is None:
        return None
    return made(seen.rules, seen.state if length is None else seen.state_at(length))


def was_hit(before: Glance, after: Glance) -> bool:
    """A side took a hit between the two glances: its `hurt` went up."""
    return any(
        a.hurt > b.hurt for b, a in zip(before.sides, after.sides, strict=False) if a.name == b.name
    )


def sounds_of(seen: SeenMatch) -> frozenset[str]:
    """What the last action sounds like: dice, a hit, both or nothing."""
    if not seen.length:
        return frozenset()
    found = set()
    dice = DICE_ACTIONS.get(seen.rules.game_id, DECLARED_DICE)
    if seen.log[-1].get("type") in dice:
        found.add(presence.DICE)
    now, before = glance(seen), glance(seen, seen.length - 1)
    if now is not None and before is not None and was_hit(before, now):
        found.add(presence.HIT)
    return frozenset(found)


# --- on every game page and in the table view ---------------------------------------------------


def at_the_table(table: session.Table) -> None:
    """The sounds switch and the wake lock, and the last action's sounds if they are on."""
    seen = table.public
    with st.container(key="at_the_table", horizontal=True, vertical_alignment="center"):
        st.toggle("Sounds for dice and hits", key=SOUNDS)
        presence.keep_awake()
    token = (table.gid, seen.length)
    heard = st.session_state.get(SOUNDED)
    if heard is None or heard[0] != table.gid or heard[1] >= seen.length:
        st.session_state[SOUNDED] = token  # opening a game or an undo makes no sound
        return
    if st.session_state.get(SOUNDS):
        presence.play(sounds_of(seen))
    st.session_state[SOUNDED] = token


# --- the view ------------------------------------------------------------------------------------

CSS = """
<style>
  .tv { color: #111; }
  .tv-title { font-size: clamp(1.6rem, 3.2vw, 2.4rem); font-weight: 800; margin: 0; }
  .tv-turn { font-size: clamp(2rem, 4.6vw, 3.4rem); font-weight: 800; line-height: 1.15;
             margin: 6px 0 14px; color: #111; }
  .tv-sides { display: flex; gap: 16px; flex-wrap: wrap; }
  .tv-side { flex: 1 1 300px; border: 4px solid #8A8A8A; border-radius: 20px; padding: 14px 20px;
             background: #FFFFFF; }
  .tv-side.to-move { border-color: #0B5CAD; box-shadow: 0 0 0 4px #BFD9F2; }
  .tv-name { font-size: clamp(1.8rem, 3.6vw, 2.6rem); font-weight: 800; }
  .tv-move { font-size: 1.3rem; font-weight: 800; color: #0B4A8C; }
  .tv-value { font-size: clamp(5rem, 15vw, 11rem); font-weight: 900; line-height: 1; }
  .tv-of { font-size: clamp(1.6rem, 3.4vw, 2.6rem); font-weight: 700; color: #333;
           line-height: 1.1; white-space: nowrap; }
  .tv-detail { font-size: clamp(1.3rem, 2.6vw, 1.9rem); color: #222; }
  .tv.flipped { transform: rotate(180deg); }
  .st-key-tv_back button p, .st-key-tv_flip button p { font-size: 1.35rem; font-weight: 700; }
</style>
"""


def markup(found: Glance, flipped: bool = False) -> str:
    sides = []
    for side in found.sides:
        of = f" / {side.of}" if side.of is not None else ""
        move = '<div class="tv-move">▶ to play</div>' if side.to_move else ""
        sides.append(
            f'<div class="tv-side{" to-move" if side.to_move else ""}">'
            f'<div class="tv-name">{escape(side.name)}</div>{move}'
            f'<div class="tv-value">{side.value}<span class="tv-of">{of} {escape(side.unit)}'
            f'</span></div><div class="tv-detail">{escape(side.detail)}</div></div>'
        )
    return (
        f'<div class="tv{" flipped" if flipped else ""}" role="region" aria-label="Table view">'
        f'<p class="tv-title">{escape(found.title)}</p>'
        f'<p class="tv-turn" aria-live="polite">{escape(found.turn)}</p>'
        f'<div class="tv-sides">{"".join(sides)}</div></div>'
    )


def render(table: session.Table) -> None:
    """The table view of `table`'s game, with the way back to its page."""
    found = glance(table.public)
    back, flip = st.columns([2, 1], vertical_alignment="center")
    back.button("← Back to the game", key="tv_back", type="primary", width="stretch",
                on_click=session.show_game)  # fmt: skip
    flip.button("Upside down", key="tv_flip", width="stretch", on_click=_flip)
    if found is None:
        st.info("This game has no table view yet: its page shows everything.")
        return
    st.html(CSS)
    st.html(markup(found, bool(st.session_state.get(FLIPPED))))


def _flip() -> None:
    st.session_state[FLIPPED] = not st.session_state.get(FLIPPED)
