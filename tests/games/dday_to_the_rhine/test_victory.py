"""Victory: sudden death (17.1), the four end-of-game levels (17.2), cards (18.2), short scenarios (18.3)."""

from __future__ import annotations

import pytest

import westfront
from westfront.core.hexgrid import COLROW
from westfront.games.dday_to_the_rhine import units as U
from westfront.games.dday_to_the_rhine.board import board
from westfront.games.dday_to_the_rhine.victory import final_result, levels, standard_result

from .helpers import on, position, synthetic_board

CITIES = {"Paris": "0104", "Lille": "0202", "Koln": "0803", "Brest": "0107", "Essen": "0902", "Dusseldorf": "0903",
          "Dortmund": "1002", "Munster": "1001", "Frankfurt": "0906", "Stuttgart": "1008", "Kassel": "1104",
          "Bremen": "1201", "Antwerp": "0305", "Brussels": "0306"}
EAST = ["Essen", "Dusseldorf", "Dortmund", "Munster", "Frankfurt", "Stuttgart", "Kassel", "Bremen"]


def rhine_board(allied_edge=()):
    sides = {}
    for r in range(1, 9):
        a = f"08{r:02d}"
        for n in COLROW.neighbors(a):
            if n.startswith("09") and 1 <= int(n[2:]) <= 8:
                sides[(a, n)] = ["major_river"]
    germany = {f"{c:02d}{r:02d}": "germany" for c in range(7, 13) for r in range(1, 9)}
    places = [{"name": n, "hex": h, "kind": "fortified_port" if n == "Brest" else "major_city"}
              for n, h in CITIES.items()]
    zones = {"german_east_edge": [f"12{r:02d}" for r in range(1, 9)], "german_south_edge": [],
             "france_south_edge": list(allied_edge), "exit_hamburg": ["1201"], "exit_berlin": ["1204"], "exit_prague": ["1207"]}
    return synthetic_board(width=12, height=8, sides=sides, country=germany, places=places, zones=zones)


def ctl(*names):
    return [CITIES[n] for n in names]


def test_german_major_when_no_allied_unit_is_east_of_the_rhine():
    # 1944 17.2 German major: no Allied units in Germany east of the Rhine
    with on(rhine_board()):
        s = position(turn=10, units={"us-1a": "0705", "ge-7a": "1005"}, control=ctl("Paris", "Lille"))
        r = standard_result(s)
        assert (r.winner, r.level) == ("german", "major")


def test_german_major_with_six_eastern_cities_and_one_western():
    # 1944 17.2 German major: 6 German cities east of the Rhine in supply and 1 city west of it
    with on(rhine_board()):
        s = position(turn=10, units={"us-1a": "1106", "ge-7a": "0805"}, control=ctl("Paris", "Lille", "Kassel",
                                                                                    "Stuttgart"))
        lv = levels(s)
        assert lv["german_major"] and not lv["allied_minor"]
        assert (standard_result(s).winner, standard_result(s).level) == ("german", "major")


def test_german_minor_with_five_eastern_cities():
    # 1944 17.2 German minor: 5 German cities east of the Rhine in supply (and no western city)
    with on(rhine_board()):
        s = position(turn=10, units={"us-1a": "1106"},
                     control=ctl("Paris", "Lille", "Koln", "Brest", "Kassel", "Stuttgart", "Frankfurt"))
        r = standard_result(s)
        assert (r.winner, r.level) == ("german", "minor")


def test_german_minor_with_one_western_city_excluding_fortress_ports():
    # 1944 17.2 German minor: 1 city west of the Rhine (fortress port cities do not count)
    with on(rhine_board()):
        base = ("Paris", "Essen", "Dusseldorf", "Dortmund", "Munster", "Kassel", "Stuttgart")
        s = position(turn=10, units={"us-1a": "1106"}, control=ctl(*base, "Lille"))  # Koln still German
        assert (standard_result(s).winner, standard_result(s).level) == ("german", "minor")
        s2 = position(turn=10, units={"us-1a": "1106"}, control=ctl(*base, "Koln", "Lille"))  # only Brest German
        assert standard_result(s2).winner == "allied"


def test_allied_minor_by_the_ruhr_and_the_west():
    # 1944 17.2 Allied minor: no German-held supplied city west of the Rhine, and the Ruhr controlled
    with on(rhine_board()):
        s = position(turn=10, units={"us-1a": "1106", "ge-7a": "0805"},
                     control=ctl("Paris", "Lille", "Koln", "Essen", "Dusseldorf", "Dortmund", "Munster"))
        r = standard_result(s)
        assert (r.winner, r.level) == ("allied", "minor")  # a German unit still stands west of the Rhine


