"""Reinforcements and replacements (onslaught 10.0-11.4)."""

from __future__ import annotations

from westfront.core.bitboard import bits
from westfront.games.onslaught.data import UNITS
from westfront.games.onslaught.reinforcements import german_replacement_hexes, reinforcement_hexes
from westfront.games.onslaught.supply import allied_source_bb, allied_sources, german_edge_supply, supply_area

from .helpers import clear, enter_stage, lab, legal, new, open_area, play, put, units


def at_reinforcements(s, turn: int, stage: str = "german_reinforcements"):
    """Enter the Reinforcement Step of ``turn`` at ``stage``."""
    s.g["turn"] = turn
    return enter_stage(s, {"step": "turn", "stage": "reinforcements"}, {"step": "reinforcement_step", "stage": stage})


def placement_hexes(s) -> set[int]:
    """All hexes offered at a placement decision (opening every block when the list is zoomed)."""
    out: set[int] = set()
    acts = legal(s)
    nears = [a for a in acts if a.startswith("near")]
    if not nears:
        return {s.map.index[a.split()[-1]] for a in acts if a.startswith("at ")}
    for n in nears:
        play(s, n)
        out |= {s.map.index[a.split()[-1]] for a in legal(s) if a.startswith("at ")}
        play(s, "back")
    return out


def test_german_reinforcements_enter_germany_in_supply():
    # onslaught 10.2: German reinforcements are placed in Germany, tracing supply to the eastern map edge;
    # not in a fortification cut off by Allied units; they may be placed in Allied ZOC; never overstacked
    s = new()
    clear(s)
    put(s, units("allied", "inf", 1)[0], s.board.landing_zone[0])
    b = s.board
    fort = next(h for h in bits(b.fortification & b.germany) if len(s.map.nbrs[h]) == 6
                and all((b.land >> n) & 1 for n in s.map.nbrs[h]))
    ring = units("allied", "inf", 7)[1:]
    for n, u in zip(s.map.nbrs[fort], ring, strict=True):
        put(s, u, n)
    full = next(h for h in bits(b.germany & ~b.fortification) if s.map.distance(h, fort) > 4)
    for g in units("german", "inf", 3, late=4):
        put(s, g, full)
    at_reinforcements(s, 2)
    assert s.frame()["step"] == "reinforce" and s.current_player() == "german"
    assert sorted(legal(s)) == sorted(f"place {u}" for u in ("ss-2pz", "ss-9pz", "ss-10pz", "de-276", "de-277"))
    play(s, "place ss-9pz")
    offered = placement_hexes(s)
    assert offered and all((b.germany >> h) & 1 for h in offered)
    assert fort not in offered and full not in offered
    assert all((german_edge_supply(s) >> h) & 1 for h in offered)
    in_zoc = [n2 for n in s.map.nbrs[fort] for n2 in s.map.nbrs[n]
              if (b.germany >> n2) & 1 and not s.at(n2) and n2 != fort]
    assert any(h in offered for h in in_zoc)  # next to Allied divisions: allowed


def test_entry_areas_and_free_move():
    # onslaught 10.2: divisions due at area A enter there and then move free, normally or strategically;
    # if no hex of the area lets them trace supply they are eliminated permanently
    s = new()
    clear(s)
    put(s, units("allied", "inf", 1)[0], s.board.landing_zone[0])
    at_reinforcements(s, 2)
    play(s, "place de-276")
    offered = placement_hexes(s)
    assert offered and all((s.board.area_a >> h) & 1 for h in offered)
    h = sorted(offered)[0]
    from .helpers import choose

    choose(s, "at", h)
    for u in ("ss-2pz", "de-277", "ss-9pz", "ss-10pz"):
        play(s, f"place {u}")
        acts = legal(s)
        play(s, acts[0])
        if acts[0].startswith("near"):
            play(s, legal(s)[0])
    assert s.frame()["step"] == "free_move"
    assert sorted(legal(s)) == sorted(["move de-276", "move ss-2pz", "move de-277", "done"])
    play(s, "move de-276")
    assert any(a.startswith("near") for a in legal(s))  # strategic: far more hexes than 4 MP
    assert s.g["supply_points"]["german"] == 8  # the free move costs nothing


