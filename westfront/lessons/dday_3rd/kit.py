"""D-Day (3rd Edition) lessons' set-up operations (registered for the game) and the checks they share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.state import State
from ...games.dday_3rd import logistics
from ...games.dday_3rd.data import units
from ..format import Check
from ..setup import register

GAME = "dday-3rd"


def bare(s: State, week: int = 1) -> None:
    """Every unit back in its box (the Allies' in Britain, the German's in the available box), nothing Allied on the
    map: the figure's units are then put on it (as the game's own tests build figures, tests/games/dday_3rd)."""
    g = s.g
    for uid, u in g["units"].items():
        d = units()[uid]
        u.update(hex=None, flipped=False, isolated=False, moved=False, attacked=False, dropped=False, fresh=False,
                 pinned=False, invader=False,
                 box="german_available" if d.side == "german" else ("paris" if d.paris else "britain"))
    g.update(week=week, allied_hexes={}, mulberries={}, invasions=[], entry_points=[], installations={},
             replacement_last={}, landed={"sea": 0, "air": 0, "sectors": {}}, invasion_units=[], flow=[])


def put(s: State, places: dict[str, str], flags: dict[str, Any] | None = None) -> None:
    """The figure's units on their hexes (occupying and controlling them, §4.3), with ``flags`` on each."""
    for uid, hx in places.items():
        s.place(uid, hx)  # type: ignore[attr-defined]
        if flags:
            s.g["units"][uid].update(flags)


def embark(s: State, sector: str, places: dict[str, str]) -> None:
    """Invaders already on their sea invasion hexes, counted against the sector's Table 5 column (§7), as the
    invasion step records a landing."""
    for uid, sea in places.items():
        s.place(uid, sea)  # type: ignore[attr-defined]
        s.g["units"][uid].update(invader=True, fresh=True)
        s.mut("invasion_units").append(uid)
        logistics.count_landing(s, sector, units()[uid], by_air=False)  # type: ignore[arg-type]


register(GAME, {"bare": bare, "put": put, "embark": embark})


def at_phase(stage: str, step: dict[str, Any], phase: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """Set-up operations that open the week at ``stage`` (Table 3) with ``step`` begun, so that when it ends the
    week goes on as in play."""
    return (("set", {"path": "phase", "value": phase}),
            ("enter", {"frames": [{"step": "game", "stage": "weeks"}, {"step": "week", "stage": stage}, step]}))


def movement(side: str = "allied") -> tuple[tuple[str, dict[str, Any]], ...]:
    return at_phase(f"{side}_movement", {"step": "movement", "side": side}, f"{side.capitalize()} movement")


def combat(side: str = "allied") -> tuple[tuple[str, dict[str, Any]], ...]:
    return at_phase(f"{side}_combat", {"step": "combat", "side": side, "stage": None}, f"{side.capitalize()} combat")


@dataclass(frozen=True, eq=False)
class Near:
    """A probability the rulebook states as a fraction, compared with the engine's float to 1e-9."""

    value: float

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (int, float)) and abs(other - self.value) < 1e-9

    def __hash__(self) -> int:
        return hash(self.value)


def where(uid: str, hx: str | None, says: str) -> Check:
    return Check(says, path=f"units/{uid}/hex", eq=hx)


def box(uid: str, name: str, says: str) -> Check:
    return Check(says, path=f"units/{uid}/box", eq=name)


def odds(action: str, value: str, says: str) -> Check:
    return Check(says, preview=action, key="odds", eq=value)
