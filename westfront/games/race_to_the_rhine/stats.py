"""Per-game statistics for simulation reports (westfront.sim.stats): one flat snapshot of the race.

Keys are ``<commander>_<stat>`` for the commanders in play; ``leader`` is who would win on Medals if the
game stopped now (None on a tie), which is how a report finds when a game was decided.
"""

from __future__ import annotations

from typing import Any

from ...core.state import State
from .ai import progress
from .position import Position

COMBAT_EVENTS = ("combat",)


def snapshot(state: State) -> dict[str, Any]:
    if not isinstance(state, Position):
        raise TypeError("race-to-the-rhine statistics need a Race to the Rhine state")
    g = state.gg
    out: dict[str, Any] = {"axis_supply": g["axis_supply"], "logistics_steps": g["logistics_steps"]}
    for c in state.seats:
        corps = state.corps_of(c)
        out[f"{c}_medals"] = g["medals"][c]
        out[f"{c}_control"] = sum(1 for who in g["control"].values() if who == c)
        out[f"{c}_supplies_on_corps"] = sum(sum(x["supplies"].values()) for x in corps)
        out[f"{c}_flipped"] = sum(1 for x in corps if x["flipped"])
        out[f"{c}_progress"] = round(progress(state, c), 3)
    top = max(g["medals"][c] for c in state.seats)
    leaders = [c for c in state.seats if g["medals"][c] == top]
    out["leader"] = leaders[0] if len(leaders) == 1 else None
    return out
