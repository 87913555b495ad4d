"""Per-game statistics hooks: ``westfront/games/<pkg>/stats.py``.

A hook module defines ``snapshot(state) -> dict`` (flat, JSON-able; keys
``<side>_<stat>`` plus an optional ``leader``: the side that would win if the
game stopped now) and may define ``COMBAT_EVENTS``, the event types that mark
a combat at an event's ``hex``. Games without a hook get :func:`generic_snapshot`,
built from the public ``view(None)`` so it works for any game on the contract.
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
    """Units and steps on the map and in elimination boxes per side, from the spectator view."""
    v = state.view(None)
    out: dict[str, Any] = {}
    for side in state.INFO.players:
        out[f"{side}_units"] = 0
        out[f"{side}_steps"] = 0
        out[f"{side}_eliminated"] = 0
    for u in v.get("units") or []:
        side = u.get("side")
        if side not in state.INFO.players:
            continue
        if u.get("hex"):
            out[f"{side}_units"] += 1
            steps = u.get("steps")
            out[f"{side}_steps"] += int(steps) if isinstance(steps, int | float) else 1
        elif any(b in str(u.get("box") or "") for b in ELIMINATED_BOXES):
            out[f"{side}_eliminated"] += 1
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
