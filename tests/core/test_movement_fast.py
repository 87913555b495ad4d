"""The bucket-queue reach and the first-step check give exactly what the heap Dijkstra gives.

Random maps, random cost models (every MoveModel feature at once), compared field by field —
costs, predecessors (so paths and move events) and ends — and the costs against scipy.
"""

from __future__ import annotations

import random

import pytest

from westfront.core.movement import MoveModel, can_end_anywhere, reach, reach_dijkstra, zoc_of
from westfront.testing.bench import synthetic_map

from .helpers import grid_map


def random_model(m, rnd: random.Random, start: int) -> MoveModel:
    hexes = list(m.hexes())
    enter = [rnd.choice((1, 1, 1, 2, 2, 3, -1)) if lab else -1 for lab in m.labels]
    sides = [(a, b) for a in hexes for b in m.nbrs[a]]
    side_extra = {k: rnd.choice((1, 2, -1)) for k in rnd.sample(sides, len(sides) // 8)}
    side_all = frozenset(rnd.sample(sides, len(sides) // 15))
    bb = lambda k: m.bb(rnd.sample(hexes, k))  # noqa: E731
    enemy = bb(len(hexes) // 12) & ~(1 << start)
    z = zoc_of(m.dilator(), enemy)
    return MoveModel(
        mp=rnd.randint(0, 9), enter=enter, side_extra=side_extra, side_all=side_all, blocked=enemy,
        stop=bb(len(hexes) // 10) | (z if rnd.random() < 0.3 else 0), no_end=bb(len(hexes) // 4),
        zoc=z if rnd.random() < 0.5 else 0, zoc_cost=rnd.choice((None, 2, 3)),
        first_step_forbidden=z if rnd.random() < 0.3 else 0, min_one_hex=rnd.random() < 0.3)


@pytest.mark.parametrize("seed", range(60))
def test_bucket_reach_equals_heap_dijkstra_on_random_models(seed):
    rnd = random.Random(seed)
    m = grid_map(rnd.randint(3, 14), rnd.randint(3, 14))
    start = rnd.choice(list(m.hexes()))
    model = random_model(m, rnd, start)
    got, want = reach(m.nbrs, start, model), reach_dijkstra(m.nbrs, start, model)
    assert got.cost == want.cost
    assert got.pred == want.pred
    assert got.ends == want.ends
    assert can_end_anywhere(m.nbrs, start, model) == bool(want.ends)


def test_first_step_check_searches_on_past_full_stacks():
    m = grid_map(5, 5)
    start = m.index["0303"]
    ring = m.bb(m.nbrs[start])
    one = [1] * m.size
    # every neighbour is a full friendly stack: only the second ring may be ended in
    assert can_end_anywhere(m.nbrs, start, MoveModel(mp=2, enter=one, no_end=ring))
    assert not can_end_anywhere(m.nbrs, start, MoveModel(mp=1, enter=one, no_end=ring))
    assert not can_end_anywhere(m.nbrs, start, MoveModel(mp=3, enter=one, blocked=ring))


def test_zero_cost_steps_fall_back_to_the_heap():
    m = grid_map(6, 6)
    free = [0] * m.size
    r = reach(m.nbrs, m.index["0101"], MoveModel(mp=1, enter=free))
    assert len(r.cost) == m.size and r.cost == reach_dijkstra(m.nbrs, m.index["0101"], MoveModel(mp=1, enter=free)).cost


@pytest.mark.parametrize("mp", [4, 8, 20])
def test_costs_equal_scipy_on_the_2500_hex_bench_graph(mp):
    np = pytest.importorskip("numpy")
    csgraph = pytest.importorskip("scipy.sparse.csgraph")
    sparse = pytest.importorskip("scipy.sparse")
    m = synthetic_map()
    rnd = random.Random(mp)
    enter = [{"clear": 1, "forest": 2, "marsh": 2}.get(t, -1) for t in m.terrain]
    extra = {k: 1 for k, fs in m.side_features.items() if "river" in fs}
    enemy = m.bb(rnd.sample(list(m.hexes()), 80))
    start = m.index["2525"]
    enemy &= ~(1 << start)
    rows, cols, w = [], [], []
    for h in m.hexes():
        for n in m.nbrs[h]:
            if not (enemy >> n) & 1 and not (enemy >> h) & 1:
                rows.append(h)
                cols.append(n)
                w.append(enter[n] + extra.get((h, n), 0))
    g = sparse.csr_matrix((np.array(w, dtype=float), (rows, cols)), shape=(m.size, m.size))
    d = csgraph.dijkstra(g, indices=start, limit=float(mp))
    want = {int(i): int(d[i]) for i in np.nonzero(np.isfinite(d))[0]}
    assert reach(m.nbrs, start, MoveModel(mp=mp, enter=enter, side_extra=extra, blocked=enemy)).cost == want


def test_a_caller_building_costs_per_call_gets_the_same_answers_uncompiled():
    m = grid_map(20, 20)
    start = m.index["1010"]
    want = reach_dijkstra(m.nbrs, start, MoveModel(mp=6, enter=[1] * m.size))
    for _ in range(20):  # new lists every call: compiled a few times, then searched with the heap
        got = reach(m.nbrs, start, MoveModel(mp=6, enter=[1] * m.size))
        assert (got.cost, got.pred, got.ends) == (want.cost, want.pred, want.ends)
