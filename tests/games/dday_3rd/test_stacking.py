"""Stacking (§3) for units arriving by air (§8) and by sea (§7.1), and at the end of movement (§9.1.3)."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.games.dday_3rd import logistics
from westfront.testing.kit import enter

from .helpers import empty, labels, put, start


def _drop_into(s, uid, label):
    """Start a drop of ``uid`` and pick the region of ``label``; returns the hexes offered there."""
    s.apply(f"drop {uid}")
    acts = labels(s.legal_actions())
    if any(a.startswith("region ") for a in acts):
        s.apply(f"region {s.board.region_of(label)}")
    return [a.split()[1] for a in labels(s.legal_actions()) if a.startswith("hex ")]


def test_no_third_airborne_division_on_one_hex():
    # D-Day §3, §8: drops obey the stacking limit: two regular Allied units on a hex, so a third drop there is
    # not offered and is refused with the rule and the reason
    s = empty(week=12)
    put(s, "US-1-ID", "X38")
    put(s, "US-82-ABID", "Y38", dropped=True)
    put(s, "US-101-ABID", "Y38", dropped=True)
    s.g["dropped_now"] = 2
    for coast in ("R34", "S33", "S32"):  # supply room for one more unit (§9.3.1)
        s.g["mulberries"][coast] = "normandy"
        s.set_control(coast, "allied")
    start(s, "airborne")
    hexes = _drop_into(s, "BR-6-ABID", "Y38")
    assert "Y38" not in hexes and "X38" not in hexes
    assert "Y38" not in logistics.drop_hexes(s)[0]
    before = s.hash()
    with pytest.raises(IllegalAction, match=r"D-Day 3.*Y38 would hold 3 Allied units.*stacking limit"):
        s.apply("hex Y38")
    assert s.hash() == before


def test_drops_count_the_invaders_about_to_land():
    # D-Day §3, §7.1, §8: two invaders on R33 must move into S33, so no airborne unit may drop on S33
    s = empty(week=1)
    s.g["invasions"] = [{"sector": "normandy", "week": 1}]
    for u in ("US-1-ID", "BR-50-ID"):
        put(s, u, "R33", invader=True, fresh=True)
    put(s, "US-4-ID", "Q33", invader=True, fresh=True)
    s.g["invasion_units"] = ["US-1-ID", "BR-50-ID", "US-4-ID"]
    free, inv = logistics.drop_hexes(s)
    assert "S33" not in free + inv and "R34" in free + inv  # one invader at Q33: R34 has room for one
    assert "would hold 3 Allied units, 2 of them invaders" in logistics.drop_refusal(s, "S33")


def test_second_invasion_lands_only_where_the_coast_has_room():
    # D-Day §3, §7, §7.1: in the second invasion the coastal hex may already hold Allied units; invaders who would
    # overfill it on landing may not embark for its sea hex
    s = empty(week=10)
    s.g["invasions"] = [{"sector": "normandy", "week": 1}]
    put(s, "US-2-ID", "S33")
    put(s, "US-8-ID", "S33")
    start(s, "invasion", mandatory=False, sector=None, unit=None)
    s.apply("invade normandy")
    s.apply(next(a for a in labels(s.legal_actions()) if a.startswith("land ")))
    seas = labels(s.legal_actions())
    assert "at R33" not in seas and "at R32" in seas
    before = s.hash()
    with pytest.raises(IllegalAction, match=r"D-Day 3: the invaders at R33 must move into S33.*3 Allied units"):
        s.apply("at R33")
    assert s.hash() == before


def test_over_stacked_hex_loses_the_excess_at_the_end_of_movement():
    # D-Day §9.1.3: at the end of the movement phase the excess units of an over-stacked hex are eliminated, the
    # owning faction choosing which
    s = empty(week=5)
    for u in ("US-1-ID", "US-2-ID", "US-8-ID"):
        put(s, u, "T34")
    put(s, "US-9-ID", "T36")
    enter(s, {"step": "week", "stage": "allied_movement"}, {"step": "movement", "side": "allied"})
    s.apply("done")
    assert s.frame()["step"] == "overstack"
    s2 = s
    acts = labels(s2.legal_actions())
    assert acts == ["lose US-1-ID", "lose US-2-ID", "lose US-8-ID"]
    with pytest.raises(IllegalAction, match=r"D-Day 9.1.3: US-9-ID is not in an over-stacked hex"):
        s2.apply("lose US-9-ID")
    s2.apply("lose US-8-ID")
    assert s2.unit("US-8-ID")["box"] == "eliminated" and len(s2.at("T34")) == 2
    assert s2.frame()["step"] != "overstack"
