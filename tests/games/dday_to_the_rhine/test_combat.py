"""Combat: dice counts and terrain (2.0, 20.0), symbol hits (12.0, 12.1), costs (10.0), support (4.1)."""

from __future__ import annotations

import pytest

from westfront.core.combat.dice_pool import AIRCRAFT, BLANK, FACES_1944, INFANTRY, PANZER, pool_size
from westfront.games.dday_to_the_rhine import units as U
from westfront.games.dday_to_the_rhine.board import board
from westfront.games.dday_to_the_rhine.combat import (
    attack_cost,
    attacker_entries,
    defender_entries,
    hits_against,
    support_options,
    unit_modifiers,
)
from westfront.games.dday_to_the_rhine.effects import lose_step
from westfront.testing.dice import forced_dice
from westfront.testing.kit import legal

from .helpers import on, position, synthetic_board

ACT = [{"step": "activation", "side": "allied"}]
GER_ACT = [{"step": "activation", "side": "german"}]


def dice_of(s, uid, target):
    return attacker_entries(s, board().hex(target), [uid], {})[0].dice


def test_custom_die_has_one_of_each_symbol_and_three_blanks():
    # 1944 1.0 / 12.0: each die shows an aircraft, a panzer and an infantry symbol and blank faces
    assert sorted(FACES_1944) == sorted([AIRCRAFT, PANZER, INFANTRY, BLANK, BLANK, BLANK])


def test_forest_across_river_leaves_a_corps_no_dice_but_it_may_join():
    # 1944 2.0 worked example: infantry corps (2 dice) into forest across a river: -1 -1 = 0 dice
    with on(synthetic_board(terrain={"0504": "forest"}, sides={("0505", "0504"): ["river"]})):
        s = position(units={"uk-30c": "0505", "ge-67c": "0504", "uk-2a": "0404"})
        assert U.dice("uk-30c", 2) == 2
        mods = unit_modifiers(s, "uk-30c", board().hex("0504"))
        assert sorted(m.amount for m in mods) == [-1, -1]
        assert dice_of(s, "uk-30c", "0504") == 0
        assert dice_of(s, "uk-2a", "0504") == 2  # the army, not across the river: 3 - 1 forest


def board_hex(label):
    return board().hex(label)


def test_zero_dice_unit_can_absorb_hits():
    # 1944 2.0: the player may include a unit with no dice to absorb losses; 1944 12.0 the owner allocates
    board = synthetic_board(terrain={"0504": "forest"}, sides={("0505", "0504"): ["river"]})
    with on(board):
        s = position(units={"uk-30c": "0505", "ge-7a": "0504", "uk-2a": "0404"}, flow=ACT)
        for a in ("attack 0504", "add uk-30c", "add uk-2a"):
            s.apply(a)
        t = board_hex("0504")
        na = pool_size(attacker_entries(s, t, ["uk-2a", "uk-30c"], {}))
        nd = pool_size(defender_entries(s, t, None))
        with forced_dice(s, *([4] * na), *([3] * nd)):  # the attack misses; every defence die is an infantry hit
            s.apply("resolve")
        assert s.frame()["step"] == "allocate"
        assert set(legal(s)) == {"hit uk-30c", "hit uk-2a"}
        before = s.unit("uk-30c")["strength"]
        s.apply("hit uk-30c")
        assert s.unit("uk-30c")["strength"] == before - 1 or not s.unit("uk-30c")["hex"]


