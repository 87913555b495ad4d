"""Counters: unit types, the order of battle and strengths.

``data/units.csv`` lists every division with its arrival; ``data/tables.toml``
gives each type's full and depleted strength and movement allowance. Dynamic
facts (where a unit is, whether it is depleted) live in the state; this module
holds only what never changes, so the state stays small and fast to copy.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from .tables import RAW

DATA = Path(__file__).parent / "data"
COMMONWEALTH = frozenset({"british", "canadian"})
US_FRENCH = frozenset({"us", "french"})


@dataclass(frozen=True)
class UnitType:
    key: str
    cls: str  # infantry | armor | paratroop (replacement class, 11.1)
    full: int
    depleted: int
    mp: int


@dataclass(frozen=True)
class UnitInfo:
    id: str
    name: str
    side: str
    nation: str
    kind: str  # inf | arm | para | vg | pz | sspz
    type: UnitType
    turn: int
    entry: str
    setup: str
    source: str

    @property
    def armor(self) -> bool:
        return self.type.cls == "armor"

    @property
    def allied_para(self) -> bool:
        """An Allied paratroop division (onslaught 9.0): can use the Paratroop box."""
        return self.side == "allied" and self.kind == "para"

    @property
    def camp(self) -> str | None:
        """onslaught 14.1: 'cw' (British, Canadian), 'us' (US, French) or None (Polish, German)."""
        if self.nation in COMMONWEALTH:
            return "cw"
        if self.nation in US_FRENCH:
            return "us"
        return None

    def strength(self, full: bool) -> int:
        return self.type.full if full else self.type.depleted

    def factors(self, full: bool) -> str:
        return f"{self.strength(full)}-{self.type.mp}"


TYPES: dict[str, UnitType] = {
    key.replace("_", ".", 1): UnitType(key, t["class"], int(t["full"]), int(t["depleted"]), int(t["mp"]))
    for key, t in RAW["types"].items()
}


def _load() -> dict[str, UnitInfo]:
    lines = [ln for ln in (DATA / "units.csv").read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    out: dict[str, UnitInfo] = {}
    for row in csv.DictReader(lines):
        uid = row["id"]
        if uid in out:
            raise ValueError(f"units.csv lists {uid} twice")
        if not row["source"]:
            raise ValueError(f"units.csv: {uid} has no source")
        t = TYPES[f"{row['side']}.{row['type']}"]
        out[uid] = UnitInfo(uid, row["name"], row["side"], row["nation"], row["type"], t, int(row["turn"]),
                            row["entry"], row["setup"], row["source"])
    return out


UNITS: dict[str, UnitInfo] = _load()
ALL_IDS: tuple[str, ...] = tuple(UNITS)


def info(uid: str) -> UnitInfo:
    return UNITS[uid]


def short_label(u: UnitInfo) -> str:
    """Counter text: '352', '12SS', 'Lehr', '82AB'."""
    n = u.id.split("-", 1)[1]
    return n.upper()
