"""Per-game statistics for simulation reports (westfront.sim.stats): one flat
snapshot of the position, taken whenever the turn changes.

Keys are ``<side>_<stat>`` so reports can plot each stat per side over time.
``leader`` is the side the 13.3 victory-point count favours now (the result
the game would have if it ended here), used to find the turn a game was decided.
"""

from __future__ import annotations

from typing import Any

from ...core.state import State
from .position import Position
from .supply import allied_sources, in_supply
from .victory import score

COMBAT_EVENTS = ("combat",)
SIDES = ("allied", "german")


def snapshot(state: State) -> dict[str, Any]:
    assert isinstance(state, Position)
    s = state
    out: dict[str, Any] = {}
    eliminated = {"allied": 0, "german": 0}
    for ev in s.log:
        if ev.get("type") == "eliminated" and ev.get("side") in eliminated:
            eliminated[ev["side"]] += 1
    vp = score(s)
    points = {"allied": vp.allied, "german": vp.german}
    for side in SIDES:
        on = s.on_map(side)
        out[f"{side}_units"] = len(on)
        out[f"{side}_strength"] = sum(s.strength(u) for u in on)
        out[f"{side}_depleted"] = sum(1 for u in on if not s.unit(u)["full"])
        out[f"{side}_out_of_supply"] = sum(1 for u in on if not in_supply(s, u))
        out[f"{side}_eliminated"] = eliminated[side]
        out[f"{side}_supply_points"] = s.supply_points(side)
        out[f"{side}_vp"] = points[side]
        out[f"{side}_control"] = sum(1 for c in s.g["control"].values() if c == side)
    out["allied_sources"] = len(allied_sources(s))
    out["leader"] = None if vp.allied == vp.german else ("allied" if vp.allied > vp.german else "german")
    return out
