"""Onslaught's static data, read once: tables, the order of battle, scenarios.

Every number lives in ``data/`` (``tables.toml``, ``units.csv``, ``scenarios.toml``)
with its ``source``/``reconstructed`` note, so a player with the printed Combat
Table can swap it in without touching code; this module only gives the values
names and types. Dynamic facts (where a unit is, whether it is depleted) live in
the position (:mod:`.position`).
"""

from __future__ import annotations

import csv
import datetime as _dt
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...core.combat.odds_crt import OddsTable, parse_ratio

DATA = Path(__file__).parent / "data"
RAW: dict[str, Any] = tomllib.loads((DATA / "tables.toml").read_text(encoding="utf-8"))
SCENARIOS: dict[str, Any] = tomllib.loads((DATA / "scenarios.toml").read_text(encoding="utf-8"))

SIDES = ("allied", "german")
# Every counter is a division (onslaught 1.0, 2.3; the reasoning is in data/units.csv): the NATO size mark.
UNIT_SIZE = "division"
STACK_LIMIT = 3  # onslaught 6.3


def other(side: str) -> str:
    """The opposing side."""
    return "german" if side == "allied" else "allied"


CRT = OddsTable.from_data(RAW["crt"])
_RATIOS = tuple(parse_ratio(c) for c in CRT.columns)


def odds(attack: int, defence: int) -> str | None:
    """``CRT.odds`` without re-parsing the column names (the AI asks this thousands of times)."""
    if defence <= 0:
        return CRT.columns[-1]
    best = None
    for col, (a, d) in zip(CRT.columns, _RATIOS, strict=True):
        if attack * d >= defence * a:
            best = col
        else:
            break
    return best


@cache
def distribution(column: str, modifier: int) -> dict[str, float]:
    """``CRT.distribution``, memoised: a column has only a dozen distinct modifiers."""
    return CRT.distribution(column, modifier)


# How good each result is for the attacker; the table must be monotone in this order.
RESULT_ORDER = ("AE", "AH", "-", "DR", "HH", "DH", "DE")

MOD = RAW["modifiers"]


@dataclass(frozen=True)
class Supply:
    allied_start: int
    german_start: int
    german_income: int
    landing_hex: int
    southern_france: int
    southern_france_from_turn: int
    allied_track: int
    german_track: int
    allied_cap: int
    german_cap: int
    activation: int
    breakthrough: int
    mixed_nations: int
    paradrop: int
    bulge_bonus: int
    emergency_allied: int
    emergency_german: int

    def cap(self, side: str) -> int:
        return self.allied_cap if side == "allied" else self.german_cap

    def track(self, side: str) -> int:
        return self.allied_track if side == "allied" else self.german_track

    def emergency(self, side: str) -> int:
        return self.emergency_allied if side == "allied" else self.emergency_german


SUPPLY = Supply(**{k: v for k, v in RAW["supply"].items() if k != "source"})

REPL = RAW["replacements"]
REPL_COSTS: dict[str, int] = dict(REPL["costs"])
TURNS = RAW["turns"]
PARA_RETURN = int(RAW["paratroops"]["return_after"])
VICTORY = RAW["victory"]
LAST_TURN = int(TURNS["count"])


def replacement_points(side: str, eliminated: int) -> int:
    """onslaught 11.1: base points plus one for every three eliminated units (fractions dropped)."""
    base = REPL["allied_points"] if side == "allied" else REPL["german_points"]
    return int(base) + eliminated // int(REPL["per_eliminated"])


def victory_level(margin: int) -> str:
    """onslaught 13.3: 1-12 marginal, 13-29 decisive, 30+ strategic."""
    if margin >= VICTORY["strategic"]:
        return "strategic"
    if margin >= VICTORY["decisive"]:
        return "decisive"
    return "marginal"


def turn_dates(turn: int) -> tuple[_dt.date, _dt.date]:
    """onslaught 1.0: the first and last day a turn covers."""
    first = _dt.date.fromisoformat(TURNS["first_day"])
    days = int(TURNS["days_per_turn"])
    start = first + _dt.timedelta(days=days * (turn - 1))
    return start, start + _dt.timedelta(days=days - 1)


def turn_label(turn: int) -> str:
    a, b = turn_dates(turn)
    return f"Turn {turn} ({a.day} {a:%b} – {b.day} {b:%b %Y})"


# --------------------------------------------------------------------------
# Counters: unit types and the order of battle (2.3, data/units.csv)
# --------------------------------------------------------------------------
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


def short_label(u: UnitInfo) -> str:
    """Counter text: '352', '12SS', 'Lehr', '82AB'."""
    n = u.id.split("-", 1)[1]
    return n.upper()
