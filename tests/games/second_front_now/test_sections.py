"""Second Front Now! sections not covered elsewhere, one citation per test line."""

from __future__ import annotations

import random

from westfront.games.second_front_now.board import board
from westfront.games.second_front_now.data import GROUP_OF_NATION, tables, units
from westfront.games.second_front_now.movement import reach_from
from westfront.games.second_front_now.reinforcements import replacement_actions
from westfront.games.second_front_now.rules import INFO
from westfront.games.second_front_now.supply import check_supply, sources
from westfront.testing.dice import forced_dice
from westfront.testing.kit import enter, legal, new

from .helpers import bare, battle, started


def random_game(seed: int, n: int):
    s = new("second-front-now", seed)
    rnd = random.Random(seed)
    for _ in range(n):
        if s.is_terminal():
            break
        s.apply(rnd.choice(s.legal_actions()))
    return s


def test_sides_and_length():
    # SFN 1.1: one Allied and one German player; the game ends after turn 80
    assert set(INFO.players) == {"german", "allied"}
    # SFN 4.1: decided at the end of Game Turn 80 on the German VP total alone
    assert tables()["game"]["last_turn"] == 80 and len(tables().turns) == 80


def test_every_die_is_decimal():
    # SFN 2.2: a decimal die, "0" read as 10: faces 1-10
    s = random_game(21, 1500)
    rolls = [e for e in s.log if e["type"] == "roll"]
    assert rolls and all(e["sides"] == 10 and all(1 <= v <= 10 for v in e["values"]) for e in rolls)
    # SFN 15.10: no six-sided dice are needed: every roll above was a d10
    assert {e["sides"] for e in rolls} == {10}


def test_counter_information():
    # SFN 2.4: nationality, steps, identification, type, combat and movement values, set-up code
    for d in units().values():
        assert d.nation and d.name and d.steps in (1, 2) and d.setup
        assert len(d.full) == 3
    # SFN 2.6: armour, four kinds of infantry, corps support (and the HQs of 6.6)
    assert {d.type for d in units().values()} == {"armor", "infantry", "mech", "para", "garrison", "artillery", "hq"}
    # SFN 2.7: German, US (blooded and untried) and Commonwealth
    assert set(GROUP_OF_NATION.values()) == {"german", "us", "commonwealth"}
    # SFN 2.10: separate anti-armour and anti-infantry values
    assert any(d.full[0] != d.full[1] for d in units().values())
    # SFN 2.11: the movement factor usually drops on the reduced side
    assert units()["g-9ss"].reduced[2] < units()["g-9ss"].full[2]


def test_markers_in_the_view():
    # SFN 2.9: markers are shown as unit flags and map markers (OOS, control, beaches)
    s = bare(started(), cw_5="2412")
    s.u("cw-5")["supply"] = "none"
    s.g["control"]["2412"] = "allied"
    v = s.view("allied")
    u = next(x for x in v["units"] if x["id"] == "cw-5")
    assert "oos" in u["flags"]
    assert any(m["kind"] == "control" and m["hex"] == "2412" for m in v["markers"])
    assert sum(1 for m in v["markers"] if m["kind"] == "beach") == 5


def test_everyone_sorted_after_set_up():
    # SFN 3.1: after set-up every counter is on the map or in its box
    s = started()
    assert not [u for u, us in s.g["units"].items() if us["box"] == "setup"]
    # SFN 3.6: units with a turn code wait for their turn
    assert all(s.u(u)["box"] == "later" for u, d in units().items() if d.setup.startswith("T"))
    # SFN 7.2: the Allies get no reinforcements: every Allied unit is in play or in a box from the start
    assert not [u for u, d in units().items() if d.side == "allied" and s.u(u)["box"] == "later"]


def test_only_the_chosen_area_is_active():
    # SFN 3.3: the Dieppe beaches mean nothing when the Allies landed at Calais
    s = started("calais")
    b = board()
    src = sources(s, "allied")
    assert all(not (src >> i) & 1 for i in b.beaches["dieppe"])
    assert any((src >> i) & 1 for i in b.beaches["calais"])


def test_commonwealth_replacement_point_scores():
    # SFN 4.4: each Commonwealth replacement point committed gives the German one VP
    s = bare(started(), cw_5="2412")
    s.u("cw-5")["steps"] = 1
    s.g["rp"] = {"us": 0, "commonwealth": 1}
    before = s.vp()
    enter(s, {"step": "replace", "side": "allied"})
    s.apply("restore cw-5")
    assert s.vp() == before + 1


