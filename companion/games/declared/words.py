"""A declared table's pieces in words: what a counter, a die, a deck or a place for cards is and
does, for the rules a tap on the piece opens. Read from the declaration itself (the same
`TableSpec` the engine plays), so a designer who changes a bound or a deal in the spreadsheet
changes these words too, and the page never explains a rule the engine does not keep.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen.data.table import Counter, Deck, Die, TableSpec, Zone

Lines = tuple[tuple[str, str], ...]  # (label, text): an entry's rows, as a rulebook prints them
SEAT_REACHED = {"loses": "that player loses", "wins": "that player wins", "ends": "the game ends"}
TABLE_REACHED = {"loses": "everyone loses", "wins": "everyone wins", "ends": "the game ends"}
SEEN_WORDS = {
    "owner": "Each player's own: only its owner sees these cards; the others see how many.",
    "all": "Face up: everyone sees these cards.",
    "none": "Face down: nobody looks at these cards; everyone sees how many there are.",
}


def counter_lines(spec: TableSpec, counter: Counter) -> Lines:
    """What a counter counts between which bounds, and what reaching a bound does."""
    shared = spec.is_shared(counter.id)
    whose = "The table keeps one" if shared else "Each player keeps one"
    lines = [
        ("Kept", f"{whose}, starting at {counter.start}."),
        ("Bounds", f"It never goes below {counter.min} nor above {counter.max}."),
    ]
    reached = TABLE_REACHED if shared else SEAT_REACHED
    for bound, meaning in ((counter.min, counter.at_min), (counter.max, counter.at_max)):
        if meaning != "nothing":
            lines.append((f"At {bound}", f"When it reaches {bound}, {reached[meaning]}."))
    if counter.each_round:
        lines.append(("Each round", f"It changes by {counter.each_round:+d} once every player "
                      "has had a turn."))  # fmt: skip
    if spec.winner is not None and spec.winner[1] == counter.id:
        most = "highest" if spec.winner[0] == "highest" else "lowest"
        lines.append(("Winner", f"When the game ends otherwise, the {most} wins."))
    return tuple(lines)


def die_lines(die: Die) -> Lines:
    faces = ", ".join(str(f) for f in die.faces)
    return (("Faces", f"{len(die.faces)} faces: {faces}. The app rolls it when a phase asks."),)


def deck_lines(spec: TableSpec, deck: Deck, type_name: Callable[[str], str]) -> Lines:
    """What a deck holds, whose it is, and what running out of it does."""
    kinds = ", ".join(type_name(t) for t in deck.types)
    whose = "Each player has one of their own" if deck.each else "The table shares one"
    lines = [
        ("Holds", f"Every copy of the {kinds} cards, shuffled face down."),
        ("Whose", f"{whose}."),
    ]
    if spec.deck_empty == "loses":
        lines.append(("Empty", "A player who must draw from it and cannot loses."))
    elif spec.deck_empty == "ends":
        lines.append(("Empty", "When a player would draw from it and cannot, the game ends."))
    return tuple(lines)


def zone_lines(zone: Zone) -> Lines:
    lines = [("Seen", SEEN_WORDS.get(zone.seen, zone.seen))]
    if zone.deal:
        lines.append(("Dealt", f"Each player starts with {zone.deal} cards here."))
    return tuple(lines)
