"""Reinforcements and replacements (9.1-9.3), RP (8.0, 19.0), southern France (15.0) and the RCO (16.0)."""

from __future__ import annotations

import pytest

import westfront
from westfront.games.dday_to_the_rhine import units as U
from westfront.games.dday_to_the_rhine.board import board
from westfront.games.dday_to_the_rhine.combat import attacker_entries, eligible_attackers, targets
from westfront.games.dday_to_the_rhine.data import tables
from westfront.games.dday_to_the_rhine.reinforcements import (
    build_cost,
    build_hexes,
    can_afford,
    charge,
    entry_hexes,
    may_add_step,
    may_rebuild,
    step_cost,
)
from westfront.games.dday_to_the_rhine.upkeep import allied_rp, end_of_turn

from .helpers import on, position, synthetic_board

GAME = "dday-to-the-rhine"


def quick():
    return westfront.load(GAME, scenario="quick-start", seed=3)


def near(i, hexes):
    b = board()
    return all(h == i or h in b.adj[i] for h in hexes)


def test_german_reinforcements_enter_at_one_step_near_their_cities():
    # 1944 9.1: German reinforcements enter at 1 SP; panzers in or next to a German city, Enschede or Strasbourg
    s = quick()
    b = board()
    assert "place ge-2sspc" in {str(a) for a in s.legal_actions()}
    hexes = entry_hexes(s, "ge-2sspc")
    anchors = [i for i, c in b.cities.items() if c.country == "germany"] + [b.find("Enschede"), b.find("Strasbourg")]
    assert hexes and all(any(h == a or h in b.adj[a] for a in anchors) for h in hexes)
    s.apply("place ge-2sspc")
    s.apply(f"at {b.label(hexes[0])}")
    assert s.unit("ge-2sspc")["strength"] == 1 and s.unit("ge-2sspc")["hex"] == b.label(hexes[0])


def test_army_group_entry_cities_and_the_fallback():
    # 1944 9.1: Army Group H enters at the Ruhr, Enschede, Koln or Munster; if none is held, any German city
    s = quick()
    b = board()
    cities = [b.find(n) for n in ("Essen", "Dusseldorf", "Dortmund", "Enschede", "Koln", "Munster")]
    hexes = entry_hexes(s, "ge-1fja")
    assert hexes and all(any(h == c or h in b.adj[c] for c in cities) for h in hexes)
    for c in cities:
        s.g["control"].append(b.label(c))
    s.touch()
    fallback = entry_hexes(s, "ge-1fja")
    assert fallback and not set(fallback) & set(cities)


def test_allied_reinforcements_enter_at_full_strength_at_beachheads_and_ports():
    # 1944 9.1: Allied units arrive at full SP in a controlled beach-head or port (over-stacking allowed)
    s = quick()
    b = board()
    while s.current_player() != "allied" or s.frame()["step"] != "reinforce":
        s.apply("done" if s.frame()["step"] == "reinforce" else "end")
    assert s.turn == 2
    heads = {b.hex(h) for h in s.g["beachheads"].values()}
    hexes = set(entry_hexes(s, "uk-30c"))
    assert hexes and hexes <= heads | set(b.cities)
    s.apply("place uk-30c")
    target = next(h for h in hexes if h in heads)
    s.apply(f"at {b.label(target)}")
    u = s.unit("uk-30c")
    assert u["strength"] == 2 and u["over"]  # 9.1: arrives at maximum SP, over-stacked on the beach-head


def test_over_stacked_units_go_back_to_the_turn_track():
    # 1944 9.1: an entry hex holds one unit at the end of the turn; the extras return for next turn
    with on(synthetic_board()):
        s = position(turn=3, units={"us-1a": "0505", "uk-30c": "0505"})
        s.unit("uk-30c")["over"] = True
        s.g["beachheads"]["12"] = "0505"
        s.touch()
        end_of_turn(s, "allied")
        assert s.unit("us-1a")["hex"] == "0505"
        assert s.unit("uk-30c")["hex"] is None and s.unit("uk-30c")["box"] == U.SCHEDULED and s.unit("uk-30c")["due"] == 4


def test_reinforcements_may_wait():
    # 1944 9.1: not all reinforcements have to enter on their month; they wait on the track
    s = quick()
    s.apply("done")
    assert s.unit("ge-2sspc")["box"] == U.AVAILABLE
    while s.turn == 1:
        s.apply("done" if s.frame()["step"] == "reinforce" else "end")
    assert s.unit("ge-2sspc")["box"] == U.AVAILABLE and "place ge-2sspc" in {str(a) for a in s.legal_actions()}


