from westfront.core.retreat import advance_hexes, retreat_options

from .helpers import grid_map


def test_onslaught_two_hex_retreat_and_fallback():
    # onslaught 7.3: retreat ends two hexes away; blocked hexes may leave only a one-hex retreat
    m = grid_map(width=9, height=9)
    start = m.index["0505"]
    opts = retreat_options(m.nbrs, start, 2, lambda h: True, lambda h: True, m.distance)
    assert set(opts) == {1, 2}
    assert all(m.distance(start, p[-1]) == 2 for p in opts[2])
    ring2 = {p[-1] for p in opts[2]}
    assert len(ring2) == 12
    # only one neighbour is enterable and everything beyond is blocked
    only = m.nbrs[start][0]
    opts = retreat_options(m.nbrs, start, 2, lambda h: h == only, lambda h: True, m.distance)
    assert set(opts) == {1} and opts[1] == [[only]]


def test_retreat_cannot_end_next_to_attackers():
    # onslaught 7.3: may not end next to a unit that attacked
    m = grid_map(width=9, height=9)
    start = m.index["0505"]
    attacker = m.index["0504"]
    opts = retreat_options(m.nbrs, start, 2, lambda h: h != attacker, lambda h: attacker not in m.nbrs[h], m.distance)
    assert all(attacker not in m.nbrs[p[-1]] for k in opts for p in opts[k])


def test_advance_armour_one_further():
    # onslaught 7.4: infantry advance into the vacated hex only; armour one hex further
    m = grid_map()
    v = m.index["0404"]
    assert advance_hexes(m.nbrs, v, 0, lambda h: True) == [v]
    assert len(advance_hexes(m.nbrs, v, 1, lambda h: True)) == 7
