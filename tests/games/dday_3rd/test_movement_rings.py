"""The ring-by-ring reach (core.movement.layered_reach via movement._reach) against a plain Dijkstra over the same rules (§9.1, §9.1.4, §9.1.5,
§11.3): the same costs, end hexes, predecessors and paths, on positions of random games."""

from __future__ import annotations

import heapq
import random

from westfront.core.bitboard import bits
from westfront.games.dday_3rd import movement
from westfront.games.dday_3rd.position import other
from westfront.testing.kit import new


def dijkstra(s, uid, strategic):
    """The reference: a lowest-(cost, hex)-first Dijkstra with every rule written out (the pre-ring code)."""
    b = s.board
    m = b.m
    side = s.side_of(uid)
    enemy = other(side)
    start = m.index[s.unit(uid)["hex"]]
    mp = s.mf(uid) * (2 if strategic else 1)
    blocked = set(bits(s.occupied(enemy)))
    ezoc = s.zoc(enemy)
    stop = set(bits((b.mountain | ezoc) & ~(1 << start)))  # D-Day §9.1.1, §9.1.4: the move ends there
    if strategic:
        blocked |= set(bits(ezoc))  # D-Day §9.1.5: never into enemy ZOC
    forbidden = set(bits(movement.engaged_zoc(s, uid)))
    side_stop = set()
    if side == "german":
        for lab in s.g["river_interdicted"]:
            side_stop.update(b.river_sides_of(m.index[lab]))  # D-Day §11.3
    cost, free, pred = {start: 0}, {start: 0}, {}
    heap = [(0, start)]
    while heap:
        c, h = heapq.heappop(heap)
        if c != free.get(h) or (h in stop and h != start):
            continue
        for n in m.nbrs[h]:
            if b.enter_cost[n] < 0 or n in blocked or (h, n) in b.sea_sides or (h == start and n in forbidden):
                continue
            nc = c + b.enter_cost[n]
            if nc > mp:
                continue
            if nc < cost.get(n, 1 << 30):
                cost[n], pred[n] = nc, h
            if (h, n) in side_stop:
                continue
            if nc < free.get(n, 1 << 30):
                free[n] = nc
                if nc < mp:
                    heapq.heappush(heap, (nc, n))
    ends = [h for h in cost if h != start and not (b.dyke >> h) & 1 and s.can_join(uid, m.label(h))]
    return cost, pred, sorted(ends)


def test_rings_reach_what_a_dijkstra_reaches():
    # D-Day §9.1 (1 MF a hex, mountains and enemy ZOC stop, no ZOC to ZOC), §9.1.5 strategic, §11.3 river
    # interdiction (a hex reached across an interdicted side is gone on from only when reached another way)
    checked = river = 0
    for seed in (12,):
        s = new("dday-3rd", seed)
        rnd = random.Random(seed)
        for k in range(1500):
            if s.is_terminal():
                break
            if k % 13 == 0:
                for uid in [u for side in ("allied", "german") for u in s.on_continent(side)][::3]:
                    for strategic in (False, True):
                        r = movement._reach(s, uid, strategic)
                        cost, pred, ends = dijkstra(s, uid, strategic)
                        assert r.cost == cost and r.pred == pred and r.ends == ends
                        assert all(r.path(h) == _path(pred, r.start, h) for h in ends)
                        checked += 1
                        river += bool(s.g["river_interdicted"] and s.side_of(uid) == "german")
            s.apply(rnd.choice(s.legal_actions()))
    assert checked > 150 and river > 10, (checked, river)


def _path(pred, start, h):
    out = [h]
    while out[-1] != start:
        out.append(pred[out[-1]])
    return out[::-1]
