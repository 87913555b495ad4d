"""Second Front Now! rules, each test citing its section; the brief's checkable facts (§6)."""

from __future__ import annotations

import pytest

from westfront.games.second_front_now.data import date_label, tables, units
from westfront.games.second_front_now.reinforcements import german_setup_options, rebuild_cost
from westfront.games.second_front_now.sequence import GermanAdmin, launch_blue_point
from westfront.games.second_front_now.victory import (
    allied_cp,
    final_result,
    german_cp,
    sudden_death,
    threshold,
    update_control,
)
from westfront.testing.dice import forced_dice
from westfront.testing.kit import enter, legal, new

from .helpers import bare, battle, started


def test_dates_of_the_turn_record_sheet():
    # SFN TRS: the Turn Record Sheet's dates
    # SFN 1.2: T5 = 6 Sep, T10 = 11 Sep, T20 = 21 Sep, T25 = 26 Sep, T60 = 31 Oct, T80 = 20 Nov
    assert [date_label(t) for t in (1, 5, 10, 20, 25, 60, 80)] == [
        "2 Sep 1943", "6 Sep 1943", "11 Sep 1943", "21 Sep 1943", "26 Sep 1943", "31 Oct 1943", "20 Nov 1943"]
    # SFN TRS: printed T1-T4 give no replacement points, T1 is marked Bluepoint
    # SFN 8.1: replacements on every fifth turn; printed T1-T4 give none
    assert all(tables().turn(t).rp == {"german": 0, "us": 0, "commonwealth": 0} for t in (1, 2, 3, 4))
    assert tables().turn(1).notes == ("Bluepoint",)


def test_turn_record_sheet_marks_every_fifth_turn():
    # SFN TRS (reconstructed after T4): "It" and "Air" on T5, T10, ... T80; "Storm" from T10 (7.4, 15.2-15.4);
    # replacement points only on those turns, Commonwealth never more than the US (4.4)
    for t in range(1, 81):
        rec = tables().turn(t)
        fifth = t % 5 == 0
        assert ("It" in rec.notes) == ("Air" in rec.notes) == fifth, t
        assert ("Storm" in rec.notes) == (fifth and t >= 10), t
        assert (sum(rec.rp.values()) > 0) == fifth, t
        assert rec.rp["commonwealth"] <= rec.rp["us"], t
    assert len({tables().turn(t).date for t in range(1, 81)}) == 80  # one day per turn (1.2)


def test_counter_sheet_adds_up_to_352():
    # SFN 2.1: 352 die-cut counters (units.csv + markers)
    assert len(units()) + sum(tables()["markers"].values()) == 352
    # SFN 2.5: the 10th SS Panzer is 6-6-3 at full strength, in the South box, starting reduced
    d = units()["g-10ss"]
    assert d.full == (6, 6, 3) and d.setup == "S" and d.starts_reduced
    # SFN 2.13: every untried US unit has a blooded two-step twin
    for _uid, d in units().items():
        if d.untried:
            assert d.steps == 1 and units()[d.twin].steps == 2 and units()[d.twin].setup == "blooded"


def test_first_decision_is_the_landing_area():
    # SFN 3.2: the Allied player announces Calais or Dieppe first
    s = new("second-front-now", 1)
    assert s.current_player() == "allied" and set(legal(s)) == {"calais", "dieppe"}
    s.apply("calais")
    # SFN 3.2: the eight landing divisions are on the five Calais beaches
    landed = [u for u, d in units().items() if d.setup.startswith("beach:")]
    assert len(landed) == 8
    assert {s.u(u)["hex"] for u in landed} == {"2006", "2007", "2008", "2009", "1910"}
    # SFN 3.2: untried US units start in England, their blooded twins in the replacement box
    assert s.u("us-4armu")["box"] == "england" and s.u("us-4arm")["box"] == "blooded"


@pytest.mark.parametrize("roll,steps", [(4, 2), (7, 1)])
def test_dieppe_casualties(roll, steps):
    # SFN 3.5: the 1st Canadian lands at Juno (1510); even: full strength, odd: reduced
    s = new("second-front-now", 1)
    with forced_dice(s, roll):
        s.apply("dieppe")
    assert s.u("cw-1cdn")["hex"] == "1510" and s.u("cw-1cdn")["steps"] == steps


