"""The game's data files, read once: tables.toml, units.csv, scenarios.toml.

Everything the rulebook prints or we reconstructed lives in ``data/`` next to
its ``source=``/``reconstructed=`` note; the rules modules only read these
typed views, so a corrected value is a one-line data change.
"""

from __future__ import annotations

import csv
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"

SIDES = ("german", "allied")
NATION_NAMES = {"us": "US", "uk": "British", "ca": "Canadian", "fr": "French", "de": "German"}
COMMONWEALTH = ("uk", "ca")


@dataclass(frozen=True)
class UnitClass:
    key: str
    side: str
    kind: str  # "infantry" | "panzer"
    drc: int
    strength: int  # steps at full strength (the printed SP)
    mp: int
    army: bool = False
    no_group: bool = False
    mountain: bool = False
    elite: bool = False
    volksturm: bool = False
    coast: bool = False
    fortress: bool = False

    @property
    def static(self) -> bool:
        return self.mp == 0

    @property
    def size(self) -> str:
        """The NATO size mark: an army class is an army, every other class a corps (rulebook 3.0; data/tables.toml)."""
        return "army" if self.army else "corps"


@dataclass(frozen=True)
class UnitDef:
    id: str
    side: str
    nation: str
    group: str  # "21", "12", "6", "B", "G", "H", "F" (fortress) or "-" (joins any: panzer, airborne corps)
    cls: UnitClass
    name: str
    setup: str
    quick: str
    dec: str
    dec_strength: int | None  # strength in the December 1944 set-up
    entry: int | None  # month of arrival (1 = June 1944); None: set-up unit
    rco: bool
    entry_at: str
    mp: int | None  # printed MP when it differs from the class (3rd US Army: 5)
    note: str

    @property
    def short(self) -> str:
        """Counter text: the name without the commander."""
        return self.name.split(" (")[0]


@dataclass(frozen=True)
class Support:
    id: str
    kind: str  # naval | bomber | airborne
    name: str
    nation: str | None
    first: int
    invasion: str | None


@cache
def tables() -> dict[str, Any]:
    with open(DATA / "tables.toml", "rb") as f:
        return tomllib.load(f)


@cache
def scenarios() -> dict[str, dict[str, Any]]:
    with open(DATA / "scenarios.toml", "rb") as f:
        return tomllib.load(f)


@cache
def classes() -> dict[str, UnitClass]:
    out = {}
    for key, c in tables()["classes"].items():
        out[key] = UnitClass(key=key, side=c["side"], kind=c["kind"], drc=c["drc"], strength=c["sp"], mp=c["mp"],
                             army=c.get("army", False), no_group=c.get("no_group", False),
                             mountain=c.get("mountain", False), elite=c.get("elite", False),
                             volksturm=c.get("volksturm", False), coast=c.get("coast", False),
                             fortress=c.get("fortress", False))
    return out


@cache
def units() -> dict[str, UnitDef]:
    cl = classes()
    out: dict[str, UnitDef] = {}
    with open(DATA / "units.csv", encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            note = row["note"]
            if not (note.startswith("source=") or note.startswith("reconstructed=")):
                raise ValueError(f"units.csv row {row['id']} needs a source= or reconstructed= note")
            entry = row["entry"].strip()
            out[row["id"]] = UnitDef(
                id=row["id"], side=row["side"], nation=row["nation"], group=row["group"], cls=cl[row["cls"]],
                name=row["name"], setup=row["setup"].strip(), quick=row["quick"].strip(), dec=row["dec"].strip(),
                dec_strength=int(row["dec_sp"]) if row["dec_sp"].strip() else None,
                entry=int(entry) if entry.isdigit() else None, rco=entry == "rco",
                entry_at=row["entry_at"].strip(), mp=int(row["mp"]) if row["mp"].strip() else None, note=note)
    return out


@cache
def supports() -> dict[str, Support]:
    return {s["id"]: Support(id=s["id"], kind=s["kind"], name=s["name"], nation=s.get("nation"), first=s["from"],
                             invasion=s.get("invasion")) for s in tables()["support"]}


def opponent(side: str) -> str:
    """The other side (``INFO.opponent`` for code below the rules layer)."""
    return "allied" if side == "german" else "german"


def month_label(turn: int) -> str:
    return str(tables()["months"][turn - 1])