def test_riga_odessa_raises_the_bar():
    # SFN 4.7: after Riga-Odessa the German needs 31
    from westfront.games.second_front_now.victory import threshold
    s = started()
    s.g["riga"] = 5
    assert threshold(s) == 31


def test_german_automatic_win_ends_the_game():
    # SFN 4.9: 98 VP or more ends the game at once in the German's favour
    s = bare(started(), g_47="2412")
    s.g["vp_events"] = 60
    s.g["turn"] = 3
    enter(s, {"step": "command", "side": "german"})
    s.apply("move 2412")
    s.apply("done")
    assert s.is_terminal() and s.result().winner == "german"


def test_german_player_turn_comes_first():
    # SFN 5.1: every game turn the German player turn comes first
    s = started()
    assert s.current_player() == "german" and s.frames()[1]["step"] == "german_admin"


def test_replaced_units_may_not_act():
    # SFN 6.4: a unit that took replacements may not move or attack that player turn
    s = bare(started(), g_47="2412")
    s.u("g-47")["replaced"] = True
    enter(s, {"step": "command", "side": "german"})
    assert "move 2412" not in legal(s)


def test_one_command_at_a_time():
    # SFN 6.5: a command is carried out completely before the next begins
    s = bare(started(), g_47="2412", g_49="2210")
    enter(s, {"step": "command", "side": "german"})
    s.apply("move 2412")
    assert not {a.split()[0] for a in legal(s)} & {"move", "attack", "enter", "end"}


def test_replacements_need_regular_supply():
    # SFN 8.3: a unit out of regular supply takes no replacements
    s = bare(started(), g_47="2412")
    s.u("g-47")["steps"] = 1
    s.g["rp"] = {"german": 2}
    assert "g-47" in replacement_actions(s, "german")[1]
    s.u("g-47")["supply"] = "fortress"
    assert "g-47" not in replacement_actions(s, "german")[1]


def test_supply_status_lasts_until_the_next_check():
    # SFN 9.2: the status set at the check holds until the next check
    s = bare(started(), g_47="2412")
    check_supply(s)
    assert s.u("g-47")["supply"] == "regular"
    bare(s, g_47="2412", cw_5="2311", cw_46="2312", cw_56="2411", cw_50="2413", cw_51="2512", cw_53="2511")
    s.u("g-47")["supply"] = "regular"
    assert s.u("g-47")["supply"] == "regular"
    check_supply(s)
    assert s.u("g-47")["supply"] == "none"


def test_pass_through_but_not_end_in_a_full_stack():
    # SFN 10.3 (reading, README): any number of units may pass through a hex, even a full one; the
    # limits bind where a move ends
    s = bare(started(), g_47="2411", g_49="2411", g_182="2411", g_19="2412")
    r = reach_from(s, ["g-19"], "2412", strategic=False, mp=3)
    b = board()
    assert b.hex("2411") in r.cost and b.hex("2411") not in r.ends
    # SFN 10.4: over-stacking is never allowed to arise
    assert not s.stack_ok("2411", ["g-19"])
    # SFN 10.5: markers have no stacking value (aerial supply is a flag, not a unit)
    assert len(s.at("2411")) == 3


def test_zoc_into_six_hexes():
    # SFN 11.1: a unit's ZOC covers the six hexes around it
    s = bare(started(), g_47="2412")
    b = board()
    zoc = s.zoc_bb("german")
    assert sorted(b.label(i) for i in range(b.map.size) if (zoc >> i) & 1) == sorted(
        b.label(n) for n in b.map.nbrs[b.hex("2412")])


def test_one_mp_per_hex():
    # SFN 12.1: one movement point a hex, whatever the terrain
    s = bare(started(), g_47="2412")
    r = reach_from(s, ["g-47"], "2412", strategic=False, mp=2)
    b = board()
    for h, c in r.cost.items():
        path = r.path(h)
        rivers = sum(1 for a, z in zip(path, path[1:], strict=False) if "major_river" in b.map.side(a, z))
        assert c == len(path) - 1 + rivers  # SFN 12.4 adds the major rivers


def test_two_step_units_fire_twice():
    # SFN 13.2: a two-step unit fires two shots, a reduced unit one
    s = bare(started(), cw_5="2109", g_276="2210")
    s.g["turn"] = 12
    battle(s, "allied", "2109", "2210")
    s.apply("resolve")
    with forced_dice(s, 10, 10):
        s.apply("fire g-276 cw-5")
        assert s.current_player() == "german"
        s.apply("fire g-276 cw-5")
    assert s.current_player() == "allied"
