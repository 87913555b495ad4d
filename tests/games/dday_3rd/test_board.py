"""The board (§2.1), control (§4.3) and invasion hexes (§7.2)."""

from __future__ import annotations

from westfront.games.dday_3rd.board import board

from .helpers import empty, put, start


def test_sectors_arrows_and_capacities():
    # D-Day §2.1: seven invasion sectors plus the Wadden Sea (supply only); each arrow has a supply number
    b = board()
    assert b.sectors == ("north_sea", "pas_de_calais", "le_havre", "normandy", "brittany", "bay_of_biscay",
                         "south_france")
    assert all(not a.invasion for a in b.arrows if a.sector == "wadden_sea")
    assert all(a.capacity >= 1 for a in b.arrows)
    m = b.m
    for a in b.arrows:
        assert m.index[a.coast] in m.nbrs[m.index[a.sea]] and m.terrain[m.index[a.sea]] == "sea"


def test_figure_4_normandy_arrows():
    # D-Day §2.1 (Figure 4): Utah R34, Omaha-Gold S33, Juno-Sword S32; no sea invasion hex between S30 and S32
    b = board()
    normandy = {a.coast: a.sea for a in b.arrows if a.sector == "normandy"}
    assert normandy["R34"] == "Q33" and normandy["S33"] == "R33" and normandy["S32"] == "R32"
    assert "R31" not in b.arrow_by_sea


def test_figure_6_scheldt():
    # D-Day §2.1 (Figure 6): no river between O20 and O21 or P21 (both in DE 116 AD's ZOC)
    m = board().m
    assert "river" not in m.side(m.index["O20"], m.index["O21"])
    assert "river" not in m.side(m.index["O20"], m.index["P21"])


def test_dyke_and_in_land_ports():
    # D-Day §2.1: in-land ports with their capacity and perimeter; the dyke between D10 and E12
    b = board()
    assert {p.hex for p in b.inland_ports} >= {"G13", "H14", "L17", "LL44"}
    assert b.m.label(next(iter(b.m.zone("dyke")))) == "D11"


def test_control_by_passing_and_by_zoc():
    # D-Day §4.2: a unit occupies the hex it is in, not its ZOC
    # D-Day §4.3: a side controls hexes its units passed through, and hexes in its ZOC free of enemy ZOC
    s = empty()
    put(s, "US-1-ID", "S33")
    assert s.controller("S33") == "allied" and s.controller("T34") == "german"
    s.zoc_control()
    assert s.controller("T34") == "allied"
    put(s, "DE-352-ID", "U35")
    s.zoc_control()
    assert s.controller("T34") == "allied"  # in both ZOCs: unchanged
    start(s, "movement", side="allied")
    s.apply("move US-1-ID")
    s.apply("to T33")
    assert s.controller("T33") == "allied"


def test_german_occupation_ends_an_invasion_hex():
    # D-Day §7.2: when a German unit occupies an invasion hex it loses its status (the Mulberry is removed)
    s = empty()
    s.g["mulberries"] = {"S33": "normandy"}
    s.set_control("S33", "allied")
    put(s, "DE-352-ID", "S33")
    assert "S33" not in s.g["mulberries"] and s.controller("S33") == "german"
