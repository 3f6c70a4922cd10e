"""The rules a saved game names, and the checked replay that every log from outside goes through.

An imported file, or a save written by an older store, is replayed entry by entry through the
rules' own checks before it is accepted: whatever the file says, the game that comes out is one
the rules allow, and a refusal says which entry and why.
"""

from __future__ import annotations

from typing import Any

from companion.engine import IllegalAction, Match, Rules
from companion.engine.chance import Chance
from companion.registry import entry
from companion.store.errors import StoreError

REASON = 200  # characters of the rules' reason a refusal quotes


def rules_for(game: Any) -> Rules:
    """The rules of `game`, or StoreError when this companion cannot play it."""
    known = entry(game) if isinstance(game, str) else None
    if known is None or known.rules is None:
        shown = repr(game) if isinstance(game, str) and len(game) <= 40 else "another game"
        raise StoreError(f"this saved game is for {shown}, which this companion cannot play")
    return known.rules()


def replay(
    game: Any,
    options: dict[str, Any],
    seed: int,
    log: list[dict[str, Any]],
    chance: Chance | None = None,
) -> Match:
    """The match a log describes, every entry checked; StoreError with the reason if refused."""
    rules = rules_for(game)
    try:
        return Match.replay(rules, options, seed, log, chance)
    except IllegalAction as exc:  # the rules quote what they refuse: cut, on one line
        reason = " ".join(str(exc.reason).split())
        reason = reason if len(reason) <= REASON else reason[: REASON - 1] + "…"
        raise StoreError(f"this saved game is damaged: {reason}") from None
    except Exception as exc:  # a foreign file can reach any corner of the rules
        raise StoreError(f"this saved game is damaged ({type(exc).__name__})") from None
