"""The game's tables, read once from ``data/tables.toml``.

Keeping every number in the data file (with its ``source``/``reconstructed``
note) means a player with the printed Combat Table can swap it in without
touching code; this module only gives the values names and types.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...core.combat.odds_crt import OddsTable, parse_ratio

DATA = Path(__file__).parent / "data"
RAW: dict[str, Any] = tomllib.loads((DATA / "tables.toml").read_text(encoding="utf-8"))

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
DEFENSIVE_TERRAIN = frozenset(MOD["defensive_terrains"])


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
