"""The state of a Vita Luna game: a compact value that clones fast and saves as plain JSON.

Cards are copy ids ("wolf.2"). Each card is in exactly one place: a deck, a player's collection
(`owned`), or the burned pile; the board only says where a player's cards stand in this battle.
Immutable parts (collections, decks, unused Singulars, the track, hearts, bids) are tuples that a
clone shares; only the board, the creatures' health and the armour set are copied.

The board is one list: player 0's white positions, player 1's white positions, then player 0's grey
and player 1's grey. White columns are shared by both sides: column c of one side faces column c
of the other, numbered from the left of player 1 (the player at the bottom, index 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.games.vita_luna.data import DECKS, VitaLunaData


class Phase(StrEnum):
    """What the game waits for next; each phase has its own small set of legal actions."""

    DEAL = "deal"  # basic game: deal the starting hands
    FIRST_ATTACKER = "first_attacker"  # basic game: the players choose who attacks first
    FIRST_BIDDER = "first_bidder"  # advanced game: the players choose who opens the attack bid
    ATTACK_BID = "attack_bid"  # advanced game: secret bids for the first attack
    TURN_UP = "turn_up"  # advanced game: turn up the next card of the auction
    CARD_BID = "card_bid"  # advanced game: secret bids for the card turned up
    DEAL_REST = "deal_rest"  # advanced game: markers ran out, deal the rest at random
    PLACE = "place"  # `active` places creatures (the attacker first)
    TURN = "turn"  # `active` plays Singulars, moves, then attacks
    REWARD = "reward"  # the battle is over: draw the reward cards
    BETWEEN = "between"  # between battles: trade black cards, then start the next battle
    OVER = "over"  # a counter reached the enemy heart


DEAL, FIRST_ATTACKER, FIRST_BIDDER = Phase.DEAL, Phase.FIRST_ATTACKER, Phase.FIRST_BIDDER
ATTACK_BID, TURN_UP, CARD_BID, DEAL_REST = (
    Phase.ATTACK_BID,
    Phase.TURN_UP,
    Phase.CARD_BID,
    Phase.DEAL_REST,
)
PLACE, TURN, REWARD, BETWEEN, OVER = (
    Phase.PLACE,
    Phase.TURN,
    Phase.REWARD,
    Phase.BETWEEN,
    Phase.OVER,
)
BIDDING = frozenset({ATTACK_BID, CARD_BID})

# Bits of `done`: what the active player has already done this turn.
MOVED = 1  # any move: Singulars are over for this turn
WHITE_MOVE = 2
GREY_MOVE = 4
PROMOTED = 8

HIDDEN = "hidden"  # a secret bid, as another player's view shows it
FACE_DOWN = "face down"  # a grey card, as the other player's view shows it


@dataclass(slots=True)
class VitaLunaState:
    """One moment of a game."""

    mode: str  # "basic" or "advanced"
    extended: bool
    names: tuple[str, str]
    phase: Phase
    active: int  # who places, whose turn it is; -1 when nobody in particular
    attacker: int  # this battle's attacker; -1 before the first is known
    battle: int  # battles begun so far
    turn: int  # turns begun in this battle
    board: list[str | None]  # white p0, white p1, grey p0, grey p1
    health: dict[str, int]  # health left of each creature on the board
    armour: set[str]  # creatures on the board whose armour is still on
    hearts: tuple[int, int]
    done: int  # this turn's bits: MOVED, WHITE_MOVE, GREY_MOVE, PROMOTED
    owned: tuple[tuple[str, ...], tuple[str, ...]]  # each player's cards, wherever they stand
    decks: tuple[tuple[str, ...], ...]  # cards left in the black, blue and red decks
    burned: tuple[str, ...]  # removed from the game by Burn
    singulars: tuple[tuple[str, ...], tuple[str, ...]]  # each player's unused Singulars
    track: tuple[int, int]  # steps each counter has moved towards the enemy heart
    winner: int = -1  # the game's winner once over
    due: tuple[str, str] = ("", "")  # the reward deck owed to each player after a battle
    last: str = ""  # how the last battle ended, for the table
    victor: int = -1  # who won the last battle
    markers: tuple[int, int] = (0, 0)  # advanced game: bidding markers left
    bids: tuple[int | None, int | None] = (None, None)  # secret bids made on the current lot
    opener: int = -1  # advanced game: who opened the attack bid
    lot: str = ""  # advanced game: the card turned up for bidding
    lots: int = 0  # advanced game: cards turned up so far
    quiet: int = 0  # turns in a row whose attacks took no heart, health or armour (this battle)

    def clone(self) -> VitaLunaState:
        """A copy apply may change: tuples are shared, the board, health and armour copied."""
        return VitaLunaState(
            self.mode,
            self.extended,
            self.names,
            self.phase,
            self.active,
            self.attacker,
            self.battle,
            self.turn,
            self.board.copy(),
            self.health.copy(),
            self.armour.copy(),
            self.hearts,
            self.done,
            self.owned,
            self.decks,
            self.burned,
            self.singulars,
            self.track,
            self.winner,
            self.due,
            self.last,
            self.victor,
            self.markers,
            self.bids,
            self.opener,
            self.lot,
            self.lots,
            self.quiet,
        )

    def deck(self, colour: str) -> tuple[str, ...]:
        return self.decks[DECKS.index(colour)]


def white_index(data: VitaLunaData, player: int, column: int) -> int:
    return player * data.white + column


def grey_index(data: VitaLunaData, player: int, slot: int) -> int:
    return 2 * data.white + player * data.grey + slot


def whites(data: VitaLunaData, state: VitaLunaState, player: int) -> list[str | None]:
    start = player * data.white
    return state.board[start : start + data.white]


def greys(data: VitaLunaData, state: VitaLunaState, player: int) -> list[str | None]:
    start = 2 * data.white + player * data.grey
    return state.board[start : start + data.grey]


def in_play(data: VitaLunaData, state: VitaLunaState, player: int) -> list[str]:
    """The player's creatures on the board, white then grey."""
    return [c for c in whites(data, state, player) + greys(data, state, player) if c]