def test_allied_minor_by_a_northern_and_a_southern_city():
    # 1944 17.2 Allied minor B: Essen or Munster and Frankfurt or Stuttgart
    with on(rhine_board()):
        s = position(turn=10, units={"us-1a": "1106"},
                     control=ctl("Paris", "Lille", "Koln", "Munster", "Stuttgart", "Essen", "Kassel", "Bremen"))
        lv = levels(s)
        assert lv["allied_minor"] and not lv["german_minor"]
        assert standard_result(s).level == "minor" and standard_result(s).winner == "allied"


def test_allied_major_needs_exits_in_all_three_zones():
    # 1944 17.2 Allied major: no German units west of the Rhine, the Ruhr, and an army exited in each zone
    with on(rhine_board()):
        control = ctl("Paris", "Lille", "Koln", "Essen", "Dusseldorf", "Dortmund", "Munster")
        s = position(turn=10, units={"us-1a": "1106"}, control=control)
        s.g["exits"] = {"exit_hamburg": ["us-3a"], "exit_berlin": ["us-9a"], "exit_prague": []}
        assert standard_result(s).level == "minor"
        s.g["exits"]["exit_prague"] = ["us-7a"]
        r = standard_result(s)
        assert (r.winner, r.level) == ("allied", "major")


def test_draws():
    # 1944 17.2 Draw: neither side fulfils its conditions; both minors at once is also a draw
    with on(rhine_board()):
        s = position(turn=10, units={"us-1a": "1106"},
                     control=ctl("Paris", "Lille", "Koln", "Essen", "Munster", "Kassel", "Bremen"))
        # Germans: 4 eastern cities (Dusseldorf, Dortmund, Frankfurt, Stuttgart), no western one;
        # Allies: Ruhr not whole, no southern city -> neither
        r = standard_result(s)
        assert r.winner is None and r.level == "draw"
        s2 = position(turn=10, units={"us-1a": "1106"}, control=ctl("Paris", "Lille", "Koln", "Essen", "Frankfurt"))
        lv = levels(s2)
        assert lv["allied_minor"] and lv["german_minor"] and not lv["german_major"]
        assert standard_result(s2).winner is None


def test_objective_cards_replace_the_end_of_game_conditions():
    # 1944 18.2: Broad Front / Objective: Ruhr decide at the end of March; Single Thrust only by sudden death
    with on(rhine_board()):
        control = ctl("Paris", "Lille", "Koln", "Essen", "Dusseldorf", "Dortmund", "Stuttgart")
        s = position(turn=10, units={"us-1a": "1106"}, control=control)
        for card, winner in (("broad", "allied"), ("ruhr", "allied"), ("single", "german")):
            s.g["objective"] = card
            assert final_result(s).winner == winner, card
        s2 = position(turn=10, units={"us-1a": "1106", "ge-7a": "0805"}, control=control)
        s2.g["objective"] = "broad"
        assert final_result(s2).winner == "german"  # a German unit west of the Rhine


def exit_board():
    return rhine_board(allied_edge=["1205"])  # an Allied supply source next to the exit zones


def exit_position(turn, objective=None):
    s = position(turn=turn, units={"us-3a": "1104", "us-7c": "1005"}, control=ctl("Kassel"),
                 flow=[{"step": "activation", "side": "allied"}])
    s.g["objective"] = objective
    return s


@pytest.mark.parametrize("turn,objective,wins", [(9, None, True), (10, None, False), (9, "single", True),
                                                 (9, "broad", False)])
def test_allied_sudden_death_by_exiting_an_army(turn, objective, wins):
    # 1944 17.1: an army exits by tactical movement, in supply, for 1 MP, by the end of February
    with on(exit_board()):
        s = exit_position(turn, objective)
        s.apply("move us-3a")
        exits = [str(a) for a in s.legal_actions() if a.verb == "exit"]
        assert "exit 1204" in exits
        s.apply("exit 1204")
        assert s.unit("us-3a")["box"] == U.EXITED and s.g["exits"]["exit_berlin"] == ["us-3a"]
        assert s.is_terminal() is wins
        if wins:
            assert s.result().winner == "allied" and s.result().level == "sudden death"


def test_corps_and_motorised_moves_cannot_exit():
    # 1944 17.1: only an army, and only by tactical (not motorised) movement
    with on(exit_board()):
        s = exit_position(9)
        s.apply("move us-7c")
        assert not [a for a in s.legal_actions() if a.verb == "exit"]
        s.apply("cancel")
        s.apply("motor us-3a")
        assert not [a for a in s.legal_actions() if a.verb == "exit"]


