"""Movement on the continent (§9.1): where a unit can end its move, normally or strategically.

One Dijkstra over small costs, like ``core.movement.reach``, with one D-Day addition the kit lacks: crossing a
river-interdicted hexside ends a German unit's move in the hex it enters (§9.1.1, §11.3), which is a property of
the hexside crossed, not of the hex.
"""

from __future__ import annotations

import heapq

from ...core.bitboard import bits
from ...core.movement import Reach
from .data import AIRBORNE, ARMOURED, ARMOURED_INFANTRY
from .position import Position, other

STRATEGIC_GERMAN_TYPES = (ARMOURED, ARMOURED_INFANTRY, AIRBORNE)


def may_move(s: Position, uid: str) -> bool:
    """A unit on the continent that has not moved, was not dropped or pinned this week (§8, §9.2.1, §9.3)."""
    u = s.unit(uid)
    if not u["hex"] or u["moved"] or u["dropped"] or u["pinned"] or u["invader"]:
        return False
    return bool((s.board.land >> s.board.m.index[u["hex"]]) & 1)


def may_move_strategically(s: Position, uid: str) -> bool:
    """§9.1.5: supplied, not starting in enemy ZOC; German armour, armoured infantry or airborne not interdicted."""
    u = s.unit(uid)
    d = s.defn(uid)
    if u["flipped"] or s.in_zoc(u["hex"], other(d.side)):  # type: ignore[arg-type]
        return False
    if d.side == "german":
        return d.type in STRATEGIC_GERMAN_TYPES and uid not in s.g["interdicted"]
    return True


def engaged_zoc(s: Position, uid: str) -> int:
    """§9.1.4: the ZOC of the enemy units whose ZOC holds the mover now (it may not step from one to another)."""
    u = s.unit(uid)
    lab = u["hex"]
    assert lab is not None
    b = s.board
    m = b.m
    start = m.index[lab]
    enemy = other(s.side_of(uid))
    out = 0
    for h in bits(s.occupied(enemy)):
        z = s.zoc_of_hex(m.label(h))
        if (z >> start) & 1:
            out |= z
    return out


def reach_of(s: Position, uid: str, strategic: bool = False) -> Reach:
    key = ("reach", uid, strategic)
    return s.cached(key, lambda: _reach(s, uid, strategic))  # type: ignore[no-any-return]


def _reach(s: Position, uid: str, strategic: bool) -> Reach:
    b = s.board
    m = b.m
    u = s.unit(uid)
    side = s.side_of(uid)
    enemy = other(side)
    start = m.index[u["hex"]]  # type: ignore[index]
    mp = s.mf(uid) * (2 if strategic else 1)
    blocked = set(bits(s.occupied(enemy)))
    ezoc = s.zoc(enemy)
    stop = set(bits((b.mountain | ezoc) & ~(1 << start)))
    if strategic:
        blocked |= set(bits(ezoc))  # §9.1.5: never into enemy ZOC
    forbidden = set(bits(engaged_zoc(s, uid)))
    enter = b.enter_cost
    sea_sides = b.sea_sides
    side_stop: set[tuple[int, int]] = set()
    if side == "german":
        for lab in s.g["river_interdicted"]:
            side_stop.update(b.river_sides_of(m.index[lab]))
    big = 1 << 30
    cost: dict[int, int] = {start: 0}  # best cost to end in a hex
    free: dict[int, int] = {start: 0}  # best cost with the move still going on
    pred: dict[int, int] = {}
    heap: list[tuple[int, int]] = [(0, start)]
    while heap:
        c, h = heapq.heappop(heap)
        if c != free.get(h) or (h in stop and h != start):
            continue
        for n in m.nbrs[h]:
            e = enter[n]
            if e < 0 or n in blocked or (h, n) in sea_sides:
                continue
            if h == start and n in forbidden:
                continue
            nc = c + e
            if nc > mp:
                continue
            if nc < cost.get(n, big):
                cost[n] = nc
                pred[n] = h
            if (h, n) in side_stop:
                continue  # §11.3: the move ends in n
            if nc < free.get(n, big):
                free[n] = nc
                if nc < mp:
                    heapq.heappush(heap, (nc, n))
    no_end = b.dyke
    ends = [h for h in cost if h != start and not (no_end >> h) & 1 and s.can_join(uid, m.label(h))]
    ends.sort()
    return Reach(start, cost, pred, ends)


def destinations(s: Position, uid: str, strategic: bool = False) -> list[str]:
    """Labels the unit may end on; a strategic move lists only hexes a normal move cannot reach."""
    m = s.board.m
    r = reach_of(s, uid, strategic)
    if not strategic:
        return [m.label(h) for h in r.ends]
    normal = set(reach_of(s, uid, False).ends)
    return [m.label(h) for h in r.ends if h not in normal]
