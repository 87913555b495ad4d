"""Supply (13.0), control of cities (14.0) and beach-heads (5.0)."""

from __future__ import annotations

from westfront.games.dday_to_the_rhine import units as U
from westfront.games.dday_to_the_rhine.board import board
from westfront.games.dday_to_the_rhine.effects import move_along
from westfront.games.dday_to_the_rhine.supply import in_supply
from westfront.games.dday_to_the_rhine.upkeep import end_of_turn

from .helpers import on, position, synthetic_board

GERMANY = {f"{c:02d}{r:02d}": "germany" for c in range(10, 13) for r in range(1, 9)}
EDGE = [f"12{r:02d}" for r in range(1, 9)]
SOUTH = [f"{c:02d}08" for c in range(1, 10)]


def supply_board(places=(), terrain=None):
    return synthetic_board(width=12, height=8, country=GERMANY, terrain=terrain,
                           places=[{"name": "Paris", "hex": "0101", "kind": "major_city"}, *places],
                           zones={"german_east_edge": EDGE, "german_south_edge": [], "france_south_edge": SOUTH})


def test_german_trace_is_five_hexes_to_the_edge():
    # 1944 13.0: a German unit traces at most 5 hexes to its east edge
    with on(supply_board()):
        s = position(turn=5, units={"ge-7a": "0705", "ge-67c": "0605"})
        assert in_supply(s, "ge-7a") and not in_supply(s, "ge-67c")


def test_city_chains_extend_supply():
    # 1944 13.0: controlled cities within 5 hexes of each other chain back to the edge
    places = [{"name": "Metz", "hex": "0705", "kind": "minor_city"},
              {"name": "Reims", "hex": "0305", "kind": "minor_city"}]
    with on(supply_board(places)):
        s = position(turn=5, units={"ge-67c": "0105"})
        assert in_supply(s, "ge-67c")  # 0105 -> Reims (2) -> Metz (4) -> edge (5)
        s2 = position(turn=5, units={"ge-67c": "0105"}, control=["0705"])  # Metz is Allied: the chain breaks
        assert not in_supply(s2, "ge-67c")


def test_enemy_zoc_blocks_supply_unless_a_friend_stands_there():
    # 1944 11.0 / 13.0: enemy ZOC blocks a supply line; a friendly unit in the hex negates it
    wall = {f"09{r:02d}": "marsh" for r in range(1, 9)}
    with on(supply_board(terrain=wall)):
        s = position(turn=5, units={"ge-7a": "0705", "us-7c": "0903", "us-5c": "0906", "uk-30c": "1008"})
        # Allied ZOC from 0903, 0906 and 1008 covers much of columns 8-10 around row 4-7
        blocked = not in_supply(s, "ge-7a")
        s2 = position(turn=5, units={"ge-7a": "0705", "ge-67c": "0805", "ge-74c": "0905",
                             "us-7c": "0903", "us-5c": "0906", "uk-30c": "1008"})
        assert blocked and in_supply(s2, "ge-7a")


def test_units_on_the_edge_beachheads_and_coastal_fortresses_are_always_supplied():
    # 1944 13.0: German units on the east edge never out of supply; Allied units in a beach-head or port;
    # 1944 8.0: German fortress units in coastal fortress hexes are never out of supply
    sea = {"0101": "sea", "0201": "sea", "0301": "sea", "0401": "sea"}
    places = [{"name": "Brest", "hex": "0302", "kind": "fortified_port", "attrs": {"pc": 2}}]
    with on(supply_board(places, terrain=sea)):
        s = position(turn=3, units={"ge-7a": "1204", "us-7c": "1203", "uk-30c": "1103", "us-1a": "0202",
                            "fo-brest": "0302", "us-5c": "0606"})
        s.g["beachheads"]["12"] = "0202"
        s.touch()
        assert in_supply(s, "ge-7a")  # ringed by Allied ZOC but on the edge
        assert in_supply(s, "us-1a")  # on the beach-head
        assert in_supply(s, "fo-brest")
        assert not in_supply(s, "us-5c")  # more than 5 hexes from the beach-head


def test_south_french_edge_changes_hands_in_september():
    # 1944 13.0: the south French edge supplies the Germans June-August and the Allies from September
    with on(supply_board()):
        for turn, german, allied in ((3, True, False), (4, False, True)):
            s = position(turn=turn, units={"ge-67c": "0307", "us-7c": "0507"})
            assert in_supply(s, "ge-67c") is german
            assert in_supply(s, "us-7c") is allied


def test_out_of_supply_units_are_eliminated_at_the_end_of_their_turn_but_fortresses_stay():
    # 1944 13.0: out of supply at the end of the owner's turn -> eliminated; fortress units never
    with on(supply_board()):
        s = position(turn=5, units={"ge-67c": "0305", "fo-metz": "0303", "us-7c": "0505"})
        end_of_turn(s, "german")
        assert s.unit("ge-67c")["box"] == U.POOL and s.unit("fo-metz")["hex"] == "0303"
        assert s.unit("us-7c")["hex"] == "0505"  # the other side's units wait for their own turn end


def test_liberation_by_moving_through_and_by_isolation():
    # 1944 14.0 A: moving into or through an Allied-country city liberates it;
    # 1944 14.0 B: a vacant city the German cannot supply at the end of his turn is liberated
    places = [{"name": "Rennes", "hex": "0304", "kind": "minor_city"},
              {"name": "Tours", "hex": "0207", "kind": "minor_city"},
              {"name": "Metz", "hex": "0904", "kind": "minor_city"}]
    with on(supply_board(places)):
        s = position(turn=5, units={"us-7c": "0305", "ge-7a": "0905"})
        move_along(s, "us-7c", [board().hex("0305"), board().hex("0304"), board().hex("0303")], "1944 11.0", "moves")
        assert s.controls("allied", board().hex("0304"))
        assert s.controls("german", board().hex("0207"))
        end_of_turn(s, "german")
        assert s.controls("allied", board().hex("0207"))  # too far from any German supply
        assert s.controls("german", board().hex("0904"))  # within German supply: stays German


def test_german_cities_need_allied_supply_to_stay_allied():
    # 1944 14.0: an Allied-held German city out of Allied supply at the end of the Allied turn reverts
    places = [{"name": "Trier", "hex": "1005", "kind": "minor_city"}]
    with on(supply_board(places)):
        s = position(turn=3, units={"us-7c": "1005"})
        assert s.controls("german", board().hex("1005"))
        move_along(s, "us-7c", [board().hex("1005")], "1944 11.0", "moves")
        s.set_control(board().hex("1005"), "allied")
        s.move_piece("us-7c", "0905")
        end_of_turn(s, "allied")
        assert s.controls("german", board().hex("1005"))


def test_a_german_unit_entering_a_beachhead_destroys_it():
    # 1944 5.0: a beach-head occupied by a German unit is eliminated
    with on(supply_board()):
        s = position(turn=5, units={"ge-7a": "0304"})
        s.g["beachheads"]["21"] = "0305"
        move_along(s, "ge-7a", [board().hex("0304"), board().hex("0305")], "1944 11.0", "moves")
        assert "21" not in s.g["beachheads"]
