"""Supply tracing: floods from sources on bitboards.

All four hex games trace a line from a unit to a source through hexes that are
not enemy-occupied and not in enemy ZOC — unless (variant) a friendly unit
stands there (1944 13.0, Onslaught 8.3, SFN 11.3; not D-Day §6). The unit's own
hex is never tested. Variants the kit covers:

* range limits (1944: 5 hexes; D-Day: per source, 0/8/16/24);
* city chains (1944 13.0: controlled cities within 5 hexes of each other, back
  to a source) via :func:`chain_sources`;
* source capacity (D-Day §6.2: a supply point feeds at most N units, the units
  on it first) via :func:`assign_capacity`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .bitboard import Dilator
from .kernels import KERNELS


def passable_for_supply(land: int, enemy_units: int, enemy_zoc: int, friendly_units: int, *, negate: bool) -> int:
    """Hexes a supply line may pass through. ``negate``: friendly units cancel enemy ZOC."""
    zoc = enemy_zoc & ~friendly_units if negate else enemy_zoc
    return land & ~enemy_units & ~zoc


def supplied_area(dilator: Dilator, sources: int, passable: int, limit: int | None = None) -> int:
    """Hexes where a unit would be in supply.

    A unit at ``u`` is supplied when ``u`` is a source, or a neighbour of ``u``
    reaches a source in at most ``limit - 1`` further steps through passable
    hexes (so the whole line is at most ``limit`` hexes long).
    """
    if limit is not None and limit <= 0:
        return sources
    inner = dilator.flood(sources & passable, passable, None if limit is None else limit - 1)
    return sources | dilator.step(inner)


def chain_sources(dilator: Dilator, base: int, links: int, passable: int, hop: int) -> int:
    """Grow ``base`` by every link (city) within ``hop`` hexes of it, repeatedly.

    1944 13.0: a controlled city is a source if it chains, 5 hexes at a time,
    back to a supply edge, port or beach-head.
    """
    sources = base
    while True:
        area = supplied_area(dilator, sources, passable, hop)
        new = links & area & ~sources
        if not new:
            return sources
        sources |= new


@dataclass(frozen=True, slots=True)
class Source:
    id: str
    hex: int
    range: int
    capacity: int


def _bfs_distances_py(nbrs: Sequence[Sequence[int]], start: int, passable: int, limit: int) -> dict[int, int]:
    """Path lengths from ``start`` through passable hexes (the endpoints need not be passable), in the order found."""
    dist = {start: 0}
    q = deque([start])
    while q:
        h = q.popleft()
        d = dist[h]
        if d >= limit:
            continue
        if h != start and not (passable >> h) & 1:
            continue  # may end here (the unit's hex) but not pass through
        for n in nbrs[h]:
            if n not in dist:
                dist[n] = d + 1
                q.append(n)
    return dist


bfs_distances: Callable[[Sequence[Sequence[int]], int, int, int], dict[int, int]] = (
    _bfs_distances_py if KERNELS is None else KERNELS.bfs_distances)
"""The compiled twin (core/_kernels.pyx, per-board C adjacency) when built, else ``_bfs_distances_py``."""


def source_reach(
    nbrs: Sequence[Sequence[int]], units: Iterable[tuple[str, int]], sources: Iterable[Source], passable: int,
) -> dict[str, list[str]]:
    """Unit id -> ids of the sources within range of it (in source order), for :func:`assign_capacity`."""
    units = list(units)
    reach: dict[str, list[str]] = {u: [] for u, _ in units}
    for s in sources:
        dist = bfs_distances(nbrs, s.hex, passable, s.range)
        for u, h in units:
            if h in dist:
                reach[u].append(s.id)
    return reach


def assign_capacity(
    nbrs: Sequence[Sequence[int]],
    units: Iterable[tuple[str, int]],
    sources: Iterable[Source],
    passable: int,
    priority: Sequence[str] = (),
    reach: dict[str, list[str]] | None = None,
) -> dict[str, str | None]:
    """Give each unit a source within range without exceeding capacities (D-Day §6.2).

    Units standing on a source are served by it first. Others are matched by
    augmenting paths (a maximum bipartite matching), preferring ``priority``
    units; the rest are out of supply (None). ``reach`` is
    :func:`source_reach` of the same arguments when the caller already has it
    (matching again with other priorities need not trace the lines again).
    """
    units = list(units)
    srcs = list(sources)
    if reach is None:
        reach = source_reach(nbrs, units, srcs, passable)
    cap = {s.id: s.capacity for s in srcs}
    assigned: dict[str, str | None] = {u: None for u, _ in units}
    load: dict[str, list[str]] = {s.id: [] for s in srcs}
    on_source = {s.hex: s.id for s in srcs}
    for u, h in units:
        sid = on_source.get(h)
        if sid is not None and len(load[sid]) < cap[sid]:
            assigned[u] = sid
            load[sid].append(u)

    def augment(u: str, seen: set[str]) -> bool:
        for sid in reach[u]:
            if sid in seen:
                continue
            seen.add(sid)
            if len(load[sid]) < cap[sid]:
                load[sid].append(u)
                assigned[u] = sid
                return True
            for other in list(load[sid]):
                if other in pinned:
                    continue
                if augment(other, seen):
                    load[sid].remove(other)
                    load[sid].append(u)
                    assigned[u] = sid
                    return True
        return False

    pinned = {u for u, sid in assigned.items() if sid is not None}
    order = [u for u in priority if u in assigned] + [u for u, _ in units if u not in set(priority)]
    for u in order:
        if assigned[u] is None:
            augment(u, set())
    return assigned
