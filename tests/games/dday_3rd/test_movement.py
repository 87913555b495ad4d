"""Zones of control, movement, stacking (§3, §4.1, §9.1)."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.games.dday_3rd import movement

from .helpers import empty, labels, put, start


def zoc_labels(s, side):
    m = s.board.m
    return {m.label(i) for i in range(m.size) if m.labels[i] and (s.zoc(side) >> i) & 1}


def test_figure_3_zoc_not_across_the_seine_and_overlapping():
    # D-Day §4.1 (Figure 3): SS 12 AD projects no ZOC over the Seine into Y23 and Z23; the ZOCs overlap in Z25
    s = empty()
    put(s, "SS-12-AD", "Z24")
    put(s, "CA-2-ID", "AA26")
    g = zoc_labels(s, "german")
    a = zoc_labels(s, "allied")
    assert "Y23" not in g and "Z23" not in g
    assert {"Y24", "AA24", "AA25", "Z25"} <= g
    assert "Z25" in g and "Z25" in a


def test_zoc_not_into_or_out_of_a_fortress_nor_into_impassable():
    # D-Day §4.1: ZOC does not extend into nor out of a fortress, nor into impassable mountains
    s = empty()
    put(s, "DE-346-STD", "R30")  # Le Havre, a fortress
    m = s.board.m
    assert s.zoc("german") == 0
    put(s, "US-1-ID", "S30")
    assert "R30" not in zoc_labels(s, "allied")
    s2 = empty()
    put(s2, "CA-2-ID", "HH30")
    assert "II31" not in zoc_labels(s2, "allied")
    assert m.terrain[m.index["II31"]] == "impassable"


def test_sea_invasion_zoc():
    # D-Day §4.1: Allied ZOC from a sea invasion hex reaches only its coastal hex; German ZOC from that coastal
    # hex reaches the sea invasion hex pointing at it and no other sea hex
    s = empty()
    put(s, "US-1-ID", "R33")  # Omaha-Gold's arrow
    assert zoc_labels(s, "allied") == {"S33"}
    put(s, "DE-352-ID", "S33")
    g = zoc_labels(s, "german")
    assert "R33" in g and "R32" not in g


def test_figure_6_engagement():
    # D-Day §9.1.4 (Figure 6): US 10 AD in DE 116 AD's ZOC may go to P22 (another unit's ZOC), not to O21 (same
    # unit's ZOC), and to P20 only through Q21
    s = empty()
    put(s, "DE-116-AD", "O20")
    put(s, "DE-85-ID", "P23")
    put(s, "US-10-AD", "P21")
    assert s.in_zoc("P21", "german") and s.in_zoc("O21", "german") and s.in_zoc("P22", "german")
    ends = movement.destinations(s, "US-10-AD")
    assert "P22" in ends and "O21" not in ends and "P20" in ends
    r = movement.reach_of(s, "US-10-AD")
    m = s.board.m
    assert [m.label(h) for h in r.path(m.index["P20"])] == ["P21", "Q21", "P20"]


def test_entering_enemy_zoc_stops():
    # D-Day §9.1.4: a unit entering enemy ZOC stops there
    s = empty()
    put(s, "DE-116-AD", "O20")
    put(s, "US-10-AD", "Q19")
    r = movement.reach_of(s, "US-10-AD")
    m = s.board.m
    assert m.index["P20"] in r.cost
    assert all(r.pred.get(h) != m.index["P20"] for h in r.cost)


def test_mountains_stop_movement():
    # D-Day §9.1.1: entering a mountain hex ends the move
    s = empty()
    put(s, "CA-2-ID", "II29")
    r = movement.reach_of(s, "CA-2-ID")
    m = s.board.m
    jj30 = m.index["JJ30"]
    assert jj30 in r.cost and all(r.pred.get(h) != jj30 for h in r.cost)


def test_dyke_costs_two_and_cannot_be_ended_on():
    # D-Day §9.1.2: D10 to E12 over the dyke costs 2 MF; no move ends on the dyke
    s = empty()
    put(s, "US-1-ID", "D10")
    r = movement.reach_of(s, "US-1-ID")
    m = s.board.m
    assert r.cost[m.index["E12"]] == 2 and m.label(r.pred[m.index["E12"]]) == "D11"
    assert "D11" not in movement.destinations(s, "US-1-ID")


def test_strategic_movement_doubles_and_is_refused_in_zoc():
    # D-Day §9.1.5: double MF when supplied and not in enemy ZOC; German only armour, armoured infantry, airborne
    s = empty()
    put(s, "SS-1-AD", "M19")
    put(s, "DE-89-ID", "N19")
    assert movement.may_move_strategically(s, "SS-1-AD")
    assert not movement.may_move_strategically(s, "DE-89-ID")
    far = movement.destinations(s, "SS-1-AD", True)
    m = s.board.m
    assert far and all(movement.reach_of(s, "SS-1-AD", True).cost[m.index[h]] > 4 for h in far)
    put(s, "US-1-ID", "M18")
    assert not movement.may_move_strategically(s, "SS-1-AD")
    s.set_flags("US-1-ID", flipped=True)
    assert not movement.may_move_strategically(s, "US-1-ID")


def test_unit_interdiction_blocks_strategic_movement_only():
    # D-Day §11.2: an interdicted German unit may not move strategically; normal movement is unaffected
    s = empty()
    put(s, "SS-1-AD", "M19")
    s.g["interdicted"] = ["SS-1-AD"]
    assert not movement.may_move_strategically(s, "SS-1-AD")
    assert movement.destinations(s, "SS-1-AD")


def test_river_interdiction_stops_german_units():
    # D-Day §11.3 (Figure 14): a German unit crossing a river side of an interdicted hex stops there
    s = empty()
    put(s, "SS-12-AD", "Z24")
    m = s.board.m
    y23 = m.index["Y23"]
    before = movement.reach_of(s, "SS-12-AD")
    assert before.cost[y23] == 1 and any(before.pred.get(h) == y23 and before.cost[h] == 2 for h in before.cost)
    s.g["river_interdicted"] = ["Z24"]
    s.touch()
    after = movement.reach_of(s, "SS-12-AD")
    assert after.cost[y23] == 1  # it may still cross, and stops there
    # going on from Y23 now needs the long way round (through Y24, 2 MF to Y23)
    assert all(after.cost[h] >= 3 for h in after.cost if after.pred.get(h) == y23)
    # D-Day §11.3: Allied units are not affected
    s2 = empty()
    s2.g["river_interdicted"] = ["Z24"]
    put(s2, "US-1-ID", "Z24")
    assert any(movement.reach_of(s2, "US-1-ID").pred.get(h) == m.index["Y23"] for h in movement.reach_of(s2, "US-1-ID").cost)


def test_stacking_limits():
    # D-Day §3: Germans up to three; Allies two regular units, or three with a headquarters
    s = empty()
    for u in ("DE-89-ID", "DE-48-ID", "DE-85-ID"):
        put(s, u, "N19")
    assert not s.can_join("DE-84-ID", "N19")
    put(s, "US-1-ID", "S33")
    put(s, "US-2-ID", "S33")
    assert not s.can_join("US-4-ID", "S33")
    assert s.can_join("US-1-HQA", "S33")
    # D-Day §9.1.3: a move may not end over the limit (the end hex is not offered)
    put(s, "US-4-ID", "T34")
    assert "S33" not in movement.destinations(s, "US-4-ID")


def test_move_step_and_illegal_destination_leaves_state_unchanged():
    # D-Day §9.1: a move picks a unit, then a destination; an unreachable hex is refused with a reason
    s = empty()
    put(s, "US-1-ID", "S33")
    start(s, "movement", side="allied")
    s.apply("move US-1-ID")
    assert "to T34" in labels(s.legal_actions())
    before = s.hash()
    with pytest.raises(IllegalAction, match="9.1"):
        s.apply("to A1")
    assert s.hash() == before
    s.apply("to T34")
    assert s.unit("US-1-ID")["hex"] == "T34" and s.unit("US-1-ID")["moved"]
    assert "move US-1-ID" not in labels(s.legal_actions())
