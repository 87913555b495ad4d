"""More Second Front Now! rules: commands, entry, supply, retreats and the optional rules (15.x)."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.games.second_front_now.board import board
from westfront.games.second_front_now.combat import hit_number, retreat_hexes
from westfront.games.second_front_now.plans import drop_days, drop_hexes, saf_days
from westfront.games.second_front_now.reinforcements import entry_hexes
from westfront.games.second_front_now.supply import check_supply
from westfront.testing.dice import forced_dice
from westfront.testing.kit import enter, legal

from .helpers import bare, battle, started


def command(s, side):
    return enter(s, {"step": "command", "side": side})


def test_one_command_per_stack_and_costs():
    # SFN 6.2: a move command costs 1 CP; SFN 6.4: a unit acts once a player turn
    s = bare(started(), g_47="2412", g_49="2412")
    s.g["turn"] = 3
    command(s, "german")
    s.apply("move 2412")
    assert s.g["cp"]["german"] == 2
    s.apply("without g-49")
    s.apply("to 2413")
    # SFN 12.2: the stack may split: the 49th still moves under the same command
    assert "to 2411" in legal(s)
    s.apply("to 2411")
    assert s.u("g-47")["hex"] == "2413" and s.u("g-49")["hex"] == "2411"
    assert "move 2413" not in legal(s) and "move 2411" not in legal(s)


def test_attack_costs_two_and_a_hex_only_once():
    # SFN 6.3: an attack command costs 2 CP; SFN 6.4: the same hex is never attacked twice a turn
    s = bare(started(), g_47="2209", g_49="2211", cw_5="2210")
    s.g["turn"] = 3
    command(s, "german")
    assert {"attack 2209 2210", "attack 2211 2210"} <= set(legal(s))
    s.apply("attack 2209 2210")
    assert s.g["cp"]["german"] == 1
    s.apply("resolve")
    while s.frame()["step"] != "command":
        s.apply(s.legal_actions()[0])
    assert not any(a.startswith("attack") for a in legal(s))  # 1 CP left, and 2210 is done
    s.g["cp"]["german"] = 3
    s.touch()
    assert "attack 2211 2210" not in legal(s)
    with pytest.raises(IllegalAction, match="6.4"):
        s.apply("attack 2211 2210")


def test_break_off_needs_casualties_and_cancels_one():
    # SFN 13.1 step 4: the attacker may break off only after casualties; it cancels one hit
    s = bare(started(), cw_5="2109", g_276="2210")
    s.g["turn"] = 12
    battle(s, "allied", "2109", "2210")
    s.apply("resolve")
    with forced_dice(s, 1, 1):
        s.apply("fire g-276 cw-5")
        s.apply("fire g-276 cw-5")
    assert s.u("cw-5")["steps"] == 0
    assert set(legal(s)) == {"break_off", "continue"}
    s.apply("break_off")
    s.apply("cancel cw-5")
    # SFN 13.6: the attacker stays in the hex it attacked from, one step left
    assert s.u("cw-5")["hex"] == "2109" and s.u("cw-5")["steps"] == 1
    assert s.frame()["step"] == "command"


def test_no_break_off_without_casualties():
    # SFN 13.1 step 4: no casualties, no break-off
    s = bare(started(), cw_5="2109", g_276="2210")
    s.g["turn"] = 12
    battle(s, "allied", "2109", "2210")
    s.apply("resolve")
    with forced_dice(s, 10, 10):
        s.apply("fire g-276 cw-5")
        s.apply("fire g-276 cw-5")
    assert all(a.startswith("fire cw-5") for a in legal(s))


def test_hits_are_instantaneous():
    # SFN 13.3: a defender destroyed by the barrage does not fire back
    s = bare(started(), cw_5="2109", cw_i="2109", g_276="2210")
    s.u("g-276")["steps"] = 1
    s.g["turn"] = 12
    battle(s, "allied", "2109", "2210")
    s.apply("resolve")
    with forced_dice(s, 1):
        s.apply("fire cw-i g-276")
    # SFN 13.1 step 2: no retreat can cancel a barrage hit; the defender has nobody left to fire
    assert s.u("g-276")["steps"] == 0
    assert all(a.startswith("fire cw-5") or a == "stop" for a in legal(s))


def test_retreat_prefers_empty_hexes():
    # SFN 13.6 #4: not into a friendly-occupied hex while an empty hex outside EZOC is free
    s = bare(started(), g_47="2210", g_49="2309", cw_5="2109")
    opts = retreat_hexes(s, "g-47", "2210", ["g-47", "cw-5"], [])
    assert "2309" not in opts and opts
    # SFN 11.5: never into an EZOC unless an uninvolved friendly unit is there
    zoc = s.zoc_bb("allied")
    assert not any((zoc >> board().hex(h)) & 1 for h in opts)


def test_box_entry_hexes():
    # SFN 7.3: North box 3100-2828; US units only at Utah and Omaha, Commonwealth at Gold, Juno, Sword
    s = bare(started("calais"))
    s.to_box("g-19", "north")
    north = entry_hexes(s, "g-19", False)
    assert "3100" in north and "2828" in north and "1828" not in north
    s.to_box("us-1", "england")
    s.to_box("cw-3", "england")
    assert entry_hexes(s, "us-1", False) == ["1910", "2009"]
    assert entry_hexes(s, "cw-3", False) == ["2006", "2007", "2008"]


def test_box_entry_costs_one_cp_and_one_mp():
    # SFN 6.2, 7.3: one CP brings one unit out; its entry hex is its first MP
    s = bare(started("calais"), g_47="2412")
    s.g["turn"] = 3
    s.to_box("us-1", "england")
    command(s, "allied")
    cp = s.g["cp"]["allied"]
    s.apply("enter us-1")
    assert s.g["cp"]["allied"] == cp - 1
    s.apply("hex 2009")
    assert s.u("us-1")["hex"] == "2009"
    r = s.frame()
    assert r["step"] == "move_stack" and r["mp"] == 2  # MF 3 less the entry hex


def test_strategic_move_needs_regular_supply_and_no_ezoc():
    # SFN 12.5: no strategic move from an EZOC, nor on the turn of landing, nor out of regular supply
    from westfront.games.second_front_now.movement import may_move_strategically
    s = bare(started(), g_47="2412", cw_5="2007")
    assert may_move_strategically(s, ["g-47"], "2412")
    s.u("g-47")["supply"] = "fortress"
    assert not may_move_strategically(s, ["g-47"], "2412")
    s.u("cw-5")["landed"] = s.g["turn"]
    assert not may_move_strategically(s, ["cw-5"], "2007")


def test_supply_sources_and_kinds():
    # SFN 9.3: German units trace to the edge 1013-3100; a fortress supplies its garrison
    s = bare(started(), g_47="2412", g_bo="2005", cw_5="2006", cw_46="2104", cw_56="2106")
    check_supply(s)
    assert s.u("g-47")["supply"] == "regular"
    assert s.u("g-bo")["supply"] in ("regular", "fortress")
    # SFN 9.3 (Allied): beaches supply; a coastal hex supplies the unit in it
    assert s.u("cw-5")["supply"] == "regular"
    # SFN 9.1: out of supply the movement factor is one
    s.u("g-47")["supply"] = "none"
    assert s.mf("g-47") == 1


def test_allied_units_cut_off_are_out_of_supply():
    # SFN 9.3, 11.3: German units and un-negated ZOC block the path to the beach
    s = bare(started(), cw_5="2412", g_47="2311", g_49="2312", g_182="2411", g_19lw="2413", g_326="2512",
             g_712="2511")
    check_supply(s)
    assert s.u("cw-5")["supply"] == "none"


def test_italy_units_arrive_at_full_strength():
    # SFN 7.4: Italy units reach the South box at full strength, free of CP
    s = bare(started())
    s.to_box("g-16pz", "italy")
    s.u("g-16pz")["steps"] = 1
    s.g["turn"] = 5
    enter(s, {"step": "transfer", "side": "german", "source": "italy", "dest": "south", "count": 1})
    s.apply("transfer g-16pz")
    assert s.u("g-16pz")["box"] == "south" and s.u("g-16pz")["steps"] == 2


def test_saf_plan_days_and_bonus():
    # SFN 15.4: no sooner than two turns away, no later than seven
    s = started()
    s.g["turn"] = 5
    assert saf_days(s) == [7, 8, 9, 10, 11, 12]
    # SFN 15.4: a 10 gives +3 to every attacking unit
    bare(s, cw_5="2109", g_276="2210")
    s.g["saf"] = [{"hex": "2210", "turn": 7, "written": 5}]
    s.g["turn"] = 7
    battle(s, "allied", "2109", "2210")
    with forced_dice(s, 10):
        s.apply("resolve")
    f = next(fr for fr in s.frames() if fr["step"] == "battle")
    assert f["saf"] == 3
    assert hit_number(s, f, "cw-5", "g-276") == 4 - 1 + 3  # anti-infantry 4, city -1, SAF +3


def test_saf_fiasco():
    # SFN 15.4: a 1 cancels the attack and gives the German a VP
    s = bare(started(), cw_5="2109", g_276="2210")
    s.g["saf"] = [{"hex": "2210", "turn": 7, "written": 5}]
    s.g["turn"] = 7
    before = s.vp()
    battle(s, "allied", "2109", "2210")
    with forced_dice(s, 1):
        s.apply("resolve")
    assert s.vp() == before + 1 and s.frame()["step"] == "command"
    assert s.u("g-276")["steps"] == 2 and s.u("cw-5")["acted"]


def test_airborne_rest_example():
    # SFN 15.5: the 101st withdrawn on D+26 rests in England until at least D+56
    s = bare(started())
    s.to_box("us-101abn", "england")
    s.u("us-101abn")["withdrawn"] = 26
    s.g["turn"] = 50
    assert drop_days(s, "us-101abn") == [56, 57]
    s.g["turn"] = 30
    assert drop_days(s, "us-101abn") == []


def test_drop_hexes_and_the_ezoc_roll():
    # SFN 15.6: never into marsh, city or fortress hexes
    s = bare(started(), g_47="2412")
    hexes = set(drop_hexes(s))
    assert "2210" not in hexes and "2005" not in hexes and "2113" in hexes or "2213" in hexes
    # SFN 15.6: 1 CP; into a German ZOC one die, 1-5 a hit; the division may not move that turn
    s.to_box("cw-6abn", "england")
    s.g["turn"] = 8
    s.g["drops"] = [{"unit": "cw-6abn", "hex": "2413", "turn": 8, "written": 5}]
    command(s, "allied")
    cp = s.g["cp"]["allied"]
    with forced_dice(s, 3):
        s.apply("drop cw-6abn")
    assert s.g["cp"]["allied"] == cp - 1
    assert s.u("cw-6abn")["hex"] == "2413" and s.u("cw-6abn")["steps"] == 1
    assert "move 2413" not in legal(s)
    check_supply(s)
    assert s.u("cw-6abn")["supply"] != "none"  # supplied throughout the turn of the drop


def test_aerial_supply_up_to_three():
    # SFN 15.8: one, two or three otherwise unsupplied units
    s = bare(started(), cw_5="2412", cw_46="2413", cw_56="2414", cw_50="2415")
    for u in ("cw-5", "cw-46", "cw-56", "cw-50"):
        s.u(u)["supply"] = "none"
    s.g["aerial"] = []
    enter(s, {"step": "aerial_supply", "side": "allied"})
    for u in ("cw-5", "cw-46", "cw-56"):
        s.apply(f"airsupply {u}")
    assert legal(s) == ["done"]
    assert s.u("cw-5")["supply"] == "aerial"


def test_air_contest_costs_a_vp_and_lgas():
    # SFN 15.3: contesting costs the German one VP; in battle 1-3 gives him +1 and the Allies -1
    from westfront.games.second_front_now.sequence import GermanAdmin
    s = bare(started(), cw_5="2109", g_276="2210")
    before = s.vp()
    s.g["turn"] = 5
    GermanAdmin().air_done(s, {}, "contest")
    assert s.vp() == before - 1 and s.g["air_contest"] == 9
    battle(s, "allied", "2109", "2210")
    with forced_dice(s, 3):
        s.apply("resolve")
    f = next(fr for fr in s.frames() if fr["step"] == "battle")
    assert f["lgas"]
    assert hit_number(s, f, "g-276", "cw-5") == 4 + 1  # anti-infantry 4, no terrain in defence
    assert hit_number(s, f, "cw-5", "g-276") == 4 - 1 - 1


def test_withdrawal_from_turn_25():
    # SFN 15.5: from turn 25 airborne divisions in regular supply may go back to England
    from westfront.games.second_front_now.sequence import withdrawable
    s = bare(started(), us_82abn="2009")
    s.u("us-82abn")["supply"] = "regular"
    assert withdrawable(s) == ["us-82abn"]
    enter(s, {"step": "withdraw", "side": "allied"})
    s.apply("withdraw us-82abn")
    assert s.u("us-82abn")["box"] == "england" and s.u("us-82abn")["withdrawn"] == s.g["turn"]


def test_storm_departure():
    # SFN 15.2: a raging storm leaves on 1-2 at the end of its first day
    from westfront.games.second_front_now.sequence import storm_departure
    s = started()
    s.g["storm"] = {"state": "raging", "day": 1}
    with forced_dice(s, 3):
        storm_departure(s)
    assert s.g["storm"] == {"state": "raging", "day": 2}
    with forced_dice(s, 4):
        storm_departure(s)
    assert s.g["storm"]["state"] == "none"
    # SFN 15.2: during a storm no landings from England
    s.g["storm"] = {"state": "raging", "day": 1}
    from westfront.games.second_front_now.steps_command import may_enter_from_box
    s.to_box("us-1", "england")
    assert not may_enter_from_box(s, "us-1")


def test_end_of_turn_marks_off_a_day():
    # SFN 5.3: when the Allied turn is finished the next game turn begins with the German
    s = started()
    rnd_guard = 0
    while s.g["turn"] == 1 and rnd_guard < 500:
        acts = s.legal_actions()
        s.apply("end" if "end" in legal(s) else acts[-1])
        rnd_guard += 1
    assert s.g["turn"] == 2 and s.current_player() == "german"


def test_italy_transfers_scheduled_in_advance():
    # SFN 7.4 (optional): the unit picked on T1 reaches the South box on T5, with no choice then
    from westfront.games.second_front_now.sequence import GermanAdmin
    s = started(italy_scheduling=True)
    s.apply("decline")  # SFN 15.7: Blue Point comes first on turn 1
    assert s.frame()["step"] == "transfer" and "transfer g-16pz" in legal(s)
    s.apply("transfer g-16pz")
    assert s.u("g-16pz")["box"] == "italy_transit"
    s.g["turn"] = 5
    GermanAdmin().italy(s, {})
    assert s.u("g-16pz")["box"] == "south" and s.u("g-16pz")["arrived"] == 5


@pytest.mark.parametrize("advanced,all_gone,retreated,roll,blooded", [
    (False, False, False, 6, True),    # 6-10 succeeds
    (False, False, False, 5, False),   # 1-5 fails
    (True, False, False, 5, True),     # +1 for advancing
    (False, True, False, 5, True),     # +1 when every German defender was eliminated
    (False, False, True, 7, False),    # -2 after a retreat: 7 - 2 = 5 fails
    (True, True, True, 5, False),      # 5 + 1 + 1 - 2 = 5 fails
])
def test_blooding_modifiers(advanced, all_gone, retreated, roll, blooded):
    # SFN 8.5: 6-10 blooded; +1 advanced after combat, +1 all defenders eliminated, -2 retreated
    from westfront.games.second_front_now.steps_battle import Battle
    s = bare(started(), us_4u="2210")
    f = {"attackers": ["us-4u"], "defenders": [], "advanced": ["us-4u"] if advanced else [],
         "defenders_all_gone": all_gone, "broke_off": retreated, "retreat": False}
    with forced_dice(s, roll):
        Battle().blooding(s, f)
    assert (s.u("us-4")["hex"] == "2210") == blooded
