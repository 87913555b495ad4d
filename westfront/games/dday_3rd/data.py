"""Static data of D-Day (3rd ed.): the counter manifest and the tables, loaded once into frozen values.

Everything here comes from ``data/units.csv`` and ``data/tables.toml``; which cells the text prints and which are
reconstructed is recorded there (``source=`` / ``reconstructed=``), never in code.
"""

from __future__ import annotations

import csv
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...core.combat.odds_crt import OddsTable

DATA = Path(__file__).parent / "data"
MAP_FILE = DATA / "map.json"
SIDES = ("allied", "german")

# Table 2 types: what a unit is for the rules that ask (strategic movement, Table 5 columns, replacements)
ARMOURED = "A"
ARMOURED_INFANTRY = "M"
INFANTRY = "I"
STATIC = "ST"
AIRBORNE = "ABI"
HQ = "HQ"


# §2.2 Table 2's sizes, as the view names them for the board's NATO size marks (theatre XXXXXX .. regiment III)
ECHELON_SIZE = {"T": "theatre", "AG": "army group", "A": "army", "D": "division", "BD": "brigade", "REGT": "regiment"}


@dataclass(frozen=True)
class UnitDef:
    """One counter (§2.2): identity, factors and where/when it enters."""

    id: str
    side: str
    nation: str
    number: str
    type: str
    echelon: str
    af: int
    df: int
    mf: int
    setup: str | None  # German historical set-up hex (§5.2)
    arrival: int  # Allied: first week available in Britain (§9.3.1); German: 0
    marked: bool  # §5.2: must deploy on a German replacement hex
    paris: bool  # §9.3.3: one of the five Free French units raised in Paris
    source: str

    @property
    def label(self) -> str:
        """The rulebook's way of naming a unit, as on its counter: nation, identifier, type and echelon ("US 101
        ABID", "SS 49 MBD"); a static division is "ST" ("DE 343 ST", Figure 10) and an airborne regiment "ABREGT"
        ("DE 2 ABREGT", Figure 4)."""
        if self.type == "ST" and self.echelon == "D":
            return f"{self.nation} {self.number} ST"
        if self.type == "ABI" and self.echelon != "D":
            return f"{self.nation} {self.number} AB{self.echelon}"
        return f"{self.nation} {self.number} {self.type}{self.echelon}"

    @property
    def size(self) -> str:
        """The NATO size mark of the counter's echelon (§2.2 Table 2: T, AG, A, D, BD, REGT)."""
        return ECHELON_SIZE[self.echelon]

    @property
    def is_hq(self) -> bool:
        return self.type == HQ

    @property
    def table5_class(self) -> str:
        """Table 5 column of a unit landing by sea: armour, or infantry (airborne by sea counts as infantry, §7)."""
        return "A" if self.type in (ARMOURED, ARMOURED_INFANTRY) else "I"


@dataclass(frozen=True)
class Sector:
    """One Table 5 row: invasion week and following week limits per type, and the later weekly limit."""

    id: str
    title: str
    week1: tuple[int, int, int]  # armoured, infantry, airborne
    week2: tuple[int, int, int]
    later: int
    reconstructed: bool


@dataclass(frozen=True)
class Tables:
    crt: OddsTable
    crt_printed: dict[int, tuple[bool, ...]]
    supply_range: dict[str, int]
    replacements: dict[str, int]
    caps: dict[str, int]
    airborne: dict[str, int]
    invasion_weeks: dict[str, int]
    terrain: dict[str, int]
    sectors: dict[str, Sector]


@cache
def units() -> dict[str, UnitDef]:
    """The 174 counters by id, German first then Allied, in file order."""
    out: dict[str, UnitDef] = {}
    with open(DATA / "units.csv", newline="", encoding="utf-8") as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        for r in rows:
            out[r["id"]] = UnitDef(
                id=r["id"], side=r["side"], nation=r["nation"], number=r["number"], type=r["type"],
                echelon=r["echelon"], af=int(r["af"]), df=int(r["df"]), mf=int(r["mf"]),
                setup=r["setup"] or None, arrival=int(r["arrival"] or 0), marked=r["marked"] == "1",
                paris=r["paris"] == "1", source=r["source"],
            )
    return out


def _numbers(d: dict[str, Any]) -> dict[str, int]:
    return {k: int(v) for k, v in d.items() if isinstance(v, int)}


@cache
def tables() -> Tables:
    with open(DATA / "tables.toml", "rb") as f:
        t = tomllib.load(f)
    crt = OddsTable.from_data(t["crt"])
    printed = {int(k): tuple(v) for k, v in t["crt"]["printed"].items()}
    sectors = {
        sid: Sector(sid, s["title"], tuple(s["week1"]), tuple(s["week2"]), int(s["later"]), "reconstructed" in s)
        for sid, s in t["sectors"].items()
    }
    return Tables(
        crt=crt, crt_printed=printed, supply_range=_numbers(t["supply_range"]),
        replacements=_numbers(t["replacements"]), caps=_numbers(t["reinforcement_caps"]),
        airborne=_numbers(t["airborne"]), invasion_weeks=_numbers(t["invasion_weeks"]),
        terrain=_numbers(t["terrain"]), sectors=sectors,  # type: ignore[arg-type]
    )


def with_crt_rows(rows: dict[int, tuple[str, ...]]) -> OddsTable:
    """The CRT with other rows (a player with the printed Table 8 swaps it in: see README)."""
    base = tables().crt
    return OddsTable(base.columns, rows, base.below, "player-supplied Table 8")
