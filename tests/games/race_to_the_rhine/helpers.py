"""Position builders for Race to the Rhine tests (on the real map)."""

from __future__ import annotations

from typing import Any

from westfront.core.p2p import UNREACHABLE
from westfront.games.race_to_the_rhine.position import Position
from westfront.testing.kit import enter, new


def game(players: int = 4, seed: int = 0, **options: Any) -> Position:
    s = new("race-to-the-rhine", seed=seed, players=players, **options)
    assert isinstance(s, Position)
    return s


def clear_board(s: Position) -> Position:
    """No Axis markers, FFI or Control beyond the start spaces; every Corps at its start."""
    s.g["axis"] = []
    s.g["ffi"] = {}
    s.touch()
    return s


def put(s: Position, corps: str, space: str, fuel: int = 2, ammo: int = 2, food: int = 2) -> None:
    c = s.g["corps"][corps]
    c["space"] = space
    c["supplies"] = {"fuel": fuel, "ammo": ammo, "food": food}
    c["flipped"] = False
    s.touch()


def park(s: Position, *corps: str, where: str | None = None) -> None:
    """Move Corps out of the way (to their commander's start space)."""
    for cid in corps:
        c = s.g["corps"][cid]
        c["space"] = where or s.board.areas[c["commander"]].start[0]
    s.touch()


def control(s: Position, commander: str, *spaces: str) -> None:
    for x in spaces:
        s.g["control"][x] = commander
        s.g["control_medals"][x] = 0
        if x in s.g["axis"]:
            s.g["axis"].remove(x)
    s.touch()


def path(s: Position, a: str, b: str, commander: str) -> list[str]:
    """A shortest path from a to b inside the commander's area."""
    g = s.graph
    area = s.board.areas[commander].spaces
    d = g.distances(g.bb([b]), area)
    assert d[g.index[a]] != UNREACHABLE
    out = [a]
    while out[-1] != b:
        here = d[g.index[out[-1]]]
        out.append(next(n for n in g.neighbours(out[-1]) if d[g.index[n]] == here - 1 and (area >> g.index[n]) & 1))
    return out


def turn(s: Position, commander: str) -> Position:
    """Start ``commander``'s player turn inside a round, at his first action."""
    return enter(s, {"step": "round", "stage": "turns", "i": s.seats.index(commander)},
                 {"step": "player_turn", "commander": commander})


def axis_top(s: Position, *cards: str) -> None:
    s.g["decks"]["axis"]["draw"] = list(cards) + s.g["decks"]["axis"]["draw"]


def pursuit_top(s: Position, commander: str, *cards: str) -> None:
    s.g["decks"][commander]["draw"] = list(cards) + s.g["decks"][commander]["draw"]