def test_german_set_up_hexes():
    # SFN 3.4: LXXXI Corps in 1414 or next to it; nobody on an active beach
    s = new("second-front-now", 1)
    s.apply("dieppe")
    opts = german_setup_options(s, "g-lxxxi")
    assert set(opts) == {"1414", "1313", "1314", "1413", "1415", "1513", "1514"}
    # SFN 3.4: landing at Dieppe, the unit set up in the town of Dieppe (1510) goes to 1511
    assert german_setup_options(s, "g-348") == ["1511"]
    beaches = {"1310", "1411", "1510", "1611", "1710"}
    while s.frame()["step"] == "deploy":
        for a in s.legal_actions():
            assert a.verb == "printed" or a.args[1] not in beaches
        s.apply(s.legal_actions()[-2])
    assert s.u("g-348")["hex"] == "1511"
    assert s.u("g-9ss")["steps"] == 1  # SFN 3.4: an asterisk means the unit starts reduced


def test_victory_points_start_at_50_or_49():
    # SFN 4.2: the German starts with 50 VP, 49 if the Allies land at Dieppe
    assert started("calais").vp() == 50
    assert started("dieppe").vp() == 49


def test_victory_thresholds():
    # SFN 4.6: 11 or more German, 10 or less Allied; SFN 4.7: 31 after Riga-Odessa
    s = started()
    s.g["vp_events"] = 11 - 50
    assert final_result(s).winner == "german"
    s.g["vp_events"] = 10 - 50
    assert final_result(s).winner == "allied"
    s.g["riga"] = 5
    assert threshold(s) == 31
    s.g["vp_events"] = 31 - 50
    assert final_result(s).winner == "german"
    s.g["vp_events"] = 30 - 50
    assert final_result(s).winner == "allied"
    # SFN 4.8: zero or less ends the game for the Allies; SFN 4.9: 98 or more for the German
    s.g["vp_events"] = -50
    assert sudden_death(s).winner == "allied"
    s.g["vp_events"] = 48
    assert sudden_death(s).winner == "german"
    s.g["vp_events"] = 47
    assert sudden_death(s) is None


def test_beach_award_only_once():
    # SFN 4.3: Sword (2006) changing hands three times gives one award of three VP
    s = bare(started(), g_47="2006", cw_46="2007")
    update_control(s)
    assert s.g["beach_awards"] == ["2006"]
    award_vp = s.vp()
    s.g["beach_awards"] = []
    assert award_vp - s.vp() == 3
    s.g["beach_awards"] = ["2006"]
    bare(s, cw_5="2006", cw_46="2007")
    update_control(s)
    assert s.g["control"]["2006"] == "allied"
    bare(s, g_47="2006", cw_46="2007")
    update_control(s)
    assert s.g["beach_awards"] == ["2006"] and s.vp() == award_vp


def test_orleans_captured_by_uncontested_zoc():
    # SFN 11.6: an Allied unit next to Orleans (1525) captures it when no German is in or next to it
    s = bare(started(), cw_5="1524")
    update_control(s)
    assert s.g["control"]["1525"] == "allied"
    bare(s, cw_5="1524", g_47="1526")
    s.g["control"]["1525"] = "german"
    update_control(s)
    assert s.g["control"]["1525"] == "german"  # contested: no change


def test_commonwealth_losses_and_replacements_score():
    # SFN 4.5: a Commonwealth unit eliminated gives the German a VP; SFN 4.4: so does each CW RP
    from westfront.games.second_front_now.reinforcements import eliminate
    s = bare(started(), cw_5="2107")
    before = s.vp()
    eliminate(s, "cw-5", "test", "4.5")
    assert s.vp() == before + 1 and s.u("cw-5")["box"] == "dead"
    s.g["rp"] = {"us": 0, "commonwealth": 2}
    s.g["turn"] = 5
    enter(s, {"step": "replace", "side": "allied"})
    s.apply("rebuild cw-5")
    if s.frame()["step"] == "hex_choice":
        s.apply(s.legal_actions()[0])
    assert s.vp() == before + 2 and s.u("cw-5")["steps"] == 1 and s.u("cw-5")["replaced"]


def test_replacement_costs():
    # SFN 8.1: one RP rebuilds to reduced strength (two to full); artillery two
    assert rebuild_cost("cw-5") == 1 and rebuild_cost("cw-i") == 2
    s = bare(started())
    s.u("g-47").update(box="dead", steps=0)
    s.g["rp"] = {"german": 2}
    enter(s, {"step": "replace", "side": "german"})
    s.apply("rebuild g-47")
    # SFN 8.2: rebuilt German units go to the North box
    assert s.u("g-47")["box"] == "north" and s.g["rp"]["german"] == 1
    s.apply("restore g-47")
    assert s.u("g-47")["steps"] == 2 and s.g["rp"]["german"] == 0


