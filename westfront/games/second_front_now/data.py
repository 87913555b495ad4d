"""Static data of Second Front Now!: the counters (units.csv) and the tables (tables.toml).

Loaded once per process into frozen dataclasses; the rules never change them.
"""

from __future__ import annotations

import csv
import datetime
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
MAP_FILE = DATA / "map.json"

GERMAN = "german"
ALLIED = "allied"
SIDES = (GERMAN, ALLIED)

# 2.8 design note: Canadian, Polish and Belgian/Dutch count as British; Free French as US
GROUP_OF_NATION = {"us": "us", "french": "us", "british": "commonwealth", "canadian": "commonwealth",
                   "polish": "commonwealth", "belgian_dutch": "commonwealth", "german": "german"}

# 8.3: the three replacement pools as a player reads them (the view's budget columns, prompts)
POOL_NAMES = {"german": "German", "us": "US", "commonwealth": "Commonwealth"}


@dataclass(frozen=True)
class UnitDef:
    """One counter: printed values on both sides and where it starts (3.2-3.6)."""

    id: str
    side: str
    nation: str
    name: str
    type: str  # armor | infantry | mech | para | garrison | artillery | hq
    steps: int
    full: tuple[int, int, int]  # anti-armour, anti-infantry, movement (2.10, 2.11)
    reduced: tuple[int, int, int] | None
    setup: str
    starts_reduced: bool
    twin: str
    provenance: str

    @property
    def group(self) -> str:
        """us | commonwealth | german: replacement pools and stacking groups (8.3, 10.2)."""
        return GROUP_OF_NATION[self.nation]

    @property
    def size(self) -> str | None:
        """The NATO size mark, derived from the type and name (reasoning in data/units.csv): an HQ is an army's,
        a Corps artillery counter its corps', the Fast Brigades a brigade, a fortress garrison none, the rest
        divisions."""
        if self.type == "hq":
            return "army"
        if self.type == "artillery":
            return "corps"
        if self.type == "garrison":
            return None
        return "brigade" if "Brigade" in self.name else "division"

    @property
    def armored(self) -> bool:
        return self.type == "armor"

    @property
    def artillery(self) -> bool:
        return self.type == "artillery"

    @property
    def untried(self) -> bool:
        """2.13: the white one-step counters of boxed-id US divisions."""
        return self.setup == "england" and bool(self.twin)

    @property
    def blooded_twin(self) -> bool:
        return self.setup == "blooded"

    @property
    def airborne(self) -> bool:
        """15.5/15.6: the four airborne divisions that may withdraw and drop."""
        return self.side == ALLIED and self.type == "para"

    @property
    def combat(self) -> bool:
        return self.type != "hq"

    def values(self, steps: int) -> tuple[int, int, int]:
        """Printed values for the side showing (full when at full strength or one-step)."""
        if steps >= self.steps or self.reduced is None:
            return self.full
        return self.reduced


@dataclass(frozen=True)
class TurnRecord:
    turn: int
    date: datetime.date
    rp: dict[str, int]  # german, us, commonwealth
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Tables:
    raw: dict[str, Any]
    turns: tuple[TurnRecord, ...]

    def __getitem__(self, key: str) -> Any:
        return self.raw[key]

    def turn(self, t: int) -> TurnRecord:
        return self.turns[t - 1]


def _int3(row: dict[str, str], prefix: str) -> tuple[int, int, int] | None:
    if not row[prefix + "aa"]:
        return None
    return int(row[prefix + "aa"]), int(row[prefix + "ai"]), int(row[prefix + "mf"])


@cache
def units() -> dict[str, UnitDef]:
    lines = [ln for ln in (DATA / "units.csv").read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    out: dict[str, UnitDef] = {}
    for row in csv.DictReader(lines):
        full = _int3(row, "")
        assert full is not None
        out[row["id"]] = UnitDef(
            id=row["id"], side=row["side"], nation=row["nation"], name=row["name"], type=row["type"],
            steps=int(row["steps"]), full=full, reduced=_int3(row, "red_"), setup=row["setup"],
            starts_reduced=row["reduced"] == "1", twin=row["twin"], provenance=row["provenance"],
        )
    return out


@cache
def tables() -> Tables:
    raw = tomllib.loads((DATA / "tables.toml").read_text(encoding="utf-8"))
    turns = tuple(
        TurnRecord(t["turn"], datetime.date.fromisoformat(t["date"]),
                   {"german": t["german_rp"], "us": t["us_rp"], "commonwealth": t["commonwealth_rp"]},
                   tuple(t["notes"]))
        for t in raw["turn"]
    )
    return Tables(raw, turns)


def date_label(turn: int) -> str:
    """1.2 / Turn Record Sheet: turn N is 1 September 1943 + N days."""
    d = tables().turn(turn).date
    return f"{d.day} {d.strftime('%b')} 1943"
