"""The five shipped games validate clean, round-trip through every format, and keep the seeds' facts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardgen.data.database import Game, load_game
from cardgen.data.export import FORMATS, export_game
from cardgen.data.project import REPO_ROOT, game_ids

DATA = REPO_ROOT / "card_data"
GAMES = game_ids(DATA)


def load(game_id: str) -> Game:
    game, problems = load_game(DATA / game_id)
    assert game is not None
    assert [str(p) for p in problems] == []  # no errors and no warnings
    return game


def by_name(game: Game, type_id: str) -> dict[str, object]:
    return {c.name: c for c in game.cards[type_id]}


def test_all_five_games_are_shipped():
    assert GAMES == ["luturas", "moonlighter", "riposte", "va_card_game", "vita_luna"]


@pytest.mark.parametrize("game_id", GAMES)
def test_game_validates_clean(game_id):
    load(game_id)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("fmt", FORMATS)
def test_game_round_trips(tmp_path: Path, game_id, fmt):
    game = load(game_id)
    again, problems = load_game(export_game(game, fmt, tmp_path / fmt))
    assert again is not None and not [p for p in problems if p.is_error]
    assert again.cards == game.cards and again.keywords == game.keywords
    assert again.numbers.records == game.numbers.records


@pytest.mark.parametrize("game_id", GAMES)
def test_every_field_and_keyword_is_described(game_id):
    """The rulebook's glossary and component list are generated from these descriptions."""
    game = load(game_id)
    for spec in game.spec.types:
        assert spec.description, f"{spec.id} has no description"
        for f in spec.fields:
            assert f.description, f"{spec.id}.{f.name} has no description"
    for words in game.keywords.values():
        for word in words.values():
            assert word["summary"], f"keyword {word.id} has no summary"


class TestVitaLuna:
    game = staticmethod(lambda: load("vita_luna"))

    def test_seed_creatures(self):
        creatures = by_name(self.game(), "creature")
        assert (creatures["Wolf"]["attack"], creatures["Wolf"]["health"]) == (3, 2)
        assert creatures["Rat"]["attack"] == 1 and creatures["Rat"]["health"] == 1
        assert creatures["Anaconda"]["health"] == 5
        assert creatures["Porcupine"]["health"] == 4
        assert "retaliate" in creatures["Porcupine"]["epics"]
        assert creatures["Rock"]["attack"] == 0
        assert creatures["Gyr Falcon"]["health"] <= creatures["Wolf"]["attack"]
        for name in ("Gyr Falcon", "Cheetah"):
            assert "move_anywhere" in creatures[name]["epics"]

    def test_every_epic_on_several_creatures(self):
        game = self.game()
        holders = Counter(e for c in game.cards["creature"] for e in c["epics"])
        assert set(game.keywords["epic"]) == {
            "move_anywhere", "poisonous", "resistant", "armour",
            "holds", "anchor", "retaliate", "pronged",
        }  # fmt: skip
        assert all(holders[e] >= 3 for e in game.keywords["epic"]), holders

    def test_decks_large_enough_for_dealing_bidding_and_rewards(self):
        game = self.game()
        decks = Counter(c["deck"] for c in game.copies("creature"))
        assert decks["black"] >= 8 + 2 * 10  # deal or auction 8, then a reward to both per battle
        assert decks["blue"] >= 4 + 6
        assert decks["red"] >= 4
        assert decks["black"] > decks["blue"] > decks["red"]

    def test_four_singular_cards_one_each_per_player(self):
        singulars = self.game().cards["singular"]
        assert {c.name for c in singulars} == {"Burn", "Swap", "Steal", "Heal"}
        assert all(c["quantity"] == 2 for c in singulars)