def test_rebuild_costs_and_where_rebuilt_units_go():
    # 1944 9.2 / 19.0: volksturm 1 RP, infantry 2 RP, panzer 3 RP; steps 1 RP infantry, 2 RP panzer
    assert (build_cost("vs-koln"), build_cost("ge-67c"), build_cost("ge-47pc"), build_cost("us-7c")) == (1, 2, 3, 2)
    assert (step_cost("ge-67c"), step_cost("vs-koln"), step_cost("ge-47pc"), step_cost("us-1a")) == (1, 1, 2, 1)
    s = quick()
    b = board()
    assert "build ge-84c" in {str(a) for a in s.legal_actions()}
    vs = build_hexes(s, "vs-koln")
    assert vs == [b.find("Koln")]  # 9.2: volksturm only in the city named on the counter
    s.apply("build ge-84c")
    s.apply(s.legal_actions()[0])
    assert s.unit("ge-84c")["strength"] == 1 and s.rp("german") == 4 - 2


def test_french_and_sixth_army_group_replacements():
    # 1944 9.2: 6th AG US units rebuild in a from-Marseilles hex; French ones in or next to a French city
    s = westfront.load(GAME, scenario="ardennes-1945", seed=1)
    b = board()
    assert set(build_hexes(s, "us-6c")) <= set(b.zone("from_marseilles"))
    fr = build_hexes(s, "fr-1c")
    assert fr and all(b.country[h] == "france" or any(n in b.cities for n in b.adj[h]) for h in fr)
    assert set(build_hexes(s, "us-7c")) <= set(range(b.size))


def test_national_replacement_limits():
    # 1944 9.3: Commonwealth 2 RP, US 4 RP, German panzers 3 RP a month; France and German infantry unlimited
    with on(synthetic_board()):
        s = position(turn=3, units={"uk-2a": ("0505", 1), "us-1a": ("0705", 1), "fr-1a": ("0905", 1)},
                     rp=(20, 20))
        charge(s, "uk-2a", 2)
        assert not can_afford(s, "uk-2a", 1) and can_afford(s, "us-1a", 4)
        charge(s, "us-1a", 4)
        assert not can_afford(s, "us-1a", 1) and can_afford(s, "fr-1a", 6)
        charge(s, "ge-47pc", 3)
        assert not can_afford(s, "ge-47pc", 1) and can_afford(s, "ge-67c", 10)
        assert tables()["replacement_limits"] == {"commonwealth": 2, "us": 4, "german_panzer": 3,
                                                  "source": tables()["replacement_limits"]["source"]}


def test_late_war_german_armies_are_not_rebuilt_but_take_steps():
    # 1944 9.3: German armies and elite corps cannot be rebuilt in January-March but can receive steps
    with on(synthetic_board()):
        s = position(turn=8, units={"ge-15a": ("0505", 1)})
        assert not may_rebuild(s, "ge-7a") and not may_rebuild(s, "ge-2pc") and may_rebuild(s, "ge-67c")
        assert may_add_step(s, "ge-15a")
        s2 = position(turn=7)
        assert may_rebuild(s2, "ge-7a") and not may_rebuild(s2, "co-716") and not may_rebuild(s2, "fo-brest")


def test_one_step_a_month_in_enemy_zoc():
    # 1944 9.2: a unit in enemy ZOC may add only one step a month; others as many as RP allow
    with on(synthetic_board()):
        s = position(turn=3, units={"ge-7a": ("0505", 1), "ge-15a": ("0808", 1), "us-1a": "0504"})
        s.unit("ge-7a")["added"] = 1
        s.unit("ge-15a")["added"] = 1
        assert not may_add_step(s, "ge-7a") and may_add_step(s, "ge-15a")


def ports_board():
    sea = {f"{c:02d}01": "sea" for c in range(1, 11)}
    places = [{"name": "Antwerp", "hex": "0502", "kind": "port", "attrs": {"pc": 3, "major": True}},
              {"name": "Walcheren", "hex": "0302", "kind": "island", "attrs": {"fortress": True}},
              {"name": "Brest", "hex": "0102", "kind": "fortified_port", "attrs": {"pc": 2}},
              {"name": "Cherbourg", "hex": "0702", "kind": "fortified_port"},
              {"name": "Bordeaux", "hex": "0902", "kind": "port"},
              {"name": "Royan", "hex": "1002", "kind": "fortress"}]
    return synthetic_board(terrain=sea, places=places, zones={"scheldt": ["0302", "0402", "0403", "0503"]})