def test_oos_elimination_pile():
    # SFN 8.4: a unit eliminated out of supply goes to the OOS dead pile and is never rebuilt
    from westfront.games.second_front_now.reinforcements import eliminate, replacement_actions
    s = bare(started(), g_47="2107")
    s.u("g-47")["supply"] = "none"
    eliminate(s, "g-47", "test", "8.4")
    assert s.u("g-47")["box"] == "oos_dead"
    s.g["rp"] = {"german": 5}
    assert "g-47" not in replacement_actions(s, "german")[0]


def test_french_replacement_limits():
    # SFN 8.6: only French armour may receive replacements
    from westfront.games.second_front_now.reinforcements import may_receive
    s = started()
    assert may_receive(s, "fr-2db") and not may_receive(s, "fr-1dfl")


def test_stacking_limits():
    # SFN 10.1: at most three non-artillery units and one artillery unit
    s = bare(started(), cw_5="2107", cw_46="2107", cw_56="2107")
    assert s.stack_ok("2107", ["cw-i"])
    assert not s.stack_ok("2107", ["cw-50"])
    s.place("cw-i", "2107")
    assert not s.stack_ok("2107", ["cw-viii"])
    # SFN 10.2: US and Commonwealth units never stack together
    bare(s, cw_5="2107")
    assert not s.stack_ok("2107", ["us-1"]) and s.stack_ok("2107", ["cw-1polarm"])
    assert s.stack_ok("2106", ["us-1", "fr-2db"])  # SFN 2.8: the French stack as US units


def test_hq_timing():
    # SFN 6.6: 10th Army HQ to the South box on T5, to the CP box on T6 for 1 CP, extra CP from T7
    s = bare(started())
    s.g["turn"] = 5
    s.to_box("g-10a", "italy")
    enter(s, {"step": "transfer", "side": "german", "source": "italy", "dest": "south", "count": 1})
    s.apply("transfer g-10a")
    assert s.u("g-10a")["box"] == "south"
    s.g["turn"] = 6
    s.place("g-47", "2107")
    enter(s, {"step": "command", "side": "german"})
    assert s.g["cp"]["german"] == 3
    s.apply("hq g-10a")
    assert s.g["cp"]["german"] == 2 and s.u("g-10a")["box"] == "cp"
    assert german_cp(s) == 3  # not on the turn it arrived
    s.g["turn"] = 7
    assert german_cp(s) == 4


def test_hq_cannot_go_to_cp_box_on_arrival_turn():
    # SFN 6.6 example: the HQ that reached the South box on T5 waits until the next turn
    s = bare(started(), g_47="2107")
    s.g["turn"] = 5
    s.to_box("g-10a", "south")
    s.u("g-10a")["arrived"] = 5
    enter(s, {"step": "command", "side": "german"})
    assert "hq g-10a" not in legal(s)


def test_riga_odessa_first_batch_on_turn_20():
    # SFN 7.6: declared on T5, the first five Russian units reach the North box on T20 (21 September)
    s = bare(started())
    for uid, d in units().items():
        if d.setup == "RUS":
            s.to_box(uid, "russia")
    s.g["turn"] = 5
    adm = GermanAdmin()
    adm.riga_odessa_done(s, {}, "declare")
    assert s.g["riga"] == 5 and not s.in_box("russia") and len(s.in_box("cup")) == 32
    for t in (10, 15, 19):
        s.g["turn"] = t
        adm.russia(s, {})
        assert not s.in_box("north")
    s.g["turn"] = 20
    adm.russia(s, {})
    north = s.in_box("north")
    assert len(north) == 5 and all(s.full_strength(u) for u in north)
    s.g["turn"] = 25
    adm.russia(s, {})
    assert len(s.in_box("north")) == 10
    # SFN 7.1: units arriving in the North box may not enter the map the same turn
    enter(s, {"step": "command", "side": "german"})
    assert not any(a.startswith("enter") and a.split()[1] in s.in_box("north")[5:] and
                   s.u(a.split()[1])["arrived"] == 25 for a in legal(s))


def test_17th_ss_arrives_on_turn_60():
    # SFN 7.1: the 17th SS Panzer Grenadier Division goes into the North box on Game Turn 60 (31 October)
    s = started()
    s.g["turn"] = 59
    GermanAdmin().reinforcements(s, {})
    assert s.u("g-17ss")["box"] == "later"
    s.g["turn"] = 60
    GermanAdmin().reinforcements(s, {})
    assert s.u("g-17ss")["box"] == "north"


