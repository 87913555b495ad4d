"""Supply: points, lines, sources, port areas, effects and capture (onslaught 8.0-8.7)."""

from __future__ import annotations

from westfront.core.bitboard import bits
from westfront.games.onslaught.supply import allied_sources, capture_supply, german_source_bb, in_supply

from .helpers import clear, lab, nb, new, open_area, play, put, units, walk


def ring2(s, c):
    return bits(s.board.within(1 << c, 2) & ~s.board.within(1 << c, 1))


def test_supply_diagram():
    # onslaught 8.4 diagram: infantry in fortifications are in supply even when surrounded; a panzer division
    # hemmed in by Allied ZOC is out of supply; an SS panzer division with a clear path is in supply; a
    # volksgrenadier division surrounded by Allied ZOC traces through a German-held hex in that ZOC
    s = new()
    clear(s)
    b = s.board
    fort = next(h for h in bits(b.fortification & b.germany) if len(s.map.nbrs[h]) == 6
                and all((b.land >> n) & 1 for n in s.map.nbrs[h]))
    inf = put(s, units("german", "inf", 1)[0], fort)
    allies = iter(units("allied", "inf", 60))
    for n in s.map.nbrs[fort]:
        put(s, next(allies), n)

    pz_hex = open_area(3, skip=0)
    pz = put(s, units("german", "pz", 1)[0], pz_hex)
    for h in ring2(s, pz_hex):
        put(s, next(allies), h)

    c = open_area(4, skip=40)
    vg = put(s, units("german", "vg", 1)[0], c)
    n_ = nb(c, 1)
    g = put(s, units("german", "inf", 2)[1], n_)
    put(s, next(allies), nb(c, 0))
    for h in ring2(s, c):
        if s.map.distance(h, n_) > 1:
            put(s, next(allies), h)
    ss = put(s, units("german", "sspz", 1)[0], open_area(2, skip=120))

    zoc = s.zoc_bb("allied")
    assert all((zoc >> n) & 1 for n in s.map.nbrs[c])  # the volksgrenadiers are surrounded by ZOC
    assert in_supply(s, inf)
    assert not in_supply(s, pz)
    assert in_supply(s, ss)
    assert in_supply(s, vg)
    s.g["units"][g]["hex"] = None
    s.g["units"][g]["box"] = "removed"
    s.touch()
    assert not in_supply(s, vg)  # without the German division in the ZOC hex, no line


def test_allied_sources_and_control():
    # onslaught 8.1
    # onslaught 8.4: the landing hexes are Allied sources; a source last entered by a German division
    # stops being one until the Allies re-enter it; enemy ZOC does not affect control
    s = new()
    land = s.board.landing_zone[0]
    assert lab(land) in allied_sources(s)
    clear(s)
    g = put(s, units("german", "inf", 1)[0], land)
    s.enter(g, [land])
    assert lab(land) not in allied_sources(s)
    s.enter(g, [nb(land, 3) if (s.board.land >> nb(land, 3)) & 1 else s.map.nbrs[land][0]])
    assert lab(land) not in allied_sources(s)  # last occupied by a German
    a = units("allied", "inf", 1)[0]
    s.enter(a, [land])
    assert lab(land) in allied_sources(s)
    assert allied_sources(s)[lab(land)] == 4