def test_terrain_effects_chart():
    # 1944 20.0: fortress and major city -1 per attacker; mountain -1 (+1 defending); marsh -1 attacking out;
    # cities and ports +1 defending (the reconstructed minor city/port row); the Rhine -1 across
    places = [{"name": "Bigtown", "hex": "0504", "kind": "major_city"},
              {"name": "Smallton", "hex": "0304", "kind": "minor_city"},
              {"name": "Harbour", "hex": "0704", "kind": "port"},
              {"name": "Festung", "hex": "0508", "kind": "fortress"}]
    terrain = {"0506": "mountain", "0405": "marsh", "0304": "forest"}
    with on(synthetic_board(terrain=terrain, places=places, sides={("0605", "0606"): ["major_river"]})):
        s = position(units={"uk-30c": "0505", "fr-2c": "0507", "us-7c": "0405", "us-5c": "0605",
                            "ge-7a": "0504", "ge-67c": "0506", "ge-74c": "0606", "fo-metz": "0508",
                            "ge-81c": "0304", "ge-66c": "0704"})
        assert dice_of(s, "uk-30c", "0504") == 1  # major city
        assert [m.amount for m in defender_entries(s, board().hex("0504"), None)[0].modifiers] == [1]
        assert dice_of(s, "uk-30c", "0506") == 1  # mountain
        assert dice_of(s, "fr-2c", "0506") == 2  # mountain infantry ignore the mountain penalty (3.0)
        assert [m.amount for m in defender_entries(s, board().hex("0506"), None)[0].modifiers] == [1]
        assert dice_of(s, "fr-2c", "0508") == 1  # fortress
        assert dice_of(s, "us-7c", "0504") == 0  # out of a marsh (-1) into a major city (-1)
        assert dice_of(s, "us-5c", "0606") == 1  # across the Rhine
        assert [m.amount for m in defender_entries(s, board().hex("0304"), None)[0].modifiers] == [1]  # minor city
        assert [m.amount for m in defender_entries(s, board().hex("0704"), None)[0].modifiers] == [1]  # port
        assert defender_entries(s, board().hex("0606"), None)[0].modifiers == ()


def test_symbols_hit_by_target_class():
    # 1944 12.0: aircraft and panzer hit panzers (infantry if none); infantry symbols hit infantry only
    with on(synthetic_board()):
        s = position(turn=2, units={"ge-47pc": "0505", "ge-7a": "0605", "us-1a": "0506"})
        faces = [AIRCRAFT, PANZER, INFANTRY, BLANK]
        assert hits_against(faces, s, "allied", ["ge-47pc"]) == (2, 0)  # infantry face misses a panzer
        assert hits_against(faces, s, "allied", ["ge-7a"]) == (0, 3)
        assert hits_against(faces, s, "allied", ["ge-47pc", "ge-7a"]) == (2, 1)
        assert hits_against(faces, s, "german", ["us-1a"]) == (0, 3)


def test_overcast_allied_aircraft_miss():
    # 1944 12.1: in December and January the Allied aircraft symbol is a miss
    with on(synthetic_board()):
        s = position(turn=7, units={"ge-47pc": "0505", "us-1a": "0506"})
        assert s.overcast()
        assert hits_against([AIRCRAFT, PANZER], s, "allied", ["ge-47pc"]) == (1, 0)
        assert hits_against([AIRCRAFT, PANZER], s, "german", ["us-1a"]) == (0, 2)
        s2 = position(turn=9, units={"ge-47pc": "0505"})
        assert not s2.overcast() and hits_against([AIRCRAFT], s2, "allied", ["ge-47pc"]) == (1, 0)


def test_attack_costs_by_army_group():
    # 1944 10.0 / 19.0: 1 RP for one army group, 2 RP for two or more; panzers and airborne corps join any;
    # fortress corps are an army group of their own
    with on(synthetic_board()):
        s = position()
        assert attack_cost(s, ["uk-30c", "uk-2a"]) == 1
        assert attack_cost(s, ["uk-30c", "us-1a"]) == 2
        assert attack_cost(s, ["us-18ab", "uk-2a"]) == 1
        assert attack_cost(s, ["ge-7a", "ge-47pc", "ge-5pa"]) == 1
        assert attack_cost(s, ["ge-7a", "ge-88c"]) == 2
        assert attack_cost(s, ["ge-7a", "fo-brest"]) == 2
        assert attack_cost(s, ["ge-47pc", "fo-brest"]) == 1