def test_blue_point_rolled_a_nine():
    # SFN 15.7: a nine halves to four: chaos on T1, one Allied CP less on turns 2, 3 and 4
    s = started()
    with forced_dice(s, 9):
        launch_blue_point(s)
    assert s.u("g-1fj")["box"] == "oos_dead" and s.u("g-2fj")["box"] == "oos_dead"
    bp = s.g["blue_point"]
    assert bp["result"] == 4 and bp["chaos"] == 1
    cps = {}
    for t in (2, 3, 4, 5):
        s.g["turn"] = t
        cps[t] = allied_cp(s)[0]
    assert cps == {2: 1, 3: 1, 4: 1, 5: 2}
    # SFN 15.7: on chaos day the Allies may not move, land or attack
    s.g["turn"] = 1
    enter(s, {"step": "command", "side": "allied"})
    assert legal(s) == ["end"]


def test_blue_point_fiasco():
    # SFN 15.7: a one halves to zero: the paratroopers are lost for nothing
    s = started()
    with forced_dice(s, 1):
        launch_blue_point(s)
    assert s.g["blue_point"]["result"] == 0 and not s.g["blue_point"]["chaos"]


def test_allied_command_points():
    # SFN 6.1: two; +1 for two centres inside the line with a path to a beach, +1 for three,
    # +1 for a supplied unit across the breakout line
    s = bare(started(), cw_5="2107", cw_46="2005", cw_56="2008")
    s.g["control"].update({"2107": "allied", "2005": "allied"})
    from westfront.games.second_front_now.supply import check_supply
    check_supply(s)
    assert allied_cp(s)[0] == 3
    s.g["control"]["2203"] = "allied"
    s.place("cw-50", "2203")
    check_supply(s)
    assert allied_cp(s)[0] == 4
    s.place("cw-51", "2013")  # SFN 6.1: 2013 has crossed the breakout line
    check_supply(s)
    assert allied_cp(s)[0] == 5


def test_german_command_points():
    # SFN 6.1: the German has three CP a turn
    assert german_cp(started()) == 3


def test_move_stops_in_enemy_zoc():
    # SFN 11.4: a moving unit stops on entering an EZOC; it may leave one freely
    from westfront.games.second_front_now.board import board
    from westfront.games.second_front_now.movement import reach_from
    s = bare(started(), g_47="2107", cw_5="2109")
    s.u("g-47")["supply"] = "regular"
    r = reach_from(s, ["g-47"], "2107", strategic=False, mp=2)
    b = board()
    zoc = s.zoc_bb("allied")
    # no reached hex beyond an EZOC hex that needed passing through it
    for h, _c in r.cost.items():
        if h != r.start and r.pred[h] != r.start:
            assert not (zoc >> r.pred[h]) & 1
    assert b.hex("2108") in r.cost  # next to the British: enterable
    # SFN 12.5: strategic movement never enters an EZOC
    rs = reach_from(s, ["g-47"], "2107", strategic=True, mp=4)
    assert not any((zoc >> h) & 1 for h in rs.cost if h != rs.start)


def test_garrisons_never_attack_and_die_retreating():
    # SFN 13.8: garrisons may never attack or advance, and are eliminated in a retreat
    from westfront.games.second_front_now.steps_command import attack_targets
    s = bare(started(), g_bo="2005", cw_5="2006")
    assert attack_targets(s, "german") == []
    s.g["turn"] = 12
    battle(s, "allied", "2006", "2005")
    s.apply("resolve")
    # SFN 15.1: the attack goes into a coastal hex: the Allies may call in naval gun support
    assert set(legal(s)) == {"naval", "decline"}
    s.apply("naval")
    with forced_dice(s, 10):
        s.apply("fire g-bo cw-5")
    with forced_dice(s, 10, 1):
        s.apply("fire cw-5 g-bo")
        s.apply("fire cw-5 g-bo")
    # the garrison may cancel the hit by retreating, but a garrison that retreats is eliminated
    assert set(legal(s)) == {"retreat", "stand"}
    s.apply("retreat")
    s.apply("cancel g-bo")
    assert s.u("g-bo")["box"] in ("dead", "oos_dead") and s.u("g-bo")["hex"] is None


