"""The ruling behind a refusal, at a tap, on a card game's page: under a refused tap's reason
(by the buttons), and under a refused Undo the ruling it follows (a sealed choice is played).
"""

from __future__ import annotations

from collections.abc import Collection

from companion.games.rulings import rulebook, ruled, ruling_of
from companion.screens import parts, rules_panel


def flash(game: str, prefix: str, message: str | None) -> None:
    """The refused tap's reason, and the ruling behind it when one decides it."""
    parts.flash(message)
    if message and ruling_of(message):
        rules_panel.why(game, message, key=f"{prefix}_flash")


def undo_ruling(game: str, why_not: str | None, sealed: Collection[str], ruling: str) -> None:
    """Under a refused undo whose reason is one of `sealed` (a choice laid face down is played),
    the `ruling` it follows, a tap away."""
    if why_not is None or str(why_not) not in sealed:
        return
    cited = ruled(str(why_not), ruling)
    topic = parts.plain(rulebook(game).ruling(ruling).topic)
    rules_panel.explain_button(game, rules_panel.ruling(ruling), f"Rule: {topic}",
                               key="rule_why_undo", note=cited, width="content")  # fmt: skip
