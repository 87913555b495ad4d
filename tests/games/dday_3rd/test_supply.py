"""Supply (§6), out of supply and attrition (§6.3, §12)."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.games.dday_3rd import supply, victory

from .helpers import empty, labels, put, start


def test_german_supply_edge():
    # D-Day §6.1: A1, B1, C2, ..., W12 along the east edge north of Switzerland
    s = empty()
    edge = s.board.m.spec.zones["german_supply_edge"].hexes
    assert len(edge) == 23 and edge[:3] == ["A1", "B1", "C2"] and edge[-1] == "W12"


def test_german_units_cut_off_and_fortresses():
    # D-Day §6.1: a line to the east edge free of Allied units and ZOC; a fortress supplies the Germans in it
    s = empty()
    put(s, "DE-271-ID", "X35")
    assert "DE-271-ID" in supply.german_supplied(s)
    for u, h in (("US-1-ID", "W35"), ("US-2-ID", "Y36"), ("US-4-ID", "W33"), ("US-8-ID", "Y34"), ("US-9-ID", "X37")):
        put(s, u, h)
    assert "DE-271-ID" not in supply.german_supplied(s)
    s2 = empty()
    put(s2, "DE-346-STD", "R30")  # Le Havre
    for u, h in (("US-1-ID", "S30"), ("US-2-ID", "S31"), ("US-4-ID", "R29"), ("US-8-ID", "Q29")):
        put(s2, u, h)
    assert "DE-346-STD" in supply.german_supplied(s2)


def mulberry(s, coast, sector="normandy"):
    s.g["mulberries"][coast] = sector
    s.set_control(coast, "allied")


def test_table_4_ranges_from_a_mulberry_and_hqs():
    # D-Day §6.2 (Table 4): an invasion hex has range 8, a first HQ adds nothing, two HQs 16, three 24
    s = empty()
    put(s, "US-1-ID", "S33")
    mulberry(s, "S33")
    assert supply.supply_range(s, "S33") == 8
    put(s, "US-1-HQA", "S33")
    assert supply.supply_range(s, "S33") == 8
    put(s, "BR-2-HQA", "S33")
    s.to_box("US-1-ID", "britain")
    assert supply.supply_range(s, "S33") == 16
    put(s, "BR-21-HQAG", "S33")
    assert supply.supply_range(s, "S33") == 24
    # D-Day §6.2: a coastal hex without Mulberry or HQ has range 0
    assert supply.supply_range(s, "R34") == 0


def test_capacity_limits_and_occupants_first():
    # D-Day §6.2: a supply point feeds at most its capacity; units on it count first
    s = empty()
    mulberry(s, "R34")  # Utah
    cap = s.board.arrow_by_coast["R34"].capacity
    put(s, "US-4-ID", "R34")
    others = ["US-9-ID", "US-1-ID", "US-2-ID", "US-8-ID", "US-5-ID"][:cap]
    for u, h in zip(others, ["S35", "R35", "R36", "S36", "Q36"], strict=False):
        put(s, u, h)
    sup = supply.allied_supplied(s)
    assert "US-4-ID" in sup and len(sup) == cap


def test_uncontrolled_coastal_hex_supplies_only_its_occupants():
    # D-Day §6.2: an Allied unit on an uncontrolled coastal supply hex traces a 0-length line
    s = empty()
    put(s, "US-4-ID", "R34")
    s.set_control("R34", "german")
    put(s, "US-9-ID", "S35")
    sup = supply.allied_supplied(s)
    assert "US-4-ID" in sup and "US-9-ID" not in sup


def test_supply_line_blocked_by_german_zoc_and_range():
    # D-Day §6.2: a coastal supply point in German ZOC supplies only the units on it; range 8 from a Mulberry
    s = empty()
    mulberry(s, "S33")
    put(s, "US-1-ID", "S33")
    put(s, "US-2-ID", "U34")
    assert "US-2-ID" in supply.allied_supplied(s)
    put(s, "DE-352-ID", "T34")
    assert supply.allied_supplied(s) == {"US-1-ID"}
    s2 = empty()
    mulberry(s2, "S33")
    m = s2.board.m
    far = next(h for h in ("AA33", "BB33", "AA34") if m.distance(m.index["S33"], m.index[h]) > 8)
    put(s2, "US-2-ID", far)
    assert "US-2-ID" not in supply.allied_supplied(s2)


def test_inland_port_in_german_zoc_supplies_nobody():
    # D-Day §6.2: an in-land port in German ZOC cannot supply units
    s = empty()
    s.set_control("L17", "allied")
    put(s, "US-1-ID", "L17")
    assert "US-1-ID" in supply.allied_supplied(s)
    put(s, "DE-89-ID", "L16")
    assert "US-1-ID" not in supply.allied_supplied(s)


def test_out_of_supply_flip_isolate_eliminate():
    # D-Day §6.3: out of supply: flipped (half AF, MF 1); still out next week: isolation marker
    s = empty()
    put(s, "US-1-ID", "X35")
    victory.apply_supply(s, "allied")
    u = s.unit("US-1-ID")
    assert u["flipped"] and not u["isolated"] and s.af("US-1-ID") == 2 and s.mf("US-1-ID") == 1
    victory.apply_supply(s, "allied")
    assert u["isolated"]
    # D-Day §12: an isolated unit still out of supply at the attrition phase is eliminated
    victory.attrition(s, "allied")
    assert u["box"] == "eliminated"


def test_back_in_supply_loses_the_marker_but_stays_flipped():
    # D-Day §12: a unit brought back into supply loses the isolation marker but stays flipped until its supply phase
    s = empty()
    put(s, "US-1-ID", "S34", flipped=True, isolated=True)
    mulberry(s, "S33")
    victory.attrition(s, "allied")
    u = s.unit("US-1-ID")
    assert u["hex"] == "S34" and not u["isolated"] and u["flipped"]
    victory.apply_supply(s, "allied")
    assert not u["flipped"]


def test_reinforcement_room():
    # D-Day §9.3.1: capacity minus the Allied units already on the continent
    s = empty()
    mulberry(s, "S33")
    put(s, "US-1-ID", "S33")
    assert supply.reinforcement_room(s) == s.board.arrow_by_coast["S33"].capacity - 1


def over_capacity(s):
    """Utah (R34) as the only supply point, US 4 ID on it and one unit more than its capacity can feed around it."""
    mulberry(s, "R34")
    cap = s.board.arrow_by_coast["R34"].capacity
    put(s, "US-4-ID", "R34")
    others = ["US-9-ID", "US-1-ID", "US-2-ID", "US-8-ID", "US-5-ID"][:cap]
    for u, h in zip(others, ["S35", "R35", "T35", "T36", "S34"], strict=False):
        put(s, u, h)
    return others


def test_the_allied_player_chooses_who_a_full_supply_point_leaves_out():
    # D-Day §6.2: surplus units are out of supply; the Allied player decides which, save those on the supply point
    s = empty(week=3)
    others = over_capacity(s)
    s.g["flow"] = []
    start(s, "week")  # the Allied supply phase asks
    assert s.frame()["step"] == "surplus" and s.current_player() == "allied"
    out_now = [u for u, src in supply.allied_assignment(s).items() if src is None]
    assert len(out_now) == 1 and out_now[0] in others
    acts = labels(s.legal_actions())
    assert acts == [f"supply {out_now[0]}", "done"]  # only the left-out unit can be chosen; never US 4 ID
    with pytest.raises(IllegalAction):
        s.apply("supply US-4-ID")
    s.apply(f"supply {out_now[0]}")
    # the unit left out now may in turn be preferred to the others not chosen yet (never to the chosen one)
    now_out = [u for u, src in supply.allied_assignment(s).items() if src is None]
    assert len(now_out) == 1 and now_out[0] != out_now[0]
    assert labels(s.legal_actions()) == [f"supply {now_out[0]}", "done"]
    s.apply("done")
    # D-Day §6.3: the choice is applied at once: the chosen unit stays face up, another one flips
    assert s.frame()["step"] != "surplus"
    assert not s.unit(out_now[0])["flipped"]
    flipped = [u for u in ["US-4-ID", *others] if s.unit(u)["flipped"]]
    assert flipped == [now_out[0]]


def test_no_supply_question_without_a_choice():
    # D-Day §6.2: within capacity (or with nobody able to reach a point) there is nothing to decide
    s = empty(week=3)
    mulberry(s, "R34")
    put(s, "US-4-ID", "R34")
    put(s, "US-9-ID", "S35")
    put(s, "US-1-ID", "AA40")  # far beyond any range: out of supply whatever the choice
    assert supply.surplus_choices(s) == []
    start(s, "week")
    assert s.frame()["step"] != "surplus"
    assert s.unit("US-1-ID")["flipped"] and not s.unit("US-9-ID")["flipped"]
