"""The Second Front Now! map and the static facts derived from it (cached per process)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from ...core.bitboard import Dilator
from ...core.mapdata import GameMap, load_map
from ...core.movement import PROHIBITED
from .data import MAP_FILE

AREAS = ("calais", "dieppe")
CITY_LIKE = ("city", "town", "fortress")


@dataclass(frozen=True)
class Board:
    """What never changes during a game: costs, hexside rules, zones as bitboards."""

    map: GameMap
    enter: tuple[int, ...]  # 12.1: one MP per land hex, sea prohibited
    side_extra: dict[tuple[int, int], int]  # 12.3/12.4: +1 major river, -1 (prohibited) all-sea
    land: int
    coastal: int
    fortress: int
    supply_edge: int  # 9.3: German supply sources
    within_breakout: int  # 6.1
    centres: tuple[int, ...]  # 6.1 design note: towns, cities and fortress/ports
    centres_inside: tuple[int, ...]  # 6.1: the seven inside the breakout line
    vp: dict[int, int]  # 4.2: VP hexes and their values
    beaches: dict[str, tuple[int, ...]]  # 3.2: per area
    beaches_us: int  # 7.3
    beaches_cw: int  # 7.3
    north_entries: tuple[int, ...]  # 7.3
    south_entries: tuple[int, ...]
    zoc_dilator: Dilator  # 11.2: ZOC never crosses all-sea hexsides
    beach_name: dict[int, str]

    def label(self, i: int) -> str:
        return self.map.label(i)

    def hex(self, label: str) -> int:
        return self.map.hex(label)


@cache
def board() -> Board:
    m = load_map(MAP_FILE)
    enter = tuple(1 if lab and m.terrain[i] not in ("sea", "lake") else PROHIBITED for i, lab in enumerate(m.labels))
    side_extra: dict[tuple[int, int], int] = {}
    for k, fs in m.side_features.items():
        if "sea" in fs:
            side_extra[k] = PROHIBITED
        elif "major_river" in fs:
            side_extra[k] = 1
    land = m.bb_where(lambda i: m.terrain[i] not in ("sea", "lake"))
    centres = tuple(sorted(i for i in m.hexes() if m.features[i] & set(CITY_LIKE)))
    within = m.bb(m.zone("within_breakout"))
    vp: dict[int, int] = {}
    beach_name: dict[int, str] = {}
    for p in m.places.values():
        if "vp" in p.attrs:
            vp[m.index[p.hex]] = int(p.attrs["vp"])
        if p.kind == "beach":
            beach_name[m.index[p.hex]] = str(p.attrs.get("beach", p.name))
    box = m.spec.boxes
    return Board(
        map=m,
        enter=enter,
        side_extra=side_extra,
        land=land,
        coastal=m.bb(m.zone("coastal")),
        fortress=m.bb(m.zone("fortresses")),
        supply_edge=m.bb(m.zone("german_supply_edge")),
        within_breakout=within,
        centres=centres,
        centres_inside=tuple(i for i in centres if (within >> i) & 1),
        vp=vp,
        beaches={"calais": tuple(sorted(m.zone("beaches_calais"))), "dieppe": tuple(sorted(m.zone("beaches_dieppe")))},
        beaches_us=m.bb(m.zone("beaches_us")),
        beaches_cw=m.bb(m.zone("beaches_commonwealth")),
        north_entries=tuple(m.index[h] for h in box["north"].entries),
        south_entries=tuple(m.index[h] for h in box["south"].entries),
        zoc_dilator=m.dilator(["sea"]),
        beach_name=beach_name,
    )


@cache
def land_neighbours() -> tuple[tuple[int, ...], ...]:
    """Hex slot -> its neighbours not across an all-sea hexside (6.3/13.1: no attack across one),
    in the map's neighbour order: the attack list reads this instead of each hexside's features."""
    m = board().map
    return tuple(tuple(n for n in m.nbrs[h] if "sea" not in m.side(h, n)) for h in range(len(m.nbrs)))


@cache
def label_rank() -> tuple[int, ...]:
    """Hex slot -> the rank of its label in label order (slots are not in label order): lists in hex
    order sort slots by this instead of turning them into labels first."""
    m = board().map
    order = sorted((lab, i) for i, lab in enumerate(m.labels) if lab)
    rank = [len(m.labels)] * len(m.labels)
    for k, (_, i) in enumerate(order):
        rank[i] = k
    return tuple(rank)


@cache
def land_neighbour_masks() -> tuple[int, ...]:
    """``land_neighbours`` of each hex slot as a bitboard."""
    out = []
    for ns in land_neighbours():
        bb = 0
        for n in ns:
            bb |= 1 << n
        out.append(bb)
    return tuple(out)


def regions(labels: list[str]) -> dict[str, list[str]]:
    """Group hex labels by column band for the two-step hex choice (big maps): new lists each call (they go
    into a step's frame), grouped once per process for a given list (the plan steps ask for the whole map)."""
    return {band: list(labs) for band, labs in _regions(tuple(labels)).items()}


@lru_cache(maxsize=256)
def _regions(labels: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for lab in labels:
        col = int(lab[:2])
        band = f"cols{col - col % 4:02d}-{col - col % 4 + 3:02d}"
        out.setdefault(band, []).append(lab)
    return {band: tuple(labs) for band, labs in out.items()}