def test_entry_area_lost_when_out_of_supply():
    # onslaught 10.2: no hex of the entry area in supply: the division is eliminated permanently
    s = new()
    clear(s)
    area = bits(s.board.area_a)
    allies = iter(units("allied", "inf", 30))
    for h in area:
        for n in [h, *s.map.nbrs[h]]:
            if (s.board.land >> n) & 1 and not s.at(n) and not (s.board.area_a >> n) & 1:
                put(s, next(allies), n)
    at_reinforcements(s, 2)
    assert s.unit("de-276")["box"] == "removed" and s.unit("ss-2pz")["box"] == "removed"


def finish_german(s):
    while s.current_player() == "german":
        acts = legal(s)
        play(s, "done" if "done" in acts else acts[0])


def test_allied_reinforcements_sources_and_delay():
    # onslaught 10.3: Allied reinforcements enter at Allied supply sources; those that cannot (stacking) go
    # to the Delayed Reinforcements box and may enter on a later turn
    s = new()
    clear(s)
    at_reinforcements(s, 1)
    finish_german(s)
    assert s.frame()["step"] == "reinforce" and s.current_player() == "allied"
    play(s, "place us-29")
    sources = {s.map.index[lab_] for lab_ in allied_sources(s) if lab_ != "B"}
    assert {s.map.index[a.split()[1]] for a in legal(s) if a.startswith("at")} == sources
    while s.frame()["step"] == "reinforce":
        acts = legal(s)
        play(s, acts[0])
    delayed = s.in_box("delayed", "allied")
    t1 = [u for u, i in UNITS.items() if i.side == "allied" and i.turn == 1]
    assert len(delayed) == len(t1) - 9
    s2 = new()
    clear(s2)
    for u in delayed:
        s2.g["units"][u].update(hex=None, box="delayed")
    at_reinforcements(s2, 3)
    finish_german(s2)
    pend = s2.frame()["pending"]
    assert set(delayed) <= set(pend)


def test_area_b_allied_divisions_need_southern_france():
    # onslaught 10.3
    # onslaught 8.4: divisions keyed to area B enter there once southern France supplies the Allies
    s = new()
    clear(s)
    u = "us-3"
    assert UNITS[u].entry == "B"
    assert not reinforcement_hexes(s, u, {})
    s.g["turn"] = 8
    s.touch()
    hexes = reinforcement_hexes(s, u, {})
    assert hexes and hexes & ~s.board.area_b == 0


def test_replacement_points_and_costs_in_play():
    # onslaught 11.1: points = base + one per three eliminated; the table's costs; unspent points are lost;
    # onslaught 11.2: depleted divisions on the map are rebuilt only if in supply
    s = new()
    clear(s)
    put(s, units("allied", "inf", 1)[0], s.board.landing_zone[0])
    dead = units("german", "inf", 6, late=5)
    for u in dead:
        s.g["units"][u].update(hex=None, box="eliminated")
    vg = units("german", "vg", 1)[0]
    s.g["units"][vg].update(hex=None, box="eliminated")
    pz = units("german", "pz", 1, late=4)[0]
    s.g["units"][pz].update(hex=None, box="eliminated")
    c = open_area(3)
    dep = put(s, units("german", "sspz", 1)[0], c, full=False)
    cut = put(s, units("german", "inf", 1, late=4)[0], s.board.landing_zone[1], full=False)
    for n, a in zip(s.map.nbrs[s.board.landing_zone[1]], units("allied", "inf", 7)[1:], strict=False):
        if (s.board.land >> n) & 1:
            put(s, a, n)
    at_reinforcements(s, 2, stage="german_replacements")
    assert s.g["replacement_points"]["german"] == 2 + 8 // 3
    acts = legal(s)
    assert f"rebuild {vg} germany" in acts and f"rebuild {pz} half" in acts
    assert f"rebuild {pz} full" in acts  # eliminated armour to full strength: all 4 points
    assert f"refit {dep}" in acts and f"refit {cut}" not in acts  # cut off: not in supply
    play(s, f"refit {dep}")
    assert s.unit(dep)["full"] and s.g["replacement_points"]["german"] == 2
    assert f"rebuild {pz} full" not in legal(s)
    play(s, f"rebuild {vg} germany")
    hexes = placement_hexes(s)
    assert hexes and all((s.board.germany >> h) & 1 for h in hexes)


