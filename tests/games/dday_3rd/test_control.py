"""Control of hexes (§4.3)."""

from __future__ import annotations

from westfront.games.dday_3rd import supply

from .helpers import empty, put


def _antwerp_with_hqs():
    s = empty(week=12)
    for hq in ("US-1-HQA", "BR-2-HQA", "BR-21-HQAG"):
        put(s, hq, "L17")  # Antwerp, an in-land port
    put(s, "US-1-ID", "J15")  # two hexes away: Antwerp is in no Allied unit's ZOC
    return s


def test_an_occupied_hex_is_not_taken_by_enemy_zoc():
    # D-Day §4.3: the last unit to occupy a hex controls it; an Allied unit's own hex is not in its own ZOC, so a
    # German unit next to Antwerp must not make it German
    s = _antwerp_with_hqs()
    put(s, "DE-271-ID", "M17")
    assert s.in_zoc("L17", "german") and not s.in_zoc("L17", "allied")
    s.zoc_control()
    assert s.controller("L17") == "allied"
    # D-Day §6.2: once the German unit has gone, Antwerp with three HQs supplies again at range 24
    s.to_box("DE-271-ID", "german_available")
    s.zoc_control()
    assert s.controller("L17") == "allied"
    src = {x.id: x for x in supply.allied_sources(s)}
    assert src["L17"].range == 24
    assert {"US-1-ID", "US-1-HQA"} <= supply.allied_supplied(s)


def test_an_occupied_german_hex_is_not_taken_by_allied_zoc():
    # D-Day §4.3: the same holds the other way: a German-occupied hex stays German next to an Allied unit
    s = empty()
    put(s, "DE-271-ID", "X35")
    put(s, "US-1-ID", "W35")
    s.set_control("X35", "german")
    s.zoc_control()
    assert s.controller("X35") == "german"


def test_an_empty_hex_follows_zoc():
    # D-Day §4.3: an empty hex in one side's ZOC and free of the other's is that side's
    s = empty()
    put(s, "US-1-ID", "K16")
    s.zoc_control()
    nbr = next(lab for lab in ("J16", "K15", "L16", "J17", "K17", "L17")
               if s.in_zoc(lab, "allied") and not s.at(lab))
    assert s.controller(nbr) == "allied"
    s.to_box("US-1-ID", "britain")
    put(s, "DE-271-ID", "K16")
    s.zoc_control()
    assert s.controller(nbr) == "german"
