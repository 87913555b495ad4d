"""Position builders for D-Day (3rd ed.) tests: an empty board, then units put where a figure shows them."""

from __future__ import annotations

from typing import Any

from westfront.games.dday_3rd.rules import GameState
from westfront.testing.kit import enter, new


def empty(seed: int = 0, week: int = 1) -> GameState:
    """A new game with every unit back in its box and nothing controlled by the Allies."""
    s: GameState = new("dday-3rd", seed)  # type: ignore[assignment]
    for u in s.g["units"].values():
        u.update(hex=None, flipped=False, isolated=False, moved=False, attacked=False, dropped=False, fresh=False,
                 pinned=False, invader=False)
    for uid, u in s.g["units"].items():
        d = s.defn(uid)
        u["box"] = "german_available" if d.side == "german" else ("paris" if d.paris else "britain")
    s.g.update(week=week, allied_hexes={}, mulberries={}, invasions=[], entry_points=[], installations={},
               replacement_last={}, landed={"sea": 0, "air": 0, "sectors": {}}, invasion_units=[])
    s.g["flow"] = []
    s.touch()
    return s


def put(s: GameState, uid: str, label: str, **flags: Any) -> None:
    s.place(uid, label)
    s.set_flags(uid, **flags)
    s.touch()


def start(s: GameState, step: str, **local: Any) -> GameState:
    """Begin one step (a phase or a decision) on the position built so far."""
    return enter(s, {"step": step, **local})  # type: ignore[return-value]


def labels(actions: list[Any]) -> list[str]:
    return [str(a) for a in actions]