def test_naval_support_modifier():
    # SFN 15.1: +1 to Allied units attacking a German-occupied coastal hex
    from westfront.games.second_front_now.combat import hit_number
    s = bare(started(), g_bo="2005", cw_5="2006")
    f = {"attacker": "allied", "defender": "german", "origin": "2006", "target": "2005", "ntf": True}
    # 5th Infantry anti-infantry 4, -2 fortress, +1 naval
    assert hit_number(s, f, "cw-5", "g-bo") == 3


def test_79th_armoured_terrain():
    # SFN 15.9: each terrain modifier is one less for the 79th Armoured
    from westfront.games.second_front_now.combat import terrain_modifiers
    s = bare(started(), g_47="2210", cw_79arm="2109", cw_gds="2109")
    assert sum(m.amount for m in terrain_modifiers(s, "cw-gds", "2109", "2210")) == -2
    assert sum(m.amount for m in terrain_modifiers(s, "cw-79arm", "2109", "2210")) == -1


def test_blooding():
    # SFN 8.5: an untried US unit that fought in supply and survived is blooded on 6-10
    from westfront.games.second_front_now.steps_battle import blood
    s = bare(started(), us_4armu="1910")
    blood(s, "us-4armu")
    assert s.u("us-4arm")["hex"] == "1910" and s.u("us-4arm")["steps"] == 2
    assert s.u("us-4armu")["box"] == "blooded"


def test_blooding_roll_in_battle():
    # SFN 8.5: roll 6-10 after the fight; +1 all German defenders eliminated
    s = bare(started(), us_4u="2109", g_276="2210")
    s.u("g-276")["steps"] = 1
    s.g["turn"] = 12
    battle(s, "allied", "2109", "2210")
    s.apply("resolve")
    with forced_dice(s, 9):
        s.apply("fire g-276 us-4u")
    with forced_dice(s, 1):
        s.apply("fire us-4u g-276")
    s.apply("stand")
    with forced_dice(s, 5):  # the blooding roll: 5 + 1 (all defenders eliminated) = 6
        s.apply("done")
    assert s.u("us-4")["hex"] in ("2109", "2210")


def test_storm_approach_and_arrival():
    # SFN 15.2: on T10 a 10 means a storm approaches; it arrives next turn on 1-2
    from westfront.games.second_front_now.sequence import storm_check
    s = started()
    s.g["turn"] = 10
    with forced_dice(s, 10):
        storm_check(s)
    assert s.g["storm"]["state"] == "approaching"
    s.g["turn"] = 11
    with forced_dice(s, 2):
        storm_check(s)
    assert s.g["storm"]["state"] == "raging"


def test_update_control_keeps_unheld_hexes():
    # SFN 11.6: nothing changes where neither side's ZOC is uncontested
    s = bare(started())
    before = dict(s.g["control"])
    update_control(s)
    assert s.g["control"] == before


def test_the_turn_record_sheet_is_citable(tmp_path):
    # SFN TRS: a section without a number is cited by its id, and `westfront rules` counts it
    from westfront.testing.coverage import citations, coverage

    (tmp_path / "test_x.py").write_text("# SFN TRS: dates\n# sfn trs.\n# SFN TRSX is no citation\n# SFN 7.4\n")
    found = sorted(c for c, _, _ in citations(("SFN",), tmp_path, named=("TRS",)))
    assert found == ["7.4", "TRS", "TRS"]
    rows, _ = coverage("second-front-now")
    assert next(r for r in rows if r["id"] == "TRS")["tests"] >= 3


def test_a_vp_hex_changing_hands_is_logged_with_the_new_total():
    # SFN 4.2: losing control of a VP hex takes its value off the German total, retaking it restores it
    # SFN 11.6: control follows the occupant
    s = bare(started(), cw_5="2210")  # Abbeville
    before = s.vp()
    value = s.b.vp[s.b.hex("2210")]
    s.log.clear()
    update_control(s)
    ev = [e for e in s.log if e["type"] == "vp_town"]
    assert len(ev) == 1 and ev[0]["hex"] == "2210" and ev[0]["amount"] == -value
    assert ev[0]["total"] == s.vp() == before - value and ev[0]["rule"] == "SFN 4.2"
    assert "Abbeville" in ev[0]["text"]
    bare(s, g_47="2210")
    s.log.clear()
    update_control(s)
    ev = [e for e in s.log if e["type"] == "vp_town"]
    assert len(ev) == 1 and ev[0]["amount"] == value and ev[0]["total"] == s.vp() == before
    s.log.clear()
    update_control(s)  # no change, no event
    assert not [e for e in s.log if e["type"] == "vp_town"]