def test_rp_arithmetic_with_ports():
    # 1944 8.0: RP = track value + port capacity (Antwerp 3, Brest 2, others 1, beach-heads 1), at most 24;
    # Antwerp counts only with the Scheldt clear, Bordeaux only with Royan clear
    with on(ports_board()):
        s = position(turn=4, units={"ge-67c": "0403", "fo-royan": "1002"}, control=["0102", "0502", "0702", "0902"])
        s.g["beachheads"] = {"12": "0605"}
        assert s.port_capacity() == 2 + 1 + 1  # Brest, Cherbourg, one beach-head
        assert allied_rp(s) == (16 + 4, 16, 4)
        s.remove_piece("ge-67c", U.POOL)
        s.remove_piece("fo-royan", U.POOL)
        assert s.port_capacity() == 2 + 1 + 1 + 3 + 1  # Antwerp and Bordeaux open
        assert allied_rp(s)[0] == 16 + 8 == 24
        s.g["beachheads"]["21"] = "0607"
        s.touch()
        assert allied_rp(s) == (24, 16, 9)  # capped at 24


def test_rp_tables():
    # 1944 19.0: German 4..8; Allied 8 10 12 16 16 14 14 14 14 and the reconstructed March value 14
    rp = tables()["rp"]
    assert rp["german"] == [4, 5, 6, 8, 10, 12, 14, 12, 10, 8]
    assert rp["allied"][:9] == [8, 10, 12, 16, 16, 14, 14, 14, 14] and rp["allied"][9] == 14
    assert "reconstructed_allied" in rp
    # 1944 18.4 evidence: June 8 ("4 instead of 8"), July < 12 and August < 14
    assert rp["allied"][0] == 8 and rp["allied"][1] < 12 and rp["allied"][2] < 14


def test_unused_rp_are_lost():
    # 1944 8.0: RP cannot be saved for later months
    s = quick()
    assert s.rp("german") == 4
    s.apply("done")
    s.apply("end")  # nothing spent in June
    assert s.turn == 2 and s.current_player() == "german" and s.rp("german") == 5  # July's 5, not 4 + 5


def test_army_group_g_enters_in_september_on_the_southern_edge_and_moves_free():
    # 1944 15.0: Army Group G units enter in September on the southern French edge; both move free
    s = westfront.load(GAME, scenario="quick-start", seed=4)
    b = board()
    while s.turn < 4:
        s.apply("done" if s.frame()["step"] == "reinforce" else "end")
    assert s.unit("ge-19a")["box"] == U.AVAILABLE and s.current_player() == "german"
    hexes = entry_hexes(s, "ge-19a")
    assert set(hexes) <= set(b.zone("france_south_edge")) | set(b.zone("from_marseilles"))
    s.apply("place ge-19a")
    s.apply(f"at {b.label(hexes[0])}")
    s.g["rp"]["german"] = 0
    s.apply("done")
    assert "move ge-19a" in {str(a) for a in s.legal_actions()}  # free even with no RP left
    assert s.unit("us-7a")["box"] == U.AVAILABLE and set(entry_hexes(s, "us-7a")) <= set(b.zone("from_marseilles"))


@pytest.mark.parametrize("turn,i_ss,markers", [(6, 0, 3), (7, 1, 2), (8, 2, 1)])
def test_rco_forces_and_surprise_markers(turn, i_ss, markers):
    # 1944 16.0: November 6th Pz Army + 3 markers; December + I SS Pz Corps 1 SP + 2; January 2 SP + 1
    from westfront.games.dday_to_the_rhine.reinforcements import launch_rco

    with on(synthetic_board()):
        s = position(turn=turn)
        s.g["rco"]["allowed"] = True
        launch_rco(s)
        assert s.unit("ge-6pa")["box"] == U.AVAILABLE and s.unit("ge-6pa")["strength"] == 3
        assert (s.unit("ge-1sspc")["box"] == U.AVAILABLE) is bool(i_ss)
        if i_ss:
            assert s.unit("ge-1sspc")["strength"] == i_ss
        assert s.g["rco"]["markers"] == markers


