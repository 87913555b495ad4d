import random

import pytest

from westfront.core.bitboard import Dilator, bits, edges_filtered, from_indices, popcount

from .helpers import grid_map


def test_bits_round_trip():
    rnd = random.Random(3)
    idx = sorted(rnd.sample(range(3000), 200))
    bb = from_indices(idx)
    assert bits(bb) == idx
    assert popcount(bb) == 200
    assert bits(0) == []


def test_flood_matches_bfs_on_a_line():
    edges = [[i - 1, i + 1] if 0 < i < 9 else ([1] if i == 0 else [8]) for i in range(10)]
    d = Dilator(edges)
    assert d.step(1 << 5) == (1 << 4) | (1 << 6)
    passable = from_indices(range(10)) & ~(1 << 7)
    assert bits(d.flood(1, passable)) == [0, 1, 2, 3, 4, 5, 6]
    assert bits(d.flood(1, passable, limit=2)) == [0, 1, 2]
    layers = d.layers(1, passable)
    assert [bits(x) for x in layers[:3]] == [[0], [1], [2]]


def _ring_flood(dil, sources, passable):
    seen = frontier = sources
    while frontier:
        frontier = dil.step(frontier) & passable & ~seen
        seen |= frontier
    return seen


@pytest.mark.parametrize("seed", range(40))
def test_straight_line_flood_equals_ring_flood(seed):
    rnd = random.Random(seed)
    m = grid_map(rnd.randint(2, 30), rnd.randint(2, 30))
    hexes = list(m.hexes())
    cut = set(rnd.sample([(a, b) for a in hexes for b in m.nbrs[a]], len(hexes) // 3))
    dil = Dilator(edges_filtered(m.nbrs, lambda a, b: (a, b) not in cut)) if seed % 2 else m.dilator()
    passable = m.bb(h for h in hexes if rnd.random() < rnd.choice((0.5, 0.7, 0.9)))
    sources = m.bb(rnd.sample(hexes, rnd.randint(1, 4)))  # sources need not be passable
    assert dil.flood_lines(sources, passable) == _ring_flood(dil, sources, passable)


@pytest.mark.parametrize("k", [1, 7, 63, 64, 65, 300, 2000])
def test_bits_is_the_sorted_indices_on_sparse_and_dense_boards(k):
    rnd = random.Random(k)
    idx = sorted(rnd.sample(range(100, 2600), k))
    assert bits(from_indices(idx)) == idx
    assert all(type(i) is int for i in bits(from_indices(idx)))
