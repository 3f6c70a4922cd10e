"""What the chooser says: saved games told apart by players, options and time; strengths in
rising order with their measured strength in words; a warning when the seat codes would point to
an address only this computer can open."""

from __future__ import annotations

import pytest

from companion import links
from companion.registry import GAMES, entry
from companion.screens.chooser import saved_words
from companion.screens.parts import localhost_warning
from companion.store.games import SavedGame

from .apptest import open_app


def saved(game: str, options: dict, name: str = "", length: int = 29) -> SavedGame:
    title = entry(game).title if entry(game) else game
    return SavedGame("g1", game, name or title, 0.0, 0.0, 1, 1, options, [], length)


def test_a_saved_game_is_named_by_its_players_options_and_time() -> None:
    options = {"characters": True, "cards": "app", "opponent": "app", "strength": "strong",
               "names": ["Player 1", "Rival"]}  # fmt: skip
    said = saved_words(saved("riposte", options), entry("riposte"), "28 Nov 14:02")
    assert said == ("**Riposte** · Player 1 vs Rival (the app) · With characters · "
                    "The app shuffles · Strong app · 29 moves · 28 Nov 14:02")  # fmt: skip
    two = saved_words(saved("riposte", {"characters": False, "cards": "table",
                                        "opponent": "two"}), entry("riposte"), "now")  # fmt: skip
    assert "Player 1 vs Player 2" in two and "Learning duel" in two and "Strong" not in two
    assert two != said


def test_a_solo_game_and_an_unknown_game_still_read_plainly() -> None:
    solo = saved_words(saved("moonlighter", {"forgiving": True}), entry("moonlighter"), "now")
    assert solo == "**Moonlighter** · Forgiving play · 29 moves · now"
    gone = saved_words(saved("chess", {}, name="Friday <b>game</b>"), None, "now")
    assert "<b>" not in gone and "29 moves" in gone


@pytest.mark.parametrize("game", [g for g in GAMES if any(o.key == "strength" for o in g.options)],
                         ids=lambda g: g.id)  # fmt: skip
def test_strengths_rise_and_each_says_how_strong_it_measured(game) -> None:
    strength = next(o for o in game.options if o.key == "strength")
    order = [value for value, _ in strength.choices]
    ladder = ["easy", "strong", "normal", "hard"]
    assert order == sorted(order, key=ladder.index), order
    for value in order:
        assert strength.note(value).startswith(dict(strength.choices)[value] + ":")
    assert any(ch.isdigit() for value in order for ch in strength.note(value))
    assert strength.initial == ("easy" if game.id == "vita_luna" else "strong")  # as before


def test_the_chooser_shows_the_chosen_levels_words() -> None:
    at = open_app()
    captions = [c.value for c in at.caption]
    assert "Strong: its best rules of thumb; it beat Easy in 85 of 100 duels." in captions
    assert "Easy: rules of thumb." in captions  # Vita Luna's default level


@pytest.mark.parametrize(("url", "local"), [
    ("http://localhost:8501/", True), ("http://127.0.0.1:8501/?game=x", True),
    ("http://[::1]:8501/", True), ("http://table.localhost/", True),
    ("http://192.168.1.20:8501/", False), ("https://games.example.org/", False),
])  # fmt: skip
def test_codes_made_from_this_machine_alone_are_told_apart(url: str, local: bool) -> None:
    assert links.only_this_machine(url) is local


def test_the_localhost_warning_names_the_address_that_works(monkeypatch) -> None:
    monkeypatch.setattr(links, "network_url", lambda url: "http://192.168.1.20:8501/")
    said = localhost_warning("http://localhost:8501/")
    assert said.startswith("These codes point to localhost, which only this computer can open")
    assert "Open the table at http://192.168.1.20:8501/ instead" in said
    monkeypatch.setattr(links, "network_url", lambda url: None)
    assert "at this computer's address on the network" in localhost_warning("http://127.0.0.1/")
