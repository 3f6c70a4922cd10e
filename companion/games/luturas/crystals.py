"""Crystal requirements: checked, never spent (ruling crystal-threshold).

A requirement such as {"aquatic": 2, "any": 1} is met when the Crystals on your side hold two
Aquatic ones and one more of any type (ruling crystal-counting); a Black Crystal stands in for
whichever single type is needed (ruling any-crystal). Each Crystal counts once per check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from companion.games.luturas.data import ANY, LuturasData


def types_of(data: LuturasData, crystals: Iterable[str]) -> Counter[str]:
    """How many Crystals of each type (black ones under "any")."""
    return Counter(data.of(c).crystal for c in crystals)


def shortfall(needs: Mapping[str, int], have: Counter[str]) -> dict[str, int]:
    """What a requirement still lacks, by type (black Crystals fill typed gaps first, then the
    rest fill the "any" part); empty when it is met."""
    black = have.get(ANY, 0)
    missing: dict[str, int] = {}
    typed_used = 0
    for kind, count in sorted(needs.items()):
        if kind == ANY:
            continue
        short = max(0, count - have.get(kind, 0))
        cover = min(short, black)
        black -= cover
        typed_used += count - (short - cover)
        if short > cover:
            missing[kind] = short - cover
    spare = sum(have.values()) - typed_used
    if needs.get(ANY, 0) > spare:
        missing[ANY] = needs[ANY] - spare
    return missing


def meets(data: LuturasData, needs: Mapping[str, int], crystals: Iterable[str]) -> bool:
    return not shortfall(needs, types_of(data, crystals))


def describe_needs(needs: Mapping[str, int]) -> str:
    """ "2 Aquatic Crystals and 1 Crystal of any type" """
    parts = [
        f"{n} {kind.capitalize()} Crystal{'s' if n > 1 else ''}"
        for kind, n in sorted(needs.items())
        if kind != ANY
    ]
    if needs.get(ANY):
        n = needs[ANY]
        parts.append(f"{n} Crystal{'s' if n > 1 else ''} of any type")
    return " and ".join(parts) if parts else "no Crystals"


def describe_have(needs: Mapping[str, int], have: Counter[str]) -> str:
    """What the side has of the types a requirement names: "you have 1 Aquatic and 1 Black"."""
    parts = [f"{have.get(k, 0)} {k.capitalize()}" for k in sorted(needs) if k != ANY]
    if have.get(ANY):
        parts.append(f"{have[ANY]} Black")
    total = sum(have.values())
    shown = " and ".join(parts) if parts else f"{total}"
    return f"you have {shown} ({total} Crystal{'s' if total != 1 else ''} in all)"


def distinct_types(data: LuturasData, crystals: Iterable[str]) -> int:
    """Different types shown (ruling four-types): each Black Crystal adds a type not shown yet."""
    have = types_of(data, crystals)
    shown = len([k for k in have if k != ANY])
    return min(shown + have.get(ANY, 0), 6)