def test_german_sudden_death_when_no_allied_unit_is_on_the_continent():
    # 1944 17.1: the German wins if no Allied unit is on the continent at the end of a German turn
    s = westfront.load("dday-to-the-rhine", seed=2)
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    for uid in s.on_map("allied"):
        s.unit(uid)["hex"] = None
        s.unit(uid)["box"] = U.POOL
    s.touch()
    while not s.is_terminal() and s.current_player() == "german":
        s.apply("done" if "done" in {str(a) for a in s.legal_actions()} else "end")
    r = s.result()
    assert r is not None and r.winner == "german" and r.level == "sudden death"


def test_home_by_christmas_needs_an_army_in_supply_east_of_the_rhine():
    # 1944 18.3 Home by Christmas: an Allied army in supply east of the Rhine by the end of November
    with on(rhine_board()):
        from westfront.games.dday_to_the_rhine.victory import christmas_won

        s = position(turn=6, units={"us-1a": "0905", "us-7c": "1006"}, scenario="home-by-christmas",
                     control=ctl("Frankfurt"))
        s.g["beachheads"]["12"] = "0905"
        s.touch()
        assert christmas_won(s)
        s2 = position(turn=6, units={"us-7c": "0905"}, scenario="home-by-christmas")
        s2.g["beachheads"]["12"] = "0905"
        assert not christmas_won(s2)  # a corps is not an army
        assert final_result(s2).winner == "german"


def test_learning_scenario_antwerp_and_brussels():
    # 1944 18.3 learning scenario: Antwerp held is a German major, Brussels a minor; else the Allies win
    with on(rhine_board()):
        s = position(turn=7, scenario="ardennes-learning", control=ctl("Antwerp", "Brussels"))
        assert final_result(s).winner == "allied"
        s.set_control(board().find("Brussels"), "german")
        assert (final_result(s).winner, final_result(s).level) == ("german", "minor")
        s.set_control(board().find("Antwerp"), "german")
        assert (final_result(s).winner, final_result(s).level) == ("german", "major")


def test_exited_armies_count_as_allied_units_east_of_the_rhine():
    # 1944 17.2: reading: an army that exited went through Germany east of the Rhine, so "no Allied units in
    # Germany east of the Rhine" (German Major) does not hold once armies have exited; the Allied Major stands
    with on(rhine_board()):
        control = ctl("Paris", "Lille", "Koln", "Essen", "Dusseldorf", "Dortmund", "Munster")
        s = position(turn=10, units={"us-1a": "0504"}, control=control)  # nobody left east of the Rhine
        s.g["exits"] = {"exit_hamburg": ["us-3a"], "exit_berlin": ["us-9a"], "exit_prague": ["us-7a"]}
        lv = levels(s)
        assert lv["allied_major"] and not lv["german_major"]
        assert (standard_result(s).winner, standard_result(s).level) == ("allied", "major")


def test_a_delayed_landing_still_to_come_prevents_german_sudden_death():
    # 1944 17.1 with 18.4 B: with the second army's landing delayed to July, the first failing does not end the
    # game at the end of the German June turn; the Allies are not off the continent for good yet
    from westfront.testing.dice import forced_dice

    s = westfront.load("dday-to-the-rhine", options={"free_invasions": True}, seed=1)
    s.apply("land 0315")  # Dempsey against co-266
    with forced_dice(s, 4, 4, 4, 4, 4, 4):  # four blanks: the coast unit survives, the landing fails
        s.apply("delay")
    assert not s.on_map("allied") and s.g["inv"]["pending"]
    while s.turn == 1 and not s.is_terminal():
        s.apply("done" if "done" in {str(a) for a in s.legal_actions()} else "end")
    assert not s.is_terminal() and s.turn == 2


def test_single_thrust_lasts_nine_months():
    # 1944 18.2: Single Thrust is played in 9 monthly turns: without an exit by the end of February the German
    # wins then, and no March turn is played
    from westfront.testing.kit import enter

    with on(rhine_board()):
        s = position(turn=9, units={"us-1a": "0504", "ge-7a": "1106"})
        s.g["objective"] = "single"
        enter(s, {"step": "month", "stage": "allied_turn_end"}, resume=True)  # on to month_end
        assert s.is_terminal() and s.turn == 9
        r = s.result()
        assert (r.winner, r.level) == ("german", "objective")
        s = position(turn=9, units={"us-1a": "0504", "ge-7a": "1106"})
        s.g["objective"] = "broad"
        enter(s, {"step": "month", "stage": "allied_turn_end"}, resume=True)  # on to month_end
        assert not s.is_terminal() and s.turn == 10
