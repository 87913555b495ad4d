"""``core.movement.layered_reach`` gives what each game's own ring-by-ring reach gave (issue 34: one kit).

The references below are the games' code before the kit (D-Day 3rd ``RingReach``, Onslaught ``Flood``),
copied as they were; on positions of random games every layer, cost, predecessor, end and path must match.
"""

from __future__ import annotations

import random

from westfront.core.bitboard import bits
from westfront.core.movement import LayeredReach, layered_reach, reach, reverse_steps
from westfront.games.dday_3rd import movement as dd_move
from westfront.games.dday_3rd.position import other as dd_other
from westfront.games.onslaught import movement as on_move
from westfront.games.onslaught.data import UNITS
from westfront.testing.kit import new


# ----- D-Day 3rd before the kit (§9.1.1, §9.1.4, §9.1.5, §11.3) ----------------------------------------------
def dd_old(s, uid, strategic):
    b = s.board
    m = b.m
    side = s.side_of(uid)
    enemy = dd_other(side)
    start = m.index[s.unit(uid)["hex"]]
    mp = s.mf(uid) * (2 if strategic else 1)
    ezoc = s.zoc(enemy)
    open_ = b.enterable & ~s.occupied(enemy)
    if strategic:
        open_ &= ~ezoc
    go_on = ~(b.mountain | ezoc)
    side_stop = set()
    if side == "german":
        for lab in s.g["river_interdicted"]:
            side_stop.update(b.river_sides_of(m.index[lab]))
    into = b.move_into
    step = b.move_dilator.step
    reached = free = here = 1 << start
    rings, expand = [here], [here]
    for k in range(1, mp + 1):
        nxt = step(here) & open_
        if k == 1:
            nxt &= ~dd_move.engaged_zoc(s, uid)
        ring = nxt & ~reached
        went_on = nxt & ~free
        for h, n in side_stop:
            if (here >> h) & 1 and (went_on >> n) & 1 and \
                    not any((g, n) not in side_stop for g in bits(here & into[n])):
                went_on &= ~(1 << n)
        if not ring and not went_on:
            break
        rings.append(ring)
        reached |= ring
        free |= went_on
        here = went_on & go_on
        expand.append(here)
        if not here:
            break
    own = s.occupied(side)
    stay = reached & ~(1 << start) & ~b.dyke
    ok = stay & ~own
    for h in bits(stay & own):
        if s.can_join(uid, m.label(h)):
            ok |= 1 << h
    cost = {start: 0}
    for k, ring in enumerate(rings):
        if k:
            for h in bits(ring):
                cost[h] = k

    def path(to):
        k = cost[to]
        out = [to]
        while k:
            came = expand[k - 1] & into[out[-1]]
            out.append((came & -came).bit_length() - 1)
            k = cost[out[-1]]
        return out[::-1]

    return rings, expand, cost, ok, path


def test_dday_3rd_reach_is_the_rings_it_was():
    # D-Day §9.1.1 (1 MF a hex, mountains stop), §9.1.4 (ZOC stops, no ZOC to ZOC), §9.1.5, §11.3
    checked = river = 0
    for seed in (3, 12):
        s = new("dday-3rd", seed)
        rnd = random.Random(seed)
        for k in range(900):
            if s.is_terminal():
                break
            if k % 17 == 0:
                for uid in [u for side in ("allied", "german") for u in s.on_continent(side)][::2]:
                    for strategic in (False, True):
                        r = dd_move._reach(s, uid, strategic)
                        rings, expand, cost, ends, path = dd_old(s, uid, strategic)
                        assert isinstance(r, LayeredReach)
                        assert (r.layers, r.expand, r.ends_bb, r.cost) == (rings, expand, ends, cost)
                        assert all(r.path(h) == path(h) for h in cost)
                        assert all(r.path(h)[-2] == r.pred[h] for h in cost if h != r.start)
                        checked += 1
                        river += bool(s.g["river_interdicted"] and s.side_of(uid) == "german")
            s.apply(rnd.choice(s.legal_actions()))
    assert checked > 300 and river > 10, (checked, river)


# ----- Onslaught before the kit (6.1, 6.2, 6.4, 6.5) ---------------------------------------------------------
def on_edge_ok(b, side, a, c, bridges):
    if (a, c) in b.sea_extra:
        return False
    if side == "german":
        return (a, c) not in b.scheldt_sides
    if (a, c) in b.major_sides:
        return (a, c) in b.rhine_sides and bool((bridges >> c) & 1)
    return True


