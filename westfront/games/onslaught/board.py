"""The Onslaught board: what the rules need to know about the map, computed once.

The map (``data/map.json``, built by the project's geodata builder, vocabulary
in ``docs/maps.md``) is read through the names in :data:`NAMES` only, so a
renamed zone or feature is a one-line change here. A map that lacks something
the rules need can be completed by ``data/map_supplement.json`` (zones merged
over the map's, each with its reasoning).

Two readings of the map are the game's, not the map's (README, "Map"):
fortified ports count as fortification hexes with every land hexside
fortified (8.4 calls them fortifications), and where the map gives no
``west_of_rhine`` / ``east_of_victory_line`` / ``france_coast`` zone they are
derived from the Rhine hexsides, the Victory Line and the sea.

All sets are bitboards over the map's slots (``core.bitboard``); the
per-map tables never change during a game, so they are cached like skirmish's
``static_costs``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ...core.bitboard import Dilator, bits
from ...core.hexchoice import map_blocks
from ...core.mapdata import GameMap, load_map
from ...core.movement import PROHIBITED

DATA = Path(__file__).parent / "data"
MAP_PATH = DATA / "map.json"
ZOOM_LIMIT = 60  # more candidate hexes than this: the choice goes by map blocks first (hexchoice.py)
BLOCK = 6  # map blocks of 6x6 hexes
SUPPLEMENT = DATA / "map_supplement.json"

# The names the rules look up in map.json (docs/maps.md).
NAMES: dict[str, str] = {
    "landing": "landing_hexes",              # 3.0
    "para_setup": "paratroop_setup",         # 3.0
    "east_edge": "east_edge",                # 8.4
    "entry_a": "entry_area_a",               # 10.1
    "entry_b": "entry_area_b",               # 10.1, 8.4
    "port_area_prefix": "port_area_",        # 8.5
    "germany": "germany",                    # 10.2, 11.1 (zone)
    "west_of_rhine": "west_of_rhine",        # 13.2, 13.3 (zone)
    "east_of_vl": "east_of_victory_line",    # 13.2, 13.3 (zone)
    "france_coast": "france_coast",          # 13.3 (zone)
    "victory_line": "victory_line",          # 13.2, 13.3 (line)
    "sea": "sea",                            # 6.2, 8.3 (hexside)
    "river": "river",                        # 7.1 (hexside)
    "major": "major_river",                  # 6.5 (hexside)
    "fortified": "fortified",                # 7.5 (hexside)
    "fortification": "fortification",        # 7.5 (hex)
    "fortified_port": "fortified_port",      # 8.4 (hex)
}
IMPASSABLE_TERRAIN = ("sea", "lake", "impassable", "neutral")
DEFENSIVE_TERRAIN = ("forest", "bocage", "rough", "hills")  # 7.1; the map calls Onslaught's rough "hills"
GERMANY = ("DE", "germany")
FRANCE = ("FR", "france")
CITY_KINDS = ("city", "major_city", "capital")


@dataclass(frozen=True)
class Port:
    name: str
    hex: int
    supply: int
    fortified: bool
    area: str | None  # the port-area zone it lies in (8.5)
    needs: str | None  # another port that must be usable first (8.5: Rouen needs Le Havre)


class Board:
    """Static Onslaught facts about one compiled map."""

    def __init__(self, m: GameMap, supplement: dict[str, Any] | None = None):
        self.m = m
        self.sup = supplement or {}
        n = NAMES
        hexes = list(m.hexes())
        self.hexes = hexes
        self.land = m.bb(i for i in hexes if m.terrain[i] not in IMPASSABLE_TERRAIN)
        self.enter: list[int] = [1 if (self.land >> i) & 1 else PROHIBITED for i in range(m.size)]
        sea_sides = {k for k, fs in m.side_features.items() if n["sea"] in fs}
        self.sea_extra: dict[tuple[int, int], int] = {k: PROHIBITED for k in sea_sides}
        self.dil: Dilator = m.dilator([n["sea"]])  # ZOC, supply, distances: never across sea hexsides
        major = {k for k, fs in m.side_features.items() if n["major"] in fs}
        self.rhine_sides = frozenset(k for k in major if "rhine" in (m.side_name.get(k) or "").lower())
        self.scheldt_sides = frozenset(major - self.rhine_sides)
        self.major_sides = frozenset(major)
        self.river_sides = frozenset(k for k, fs in m.side_features.items() if n["river"] in fs)
        # ports (8.1, 8.4, 8.5)
        self.ports: list[Port] = []
        for p in m.spec.places:
            if p.kind != "port":
                continue
            h = m.index[p.hex]
            a = p.attrs
            fort_port = bool(a.get("fortified")) or n["fortified_port"] in m.features[h]
            area = a.get("port_area")
            if area and area not in m.zones:
                area = n["port_area_prefix"] + area
            self.ports.append(Port(p.name, h, int(a.get("supply", 0)), fort_port, area, a.get("needs")))
        self.port_at = {p.hex: p for p in self.ports}
        self.fortified_ports = m.bb(p.hex for p in self.ports if p.fortified)
        # fortifications (7.5); a fortified port is one, with every land hexside fortified
        fortified = {k for k, fs in m.side_features.items() if n["fortified"] in fs}
        for h in bits(self.fortified_ports):
            for j in m.nbrs[h]:
                if (self.land >> j) & 1 and (h, j) not in sea_sides:
                    fortified |= {(h, j), (j, h)}
        self.fortified_sides = frozenset(fortified)
        self.fortification = m.bb(i for i in hexes if n["fortification"] in m.features[i]) | self.fortified_ports
        self.defensive = m.bb(i for i in hexes if m.terrain[i] in DEFENSIVE_TERRAIN)
        self.germany = self._zone(n["germany"]) or m.bb(i for i in hexes if m.country[i] in GERMANY)
        self.germany &= self.land
        self.france = m.bb(i for i in hexes if m.country[i] in FRANCE) & self.land
        self.east_edge = self._zone(n["east_edge"]) & self.land
        self.area_a = self._zone(n["entry_a"]) & self.land
        self.area_b = self._zone(n["entry_b"]) & self.land
        self.port_areas: dict[str, int] = {name: self._zone(name) for name in m.zones
                                           if name.startswith(n["port_area_prefix"])}
        self.cities = m.bb(m.index[p.hex] for p in m.spec.places
                           if p.kind in CITY_KINDS or set(p.attrs.get("features", ())) & set(CITY_KINDS))
        self.french_cities = self.cities & self.france
        self.sea = m.bb(i for i in hexes if m.terrain[i] == "sea")
        self.landing_zone = bits(self._zone(n["landing"]))
        self.para_setup = bits(self._zone(n["para_setup"]))
        # movement dilators (6.5): Allied moves never cross a major waterway except as a whole-allowance first
        # step or a Rhine crossing into a bridgehead; Germans cross the Rhine freely but not the Scheldt
        self.dil_allied = self._edges(lambda k: k not in sea_sides and k not in self.major_sides)
        self.dil_german = self._edges(lambda k: k not in sea_sides and k not in self.scheldt_sides)
        self.rhine_only = self._edges(lambda k: k in self.rhine_sides)
        self.major_only = self._edges(lambda k: k in self.major_sides)
        self.scheldt_only = self._edges(lambda k: k in self.scheldt_sides)
        # (side, hex) -> the first steps of a move from it: (normal steps, Rhine steps, whole-allowance crossings),
        # filled as asked (``first_steps``)
        self._first: dict[tuple[str, int], tuple[int, int, int]] = {}
        self.west_of_rhine = self._zone(n["west_of_rhine"]) & self.land or self._flood_west(sea_sides)
        self.east_of_vl = self._zone(n["east_of_vl"]) & self.land or self._flood_east(sea_sides)
        self.coast_france = self._zone(n["france_coast"]) & self.land or self._coast(sea_sides) & self.france
        self._fit = self._fit_projection()
        self._centre_table: np.ndarray | None = None
        # map blocks for two-level hex choices (hexchoice.py) and offsets for picking their middles
        # neighbours not across the sea (retreats, advances)
        self.land_nbrs: list[list[int]] = [[j for j in ns if (i, j) not in sea_sides] for i, ns in enumerate(m.nbrs)]
        self.blocks = map_blocks(m, BLOCK, ZOOM_LIMIT)
        self.block: list[tuple[int, int] | None] = self.blocks.block  # slot -> its block (the AI scores blocks)
        self.offset: list[tuple[int, int]] = self.blocks.offset
        self.max_col = max(c for c, _ in (self.offset[i] for i in hexes))

    # ----- derived regions (used when the map has no such zone) ----------------
    def _edges(self, keep: Callable[[tuple[int, int]], bool]) -> Dilator:
        return Dilator([[j for j in ns if keep((i, j))] for i, ns in enumerate(self.m.nbrs)])

    def _flood_west(self, sea_sides: set[tuple[int, int]]) -> int:
        d = self._edges(lambda k: k not in self.rhine_sides and k not in sea_sides)
        return d.flood(self.m.bb(self.landing_zone) & self.land, self.land)

    def _flood_east(self, sea_sides: set[tuple[int, int]]) -> int:
        vl = self.m.lines.get(NAMES["victory_line"])
        if not vl:
            return self.germany
        d = self._edges(lambda k: k not in vl and k not in sea_sides)
        return d.flood(self.east_edge, self.land)

    def _coast(self, sea_sides: set[tuple[int, int]]) -> int:
        m = self.m
        return m.bb(i for i in bits(self.land) if any((self.sea >> j) & 1 or (i, j) in sea_sides for j in m.nbrs[i]))

    def _zone(self, name: str) -> int:
        m = self.m
        zones = self.sup.get("zones", {})
        if name in zones:
            return m.bb(m.index[h] for h in zones[name]["hexes"])
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

    # ----- lookups ----------------------------------------------------------------
    def nearest(self, lon: float, lat: float, among: int) -> int:
        """The hex of ``among`` nearest a geographic point (historical set-up positions)."""
        if self._fit is None:
            raise ValueError("the map has no places with lon/lat to locate set-up positions")
        x, y = np.array([lon, lat, 1.0]) @ self._fit
        hexes = np.array(bits(among), dtype=np.int64)
        centres = self._centres()[hexes]
        dx = centres[:, 0] - x
        dy = centres[:, 1] - y
        d = dx * dx + dy * dy  # ``distance_to`` for every candidate at once (set-up: one call per unit)
        return int(hexes[int(np.argmin(d))])  # the first of equal distances: the lowest hex, as ``(d, h)`` orders

    def _centres(self) -> np.ndarray:
        """Hex-centre pixels (size 1) of every slot, NaN where there is no hex; built on first use."""
        if self._centre_table is None:
            table = np.full((self.m.size, 2), np.nan)
            for i, ax in enumerate(self.m.axial):
                if ax is not None:
                    table[i] = self.m.grid.center(ax, 1.0)
            self._centre_table = table
        return self._centre_table

    def distance_to(self, lon: float, lat: float, h: int) -> float:
        """Squared distance, in hex-size units, from a geographic point to the centre of hex ``h``."""
        if self._fit is None:
            raise ValueError("the map has no places with lon/lat to locate set-up positions")
        x, y = np.array([lon, lat, 1.0]) @ self._fit
        ax = self.m.axial[h]
        assert ax is not None
        cx, cy = self.m.grid.center(ax, 1.0)
        dx, dy = cx - x, cy - y
        return float(dx * dx + dy * dy)

    def locate(self, lon: float, lat: float) -> int:
        return self.nearest(lon, lat, self.land)

    def first_steps(self, side: str, h: int) -> tuple[int, int, int]:
        """The hexes one step from ``h`` for a division of ``side`` (6.5): by its movement dilator, across
        the Rhine only (into a bridgehead, Allied), and across the waterway that takes the whole allowance."""
        key = (side, h)
        got = self._first.get(key)
        if got is None:
            s1 = 1 << h
            if side == "german":
                got = (self.dil_german.step(s1), 0, self.scheldt_only.step(s1))
            else:
                got = (self.dil_allied.step(s1), self.rhine_only.step(s1), self.major_only.step(s1))
            self._first[key] = got
        return got

    def within(self, sources: int, k: int) -> int:
        """Hexes at most ``k`` one-MP steps from ``sources`` over land, never across sea (onslaught 6.4)."""
        return self.dil.flood(sources, self.land, k)


def _load_supplement() -> dict[str, Any]:
    if SUPPLEMENT.exists():
        return json.loads(SUPPLEMENT.read_text(encoding="utf-8"))  # type: ignore[no-any-return]
    return {}


@cache
def board() -> Board:
    return Board(load_map(MAP_PATH), _load_supplement())