def test_german_replacements_keep_away_from_the_allies():
    # onslaught 11.4: not within three MP of any Allied division or Allied supply source, and in supply by
    # a line that keeps that distance from Allied divisions
    s = new()
    c = open_area(4)
    clear(s)
    a = put(s, units("allied", "inf", 1)[0], c)
    ok = german_replacement_hexes(s)
    near_allied = s.board.within(1 << c, 3)
    near_src = s.board.within(allied_source_bb(s), 3)
    assert ok and not ok & near_allied and not ok & near_src
    assert not ok & ~supply_area(s, "german")
    # onslaught 11.4: three MP, not two: the ring of hexes exactly three MP away is barred (the old code
    # allowed it)
    ring3 = s.board.within(1 << c, 3) & ~s.board.within(1 << c, 2)
    assert ring3 and not ok & ring3
    del a


def test_area_b_entry_may_be_in_enemy_zoc():
    # onslaught 10.1: reinforcements may be placed in enemy ZOC; 10.3: Allied divisions keyed to area B enter
    # in any hex of that area (free of Germans, room to stack) — a German next to it does not bar the hex
    s = new()
    clear(s)
    s.g["turn"] = 8
    b = s.board
    hexes = [h for h in bits(b.area_b) if s.map.nbrs[h]]
    h = hexes[len(hexes) // 2]
    g = next(n for n in s.map.nbrs[h] if (b.land >> n) & 1)
    put(s, units("german", "inf", 1)[0], g)
    zoc = s.zoc_bb("german") & b.area_b & ~s.side_bb("german")
    assert zoc
    assert reinforcement_hexes(s, "us-3", {}) & zoc == zoc  # the old code refused these hexes


def test_delayed_reinforcements_may_stay_in_the_box():
    # onslaught 10.3: divisions in the Delayed Reinforcements box may enter during any later turn: the Allied
    # player may leave one there (the old code forced every one onto the map)
    s = new()
    clear(s)
    s.g["units"]["us-29"].update(hex=None, box="delayed")
    at_reinforcements(s, 3)
    finish_german(s)
    assert "delay us-29" in legal(s)
    assert not any(a.startswith("delay") and a != "delay us-29" for a in legal(s))  # only boxed divisions
    while "delay us-29" in legal(s):
        play(s, "delay us-29")
    assert s.unit("us-29")["box"] == "delayed" and s.unit("us-29")["hex"] is None


def test_allied_replacements_at_sources_or_delayed():
    # onslaught 11.3: Allied replacements are placed like reinforcements (not in area B); with no room they go
    # to the Delayed Reinforcements box
    s = new()
    clear(s)
    dead = units("allied", "inf", 2, late=10)
    for u in dead:
        s.g["units"][u].update(hex=None, box="eliminated")
    for h in s.board.landing_zone:
        for u in units("allied", "arm", 24)[:3] if h == s.board.landing_zone[0] else []:
            put(s, u, h)
    at_reinforcements(s, 2, stage="allied_replacements")
    assert s.current_player() == "allied" and s.g["replacement_points"]["allied"] == 4
    play(s, f"rebuild {dead[0]} full")
    offered = {s.map.index[a.split()[1]] for a in legal(s) if a.startswith("at")}
    assert offered == set(s.board.landing_zone[1:])
    play(s, f"at {lab(s.board.landing_zone[1])}")
    assert s.unit(dead[0])["hex"] == lab(s.board.landing_zone[1]) and s.unit(dead[0])["full"]
    assert s.g["replacement_points"]["allied"] == 2


def test_the_reinforcements_event_keeps_its_divisions_as_they_enter():
    # onslaught 10.2/10.3: the event names the divisions due; it held the placement frame's own list, which
    # shrank as each division entered, so the log (and a replay's reading of it) ended with an empty list —
    # and with one copied by a clone's apply (SHARE_G) a full one, so the log depended on cloning
    import random

    s = new()
    rnd = random.Random(1)
    while s.turn < 3:
        s.apply(rnd.choice(s.legal_actions()))
    evs = [e for e in s.log if e["type"] == "reinforcements"]
    assert evs and any(e["units"] for e in evs)
    for e in evs:
        assert len(e["units"]) == int(e["text"].split(": ")[1].split()[0]) if e["units"] else "No" in e["text"]
