"""The board: the map file read through the names and zones the 1944 rules use.

Every other module asks this one for "the Ruhr", "the Lower Normandy arrows",
"German hexes on the east edge" or "west of the Rhine" and never for a hex
label, so the real map from the ``geo`` branch plugs in by replacing the JSON.
A zone the map file names (see ``ZONE_NAMES``) wins; otherwise the zone is
derived from places and geometry with the rule the rulebook states (e.g.
18.4: "two coast hexes between Cherbourg and Caen"). ``data/map_supplement.json``
can add places or zones a map lacks, each with its reason.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any, cast

from ...core.actions import Action, act
from ...core.bitboard import Dilator, bits
from ...core.hexgrid import DIRECTIONS
from ...core.mapdata import GameMap, load_map
from ...core.movement import PROHIBITED
from .data import DATA, tables

MAP_JSON = DATA / "map.json"  # built from real geography on the geo branch (docs/maps.md)
SUPPLEMENT = DATA / "map_supplement.json"


def map_file() -> Path:
    return MAP_JSON


WATER = {"sea", "lake", "water", "ocean"}
NOT_PLAYABLE = WATER | {"neutral", "impassable", "offmap"}
TERRAIN_ALIAS = {"woods": "forest", "wood": "forest", "forest": "forest", "bocage": "bocage", "marsh": "marsh",
                 "swamp": "marsh", "polder": "marsh", "mountain": "mountain", "mountains": "mountain",
                 "alpine": "mountain", "clear": "clear", "open": "clear", "hills": "clear", "rough": "clear",
                 "urban": "clear", "city": "clear", "fortress": "clear"}
COUNTRY_ALIAS = {"de": "germany", "deu": "germany", "germany": "germany", "at": "germany", "austria": "germany",
                 "fr": "france", "fra": "france", "france": "france", "be": "belgium", "bel": "belgium",
                 "belgium": "belgium", "nl": "netherlands", "nld": "netherlands", "netherlands": "netherlands",
                 "holland": "netherlands", "lu": "luxembourg", "lux": "luxembourg", "luxembourg": "luxembourg",
                 "ch": "switzerland", "switzerland": "switzerland"}
ALLIED_COUNTRIES = ("france", "belgium", "netherlands", "luxembourg")
CITY_KINDS = ("city", "major_city", "minor_city", "capital", "port", "fortified_port")
CITY_FEATURES = {"city", "major_city", "minor_city", "capital"}
# alternative spellings of the places the rules name
ALIASES = {"cologne": "koln", "koeln": "koln", "munich": "munchen", "antwerpen": "antwerp", "anvers": "antwerp",
           "bruxelles": "brussels", "brussel": "brussels", "dunkerque": "dunkirk", "gent": "ghent",
           "walcherin": "walcheren", "vlissingen": "walcheren", "flushing": "walcheren", "duesseldorf": "dusseldorf",
           "muenster": "munster", "osnabrueck": "osnabruck", "saarbruecken": "saarbrucken",
           "frankfurtammain": "frankfurt", "marseille": "marseilles", "denhaag": "thehague", "lahaye": "thehague"}
# zone names a map file may carry for each rules concept (first match wins)
ZONE_NAMES: dict[str, tuple[str, ...]] = {
    "brittany": ("invasion_brittany", "brittany"),
    "lower_normandy": ("invasion_lower_normandy", "lower_normandy"),
    "upper_normandy": ("invasion_upper_normandy", "upper_normandy"),
    "pas_de_calais": ("invasion_pas_de_calais", "pas_de_calais"),
    "belgium": ("invasion_belgium", "belgium_coast"),
    "from_marseilles": ("from_marseilles", "marseilles"),
    "exit_hamburg": ("exit_hamburg", "to_hamburg"),
    "exit_berlin": ("exit_berlin", "to_berlin"),
    "exit_prague": ("exit_prague_vienna", "exit_prague", "to_prague_vienna"),
    "german_east_edge": ("german_east_edge", "east_edge"),
    "german_south_edge": ("german_south_edge",),
    "france_south_edge": ("south_france_edge", "france_south_edge", "south_edge_france"),
    "scheldt": ("walcheren_north", "scheldt", "antwerp_approaches"),
    "scheldt_coast": ("antwerp_naval_restricted", "scheldt_coast"),
    "north": ("north_map", "northern_map", "learning"),
}
INVASION_ZONES = ("brittany", "lower_normandy", "upper_normandy", "pas_de_calais", "belgium")
EXIT_ZONES = {"exit_hamburg": "To Hamburg", "exit_berlin": "To Berlin", "exit_prague": "To Prague/Vienna"}
RUHR = ("Essen", "Dusseldorf", "Dortmund")
N, NE, SE, S, SW, NW = range(6)
DIR_NAMES = {"N": N, "NE": NE, "SE": SE, "S": S, "SW": SW, "NW": NW, "E": -1, "W": -2}


@cache  # asked for the same few place names (Antwerp, Royan, Walcheren) on every legal-action list
def norm(name: str) -> str:
    """Compare place names without accents, case, spaces or the Saint/St difference."""
    t = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    t = "".join(ch for ch in t if ch.isalnum())
    t = t.replace("saint", "st")
    return ALIASES.get(t, t)


@dataclass(frozen=True)
class City:
    name: str
    hex: int
    country: str
    major: bool
    port: bool
    fortress: bool
    pc: int

    @property
    def fortress_port(self) -> bool:
        return self.port and self.fortress


class Board:
    """The compiled board with everything the rules look up, built once per map."""

    def __init__(self, m: GameMap, supplement: dict[str, Any] | None = None):
        self.m = m
        self.size = m.size
        sup = supplement or {}
        n = m.size
        self.terrain: list[str] = [""] * n
        self.country: list[str | None] = [None] * n
        self.land_bb = 0
        for i in m.hexes():
            t = m.terrain[i].lower()
            c = (m.country[i] or "").lower()
            country = COUNTRY_ALIAS.get(c, c or None)
            if t in NOT_PLAYABLE or country == "switzerland":
                self.terrain[i] = "sea" if t in WATER else "neutral"
                continue
            self.terrain[i] = TERRAIN_ALIAS.get(t, "clear")
            self.country[i] = country
            self.land_bb |= 1 << i
        # names
        self.names: dict[str, int] = {}
        self.place_name: dict[int, str] = {}
        for p in m.spec.places:
            self.names.setdefault(norm(p.name), m.index[p.hex])
        for p in sup.get("places", []):
            self.names[norm(p["name"])] = m.hex(p["hex"])
        # cities
        self.cities: dict[int, City] = {}
        fort_places: set[int] = set()
        pcs = tables()["port_capacity"]
        extra_places: list[Any] = [_PlaceLike(**q) for q in sup.get("places", [])]
        for p in [*m.spec.places, *extra_places]:
            i = m.index[p.hex]
            if not (self.land_bb >> i) & 1:
                continue
            kind = p.kind.lower()
            attrs = dict(p.attrs or {})
            feats = set(m.features[i]) | set(attrs.get("features", []))
            if kind in ("fortress", "fortified_port") or attrs.get("fortress") or "fortress" in feats:
                fort_places.add(i)
            port = (kind in ("port", "fortified_port") or "port" in feats or bool(attrs.get("port"))) \
                and not attrs.get("not_a_port") and int(attrs.get("pc", 1)) > 0
            is_city = port or bool(feats & CITY_FEATURES) or kind in CITY_KINDS or bool(attrs.get("city"))
            if not is_city:
                self.place_name.setdefault(i, p.name)
                continue
            major = kind in ("major_city", "capital") and "minor_city" not in feats or bool(attrs.get("major")) \
                or "major_city" in feats
            fort = i in fort_places
            pc = int(attrs.get("pc", pcs.get(norm(p.name), pcs["default"]))) if port else 0
            if i not in self.cities:
                self.cities[i] = City(p.name, i, self.country[i] or "", major, port, fort, pc)
                self.place_name[i] = p.name
        self.fortress_bb = m.bb(i for i in m.hexes() if (self.land_bb >> i) & 1 and (
            "fortress" in m.features[i] or m.terrain[i].lower() == "fortress"
            or i in fort_places))
        for lab in sup.get("fortress_hexes", []):
            self.fortress_bb |= 1 << m.hex(lab)
        self.city_bb = m.bb(self.cities)
        self.major_bb = m.bb(i for i, c in self.cities.items() if c.major)
        self.port_bb = m.bb(i for i, c in self.cities.items() if c.port)
        self._zone_cache: dict[str, list[int]] = {}
        self._zone_bbs: dict[str, int] = {}
        self._by_distance: dict[int, list[int]] = {}
        self._balls: dict[tuple[int, int], int] = {}
        self._hex_actions: dict[str, list[Action]] = {}
        self._sup_zones = {k: frozenset(m.hex(h) for h in v) for k, v in sup.get("zones", {}).items()}

    # ----- names --------------------------------------------------------------------------
    def find(self, name: str) -> int:
        key = norm(name)
        if key in self.names:
            return self.names[key]
        raise KeyError(f"no place called {name!r} on the 1944 map")

    def opt(self, name: str) -> int | None:
        """The hex of a place, or None when this board lacks it (small test boards)."""
        return self.names.get(norm(name))

    def has(self, name: str) -> bool:
        return norm(name) in self.names

    def label(self, i: int) -> str:
        return self.m.label(i)

    def hex(self, label: str) -> int:
        return self.m.index[label]

    def hex_actions(self, verb: str) -> list[Action]:
        """``act(verb, label)`` for every hex slot, built once per verb: a destination list is then
        one list lookup per hex instead of a label and an interning per hex."""
        got = self._hex_actions.get(verb)
        if got is None:
            table: list[Action | None] = [None] * self.size  # slots that are no hex have no action
            for label, i in self.m.index.items():
                table[i] = act(verb, label)
            got = self._hex_actions[verb] = cast("list[Action]", table)
        return got

    def name_of(self, i: int) -> str:
        return self.place_name.get(i) or self.m.label(i)

    def city_named(self, name: str) -> City:
        return self.cities[self.find(name)]

    def ruhr(self) -> list[int]:
        return [self.find(n) for n in RUHR]

    # ----- geometry -----------------------------------------------------------------------
    def neighbor(self, i: int, d: int) -> int | None:
        pos = self.m.axial[i]
        if pos is None:
            return None
        dq, dr = DIRECTIONS[d]
        return self.m._by_axial.get((pos[0] + dq, pos[1] + dr))

    def offset(self, i: int) -> tuple[int, int]:
        pos = self.m.axial[i]
        assert pos is not None
        return self.m.grid.to_offset(pos)

    def is_land(self, i: int) -> bool:
        return bool((self.land_bb >> i) & 1)

    def land_nbrs(self, i: int) -> list[int]:
        return list(self.adj[i])

    @cached_property
    def adj(self) -> list[tuple[int, ...]]:
        """Land neighbours that are not across an all-sea hexside."""
        out: list[tuple[int, ...]] = []
        m = self.m
        for i in range(self.size):
            if not self.is_land(i):
                out.append(())
                continue
            out.append(tuple(j for j in m.nbrs[i] if self.is_land(j) and "sea" not in m.side(i, j)))
        return out

    @cached_property
    def dilator(self) -> Dilator:
        return Dilator([list(ns) for ns in self.adj])

    @cached_property
    def motor_dilator(self) -> Dilator:
        """Steps of a motorised move (11.2): land neighbours, never across the Rhine or the sea
        (the edges of ``reach`` with ``flat_cost`` and ``rhine_blocked``)."""
        blocked = self.rhine_blocked
        return Dilator([[j for j in ns if (i, j) not in blocked] for i, ns in enumerate(self.adj)])

    def distance(self, a: int, b: int) -> int:
        return self.m.distance(a, b)

    def within(self, i: int, r: int) -> int:
        """Bitboard of land hexes within ``r`` hexes of ``i`` (straight distance)."""
        return self._within_cache(i, r)

    @cache  # noqa: B019 - boards live for the whole process
    def _within_cache(self, i: int, r: int) -> int:
        bb = 0
        for j in bits(self.land_bb):
            if self.m.distance(i, j) <= r:
                bb |= 1 << j
        return bb

    def ball(self, i: int, r: int) -> int:
        """Bitboard of the hexes at most ``r`` steps of ``adj`` from ``i``: the footprint of a local
        fact (a reach of ``r - 1`` MP and the ZOC around it, see ``State.cached``). Per process."""
        key = (i, r)
        got = self._balls.get(key)
        if got is None:
            got = self._balls[key] = self.dilator.flood(1 << i, self.land_bb, r)
        return got

    def cities_by_distance(self, i: int) -> list[int]:
        """Every city, nearest first (ties by slot): a static list per hex, built on first use."""
        got = self._by_distance.get(i)
        if got is None:
            got = sorted(self.cities, key=lambda c: (self.m.distance(c, i), c))
            self._by_distance[i] = got
        return got

    def edge(self, i: int, d: int, neutral: bool = False) -> bool:
        """True when the hex has no neighbour that way: the board edge (or, with ``neutral``, a neutral country)."""
        j = self.neighbor(i, d)
        return j is None or (neutral and self.terrain[j] == "neutral")

    def rhine(self, a: int, b: int) -> bool:
        return "major_river" in self.m.side(a, b)

    def river(self, a: int, b: int) -> bool:
        fs = self.m.side(a, b)
        return "river" in fs or "minor_river" in fs

    @cached_property
    def coast_bb(self) -> int:
        """Land hexes on the sea: next to a sea hex or across an all-sea hexside."""
        out = 0
        m = self.m
        for i in bits(self.land_bb):
            for j in m.nbrs[i]:
                if self.terrain[j] == "sea" or "sea" in m.side(i, j):
                    out |= 1 << i
                    break
        return out

    def sea_neighbor(self, i: int) -> int | None:
        """A sea hex next to coast hex ``i`` (where an invading army comes from)."""
        for j in self.m.nbrs[i]:
            if self.terrain[j] == "sea":
                return j
        return None

    # ----- countries and the Rhine --------------------------------------------------------
    @cached_property
    def germany_bb(self) -> int:
        return self.m.bb(i for i in bits(self.land_bb) if self.country[i] == "germany")

    @cached_property
    def allied_country_bb(self) -> int:
        return self.m.bb(i for i in bits(self.land_bb) if self.country[i] in ALLIED_COUNTRIES)

    @cached_property
    def west_bb(self) -> int:
        """West of the Rhine: land reachable from Paris without crossing the Rhine (17.2)."""
        if "west_of_rhine" in self.m.zones:
            return self.m.bb(self.m.zones["west_of_rhine"])
        paris = self.opt("Paris")
        if paris is None:
            return self.land_bb
        d = Dilator([[j for j in self.adj[i] if not self.rhine(i, j)] for i in range(self.size)])
        return d.flood(1 << paris, self.land_bb)

    @cached_property
    def east_bb(self) -> int:
        return self.land_bb & ~self.west_bb

    # ----- zones -----------------------------------------------------------------------------
    def zone(self, key: str) -> list[int]:
        """A rules zone as an ordered list of hexes (west to east, then north to south)."""
        z = self._zone_cache.get(key)
        if z is None and key in INVASION_ZONES:
            for k in INVASION_ZONES:  # arrows are shared out west to east
                if k not in self._zone_cache:
                    self._zone_cache[k] = sorted(self._find_zone(k), key=lambda i: self.offset(i))
            z = self._zone_cache[key]
        if z is None:
            z = sorted(self._find_zone(key), key=lambda i: self.offset(i))
            self._zone_cache[key] = z
        return z

    def zone_bb(self, key: str) -> int:
        """:meth:`zone` as a bitboard (static per board: built once; supply edges and ports ask every time)."""
        got = self._zone_bbs.get(key)
        if got is None:
            got = self._zone_bbs[key] = self.m.bb(self.zone(key))
        return got

    def _find_zone(self, key: str) -> list[int]:
        hexes = self._named_zone(key)
        if hexes is not None:
            return list(hexes)
        try:
            return list(getattr(self, f"_derive_{key}")())
        except KeyError:  # a board without the places the zone is defined by (small test boards)
            return []

    def _named_zone(self, key: str) -> frozenset[int] | None:
        if key in self._sup_zones:
            return self._sup_zones[key]
        for name in ZONE_NAMES[key]:
            if name in self.m.zones:
                return self.m.zones[name]
        return None

    def _coastal_candidates(self) -> list[int]:
        """Coast hexes an invasion arrow may point at: not a fortress, not a named place, not used yet."""
        used = {i for k in INVASION_ZONES if k in self._zone_cache for i in self._zone_cache[k]}
        return [i for i in bits(self.coast_bb & ~self.fortress_bb) if i not in used
                and (i in self.cities or i not in self.place_name)]

    def _rank(self, i: int) -> int:
        return 1 if i in self.cities else 0

    def _between(self, a: str, b: str, n: int) -> list[int]:
        ia, ib = self.find(a), self.find(b)
        base = self.distance(ia, ib)
        cands = [i for i in self._coastal_candidates() if self.distance(i, ia) + self.distance(i, ib) <= base + 1]
        cands.sort(key=lambda i: (self._rank(i), self.distance(i, ia) + self.distance(i, ib), self.distance(i, ib), i))
        return cands[:n]

    def _beside(self, a: str, east: bool, n: int) -> list[int]:
        ia = self.find(a)
        qa = self.offset(ia)[0]
        cands = [i for i in self._coastal_candidates() if (self.offset(i)[0] > qa if east else self.offset(i)[0] < qa)
                 and self.distance(i, ia) <= 3]
        cands.sort(key=lambda i: (self._rank(i), self.distance(i, ia), i))
        return cands[:n]

    def _derive_brittany(self) -> list[int]:
        return self._between("Brest", "Saint-Malo", 4)

    def _derive_lower_normandy(self) -> list[int]:
        return self._between("Cherbourg", "Caen", 2)

    def _derive_upper_normandy(self) -> list[int]:
        return self._beside("Le Havre", True, 2)

    def _derive_pas_de_calais(self) -> list[int]:
        return self._beside("Calais", False, 2)

    def _derive_belgium(self) -> list[int]:
        return self._beside("Dunkirk", True, 2)

    def _edge_hexes(self, d: int, country_bb: int) -> list[int]:
        return [i for i in bits(self.land_bb & country_bb) if self.edge(i, d)]

    def _derive_german_east_edge(self) -> list[int]:
        return sorted(set(self._edge_hexes(NE, self.germany_bb)) | set(self._edge_hexes(SE, self.germany_bb)))

    def _derive_german_south_edge(self) -> list[int]:
        return [i for i in bits(self.germany_bb) if self.edge(i, S, neutral=True)]

    def _derive_france_south_edge(self) -> list[int]:
        return [i for i in self._edge_hexes(S, self.allied_country_bb) if self.country[i] == "france"]

    def _derive_from_marseilles(self) -> list[int]:
        q = self.offset(self.find("Lyon"))[0]
        edge = self._derive_france_south_edge()
        edge.sort(key=lambda i: (abs(self.offset(i)[0] - q), i))
        return edge[:3]

    def _exit_rows(self) -> dict[str, tuple[float, float]]:
        row = {n: self.offset(self.find(n))[1] for n in ("Bremen", "Kassel", "Frankfurt", "Stuttgart")}
        return {"exit_hamburg": (-1e9, row["Bremen"] + 1), "exit_berlin": (row["Bremen"] + 1.5, row["Kassel"] + 1),
                "exit_prague": (row["Frankfurt"] - 1, row["Stuttgart"] + 1)}

    def _derive_exit(self, key: str) -> list[int]:
        lo, hi = self._exit_rows()[key]
        east = self._derive_german_east_edge()
        return [i for i in east if lo <= self.offset(i)[1] <= hi]

    def _derive_exit_hamburg(self) -> list[int]:
        return self._derive_exit("exit_hamburg")

    def _derive_exit_berlin(self) -> list[int]:
        return self._derive_exit("exit_berlin")

    def _derive_exit_prague(self) -> list[int]:
        return self._derive_exit("exit_prague")

    def _derive_scheldt(self) -> list[int]:
        ia, iw = self.find("Antwerp"), self.find("Walcheren")
        ra = self.offset(ia)[1]
        cands = [i for i in bits(self.land_bb & ~self.city_bb) if i != iw and self.offset(i)[1] <= ra
                 and self.distance(i, ia) <= 2]
        cands.sort(key=lambda i: (self.distance(i, ia) + self.distance(i, iw), i))
        return [iw, *cands[:3]]

    def _derive_scheldt_coast(self) -> list[int]:
        ia = self.find("Antwerp")
        cands = [i for i in self.zone("scheldt") if (self.coast_bb >> i) & 1]
        cands.sort(key=lambda i: (self.distance(i, ia), i))
        return cands[:2]

    def _derive_north(self) -> list[int]:
        row = self.offset(self.find("Luxembourg"))[1] + 1
        col = self.offset(self.find("Lille"))[0] - 1
        return [i for i in bits(self.land_bb) if self.offset(i)[1] <= row and self.offset(i)[0] >= col]

    # ----- terrain for movement and combat ----------------------------------------------------
    @cached_property
    def enter_cost(self) -> list[int]:
        """MP to enter each hex: the highest of its conditions, never their sum (2.0, 11.0)."""
        tec = tables()["terrain"]
        out = [PROHIBITED] * self.size
        for i in bits(self.land_bb):
            c = int(tec[self.terrain[i]].get("mp", 1))
            if (self.major_bb >> i) & 1:
                c = max(c, int(tec["major_city"]["mp"]))
            if (self.fortress_bb >> i) & 1:
                c = max(c, int(tec["fortress"]["mp"]))
            out[i] = c
        return out

    @cached_property
    def flat_cost(self) -> list[int]:
        """1 MP per land hex: motorised moves count hexes, not terrain (11.2)."""
        return [1 if (self.land_bb >> h) & 1 else PROHIBITED for h in range(self.size)]

    @cached_property
    def stop_bb(self) -> int:
        """Must-stop hexes for ordinary units (marsh, mountain)."""
        return self.m.bb(i for i in bits(self.land_bb) if self.terrain[i] in ("marsh", "mountain"))

    @cached_property
    def mountain_bb(self) -> int:
        return self.m.bb(i for i in bits(self.land_bb) if self.terrain[i] == "mountain")

    @cached_property
    def marsh_bb(self) -> int:
        return self.m.bb(i for i in bits(self.land_bb) if self.terrain[i] == "marsh")

    @cached_property
    def side_extra(self) -> dict[tuple[int, int], int]:
        """+1 MP across the Rhine (11.0); all-sea hexsides cannot be crossed."""
        out: dict[tuple[int, int], int] = {}
        for (a, b), fs in self.m.side_features.items():
            if "sea" in fs:
                out[(a, b)] = PROHIBITED
            elif "major_river" in fs:
                out[(a, b)] = int(tables()["terrain"]["rhine"]["mp_extra"])
        return out

    @cached_property
    def rhine_blocked(self) -> dict[tuple[int, int], int]:
        """Hexside rules for motorised moves: no Rhine crossing at all (11.2 A)."""
        return {k: PROHIBITED for k, v in self.side_extra.items()}

    def labels(self, hexes: list[int] | int) -> list[str]:
        if isinstance(hexes, int):
            hexes = bits(hexes)
        return [self.m.label(i) for i in hexes]


@dataclass
class _PlaceLike:
    name: str
    hex: str
    kind: str = "city"
    attrs: dict[str, Any] | None = None


_ACTIVE: list[Board] = []


def board() -> Board:
    """The board in play (built once per process; tests may swap in their own with ``use_board``)."""
    if not _ACTIVE:
        sup: dict[str, Any] = {}
        if SUPPLEMENT.exists():
            sup = json.loads(SUPPLEMENT.read_text(encoding="utf-8"))
        _ACTIVE.append(Board(load_map(map_file()), sup))
    return _ACTIVE[-1]


@contextmanager
def use_board(b: Board) -> Iterator[Board]:
    """Play on another board for the duration (small synthetic maps in tests)."""
    board()
    _ACTIVE.append(b)
    try:
        yield b
    finally:
        _ACTIVE.pop()
