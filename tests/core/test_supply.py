"""Supply tracing variants."""

from westfront.core.movement import zoc_of
from westfront.core.supply import Source, assign_capacity, chain_sources, passable_for_supply, supplied_area

from .helpers import grid_map


def test_onslaught_supply_diagram_cases():
    # onslaught 8.4: a unit cut off by Allied ZOC is out of supply (the 6-5 panzer), but a unit can
    # trace through enemy ZOC where a German division stands (the 3-3 volksgrenadier)
    m = grid_map(width=10, height=6)
    east = m.bb(m.index[f"10{r:02d}"] for r in range(1, 7))
    allied = m.bb([m.index["0702"], m.index["0705"]])  # their ZOC closes column 7
    z = zoc_of(m.dilator(), allied)
    unit = m.index["0504"]
    for friends, expected in [((), False), (("0703",), True)]:
        own = m.bb([unit, *(m.index[f] for f in friends)])
        passable = passable_for_supply(m.all_bb, allied, z, own, negate=True)
        area = supplied_area(m.dilator(), east & passable, passable)
        assert bool((area >> unit) & 1) == expected


def test_friendly_negation_variant_off():
    # D-Day §6: friendly units do not negate enemy ZOC for supply lines (1944 13.0 and SFN 11.3 do)
    m = grid_map(width=8, height=3)
    enemy = m.bb([m.index["0401"], m.index["0403"]])
    z = zoc_of(m.dilator(), enemy)
    friend = m.bb([m.index["0302"], m.index["0402"], m.index["0502"]])
    src = m.bb([m.index["0802"]])
    unit = m.index["0102"]
    on = supplied_area(m.dilator(), src, passable_for_supply(m.all_bb, enemy, z, friend, negate=True))
    off = supplied_area(m.dilator(), src, passable_for_supply(m.all_bb, enemy, z, friend, negate=False))
    assert (on >> unit) & 1 and not (off >> unit) & 1


def test_1944_five_hex_limit():
    # 1944 13.0: a unit traces 5 hexes to a supply source
    m = grid_map(width=12, height=1)
    src = 1 << m.index["0101"]
    area = supplied_area(m.dilator(), src, m.all_bb, limit=5)
    assert (area >> m.index["0601"]) & 1 and not (area >> m.index["0701"]) & 1


def test_1944_city_chain():
    # 1944 13.0: controlled cities chain within 5 hexes of each other back to a supply edge
    m = grid_map(width=20, height=1)
    edge = 1 << m.index["0101"]
    cities = m.bb([m.index["0601"], m.index["1101"], m.index["1801"]])
    srcs = chain_sources(m.dilator(), edge, cities, m.all_bb, 5)
    assert (srcs >> m.index["1101"]) & 1, "0601 is 5 from the edge, 1101 is 5 from 0601"
    assert not (srcs >> m.index["1801"]) & 1, "1801 is 7 from 1101: the chain breaks"
    area = supplied_area(m.dilator(), srcs, m.all_bb, limit=5)
    assert (area >> m.index["1601"]) & 1 and not (area >> m.index["1701"]) & 1


def test_dday_capacity_and_range():
    # D-Day §6.2: a supply point feeds at most its capacity; units on it count first; range limits
    m = grid_map(width=12, height=2)
    src = Source("beach", m.index["0101"], range=8, capacity=2)
    units = [("on", m.index["0101"]), ("near", m.index["0301"]), ("far", m.index["0501"]), ("out", m.index["1201"])]
    got = assign_capacity(m.nbrs, units, [src], m.all_bb, priority=["far"])
    assert got["on"] == "beach"
    assert got["far"] == "beach" and got["near"] is None
    assert got["out"] is None


def test_capacity_matching_reassigns():
    m = grid_map(width=12, height=1)
    a = Source("a", m.index["0101"], range=3, capacity=1)
    b = Source("b", m.index["0601"], range=3, capacity=1)
    units = [("u1", m.index["0301"]), ("u2", m.index["0201"])]
    got = assign_capacity(m.nbrs, units, [a, b], m.all_bb)
    assert sorted(v for v in got.values() if v) == ["a", "b"]