def test_surprise_marker_adds_a_die_that_ignores_terrain_and_dietrich_is_free():
    # 1944 16.0: +1 die not affected by terrain; Dietrich's 6th Panzer Army moves and attacks at no RP cost
    from westfront.games.dday_to_the_rhine.combat import attack_cost

    with on(synthetic_board(terrain={"0504": "forest"})):
        s = position(turn=7, units={"ge-6pa": "0505", "ge-7a": "0604", "us-1a": "0504"})
        base = sum(e.dice for e in attacker_entries(s, board().hex("0504"), ["ge-6pa"], {}))
        s.unit("ge-6pa")["rco"] = True
        entries = attacker_entries(s, board().hex("0504"), ["ge-6pa"], {})
        assert sum(e.dice for e in entries) == base + 1 and any(e.support and e.dice == 1 for e in entries)
        s.unit("ge-6pa")["free_attack"] = True
        assert attack_cost(s, ["ge-6pa", "ge-7a"]) == 0


def test_over_stacked_reinforcement_may_attack_once_off_its_entry_hex():
    # 1944 9.1: only the original unit may attack *from that hex* while it is over-stacked; a newcomer that
    # moved off the over-stacked hex attacks like any other unit
    with on(synthetic_board()):
        s = position(turn=3, units={"us-1a": "0505", "uk-30c": "0505", "ge-7a": "0307"})
        s.unit("uk-30c")["over"] = "0505"
        s.touch()
        b = board()
        s.unit("ge-7a")["hex"] = "0406"
        s.touch()
        assert eligible_attackers(s, b.hex("0406"), "allied") == ["us-1a"]  # over-stacked newcomer barred
        s.unit("uk-30c")["hex"] = "0405"  # it moved off the entry hex, next to the German
        s.touch()
        assert "uk-30c" in eligible_attackers(s, b.hex("0406"), "allied")
        assert b.hex("0406") in targets(s, "allied")


def test_unit_sent_back_for_over_stacking_keeps_its_steps():
    # 1944 9.1: the extra unit goes back to the turn track; it re-enters with the steps bought for it
    # (German reinforcements enter at 1 SP only when they first arrive)
    with on(synthetic_board()):
        s = position(turn=3, units={"ge-7a": "0505", "ge-2sspc": ("0505", 2)})
        s.unit("ge-2sspc")["over"] = "0505"
        s.touch()
        end_of_turn(s, "german")
        u = s.unit("ge-2sspc")
        assert u["hex"] is None and u["box"] == U.SCHEDULED and u["strength"] == 2 and u["returned"]
    s = quick()
    s.unit("ge-2sspc").update({"strength": 2, "returned": True})
    s.apply("place ge-2sspc")
    s.apply(next(str(a) for a in s.legal_actions() if a.verb == "at"))
    assert s.unit("ge-2sspc")["strength"] == 2 and "returned" not in s.unit("ge-2sspc")
    s = quick()
    s.apply("place ge-2sspc")
    s.apply(next(str(a) for a in s.legal_actions() if a.verb == "at"))
    assert s.unit("ge-2sspc")["strength"] == 1  # a first arrival still enters at 1 SP


def test_fast_lists_agree_with_the_rule_functions():
    # 1944 9.2, 9.3, 12.0: the reinforcement list reads ZOC, RP and the national limits once (steppable), the
    # attack list finds targets by one bitboard step, and units alike share their entry hexes (9.1): each must
    # give what the rule functions give unit by unit, in positions of real random games
    import random

    from westfront.games.dday_to_the_rhine.combat import overstacked_here
    from westfront.games.dday_to_the_rhine.reinforcements import _build_hexes, _entry_hexes, steppable

    def reference_targets(s, side):
        enemy = s.units_bb("allied" if side == "german" else "german")
        out = set()
        for uid in s.on_map(side):
            u = s.unit(uid)
            if u["attacked"] or u["strat"] or overstacked_here(s, uid):
                continue
            out.update(n for n in board().adj[s.hex_of(uid)] if (enemy >> n) & 1)
        return sorted(out)

    checked = 0
    for seed in (11, 12, 13):
        s = westfront.load(GAME, seed=seed)
        rnd = random.Random(seed)
        n = 0
        while not s.is_terminal() and n < 700:
            for side in ("allied", "german"):
                want = {u for u in s.on_map(side) if may_add_step(s, u) and can_afford(s, u, step_cost(u))}
                assert steppable(s, side) == want
                assert targets(s, side) == reference_targets(s, side)
            for uid, u in s.g["units"].items():
                if u["box"] == U.AVAILABLE:
                    assert entry_hexes(s, uid) == _entry_hexes(s, uid)
                if u["box"] == U.POOL:
                    assert build_hexes(s, uid) == _build_hexes(s, uid)
            checked += 1
            acts = s.legal_actions()
            s.apply(acts[rnd.randrange(len(acts))])
            n += 1
    assert checked > 1000