class TestVA:
    def test_fifteen_unique_heroes_with_stats(self):
        game = load("va_card_game")
        heroes = game.cards["hero"]
        assert len(heroes) == 15 and len({h.name for h in heroes}) == 15
        assert all(h["hp"] > 0 and h["ad"] > 0 and h["def"] >= 0 for h in heroes)

    def test_seven_equipment_pairs_plus_one_super(self):
        game = load("va_card_game")
        equipment = game.cards["equipment"]
        assert sum(not e["super"] for e in equipment) == 7
        assert sum(e["super"] for e in equipment) == 1

    def test_each_player_deck_is_fifteen_cards(self):
        game = load("va_card_game")
        sizes = Counter()
        for row in game.cards["decklist"]:
            sizes[row["deck"]] += row["count"]
        assert len(sizes) == 4 and set(sizes.values()) == {15}


class TestLuturas:
    def test_crystal_types_and_any(self):
        game = load("luturas")
        natures = set(game.keywords["nature"]) - {"prismatic"}
        assert set(game.keywords["crystal"]) == natures | {"any"}
        assert {c["crystal"] for c in game.cards["crystal"]} == natures | {"any"}

    def test_full_gear_chain_for_every_nature(self):
        game = load("luturas")
        luturas = {c.id: c for c in game.cards["lutura"]}
        for nature in game.keywords["nature"]:
            ultimas = [
                c for c in luturas.values() if c["nature"] == nature and c["gear"] == "ultima"
            ]
            assert ultimas, f"no Ultima for {nature}"
            chain = [ultimas[0]]
            while chain[-1]["evolves_from"]:
                chain.append(luturas[chain[-1]["evolves_from"]])
            assert [c["gear"] for c in chain] == ["ultima", "3", "2", "1"]
            assert len({c.name for c in chain}) == 1
            assert all(c["crystals"] for c in chain)
        assert all(c["prismatic"] == (c["nature"] == "prismatic") for c in luturas.values())

    def test_serials_artists_stars_on_every_card(self):
        game = load("luturas")
        cards = [
            c for t in ("soldier", "crystal", "lutura", "tool", "strategy") for c in game.cards[t]
        ]
        assert len({c["serial"] for c in cards}) == len(cards)
        assert all(c["artist"] and 1 <= c["stars"] <= 4 for c in cards)

    def test_two_starter_decks_within_35_to_50(self):
        game = load("luturas")
        sizes = Counter()
        for row in game.cards["decklist"]:
            sizes[row["deck"]] += row["count"]
        assert len(sizes) == 2 and all(35 <= n <= 50 for n in sizes.values())


class TestMoonlighter:
    def test_tiles_in_the_seed_counts(self):
        game = load("moonlighter")
        sides = Counter()
        for tile in game.cards["tile"]:
            sides[(tile["colour"], tile["back_colour"])] += tile["quantity"]
        assert sides == {
            ("white", ""): 50,
            ("orange", "green"): 50,
            ("yellow", ""): 25,
            ("blue", ""): 5,
            ("red", ""): 5,
            ("black", "green"): 35,
        }

    def test_nine_pawns_eight_from_the_loot_die(self):
        pawns = load("moonlighter").cards["pawn"]
        assert len(pawns) == 9
        assert sorted(p["loot_face"] for p in pawns if p["loot_face"]) == list(range(1, 9))

    def test_every_die_face_has_a_meaning(self):
        faces = Counter()
        for face in load("moonlighter").cards["die_face"]:
            assert face["meaning"]
            faces[face["die"]] += 1
        assert faces == {"tile": 10, "attack": 6, "loot": 8}

    def test_five_health_counters(self):
        assert load("moonlighter").count("counter") == 5


class TestRiposte:
    def test_combat_cards_have_positions_and_follow_up_bars(self):
        game = load("riposte")
        cards = game.cards["combat_card"]
        assert all(c["attacks"] and c["follow_up"] for c in cards)
        hands, row = game.numbers["hand"], game.numbers["draft_row"]
        assert game.count("combat_card") >= 2 * hands + row  # two full hands plus the draft row

    def test_characters_unlock_abilities_below_the_damage_to_win(self):
        game = load("riposte")
        for character in game.cards["character"]:
            thresholds = [character[f"threshold_{i}"] for i in (1, 2, 3)]
            assert thresholds == sorted(thresholds)
            assert thresholds[-1] < game.numbers["damage_to_win"]