def test_southern_france_from_turn_8():
    # onslaught 8.1
    # onslaught 8.4: from turn 8 southern France gives four points, traced through entry area B
    s = new()
    assert "B" not in allied_sources(s)
    s.g["turn"] = 8
    s.touch()
    assert allied_sources(s)["B"] == 4
    area = bits(s.board.area_b)
    u = put(s, units("allied", "inf", 1)[0], walk(area[len(area) // 2], 0, 0))
    assert in_supply(s, u)
    clear(s, keep=[u])
    for h, g in zip(area, units("german", "inf", len(area)), strict=True):
        put(s, g, h)
    assert "B" not in allied_sources(s)


def port(s, name):
    return next(p for p in s.board.ports if p.name == name)


def test_port_areas():
    # onslaught 8.5: a port in a port area is a source only once the whole area is clear of German divisions
    # and an Allied division has entered the port; Rouen needs Le Havre; German ZOC does not matter
    s = new()
    clear(s)
    hv, ro = port(s, "Le Havre"), port(s, "Rouen")
    area = s.board.port_areas[hv.area]
    a1, a2 = units("allied", "inf", 2)
    s.enter(a1, [ro.hex])
    assert lab(ro.hex) not in allied_sources(s)  # Rouen without Le Havre
    s.enter(a2, [hv.hex])
    assert lab(hv.hex) in allied_sources(s) and lab(ro.hex) in allied_sources(s)
    inside = next(h for h in bits(area) if h not in (hv.hex, ro.hex) and not s.at(h))
    g = put(s, units("german", "inf", 1)[0], inside)
    assert lab(hv.hex) not in allied_sources(s)  # a German division inside the port area
    s.g["units"][g].update(hex=None, box="removed")
    s.touch()
    outside = next(n for h in bits(area) for n in s.map.nbrs[h] if not (area >> n) & 1 and (s.board.land >> n) & 1)
    put(s, g, outside)
    assert lab(hv.hex) in allied_sources(s)  # next to the area: its ZOC does not matter
    assert allied_sources(s)[lab(hv.hex)] == hv.supply


def test_fortified_ports_supply_germans_until_captured():
    # onslaught 8.4: Germans may trace to a fortified port never captured by the Allies; once captured,
    # never again
    s = new()
    clear(s)
    cher = port(s, "Cherbourg")
    assert cher.fortified and (german_source_bb(s) >> cher.hex) & 1
    a = units("allied", "inf", 1)[0]
    s.enter(a, [cher.hex])
    g = put(s, units("german", "inf", 1)[0], nb(cher.hex, 3) if (s.board.land >> nb(cher.hex, 3)) & 1
            else next(n for n in s.map.nbrs[cher.hex] if (s.board.land >> n) & 1))
    s.g["units"][a].update(hex=None, box="removed")
    s.enter(g, [cher.hex])
    assert lab(cher.hex) in s.g["captured"]
    assert not (german_source_bb(s) >> cher.hex) & 1
    assert in_supply(s, g)  # it stands in a fortification (7.5), but the port feeds no one else


def test_supply_points_income_and_caps():
    # onslaught 8.1: German 8 a turn; Allied income from the sources
    # onslaught 8.2: caps of 60 and 40, excess lost
    s = new()
    s.g["supply_points"] = {"allied": 55, "german": 38}
    s.gain("german", 8, "test", "onslaught 8.1")
    s.gain("allied", 12, "test", "onslaught 8.1")
    assert s.g["supply_points"] == {"allied": 60, "german": 40}
    s.g["supply_points"]["allied"] = 10
    s.pay("allied", 3, "test", "onslaught 8.2")
    assert s.g["supply_points"]["allied"] == 7  # unused points accumulate (8.1)


def to_collect(s):
    """Run the current game on to the Allied supply collection of turn 1."""
    while s.frame() and s.frame()["step"] != "collect" and s.turn == 1:
        acts = [str(a) for a in s.legal_actions()]
        pick = next((a for a in ("pass", "done") if a in acts), acts[0])
        play(s, pick)


def test_declining_a_threatened_source_and_capture():
    # onslaught 8.1
    # onslaught 8.7: the Allies may decline a threatened source; the Germans capture half (rounded up)
    # of what was collected there last turn when a German division stands on it in the Reinforcement Step;
    # on turn 1 the landing hexes count as collected on a hypothetical turn 0
    s = new()
    land = s.board.landing_zone[0]
    clear(s)
    g = put(s, units("german", "inf", 1)[0], nb(land, 3) if (s.board.land >> nb(land, 3)) & 1 else land)
    put(s, units("allied", "inf", 1)[0], s.board.landing_zone[2])  # the Allies must keep a division (13.1)
    s.g["supply_points"]["german"] = 0
    s.touch()
    to_collect(s)
    assert s.frame()["step"] == "collect"
    assert f"decline {lab(land)}" in [str(a) for a in s.legal_actions()]
    play(s, f"decline {lab(land)}", "collect")
    assert lab(land) not in s.g["collected"] and s.g["income"] == 8
    # turn 0 collection captured on turn 1
    s2 = new()
    clear(s2)
    g2 = put(s2, units("german", "inf", 1)[0], land)
    before = s2.g["supply_points"]["german"]
    capture_supply(s2)
    assert s2.g["supply_points"]["german"] == before + 2  # half of 4
    capture_supply(s2)
    assert s2.g["supply_points"]["german"] == before + 2  # nothing left to capture
    del g, g2


def test_capture_rounds_up():
    # onslaught 8.7: fractions are rounded up (3 collected -> 2 captured)
    s = new()
    clear(s)
    hv = port(s, "Le Havre")
    s.g["collected"] = {lab(hv.hex): 3}
    put(s, units("german", "inf", 1)[0], hv.hex)
    before = s.g["supply_points"]["german"]
    capture_supply(s)
    assert s.g["supply_points"]["german"] == before + 2


def test_activation_traces_supply_once_for_the_action():
    # onslaught 8.6: a stack traces supply when activated and keeps that status for the whole action
    s = new()
    clear(s)
    c = open_area(3)
    u = put(s, units("allied", "inf", 1)[0], c)
    for lab_ in list(s.g["control"]):
        s.g["control"][lab_] = "german"
    s.touch()
    play(s, "movement", f"activate {lab(c)}")
    assert u in s.act["out_of_supply"]
    ev_moves = [str(a) for a in s.legal_actions()]
    assert f"move {u}" in ev_moves
    play(s, f"move {u}")
    ends = {str(a).split()[1] for a in s.legal_actions() if str(a).startswith("to")}
    assert ends == {lab(n) for n in s.map.nbrs[c]}