def hand(data: VitaLunaData, state: VitaLunaState, player: int) -> list[str]:
    """The player's cards not on the board (all of them between battles)."""
    board = set(state.board)
    return [c for c in state.owned[player] if c not in board]


def locate(data: VitaLunaData, state: VitaLunaState, card: str) -> tuple[str, int, int] | None:
    """("white" or "grey", player, column or slot) of a card on the board, else None."""
    try:
        i = state.board.index(card)
    except ValueError:
        return None
    w2 = 2 * data.white
    if i < w2:
        return "white", i // data.white, i % data.white
    return "grey", (i - w2) // data.grey, (i - w2) % data.grey


def owner(state: VitaLunaState, card: str) -> int:
    """The player who holds `card`, or -1 if it is in a deck or burned."""
    if card in state.owned[0]:
        return 0
    return 1 if card in state.owned[1] else -1


# --- saving --------------------------------------------------------------------------------------


def to_json(state: VitaLunaState) -> dict[str, Any]:
    """Only facts, in plain JSON types."""
    return {
        "mode": state.mode,
        "extended": state.extended,
        "names": list(state.names),
        "phase": str(state.phase),
        "active": state.active,
        "attacker": state.attacker,
        "battle": state.battle,
        "turn": state.turn,
        "board": list(state.board),
        "health": dict(sorted(state.health.items())),
        "armour": sorted(state.armour),
        "hearts": list(state.hearts),
        "done": state.done,
        "owned": [list(cards) for cards in state.owned],
        "decks": {colour: list(cards) for colour, cards in zip(DECKS, state.decks, strict=True)},
        "burned": list(state.burned),
        "singulars": [list(s) for s in state.singulars],
        "track": list(state.track),
        "winner": state.winner,
        "due": list(state.due),
        "last": state.last,
        "victor": state.victor,
        "markers": list(state.markers),
        "bids": list(state.bids),
        "opener": state.opener,
        "lot": state.lot,
        "lots": state.lots,
        "quiet": state.quiet,
    }