def test_step_reduction_of_a_four_step_army():
    # 1944 3.0: 4/4 -> 3/4 (flipped) -> 2/4 (replacement counter) -> 1/4 -> removed
    with on(synthetic_board()):
        s = position(units={"us-1a": "0505"})
        seen = [s.unit("us-1a")["strength"]]
        for _ in range(4):
            lose_step(s, "us-1a", "test")
            seen.append(s.unit("us-1a")["strength"])
        assert seen == [4, 3, 2, 1, 0]
        assert s.unit("us-1a")["hex"] is None and s.unit("us-1a")["box"] == U.POOL
        assert U.counter("us-1a", 4) == "3-4-4" and U.counter("us-1a", 1) == "1-1-4"


def test_eliminated_units_go_to_the_pool_or_for_good():
    # 1944 12.1: coast and fortress corps are gone for good, and German armies/elite corps from January
    with on(synthetic_board()):
        s = position(turn=6, units={"co-716": "0505", "ge-7a": "0507", "ge-2pc": "0508"})
        for uid in ("co-716", "ge-7a"):
            while s.unit(uid)["hex"]:
                lose_step(s, uid, "test")
        assert s.unit("co-716")["box"] == U.GONE and s.unit("ge-7a")["box"] == U.POOL
        s = position(turn=8, units={"ge-7a": "0507", "ge-2pc": "0508", "ge-67c": "0305"})
        for uid in ("ge-7a", "ge-2pc", "ge-67c"):
            while s.unit(uid)["hex"]:
                lose_step(s, uid, "test")
        assert [s.unit(x)["box"] for x in ("ge-7a", "ge-2pc", "ge-67c")] == [U.GONE, U.GONE, U.POOL]


def test_elimination_log_says_the_unit_goes_into_the_pool():
    # 1944 12.0, 12.1: a unit reduced below 1 SP is placed in the replacement pool (or, coast and fortress
    # corps, eliminated for good); the log said it "leaves the replacement pool"
    with on(synthetic_board()):
        s = position(turn=6, units={"co-716": "0505", "ge-7a": "0507"})
        for uid in ("co-716", "ge-7a"):
            while s.unit(uid)["hex"]:
                lose_step(s, uid, "combat")
        texts = {e["unit"]: e["text"] for e in s.log if e["type"] == "eliminated"}
        assert texts["ge-7a"].endswith("is eliminated (combat) and goes into the replacement pool")
        assert texts["co-716"].endswith("is eliminated (combat) and is removed from play for good")
        assert not any("leaves" in t for t in texts.values())


def naval_board():
    return synthetic_board(terrain={"0101": "sea", "0201": "sea", "0301": "sea", "0401": "sea", "0501": "sea",
                                    "0601": "sea"},
                           places=[{"name": "Paris", "hex": "0108", "kind": "major_city"}])


def test_naval_support_only_in_coast_hexes_and_by_nation():
    # 1944 4.1: +1 die in a coast hex; ETF for Commonwealth units, WTF for US units; once per month
    with on(naval_board()):
        s = position(units={"uk-30c": "0303", "us-7c": "0404", "ge-7a": "0302", "ge-67c": "0403"})
        assert (board().coast_bb >> board().hex("0302")) & 1
        assert support_options(s, board().hex("0302"), ["uk-30c"], {}).count("naval-etf") == 1
        assert "naval-wtf" not in support_options(s, board().hex("0302"), ["uk-30c"], {})
        assert "naval-etf" not in support_options(s, board().hex("0403"), ["us-7c"], {})  # inland
        entries = attacker_entries(s, board().hex("0302"), ["uk-30c"], {"naval": "naval-etf"})
        assert pool_size(entries) == 3 and entries[-1].support
        s.g["support"]["naval-etf"] = "fired"
        assert "naval-etf" not in support_options(s, board().hex("0302"), ["uk-30c"], {})


