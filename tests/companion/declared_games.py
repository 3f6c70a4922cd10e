"""Small declared games written into a scratch data root: a duel taken in turn, a clash of
sealed cards chosen at once from decks of each player's own, and a solo race against a clock.
Between them they use every declared action, every ending and both card modes."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

BACK = {"style": "fixed", "label": "Back", "color": "#0072B2", "mark": "star"}
CREATURES = [
    {"id": "wolf", "name": "Wolf", "power": 2, "quantity": 4},
    {"id": "bear", "name": "Bear", "power": 3, "quantity": 3},
    {"id": "imp", "name": "Imp", "power": 1, "quantity": 4},
    {"id": "dragon", "name": "Dragon", "power": 5, "quantity": 1},
]
NUMBERS = [
    {"id": "start_health", "name": "Starting health", "description": "Health at the start.",
     "value": 12, "min": 3, "max": 40, "unit": "health"},
    {"id": "hand_size", "name": "Hand", "description": "Cards dealt to each player.",
     "value": 3, "min": 1, "max": 6, "unit": "cards"},
]  # fmt: skip

DUEL_TABLE: dict[str, Any] = {
    "seats": ["Ann", "Ben"],
    "counters": [{"id": "health", "name": "Health", "start": "{start_health}", "min": 0,
                  "max": 99, "at_min": "loses"}],
    "shared": [{"id": "round", "name": "Round", "start": 1, "min": 1, "max": 8,
                "each_round": 1, "at_max": "ends"}],
    "dice": [{"id": "d6", "name": "Die", "faces": [1, 2, 3, 4, 5, 6]}],
    "decks": [{"id": "deck", "name": "Deck", "types": ["creature"]}],
    "zones": [{"id": "hand", "name": "Hand", "seen": "owner", "deal": "{hand_size}"},
              {"id": "play", "name": "In play", "seen": "all"}],
    "turn": {"order": "in_turn", "phases": [
        {"id": "draw", "name": "Draw",
         "allows": [{"do": "draw", "deck": "deck", "to": "hand", "at_least": 1}]},
        {"id": "main", "name": "Main", "allows": [
            {"do": "play", "from": "hand", "to": "play",
             "then": [{"counter": "health", "of": "other", "by": "-power"}]},
            {"do": "roll", "die": "d6",
             "then": [{"counter": "health", "of": "other", "by": "-die"}]},
            {"do": "change", "counter": "health", "of": "self", "by": 1}]}]},
    "end": {"winner": "highest:health"},
}  # fmt: skip

CLASH_TABLE: dict[str, Any] = {
    "seats": ["Ann", "Ben"],
    "counters": [{"id": "health", "name": "Health", "start": "{start_health}", "min": 0,
                  "max": 99, "at_min": "loses"}],
    "decks": [{"id": "deck", "name": "Deck", "types": ["creature"], "each": True}],
    "zones": [{"id": "hand", "name": "Hand", "seen": "owner", "deal": 2},
              {"id": "discard", "name": "Discard", "seen": "all"}],
    "turn": {"order": "together", "phases": [
        {"id": "draw", "name": "Draw",
         "allows": [{"do": "draw", "deck": "deck", "to": "hand", "count": 1}]},
        {"id": "clash", "name": "Clash", "allows": [
            {"do": "seal", "from": "hand", "to": "discard", "compare": "power", "at_least": 1,
             "lower": [{"counter": "health", "of": "self", "by": "-difference"}]}]}]},
    "end": {"deck_empty": "ends", "winner": "highest:health"},
}  # fmt: skip

SOLO_TABLE: dict[str, Any] = {
    "seats": ["You"],
    "counters": [{"id": "score", "name": "Score", "start": 0, "min": 0, "max": 15,
                  "at_max": "wins"}],
    "shared": [{"id": "clock", "name": "Clock", "start": 0, "min": 0, "max": 6,
                "each_round": 1, "at_max": "loses"}],
    "dice": [{"id": "d6", "name": "Die", "faces": [1, 2, 3, 4, 5, 6]}],
    "decks": [{"id": "deck", "name": "Deck", "types": ["creature"]}],
    "zones": [{"id": "hand", "name": "Hand", "seen": "owner", "deal": 2},
              {"id": "play", "name": "Played", "seen": "all"}],
    "turn": {"order": "in_turn", "phases": [
        {"id": "turn", "name": "Turn", "allows": [
            {"do": "draw", "deck": "deck", "to": "hand"},
            {"do": "play", "from": "hand", "to": "play",
             "then": [{"counter": "score", "of": "self", "by": "+power"}]},
            {"do": "roll", "die": "d6", "at_least": 1,
             "then": [{"counter": "score", "of": "self", "by": "+die"},
                      {"counter": "clock", "by": 0}]}]}]},
    "end": {"deck_empty": "nothing"},
}  # fmt: skip

TABLES = {"duel": DUEL_TABLE, "clash": CLASH_TABLE, "solo": SOLO_TABLE}


def manifest(game_id: str, table: dict[str, Any]) -> dict[str, Any]:
    seats = len(table["seats"])
    return {
        "id": game_id,
        "name": game_id.title(),
        "summary": f"The {game_id} test game.",
        "players": {"min": seats, "max": seats},
        "rule_numbers": {"sheet": "rule_numbers"},
        "types": [{
            "id": "creature", "name": "Creature", "plural": "Creatures", "sheet": "creatures",
            "kind": "card", "back": BACK,
            "fields": [
                {"name": "id", "type": "id", "required": True},
                {"name": "name", "type": "text", "required": True},
                {"name": "power", "type": "int", "required": True, "min": 0, "max": 9},
                {"name": "quantity", "type": "int", "min": 1, "max": 9},
            ],
        }],
        "table": copy.deepcopy(table),
    }  # fmt: skip


def write_game(root: Path, game_id: str, table: dict[str, Any] | None = None) -> Path:
    """`root/<game_id>/`: a manifest declaring `table` (the named test table by default), its
    creatures and its rule numbers, as JSON sheets."""
    folder = root / game_id
    folder.mkdir(parents=True)
    body = manifest(game_id, TABLES[game_id] if table is None else table)
    (folder / "manifest.json").write_text(json.dumps(body, indent=1), encoding="utf-8")
    (folder / "creatures.json").write_text(json.dumps(CREATURES), encoding="utf-8")
    (folder / "rule_numbers.json").write_text(json.dumps(NUMBERS), encoding="utf-8")
    return folder


def write_all(root: Path) -> Path:
    for game_id in TABLES:
        write_game(root, game_id)
    return root