def _pair(values: Any, kind: type) -> tuple:
    a, b = values
    return (kind(a), kind(b))


def from_json(data: dict[str, Any]) -> VitaLunaState:
    """The state a to_json dict describes; raises ValueError naming what is missing or wrong."""
    try:
        return VitaLunaState(
            mode=str(data["mode"]),
            extended=bool(data["extended"]),
            names=_pair(data["names"], str),
            phase=Phase(data["phase"]),
            active=int(data["active"]),
            attacker=int(data["attacker"]),
            battle=int(data["battle"]),
            turn=int(data["turn"]),
            board=[str(c) if c is not None else None for c in data["board"]],
            health={str(c): int(h) for c, h in data["health"].items()},
            armour={str(c) for c in data["armour"]},
            hearts=_pair(data["hearts"], int),
            done=int(data["done"]),
            owned=(tuple(map(str, data["owned"][0])), tuple(map(str, data["owned"][1]))),
            decks=tuple(tuple(map(str, data["decks"][colour])) for colour in DECKS),
            burned=tuple(map(str, data["burned"])),
            singulars=(
                tuple(map(str, data["singulars"][0])),
                tuple(map(str, data["singulars"][1])),
            ),
            track=_pair(data["track"], int),
            winner=int(data["winner"]),
            due=_pair(data["due"], str),
            last=str(data["last"]),
            victor=int(data["victor"]),
            markers=_pair(data["markers"], int),
            bids=tuple(int(b) if b is not None else None for b in data["bids"]),  # type: ignore[arg-type]
            opener=int(data["opener"]),
            lot=str(data["lot"]),
            lots=int(data["lots"]),
            quiet=int(data.get("quiet", 0)),  # saves from before the quiet-turns rule lack it
        )
    except KeyError as exc:
        raise ValueError(f"saved Vita Luna game has no {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        raise ValueError(f"saved Vita Luna game is damaged: {exc}") from None


def view(data: VitaLunaData, state: VitaLunaState, viewer: int | None) -> dict[str, Any]:
    """What `viewer` (0 or 1; None for the shared table) may see: to_json with secrets masked.

    Hidden: the other player's secret bid (until both have bid), the other player's grey cards
    (face down), the other player's cards off the board (only their number), and what is left in
    the decks (only how many). Card backs show their deck's colour, so `backs` gives the colours
    of the other's hidden cards.
    """
    seen = to_json(state)
    others = [p for p in (0, 1) if p != viewer]
    seen["bids"] = [
        HIDDEN if p in others and bid is not None else bid for p, bid in enumerate(state.bids)
    ]
    seen["hand_sizes"] = [len(hand(data, state, p)) for p in (0, 1)]
    hidden: set[str] = set()
    for p in others:
        for slot in range(data.grey):
            i = grey_index(data, p, slot)
            card = state.board[i]
            if card is not None:
                seen["board"][i] = FACE_DOWN
                hidden.add(card)
        seen["owned"][p] = [c for c in whites(data, state, p) if c]  # only what lies face up
    seen["backs"] = {  # what the backs of the other's hidden cards show: their decks' colours
        str(p): {
            "grey": [data.cards[c].deck if c else None for c in greys(data, state, p)],
            "hand": sorted(data.cards[c].deck for c in hand(data, state, p)),
        }
        for p in others
    }
    seen["health"] = {c: h for c, h in seen["health"].items() if c not in hidden}
    seen["armour"] = [c for c in seen["armour"] if c not in hidden]
    seen["decks"] = {colour: len(cards) for colour, cards in seen["decks"].items()}
    return seen