def test_bombers_and_airborne_need_clear_weather_and_do_not_mix():
    # 1944 4.1: bombers in clear weather, never on Paris, not with airborne; airborne only across a river
    # or against a fortress, at most two a month
    places = [{"name": "Paris", "hex": "0504", "kind": "major_city"},
              {"name": "Festung", "hex": "0708", "kind": "fortress"}]
    with on(synthetic_board(places=places, sides={("0305", "0304"): ["river"]})):
        s = position(turn=4, units={"uk-30c": "0305", "us-7c": "0505", "us-5c": "0707", "ge-7a": "0304",
                                    "ge-67c": "0504", "fo-metz": "0708"})
        opts = support_options(s, board().hex("0304"), ["uk-30c"], {})
        assert "bomber-1" in opts and "ab-uk-1" in opts
        assert "ab-uk-1" not in support_options(s, board().hex("0304"), ["uk-30c"], {"bomber": "bomber-1"})
        assert not [x for x in support_options(s, board().hex("0504"), ["us-7c"], {}) if x.startswith("bomber")]
        assert not [x for x in support_options(s, board().hex("0504"), ["us-7c"], {}) if x.startswith("ab-")]
        assert "ab-us-market" in support_options(s, board().hex("0708"), ["us-5c"], {})  # fortress hex
        s.g["month_use"]["airborne"] = 2
        assert not [x for x in support_options(s, board().hex("0708"), ["us-5c"], {}) if x.startswith("ab-")]
        s7 = position(turn=7, units={"uk-30c": "0305", "ge-7a": "0304"})
        assert support_options(s7, board().hex("0304"), ["uk-30c"], {}) == []  # overcast December


@pytest.mark.parametrize("faces, backfire", [((4, 5, 3), True), ((3, 4), False)])
def test_carpet_bombing_backfires_on_double_blank(faces, backfire):
    # 1944 4.1: two dice first; both blank -> one re-rolled die may hit the attacking Allied units
    with on(synthetic_board(places=[{"name": "Paris", "hex": "0108", "kind": "major_city"}])):
        s = position(turn=2, units={"uk-30c": "0505", "ge-7a": "0504"}, flow=ACT)
        s.apply("attack 0504")
        s.apply("add uk-30c")
        s.apply("support bomber-1")
        with forced_dice(s, *faces):
            ev = s.apply("resolve")
        bomb = [e for e in ev if e["type"] == "bombing"]
        rolls = [e for e in ev if e["type"] == "roll"]
        assert bomb and len(rolls[0]["faces"]) == 2
        assert bomb[0]["backfire"] is backfire and bomb[0]["hits"] == 1
        if backfire:
            assert rolls[1]["faces"] == [INFANTRY]


@pytest.mark.parametrize("attacker_side", ["allied", "german"])
def test_hits_never_exceed_the_dice_and_land_on_the_right_side(attacker_side):
    # 1944 12.0: simultaneous fire; hits from the attacker's faces fall on the defender and vice versa
    with on(synthetic_board()):
        for seed in range(25):
            if attacker_side == "allied":
                s = position(units={"uk-2a": "0505", "ge-7a": "0504"}, flow=ACT)
                me, them = "uk-2a", "ge-7a"
            else:
                s = position(units={"uk-2a": "0505", "ge-7a": "0504"}, flow=GER_ACT)
                me, them = "ge-7a", "uk-2a"
            s.g["rng"] = seed + 1
            target = s.unit(them)["hex"]
            s.apply(f"attack {target}")
            s.apply(f"add {me}")
            ev = s.apply("resolve")
            while s.frame() and s.frame()["step"] != "activation":
                ev += s.apply(s.legal_actions()[0])
            combat = next(e for e in ev if e["type"] == "combat")
            lost_them = U.max_strength(them) - s.unit(them)["strength"]
            lost_me = U.max_strength(me) - s.unit(me)["strength"]
            assert lost_them == min(combat["hits_on_defender"], U.max_strength(them))
            assert lost_me == min(combat["hits_on_attacker"], U.max_strength(me))
            assert s.unit(me)["attacked"] in ("destroyed", "held") and s.rp(attacker_side) == 9
