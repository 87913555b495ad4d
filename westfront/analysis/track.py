"""The victory track over a game and the losses by side, for the end-of-game summary (issue 35 item 8).

A game with a victory-point track names it in its ``victory`` module: ``victory_track(state) ->
{side: points}`` and ``TRACK_LABEL``. Games won on other terms (1944's cities and exits, D-Day
3rd's units across the Rhine, the skirmish's objective) have none, and the summary leaves the
chart out.

Losses are the ``eliminated`` events of the whole log (the analysis is post-game), each counted
for the side of the unit it names: the event's ``side`` where the game gives one, else the side
the unit has in its own side's view. An event without a unit (a hidden marker's public notice,
whose private twin names the unit) is not counted twice.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.state import State
from ..games import registry

TrackFn = Callable[[State], dict[str, float]]


@dataclass
class Track:
    """Points per side at the start of each turn and at the end (``at`` is the replay frame)."""

    label: str
    fn: TrackFn
    turns: list[dict[str, Any]] = field(default_factory=list)
    _last_turn: object = object()

    def note(self, s: State, at: int, turn: int | None) -> None:
        if turn != self._last_turn:
            self._last_turn = turn
            self.turns.append({"turn": turn, "at": at, "values": self.fn(s)})

    def finish(self, s: State, at: int) -> Track:
        if not self.turns or self.turns[-1]["at"] != at:
            self.turns.append({"turn": self.turns[-1]["turn"] if self.turns else None, "at": at, "values": self.fn(s),
                               "final": True})
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "turns": self.turns}


def victory_track(s: State) -> Track | None:
    """A fresh track for the game of ``s``, or None when the game keeps no victory-point track."""
    pkg = registry.GAMES[s.INFO.id]
    try:
        mod = importlib.import_module(f"{pkg}.victory")
    except ModuleNotFoundError as e:
        if e.name != f"{pkg}.victory":
            raise
        return None
    fn = getattr(mod, "victory_track", None)
    if fn is None:
        return None
    return Track(str(getattr(mod, "TRACK_LABEL", "Victory points")), fn)


def unit_sides(s: State, sides: Sequence[str]) -> dict[str, str]:
    """Each unit's side as its own side sees it (a side always sees its own units)."""
    out: dict[str, str] = {}
    for side in sides:
        for u in s.view(side).get("units") or []:
            if u.get("side") == side and isinstance(u.get("id"), str):
                out[u["id"]] = side
    return out


def losses_by_side(s: State, sides: Sequence[str]) -> dict[str, int]:
    """Units eliminated over the whole game, per side (every side listed, 0 when it lost none)."""
    owner = unit_sides(s, sides)
    out = {side: 0 for side in sides}
    for ev in s.log:
        if ev.get("type") != "eliminated" or not ev.get("unit"):
            continue
        side = ev.get("side") or owner.get(str(ev["unit"]))
        if side in out:
            out[side] += 1
    return out
