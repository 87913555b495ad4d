"""Positions for Second Front Now! tests: a started game, an empty board, a battle entered directly."""

from __future__ import annotations

from typing import Any

from westfront.games.second_front_now.position import Position
from westfront.testing.kit import enter, new


def started(area: str = "calais", seed: int = 1, **options: Any) -> Position:
    """A game past set-up: the Allies chose ``area``, the German took the first hex for each unit."""
    s = new("second-front-now", seed, **options)
    s.apply(area)
    while s.frame()["step"] == "deploy":  # type: ignore[index]
        s.apply(s.legal_actions()[0])
    return s  # type: ignore[return-value]


def bare(s: Position, **places: str) -> Position:
    """Everyone off the map (Italy box), then ``unit=hex`` placed, all in regular supply."""
    for us in s.g["units"].values():
        us.update(hex=None, box="italy", acted=False, replaced=False, supply="box")
    s.touch()  # the table was written behind the kit: its placement is rebuilt before the moves below
    for uid, hx in places.items():
        uid = uid.replace("_", "-")
        s.place(uid, hx)
        s.u(uid)["supply"] = "regular"
    s.touch()
    return s


def battle(s: Position, attacker: str, origin: str, target: str) -> Position:
    defender = "allied" if attacker == "german" else "german"
    s.g["cp"][attacker] = 2
    return enter(s, {"step": "command", "side": attacker},
                 {"step": "battle", "attacker": attacker, "defender": defender, "origin": origin, "target": target})
