import random

from westfront.core.bitboard import Dilator, bits, from_indices, popcount


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
