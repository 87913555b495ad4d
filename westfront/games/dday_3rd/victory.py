"""Victory (§13) and the attrition/supply bookkeeping that feeds it (§6.3, §12)."""

from __future__ import annotations

from ...core.state import Result
from .position import UNIT_FACTS, Position
from .supply import supplied

LAST_WEEK = 50
EAST_UNITS = 10
EAST_WEEKS = 4
NO_ALLIES_AFTER = 9


def supplied_east_of_rhine(s: Position) -> int:
    """§13: Allied units in supply (not flipped) on hexes east of the Rhine-Issel line."""
    b = s.board
    m = b.m
    return sum(1 for u in s.on_continent("allied")
               if not s.unit(u)["flipped"] and bool((b.east_of_rhine >> m.index[s.unit(u)["hex"] or ""]) & 1))


def check(s: Position, after: str) -> Result | None:
    """The §13 conditions at the end of a faction's turn (``after`` = "allied" or "german")."""
    if not s.on_continent("german") and s.week >= 1:
        return Result("allied", "decisive", f"no German unit is left on the continent (week {s.week})")
    if s.g["east_streak"] >= EAST_WEEKS:
        return Result("allied", "decisive",
                      f"{EAST_UNITS}+ supplied Allied units east of the Rhine-Issel line for {EAST_WEEKS} weeks")
    if s.week >= NO_ALLIES_AFTER and after == "german" and not s.on_continent("allied"):
        return Result("german", "decisive", f"no Allied unit on the continent after week {s.week}")
    if after == "german" and s.week >= LAST_WEEK:
        return Result("german", "decisive", "the Allies have not won by the end of week 50")
    return None


def apply_supply(s: Position, side: str) -> tuple[list[str], list[str]]:
    """§6.3 at a supply (isolation) phase: supplied units turn face up and lose the marker; unsupplied units flip,
    and already flipped ones get the isolation marker. Returns (flipped now, isolated now)."""
    sup = supplied(s, side)
    flipped, isolated = [], []
    for uid in s.on_continent(side):
        u = s.unit(uid)
        if uid in sup or u["fresh"]:
            if u["flipped"] or u["isolated"]:
                s.set_flags(uid, flipped=False, isolated=False)
        elif u["flipped"]:
            s.set_flags(uid, isolated=True)
            isolated.append(uid)
        else:
            s.set_flags(uid, flipped=True)
            flipped.append(uid)
    s.touch_keeping(UNIT_FACTS)  # flags changed; eliminations kept the unit indexes up to date
    return flipped, isolated


def attrition(s: Position, side: str) -> list[str]:
    """§12: isolated units still out of supply are eliminated; those back in supply lose the marker (stay flipped)."""
    sup = supplied(s, side)
    doomed = []
    for uid in s.on_continent(side):
        u = s.unit(uid)
        if not u["isolated"]:
            continue
        if uid in sup:
            s.set_flags(uid, isolated=False)
        else:
            doomed.append(uid)
    for uid in doomed:
        s.eliminate(uid, "out of supply two weeks", "12")
    s.touch_keeping(UNIT_FACTS)  # flags changed; eliminations kept the unit indexes up to date
    return doomed
