"""The D-Day (3rd ed.) board: the GameMap plus the static sets the rules ask about, computed once per process.

Map vocabulary (docs/maps.md): invasion arrows and supply numbers are ``extra.invasion`` (sea hex → coastal hex),
in-land ports ``extra.inland_supply``, perimeters ``perimeter_*`` zones, sectors ``sector_*`` zones.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from ...core.bitboard import Dilator
from ...core.mapdata import GameMap, load_map
from ...core.movement import PROHIBITED
from .data import MAP_FILE


@dataclass(frozen=True)
class Arrow:
    """A sea invasion hex pointing at its coastal invasion hex (§2.1, §7), with its supply number (§6.2)."""

    sector: str
    sea: str
    coast: str
    capacity: int
    invasion: bool  # False: Wadden Sea (supply only)


@dataclass(frozen=True)
class InlandPort:
    name: str
    hex: str
    sector: str
    capacity: int
    perimeter: tuple[str, ...]


class Board:
    """Static facts of the map the rules use; one per process (see :func:`board`)."""

    def __init__(self, m: GameMap):
        self.m = m
        extra = m.spec.extra
        self.arrows: tuple[Arrow, ...] = tuple(
            Arrow(a["sector"], a["sea"], a["coast"], int(a["supply"]), bool(a["invasion"])) for a in extra["invasion"]
        )
        self.arrow_by_sea = {a.sea: a for a in self.arrows}
        self.arrow_by_coast = {a.coast: a for a in self.arrows}
        zones = m.spec.zones
        ports = []
        for p in extra["inland_supply"]:
            per = next((z for z, spec in zones.items() if z.startswith("perimeter_") and p["hex"] in spec.hexes
                        and z.endswith(p["port"].lower())), None)
            ports.append(InlandPort(p["port"], p["hex"], p["sector"], int(p["supply"]),
                                    tuple(zones[per].hexes) if per else (p["hex"],)))
        self.inland_ports: tuple[InlandPort, ...] = tuple(ports)
        self.inland_by_hex = {p.hex: p for p in self.inland_ports}
        self.sector_of: dict[str, str] = {}
        for z, spec in zones.items():
            if z.startswith("sector_"):
                for h in spec.hexes:
                    self.sector_of.setdefault(h, z[len("sector_"):])
        for a in self.arrows:
            self.sector_of[a.coast] = a.sector
        for p in self.inland_ports:
            self.sector_of[p.hex] = p.sector
        self.sectors = tuple(dict.fromkeys(a.sector for a in self.arrows if a.invasion))

    # ----- hex classes ------------------------------------------------------------------------
    @cached_property
    def sea(self) -> int:
        return self.m.terrain_bb("sea", "lake")

    @cached_property
    def land(self) -> int:
        return self.m.all_bb & ~self.sea

    @cached_property
    def neutral(self) -> int:
        return self.m.feature_bb("neutral")

    @cached_property
    def impassable(self) -> int:
        return self.m.terrain_bb("impassable")

    @cached_property
    def mountain(self) -> int:
        return self.m.terrain_bb("mountain")

    @cached_property
    def fortress(self) -> int:
        return self.m.feature_bb("fortress")

    @cached_property
    def dyke(self) -> int:
        return self.m.feature_bb("dyke")

    @cached_property
    def playable(self) -> int:
        """Land a unit may stand on: not neutral (§5.2), not impassable (§9.1.1)."""
        return self.land & ~self.neutral & ~self.impassable

    @cached_property
    def coastal(self) -> int:
        """Land hexes touching the sea (static infantry set-up, §5.2), plus in-land ports."""
        m = self.m
        out = m.bb(i for i in m.hexes() if (self.playable >> i) & 1 and any((self.sea >> n) & 1 for n in m.nbrs[i]))
        return out | m.bb(m.index[p.hex] for p in self.inland_ports)

    @cached_property
    def sea_arrow_hexes(self) -> int:
        return self.m.bb(self.m.index[a.sea] for a in self.arrows)

    @cached_property
    def ports(self) -> int:
        return self.m.feature_bb("port")

    @cached_property
    def arrow_coasts(self) -> int:
        return self.m.bb(self.m.index[a.coast] for a in self.arrows)

    @cached_property
    def zoc_seas_of_coast(self) -> dict[int, int]:
        """Coastal hex -> the sea hexes of the arrows pointing at it (a German unit there holds them in ZOC, §4.1)."""
        m = self.m
        out: dict[int, int] = {}
        for a in self.arrows:
            i = m.index[a.coast]
            out[i] = out.get(i, 0) | 1 << m.index[a.sea]
        return out

    @cached_property
    def zoc_coast_of_sea(self) -> dict[int, int]:
        """Sea invasion hex -> its coastal hex, or nothing for a fortress (an Allied unit at sea holds it, §4.1)."""
        m = self.m
        return {m.index[a.sea]: 0 if (self.fortress >> m.index[a.coast]) & 1 else 1 << m.index[a.coast]
                for a in self.arrows}

    @cached_property
    def replacement_hexes(self) -> tuple[str, ...]:
        return tuple(sorted(self.m.spec.zones["german_replacement"].hexes))

    @cached_property
    def german_edge(self) -> int:
        return self.m.bb(self.m.zone("german_supply_edge"))

    @cached_property
    def east_of_rhine(self) -> int:
        return self.m.bb(self.m.zone("east_of_rhine_issel"))

    @cached_property
    def france_south(self) -> int:
        return self.m.bb(self.m.zone("france_south_of_border"))

    @cached_property
    def river_hexes(self) -> tuple[str, ...]:
        """Hexes with at least one river side (targets of river interdiction, §11.3)."""
        m = self.m
        return tuple(m.label(i) for i in m.hexes()
                     if (self.playable >> i) & 1 and any("river" in m.side(i, n) for n in m.nbrs[i]))

    # ----- adjacency ---------------------------------------------------------------------------
    @cached_property
    def zoc_dilator(self) -> Dilator:
        """ZOC steps: never across a river hexside (§4.1) nor a land-land sea hexside."""
        return self.m.dilator(["river", "sea"])

    @cached_property
    def supply_dilator(self) -> Dilator:
        """Supply lines and retreats step between land hexes, never across an all-sea hexside (§6)."""
        return self.m.dilator(["sea"])

    @cached_property
    def enter_cost(self) -> list[int]:
        """§9.1.1: 1 MF into clear, town, fortress, fortification and mountain; the dyke costs 1 (§9.1.2)."""
        m = self.m
        out = []
        for i in range(m.size):
            if m.labels[i] is None:
                out.append(PROHIBITED)
            elif (self.dyke >> i) & 1 or (self.playable >> i) & 1:
                out.append(1)
            else:
                out.append(PROHIBITED)
        return out

    @cached_property
    def enterable(self) -> int:
        """Hexes a move may enter (1 MF each: every cost in :attr:`enter_cost` is 1 or prohibited)."""
        assert all(c in (1, PROHIBITED) for c in self.enter_cost)
        return self.m.bb(i for i, c in enumerate(self.enter_cost) if c == 1)

    @cached_property
    def move_dilator(self) -> Dilator:
        """Movement steps: never across an all-sea hexside (§9.1.1)."""
        return self.m.dilator(["sea"])

    @cached_property
    def move_into(self) -> list[int]:
        """Per hex, the hexes a move step can come from (the reverse of :attr:`move_dilator`)."""
        m = self.m
        out = [0] * m.size
        for i in range(m.size):
            for n in m.nbrs[i]:
                if (i, n) not in self.sea_sides:
                    out[n] |= 1 << i
        return out

    @cached_property
    def move_nbrs(self) -> list[tuple[int, ...]]:
        """Per hex, the neighbours a step may go to (never across an all-sea hexside, §9.1.1), in map order."""
        m = self.m
        sea = self.sea_sides
        return [tuple(n for n in m.nbrs[i] if (i, n) not in sea) for i in range(m.size)]

    @cached_property
    def sea_sides(self) -> frozenset[tuple[int, int]]:
        return frozenset(k for k, fs in self.m.side_features.items() if "sea" in fs)

    @cached_property
    def river_sides(self) -> frozenset[tuple[int, int]]:
        return frozenset(k for k, fs in self.m.side_features.items() if "river" in fs)

    @cached_property
    def zoc_sources(self) -> list[int]:
        """Per hex, the hexes whose units could hold it in ZOC (its neighbours and the sea hexes whose arrow
        points at it): a superset that lets the engagement rule (§9.1.4) look at a few hexes, not every one."""
        m = self.m
        out = [m.bb(m.nbrs[i]) for i in range(m.size)]
        for a in self.arrows:
            out[m.index[a.coast]] |= 1 << m.index[a.sea]
        return out

    def river_sides_of(self, i: int) -> list[tuple[int, int]]:
        """Both directions of every river hexside of hex ``i`` (river interdiction, §11.3)."""
        out = []
        for n in self.m.nbrs[i]:
            if (i, n) in self.river_sides:
                out += [(i, n), (n, i)]
        return out

    def region_of(self, label: str) -> str:
        """A coarse region name for two-step hex choices: a coastal sector or a band of rows."""
        sec = self.sector_of.get(label)
        if sec:
            return sec
        letters = label.rstrip("0123456789")
        band = _BANDS.get(len(letters), 0) + (ord(letters[0]) - ord("A"))
        num = int(label[len(letters):])
        return f"rows{band // 4 * 4:02d}_cols{num // 8 * 8:02d}"


_BANDS = {1: 0, 2: 26}


@cache
def board() -> Board:
    return Board(load_map(MAP_FILE))


def game_map() -> GameMap:
    return board().m
