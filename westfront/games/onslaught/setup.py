"""Setting up (onslaught 3.0): the starting position of a scenario.

Set-up positions in ``units.csv`` are the landing-hex number or the
division's historical lon/lat on 6 June 1944; :meth:`Board.locate` turns a
lon/lat into the nearest land hex of whatever map is installed, so the same
order of battle survives refinements of the map.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from ...core.bitboard import bits
from .board import board
from .data import SCENARIOS, SUPPLY, UNITS


def landing_hexes() -> list[int]:
    """The three landing hexes, west to east as the map lists them (Omaha-Utah, Gold, Juno-Sword)."""
    b = board()
    if len(b.landing_zone) != 3:
        raise ValueError(f"the map has {len(b.landing_zone)} landing hexes; onslaught 3.0 needs three")
    return list(b.landing_zone)


@cache
def setup_hexes(scenario: str = "campaign") -> dict[str, int]:
    """Unit id -> set-up hex for every unit on the map at the start."""
    b = board()
    lands = landing_hexes()
    out: dict[str, int] = {}
    paras: list[str] = []
    for uid, u in UNITS.items():
        if u.turn != 0:
            continue
        if u.setup.startswith("landing:"):
            out[uid] = lands[int(u.setup.split(":")[1])]
        elif u.allied_para and b.para_setup:
            paras.append(uid)
        else:
            out[uid] = b.locate(*lonlat(u.setup))
    if paras:  # 3.0: the map's paratroop set-up hexes, matched to the historical drop zones
        if len(paras) != len(b.para_setup):
            raise ValueError(f"{len(paras)} paratroop divisions for {len(b.para_setup)} paratroop set-up hexes")
        best = min(itertools.permutations(b.para_setup),
                   key=lambda hs: sum(b.distance_to(*lonlat(UNITS[u].setup), h) for u, h in zip(paras, hs, strict=True)))
        out.update(zip(paras, best, strict=True))
    return out


def lonlat(text: str) -> tuple[float, float]:
    lon, lat = (float(x) for x in text.split())
    return lon, lat


def tracked_hexes() -> list[int]:
    """Hexes whose last occupant matters: landing hexes, ports, French cities (8.1, 8.5, 14.2)."""
    b = board()
    return sorted(set(b.landing_zone) | set(b.port_at) | set(bits(b.french_cities)))


def initial_position(scenario: str, options: dict[str, Any]) -> dict[str, Any]:
    b = board()
    m = b.m
    places = setup_hexes(scenario)
    units: dict[str, dict[str, Any]] = {}
    for uid in UNITS:
        if uid in places:
            units[uid] = {"hex": m.label(places[uid]), "box": None, "full": True}
        else:
            units[uid] = {"hex": None, "box": "pending", "full": True}
    control: dict[str, str] = {}
    lands = set(landing_hexes())
    for h in tracked_hexes():
        control[m.label(h)] = "allied" if h in lands else "german"
    for uid, h in places.items():
        lab = m.label(h)
        if lab in control:
            control[lab] = UNITS[uid].side
    return {
        "turn": int(SCENARIOS[scenario].get("first_turn", 1)),
        "units": units,
        "supply_points": {"allied": SUPPLY.allied_start, "german": SUPPLY.german_start},
        "income": SUPPLY.allied_start,  # 3.0: the Allied supply income marker starts on 12
        # 8.7: on turn 1 the landing hexes count as collected on a hypothetical turn 0
        "collected": {m.label(h): SUPPLY.landing_hex for h in landing_hexes()},
        "control": control,
        "captured": [],
        "bulge": {"used": False, "turn": None},
        "action": None,
        "phase": "Set-up",
        "replacement_points": {"allied": 0, "german": 0},
        "victory_points": None,
    }
