"""Map facts the rules state (brief §6 and §8), on the committed map."""

from __future__ import annotations

from westfront.games.second_front_now.board import board
from westfront.games.second_front_now.movement import reach_from

from .helpers import bare, started


def labels(ids):
    b = board()
    return sorted(b.label(i) for i in ids)


def test_neighbours_of_1414():
    # SFN 3.4: LXXXI Corps may set up in 1414 or 1313, 1314, 1413, 1415, 1513, 1514
    b = board()
    assert labels(b.map.nbrs[b.hex("1414")]) == ["1313", "1314", "1413", "1415", "1513", "1514"]


def test_all_sea_hexsides():
    # SFN 12.3: 1012 to 1013 is prohibited; SFN 11.2: no ZOC from 2009 into 1909
    b = board()
    assert b.side_extra[(b.hex("1012"), b.hex("1013"))] == -1
    assert not (b.zoc_dilator.step(1 << b.hex("2009")) >> b.hex("1909")) & 1
    assert (b.zoc_dilator.step(1 << b.hex("2009")) >> b.hex("2008")) & 1


def test_brief_map_fixes_hold():
    # SFN 11.2, 12.3: 1310|1411 and 1909|1910 are straight coast, not all-sea hexsides
    b = board()
    assert (b.hex("1310"), b.hex("1411")) not in b.side_extra
    assert (b.hex("1909"), b.hex("1910")) not in b.side_extra
    # SFN 14.3: Abbeville and Amiens are cities on clear terrain
    assert b.map.terrain[b.hex("2210")] == "clear" and b.map.terrain[b.hex("2412")] == "clear"


def test_beaches_of_both_areas():
    # SFN 3.2: Calais 2006, 2007, 2008, 2009, 1910; Dieppe 1310, 1411, 1510, 1611, 1710
    b = board()
    assert labels(b.beaches["calais"]) == ["1910", "2006", "2007", "2008", "2009"]
    assert labels(b.beaches["dieppe"]) == ["1310", "1411", "1510", "1611", "1710"]
    # SFN 4.3: Sword is 1710 or 2006
    assert b.beach_name[b.hex("2006")] == b.beach_name[b.hex("1710")] == "Sword"


def test_breakout_line_examples():
    # SFN 6.1: 1912 and 2404 within; 2013 and the whole 25xx row across; seven centres inside
    b = board()
    inside = lambda h: bool((b.within_breakout >> b.hex(h)) & 1)  # noqa: E731
    assert inside("1912") and inside("2404")
    assert not inside("2013")
    assert not any(inside(lab) for lab in b.map.index if lab.startswith("25"))
    assert len(b.centres_inside) == 7


def test_fifty_victory_points():
    # SFN 4.2: 50 VP on the map; Dieppe is worth one
    b = board()
    assert sum(b.vp.values()) == 50 and b.vp[b.hex("1510")] == 1


def test_rouen_to_1415_costs_two():
    # SFN 12.4: Rouen (1414) to 1415 costs 2 MP across the Seine
    s = bare(started(), g_47="1414")
    r = reach_from(s, ["g-47"], "1414", strategic=False, mp=2)
    assert r.cost[board().hex("1415")] == 2
    s.u("g-47")["supply"] = "none"  # SFN 9.1: out of supply the movement value is one
    s.touch()
    r1 = reach_from(s, ["g-47"], "1414", strategic=False)
    # SFN 12.4: a unit may always move one hex by spending everything it has (at the start of its move)
    assert r1.cost[board().hex("1415")] == 1


def test_south_box_entry_at_1828_and_on_to_1823():
    # SFN 12.5: a South-box panzer grenadier (MF 3) enters at 1828 by strategic movement and moves
    # five more hexes to 1823; SFN 7.3: 1828 is a South-box entry hex
    b = board()
    assert b.hex("1828") in b.south_entries and b.hex("1013") in b.south_entries
    s = bare(started(), g_3pg="1828")
    r = reach_from(s, ["g-3pg"], "1828", strategic=True, mp=2 * 3 - 1)
    assert r.cost[b.hex("1823")] == 5


def test_move_preview_gives_cost_and_path():
    # SFN 12.4: the preview of a move shows its cost, river crossing included
    from westfront.testing.kit import enter
    s = bare(started(), g_47="1414")
    enter(s, {"step": "command", "side": "german"})
    s.apply("move 1414")
    p = s.preview("to 1415")
    assert p == {"cost": 2, "path": ["1414", "1415"]}
