"""Unit facts that follow from the counter and its current strength (3.0, 4.0, 9.3, 12.1)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .data import COMMONWEALTH, UnitDef, units

# boxes a unit can be in when it is not on the map
SCHEDULED = "sched"  # a reinforcement whose month has not come
AVAILABLE = "reinf"  # a reinforcement (or returned over-stacked unit) that may enter now
POOL = "pool"  # the replacement pool (9.2)
GONE = "gone"  # permanently eliminated or removed from play
EXITED = "exited"  # an Allied army that left the map through an exit zone (17.1)
AT_SEA = "england"  # the invasion force before it lands (6.1)
BOX_TITLES = {SCHEDULED: "Turn track (scheduled)", AVAILABLE: "Reinforcements", POOL: "Replacement pool", "rco": "RCO forces",
              GONE: "Eliminated", EXITED: "Exited", AT_SEA: "Invasion force"}


def udef(uid: str) -> UnitDef:
    return units()[uid]


@cache
def sides() -> dict[str, str]:
    """Unit id -> side, for the hot loops."""
    return {uid: d.side for uid, d in units().items()}


@cache
def ids_of(side: str) -> tuple[str, ...]:
    """A side's unit ids in sorted order (the order of every unit list), once per process."""
    return tuple(sorted(uid for uid, d in units().items() if d.side == side))


def max_strength(uid: str) -> int:
    return udef(uid).cls.strength


def dice(uid: str, strength: int) -> int:
    """Dice rolled in combat: the printed DRC, never more than the unit's remaining steps."""
    return min(udef(uid).cls.drc, strength)


def base_mp(uid: str) -> int:
    d = udef(uid)
    return d.mp if d.mp is not None else d.cls.mp


@cache
def base_mps() -> dict[str, int]:
    """Unit id -> :func:`base_mp`, for the hot loops."""
    return {uid: base_mp(uid) for uid in units()}


def is_panzer(uid: str) -> bool:
    return udef(uid).cls.kind == "panzer"


def is_army(uid: str) -> bool:
    return udef(uid).cls.army


def group(uid: str) -> str:
    """Army group for the 10.0 activation cost; '-' joins any group (panzers, airborne corps)."""
    d = udef(uid)
    return "-" if d.cls.no_group else d.group


def replacement_class(uid: str) -> str:
    """Which 9.3 national limit a replacement for this unit counts against."""
    d = udef(uid)
    if d.side == "german":
        return "german_panzer" if d.cls.kind == "panzer" else "german_infantry"
    if d.nation in COMMONWEALTH:
        return "commonwealth"
    return "us" if d.nation == "us" else "france"


def never_replaced(uid: str) -> bool:
    """Coast and fortress corps are never rebuilt (9.3, 12.1)."""
    c = udef(uid).cls
    return c.coast or c.fortress


def late_war_loss(uid: str) -> bool:
    """German armies and elite corps: no rebuild in January-March (9.3)."""
    d = udef(uid)
    return d.side == "german" and (d.cls.army or d.cls.elite)


def counter(uid: str, strength: int) -> str:
    """The three numbers on the counter: DRC-SP-MP."""
    return f"{dice(uid, strength)}-{strength}-{base_mp(uid)}"


def fresh(uid: str) -> dict[str, Any]:
    """A unit's mutable record at the start of a scenario."""
    return {"hex": None, "box": SCHEDULED, "strength": max_strength(uid), "moved": False, "attacked": None, "strat": False,
            "over": False, "entered": 0, "rco": False, "hid": None, "paid": False, "due": None, "added": 0}


def ordinal(group: str) -> str:
    """'21' -> '21st', '12' -> '12th', '6' -> '6th' (army group names)."""
    n = int(group)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
