"""Per-game statistics for simulation reports (westfront.sim.stats): one flat
snapshot of the position, taken whenever the turn changes.

Keys are ``<side>_<stat>`` so reports can plot each stat per side over time;
``leader`` is who would win if the game stopped now (Ostburg's holder), which
is how a report finds the turn on which a game was decided.
"""

from __future__ import annotations

from typing import Any

from ...core.state import State
from .rules import INFO, UNIT_TYPES

COMBAT_EVENTS = ("combat",)


def snapshot(state: State) -> dict[str, Any]:
    g = state.g
    oos = set(g["oos"])
    out: dict[str, Any] = {}
    for side in INFO.players:
        units = [u for u in g["units"].values() if u["side"] == side]
        on = [u for u in units if u["hex"]]
        out[f"{side}_units"] = len(on)
        out[f"{side}_steps"] = sum(u["steps"] for u in on)
        out[f"{side}_steps_lost"] = sum(UNIT_TYPES[u["kind"]]["steps"] - (u["steps"] if u["hex"] else 0) for u in units)
        out[f"{side}_out_of_supply"] = sum(1 for u in on if u["id"] in oos)
        out[f"{side}_objectives"] = sum(1 for holder in g["control"].values() if holder == side)
    out["leader"] = g["control"].get("0905")
    return out
