"""The Onslaught board: what the rules need to know about the map, computed once.

Every zone, line, place and feature name the rules read from ``map.json`` is
listed in :data:`NAMES`, so the real map from the ``geo`` branch plugs in by
editing one table. Anything the map lacks can be supplied by
``data/map_supplement.json`` (merged here, each entry with its reasoning).
Until ``data/map.json`` exists, the provisional map built by
:mod:`.provisional_map` is used.

All sets are bitboards over the map's slots (see ``core.bitboard``); the
per-map tables (sea hexsides, major waterways, regions west of the Rhine and
east of the Victory Line, the fitted lon/lat projection) never change during a
game, so they are cached like skirmish's ``static_costs``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ...core.bitboard import Dilator, bits
from ...core.mapdata import GameMap, load_map
from ...core.movement import PROHIBITED

DATA = Path(__file__).parent / "data"
REAL_MAP = DATA / "map.json"
PROVISIONAL_MAP = DATA / "provisional_map.json"
SUPPLEMENT = DATA / "map_supplement.json"

# The names the rules look up in map.json (zones, lines, features, place kinds).
NAMES: dict[str, str] = {
    "landing": "landing_hexes",          # 3.0
    "east_edge": "east_edge",            # 8.4
    "entry_a": "entry_area_a",           # 10.1
    "entry_b": "entry_area_b",           # 10.1, 8.4
    "port_area_prefix": "port_area_",    # 8.5
    "victory_line": "victory_line",      # 13.2, 13.3
    "sea": "sea",                        # 6.2, 8.3 hexside feature
    "river": "river",                    # 7.1
    "major": "major_river",              # 6.5
    "fortified": "fortified",            # 7.5 hexside feature
    "fortification": "fortification",    # 7.5 hex feature
    "germany": "germany",                # 10.2, 11.1 (hex country)
    "france": "france",                  # 14.2, 13.3
}
IMPASSABLE_TERRAIN = ("sea", "neutral", "lake", "impassable")  # never entered (neutral: Switzerland)


def map_file() -> Path:
    """The real map when the geo branch has delivered it, else the provisional one."""
    return REAL_MAP if REAL_MAP.exists() else PROVISIONAL_MAP


@dataclass(frozen=True)
class Port:
    name: str
    hex: int
    supply: int
    fortified: bool
    area: str | None
    needs: str | None  # another port that must be usable first (8.5: Rouen needs Le Havre)


class Board:
    """Static Onslaught facts about one compiled map."""

    def __init__(self, m: GameMap, supplement: dict[str, Any] | None = None):
        self.m = m
        sup = supplement or {}
        n = NAMES
        hexes = list(m.hexes())
        self.hexes = hexes
        bad = set(IMPASSABLE_TERRAIN)
        self.land = m.bb(i for i in hexes if m.terrain[i] not in bad)
        self.enter: list[int] = [1 if (self.land >> i) & 1 else PROHIBITED for i in range(m.size)]
        sea_sides = {k for k, fs in m.side_features.items() if n["sea"] in fs}
        self.sea_extra: dict[tuple[int, int], int] = {k: PROHIBITED for k in sea_sides}
        self.dil: Dilator = m.dilator([n["sea"]])  # ZOC, supply, distances: never across sea hexsides
        major = {k for k, fs in m.side_features.items() if n["major"] in fs}
        rhine = {k for k in major if "rhine" in (m.side_name.get(k) or "").lower()}
        rhine |= set(m.lines.get("rhine", frozenset()))
        self.rhine_sides = frozenset(rhine)
        self.scheldt_sides = frozenset(major - rhine)
        self.major_sides = frozenset(major)
        self.river_sides = frozenset(k for k, fs in m.side_features.items() if n["river"] in fs)
        self.fortified_sides = frozenset(k for k, fs in m.side_features.items() if n["fortified"] in fs)
        # movement dilators (6.5): Allied moves never cross a major waterway except as a whole-allowance first
        # step or a Rhine crossing into a bridgehead; Germans cross the Rhine freely but not the Scheldt
        self.dil_allied = self._edges(lambda k: k not in sea_sides and k not in self.major_sides)
        self.dil_german = self._edges(lambda k: k not in sea_sides and k not in self.scheldt_sides)
        self.rhine_only = self._edges(lambda k: k in self.rhine_sides)
        self.major_only = self._edges(lambda k: k in self.major_sides)
        self.scheldt_only = self._edges(lambda k: k in self.scheldt_sides)
        self.fortification = m.bb(i for i in hexes if n["fortification"] in m.features[i])
        self.defensive = m.bb(i for i in hexes if m.terrain[i] in ("forest", "rough", "bocage"))
        self.germany = m.bb(i for i in hexes if m.country[i] == n["germany"]) & self.land
        self.france = m.bb(i for i in hexes if m.country[i] == n["france"]) & self.land
        self.east_edge = self._zone(n["east_edge"], sup) & self.land
        self.area_a = self._zone(n["entry_a"], sup) & self.land
        self.area_b = self._zone(n["entry_b"], sup) & self.land
        self.port_areas: dict[str, int] = {}
        for name in m.zones:
            if name.startswith(n["port_area_prefix"]):
                self.port_areas[name[len(n["port_area_prefix"]):]] = self._zone(name, sup)
        self.ports: list[Port] = []
        for p in m.spec.places:
            if p.kind == "port":
                a = p.attrs
                self.ports.append(Port(p.name, m.index[p.hex], int(a.get("supply", 0)), bool(a.get("fortified")),
                                       a.get("port_area"), a.get("needs")))
        self.port_at = {p.hex: p for p in self.ports}
        self.fortified_ports = m.bb(p.hex for p in self.ports if p.fortified)
        self.cities = m.bb(m.index[p.hex] for p in m.spec.places if p.kind == "city")
        self.french_cities = self.cities & self.france
        self.sea = m.bb(i for i in hexes if m.terrain[i] == "sea")
        coastal = [i for i in bits(self.land) if any((self.sea >> j) & 1 for j in m.nbrs[i])
                   or any((i, j) in sea_sides for j in m.nbrs[i])]
        self.coast_france = m.bb(coastal) & self.france
        self.landing_zone = bits(self._zone(n["landing"], sup))
        # the region west of the Rhine (13.2, 13.3): flood from the landing hexes without crossing it
        rhine_dil = m.dilator([n["sea"]]) if not self.rhine_sides else Dilator(
            [[j for j in ns if (i, j) not in self.rhine_sides and (i, j) not in sea_sides]
             for i, ns in enumerate(m.nbrs)])
        seed = m.bb(self.landing_zone) & self.land
        self.west_of_rhine = rhine_dil.flood(seed, self.land) if self.rhine_sides else self.land & ~self.germany
        vl = m.lines.get(n["victory_line"])
        if vl:
            vl_dil = Dilator([[j for j in ns if (i, j) not in vl and (i, j) not in sea_sides]
                              for i, ns in enumerate(m.nbrs)])
            self.east_of_vl = vl_dil.flood(self.east_edge, self.land)
        else:
            self.east_of_vl = self.germany
        self._fit = self._fit_projection()
        # 6x6 blocks of the map for two-level hex choices (hexchoice.py)
        self.block: list[tuple[int, int] | None] = [None] * m.size
        self.offset: list[tuple[int, int]] = [(0, 0)] * m.size
        for i in hexes:
            ax = m.axial[i]
            assert ax is not None
            c, r = m.grid.to_offset(ax)
            self.offset[i] = (c, r)
            self.block[i] = (c // 6, r // 6)

    # ----- helpers --------------------------------------------------------
    def _edges(self, keep: Any) -> Dilator:
        m = self.m
        return Dilator([[j for j in ns if keep((i, j))] for i, ns in enumerate(m.nbrs)])

    def _zone(self, name: str, sup: dict[str, Any]) -> int:
        m = self.m
        if name in sup.get("zones", {}):
            return m.bb(m.index[h] for h in sup["zones"][name]["hexes"])
        if name in m.zones:
            return m.bb(m.zones[name])
        return 0

    def _fit_projection(self) -> np.ndarray | None:
        """Least-squares affine map lon/lat -> hex-centre pixels, from the places that carry lon/lat."""
        m = self.m
        rows, targets = [], []
        for p in m.spec.places:
            if p.lonlat is None or p.kind == "beach":
                continue
            rows.append([p.lonlat[0], p.lonlat[1], 1.0])
            ax = m.axial[m.index[p.hex]]
            assert ax is not None
            targets.append(m.grid.center(ax, 1.0))
        if len(rows) < 3:
            return None
        sol, *_ = np.linalg.lstsq(np.array(rows), np.array(targets), rcond=None)
        return sol  # type: ignore[no-any-return]

    def locate(self, lon: float, lat: float) -> int:
        """The land hex nearest a geographic point (used for historical set-up positions)."""
        if self._fit is None:
            raise ValueError("the map has no places with lon/lat to locate set-up positions")
        x, y = np.array([lon, lat, 1.0]) @ self._fit
        best, best_d = -1, float("inf")
        for i in bits(self.land):
            ax = self.m.axial[i]
            assert ax is not None
            cx, cy = self.m.grid.center(ax, 1.0)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d < best_d:
                best, best_d = i, d
        return best

    def place_hex(self, name: str) -> int:
        return self.m.place(name)

    def within(self, sources: int, k: int) -> int:
        """Hexes at most ``k`` one-MP steps from ``sources`` over land, never across sea (onslaught 6.4)."""
        return self.dil.flood(sources, self.land, k)

    def label(self, i: int) -> str:
        return self.m.label(i)

    def labels(self, bb: int) -> list[str]:
        return self.m.labels_of(bb)


def _load_supplement() -> dict[str, Any]:
    if SUPPLEMENT.exists():
        return json.loads(SUPPLEMENT.read_text(encoding="utf-8"))  # type: ignore[no-any-return]
    return {}


@cache
def board() -> Board:
    return Board(load_map(map_file()), _load_supplement())
