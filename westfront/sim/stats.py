"""Per-game statistics hooks: ``westfront/games/<pkg>/stats.py``.

A hook module defines ``snapshot(state) -> dict`` (flat, JSON-able; keys
``<side>_<stat>`` plus an optional ``leader``: the side that would win if the
game stopped now) and may define ``COMBAT_EVENTS``, the event types that mark
a combat at an event's ``hex``. Games without a hook get :func:`generic_snapshot`,
built from each side's ``view`` so it works for any game on the contract.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.state import State
from ..games import registry

Snapshot = Callable[[State], dict[str, Any]]

ELIMINATED_BOXES = ("eliminated", "gone", "removed", "dead")


@dataclass(frozen=True)
class StatsHook:
    snapshot: Snapshot
    combat_events: tuple[str, ...]
    generic: bool


def generic_snapshot(state: State) -> dict[str, Any]:
    """Units and steps on the map and in elimination boxes per side, each counted from that side's own view
    (a spectator's view may hide units under fog of war; a side always sees its own)."""
    out: dict[str, Any] = {}
    for side in state.INFO.players:
        units = steps = eliminated = 0
        for u in state.view(side).get("units") or []:
            if u.get("side") != side:
                continue
            if u.get("hex"):
                units += 1
                n = u.get("steps")
                steps += int(n) if isinstance(n, int | float) else 1
            elif any(b in str(u.get("box") or "") for b in ELIMINATED_BOXES):
                eliminated += 1
        out[f"{side}_units"] = units
        out[f"{side}_steps"] = steps
        out[f"{side}_eliminated"] = eliminated
    out["leader"] = None
    return out


_hooks: dict[str, StatsHook] = {}


def hook_for(game_id: str) -> StatsHook:
    """The game's stats hook, or the generic fallback when its package has no ``stats`` module."""
    got = _hooks.get(game_id)
    if got is None:
        pkg = registry.GAMES[game_id]
        try:
            mod = importlib.import_module(f"{pkg}.stats")
        except ModuleNotFoundError as e:
            if e.name != f"{pkg}.stats":
                raise
            got = StatsHook(generic_snapshot, ("combat",), True)
        else:
            got = StatsHook(mod.snapshot, tuple(getattr(mod, "COMBAT_EVENTS", ("combat",))), False)
        _hooks[game_id] = got
    return got