def on_old(b, side, start, mp, passable, stop, first_forbidden, bridges):
    dil = b.dil_german if side == "german" else b.dil_allied
    s1 = 1 << start
    layers = [s1]
    seen = frontier = s1
    for k in range(1, mp + 1):
        nxt = dil.step(frontier)
        if side == "allied" and bridges:
            nxt |= b.rhine_only.step(frontier) & bridges
        nxt &= passable & ~seen
        if k == 1:
            nxt &= ~first_forbidden
        if not nxt:
            break
        layers.append(nxt)
        seen |= nxt
        frontier = nxt & ~stop
        if not frontier:
            break
    across = b.scheldt_only if side == "german" else b.major_only
    crossing = across.step(s1) & passable & ~first_forbidden & ~seen if mp > 0 else 0

    def cost(h):
        for k, layer in enumerate(layers):
            if (layer >> h) & 1:
                return k
        if (crossing >> h) & 1:
            return mp
        raise KeyError(h)

    def path(h):
        if (crossing >> h) & 1:
            return [start, h]
        out = [h]
        cur = h
        for j in range(cost(h) - 1, 0, -1):
            layer = layers[j] & ~stop
            cur = next(p for p in b.m.nbrs[cur] if (layer >> p) & 1 and on_edge_ok(b, side, p, cur, bridges))
            out.append(cur)
        out.append(start)
        return out[::-1]

    reached = crossing
    for layer in layers[1:]:
        reached |= layer
    return layers, crossing, reached, cost, path


def test_onslaught_floods_are_the_layers_they_were():
    # onslaught 6.1 (one MP a hex), 6.2 (ZOC stops; no ZOC to ZOC), 6.4 (strategic: triple, away from the
    # enemy), 6.5 (major waterways the whole allowance; the Rhine into bridge hexes)
    checked = crossings = rhine = 0
    for seed in (1, 5):
        s = new("onslaught", seed)
        rnd = random.Random(seed)
        b = s.board
        for k in range(700):
            if s.is_terminal():
                break
            if k % 23 == 0:
                for uid in [u for u in s.g["units"] if s.hex_of(u) is not None][::3]:
                    side = UNITS[uid].side
                    enemy = on_move.other(side)
                    start = s.hex_of(uid)
                    passable = b.land & ~s.side_bb(enemy)
                    ezoc = s.zoc_bb(enemy)
                    mp = UNITS[uid].type.mp
                    ff = ezoc if (ezoc >> start) & 1 else 0
                    # bridges as the game gives them, and random land hexes to reach the Rhine steps
                    bridges = s.side_bb("allied") if side == "allied" else 0
                    rand_bridges = sum(1 << h for h in bits(b.land) if rnd.random() < 0.3) if side == "allied" else 0
                    for args in ((mp, passable, ezoc & ~(1 << start), ff, bridges), (1, passable, ezoc & ~(1 << start), ff, bridges),
                                 (3 * mp, passable & ~s.near_bb(enemy), 0, 0, bridges),
                                 (mp, b.land, 0, 0, rand_bridges), (2 * mp, b.land, ezoc, 0, rand_bridges)):
                        new_ = on_move._flood_of(b, side, start, *args)
                        layers, crossing, reached, cost, path = on_old(b, side, start, *args)
                        assert tuple(new_.layers) == tuple(layers) and new_.crossing == crossing
                        assert new_.reached == reached == new_.ends_bb
                        for h in bits(reached):
                            assert new_.cost_of(h) == cost(h) == new_.cost[h]
                            assert new_.path(h) == path(h)
                        checked += 1
                        crossings += bool(crossing)
                        rhine += bool(args[4] and any(len(path(h)) > 2 for h in bits(reached & args[4])))
            s.apply(rnd.choice(s.legal_actions()))
    assert checked > 300 and crossings > 5 and rhine > 5, (checked, crossings, rhine)


# ----- the kit on its own -------------------------------------------------------------------------------------
def test_layered_reach_is_the_dijkstra_reach_when_every_step_costs_one():
    """With unit costs, stop hexes and a first-step ban, the layers give `reach`'s costs (the general kit)."""
    from westfront.core.bitboard import Dilator
    from westfront.core.movement import MoveModel
    from westfront.testing.kit import grid_map

    m = grid_map(10, 8)
    nbrs = m.nbrs
    dil = Dilator(nbrs)
    rnd = random.Random(4)
    for _ in range(60):
        start = rnd.randrange(len(nbrs))
        blocked = sum(1 << h for h in range(len(nbrs)) if rnd.random() < 0.15 and h != start)
        stop = sum(1 << h for h in range(len(nbrs)) if rnd.random() < 0.15)
        mp = rnd.randint(0, 6)
        r = layered_reach(start, mp, ((dil, -1),), ~blocked & ((1 << len(nbrs)) - 1), stop=stop & ~(1 << start))
        ref = reach(nbrs, start, MoveModel(mp, [1] * len(nbrs), blocked=blocked, stop=stop))
        assert r.cost == ref.cost and r.ends == ref.ends and r.pred == ref.pred
        assert all(r.path(h) == ref.path(h) for h in ref.cost)
    assert reverse_steps(dil)[nbrs[0][0]] >> 0 & 1
