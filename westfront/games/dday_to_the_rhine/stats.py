"""Per-game statistics for simulation reports (westfront.sim.stats): one flat
snapshot of the position, taken whenever the turn (month) changes.

Keys are ``<side>_<stat>`` so reports can plot each stat per side over time.
``leader`` is the winner of the end-of-game test (17.2/18.2/18.3) applied to
the position now, used to find the turn a game was decided. Reading facts only
fills the state's derived-fact cache; the position is not changed.
"""

from __future__ import annotations

from typing import Any

from ...core.state import State
from . import units as U
from .rules import GameState
from .supply import out_of_supply
from .victory import facts, final_result

COMBAT_EVENTS = ("combat", "invasion_battle")
SIDES = ("german", "allied")


def snapshot(state: State) -> dict[str, Any]:
    assert isinstance(state, GameState)
    s = state
    sides = U.sides()
    eliminated = {"german": 0, "allied": 0}
    hits = {"german": 0, "allied": 0}
    for ev in s.log:
        t = ev.get("type")
        if t in ("eliminated", "step_loss"):
            side = sides.get(ev.get("unit", ""))
            if side in hits:
                (eliminated if t == "eliminated" else hits)[side] += 1
    out: dict[str, Any] = {}
    for side in SIDES:
        on = s.on_map(side)
        out[f"{side}_units"] = len(on)
        out[f"{side}_strength"] = sum(int(s.unit(u)["strength"]) for u in on)
        out[f"{side}_out_of_supply"] = len(out_of_supply(s, side))
        out[f"{side}_eliminated"] = eliminated[side]
        out[f"{side}_hits_taken"] = hits[side]
    out["allied_control"] = len(s.g["control"])
    f = facts(s)
    for k in ("german_east_cities", "german_west_cities", "german_units_west"):
        out[k] = int(f[k])
    out["leader"] = final_result(s).winner
    return out
