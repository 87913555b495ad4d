"""Reconstructed base rules (rttr 10-15: see RULE_SECTIONS and data/tables.toml for each source or reasoning)."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.testing.fuzz import fuzz
from westfront.testing.kit import legal, play

from .helpers import axis_top, clear_board, control, game, pursuit_top, put, turn


def test_seats_and_turn_order():
    # rttr 10.2: Patch-Devers always plays; turn order west to east; the player to the right is the next one
    assert game(1).seats == ["patch_devers"]
    assert game(2).seats == ["patton", "patch_devers"]
    assert game(3).seats == ["bradley", "patton", "patch_devers"]
    s = game(4)
    assert s.seats == ["montgomery", "bradley", "patton", "patch_devers"]
    assert s.to_the_right("patch_devers") == "montgomery"
    assert s.current_player() == "montgomery"


def test_set_up_of_the_base_game():
    # rttr 10.1: Corps on their start spaces with a full card, Control on the start spaces, Axis markers on the
    # Fortified spaces, the clock and the truck stock sized by the number of commanders
    s = game(4)
    for c in s.g["corps"].values():
        assert c["space"] in s.board.areas[c["commander"]].start and sum(c["supplies"].values()) == 6
    assert s.controller("landing_zone") == "patch_devers" and s.controller("avranches") == "patton"
    assert "metz" in s.g["axis"] and "freiburg" not in s.g["axis"] and s.has_axis("freiburg")
    assert s.g["axis_supply"] == 48
    # the truck stock, the Logistics Step's clock: 4 per commander plus 2 (tables.toml reconstructed_stock, fwgn.com:
    # a reset round 'every few rounds'), so the Patch-Devers base sequence and the Devers switch come in play
    assert s.g["truck_stock"] == 18 and game(1).g["truck_stock"] == 6


def test_move_costs_fuel_and_stays_in_the_area():
    # rttr 11.1 Move Corps: 1 Fuel for up to 3 spaces of the commander's area; a Pursuit card for an empty space,
    # Control and Medals for the space
    s = clear_board(game(2))
    put(s, "XX-US", "le_mans", fuel=1)
    control(s, "patton", "le_mans")
    pursuit_top(s, "patton", "open_road", "open_road", "open_road")
    turn(s, "patton")
    play(s, "move XX-US")
    assert s.g["corps"]["XX-US"]["supplies"]["fuel"] == 0
    assert legal(s) == ["to alencon", "to laval", "stop"]
    with pytest.raises(IllegalAction, match="not next to"):
        s.apply("to chartres")
    play(s, "to alencon", "to chartres")
    with pytest.raises(IllegalAction, match="outside patton's area"):
        s.apply("to paris")  # Bradley's area
    play(s, "to orleans")
    assert s.frame()["step"] == "action"  # allowance used up
    assert s.controller("orleans") == "patton"
    assert s.g["medals"]["patton"] == sum(s.board.medals(x) for x in ("alencon", "chartres", "orleans"))
    t = clear_board(game(2))
    put(t, "XX-US", "le_mans", fuel=0)
    turn(t, "patton")
    assert "move XX-US" not in legal(t)  # no Fuel, no move


def test_pursuit_card_effects():
    # rttr 11.1 Move Corps: Pursuit cards (reconstructed effects): Starving Civilians eat a Food, a halt ends the move
    s = clear_board(game(2))
    put(s, "XX-US", "le_mans", fuel=2, ammo=2, food=2)
    control(s, "patton", "le_mans")
    pursuit_top(s, "patton", "starving_civilians", "blown_bridge")
    turn(s, "patton")
    play(s, "move XX-US", "to alencon")
    assert s.g["corps"]["XX-US"]["supplies"]["food"] == 1
    play(s, "to chartres")
    assert s.frame()["halted"] and legal(s) == ["continue", "stop"]


def test_fortified_toll_and_failed_combat():
    # rttr 11.1: entering an uncontrolled Fortified space costs 1 Ammo; a combat that cannot be paid spends what
    # Ammo there is and the Corps stays out (metagames review)
    s = clear_board(game(2))
    put(s, "XII-US", "pont_a_mousson", fuel=2, ammo=2, food=2)
    control(s, "patton", "pont_a_mousson")
    s.g["axis"] = ["metz"]
    s.touch()
    axis_top(s, "panzer")  # 3 Ammo
    turn(s, "patton")
    play(s, "move XII-US", "to metz")
    assert s.g["corps"]["XII-US"]["supplies"]["ammo"] == 1  # toll paid
    assert legal(s) == ["fail"]
    play(s, "fail")
    c = s.g["corps"]["XII-US"]
    assert c["space"] == "pont_a_mousson" and c["supplies"]["ammo"] == 0 and "metz" in s.g["axis"]
    assert s.frame()["step"] == "action"


def test_take_supplies_and_trucks():
    # rttr 11.2 Take Supplies: 3 of a kind to the Main Supply Base, or 1 of each (also to an own small depot)
    # rttr 11.3 Take Trucks: up to the level's number from the stock; the last one brings the Logistics Step
    s = clear_board(game(2))
    control(s, "patton", "le_mans")
    turn(s, "patton")
    acts = legal(s)
    assert "take fuel avranches" in acts and "take mixed le_mans" in acts and "take fuel le_mans" not in acts
    pool = dict(s.g["pool"])
    play(s, "take mixed le_mans")
    assert s.g["bases"]["patton"]["le_mans"] == {"fuel": 1, "ammo": 1, "food": 1}
    assert s.g["pool"]["fuel"] == pool["fuel"] - 1
    assert [a for a in legal(s) if a.startswith("trucks")] == ["trucks 1", "trucks 2"]  # Level 1: 2
    play(s, "trucks 2")
    assert s.g["trucks"]["patton"] == 2


def test_recon_peeks_privately():
    # rttr 11.4 Recon (reconstructed): see the top 2 Axis cards (only you), send one to the bottom or keep
    s = game(2)
    turn(s, "patton")
    top = s.g["decks"]["axis"]["draw"][:2]
    events = play(s, "recon")
    private = [e for e in events if e.get("visible_to")]
    assert private and private[0]["cards"] == top and private[0]["visible_to"] == ["patton"]
    assert all("cards" not in e for e in events if not e.get("visible_to"))
    assert "cards" not in str(s.view("patch_devers")["decks"])
    play(s, f"bottom {top[0]}")
    assert s.g["decks"]["axis"]["draw"][-1] == top[0]


def test_airborne_once_per_game():
    # rttr 11.5 Airborne (reconstructed): once per game, Control on an empty space within 2 links of a Corps
    s = clear_board(game(2))
    turn(s, "patton")
    targets = [a for a in legal(s) if a.startswith("airborne")]
    assert "airborne rennes" in targets and "airborne le_mans" not in targets  # Le Mans is 3 links away
    play(s, "airborne rennes")
    assert s.controller("rennes") == "patton"
    assert not [a for a in legal(s) if a.startswith("airborne")]


def test_axis_reaction_walks_the_priority_list():
    # rttr 12 / rttr 4.9: the first priority space without Control, FFI or Axis marker gets the marker
    s = game(2)
    turn(s, "patton")
    play(s, "pass", "pass")
    prio = s.board.areas["patton"].axis_priority
    placed = [e["hex"] for e in s.log if e["type"] == "axis_placed"]
    first_free = next(x for x in prio if x not in game(2).g["axis"])
    assert placed == [first_free]


def test_game_end_by_medals_and_shared_ties():
    # rttr 14: after the round of the last Axis marker the most Medals win; a tie is shared
    s = game(2)
    s.g["axis_supply"] = 1
    s.g["medals"]["patch_devers"] = 3
    turn(s, "patton")
    play(s, "pass", "pass")
    assert s.g["end_triggered"] and not s.is_terminal()
    play(s, "pass", "pass", "pass")  # Patch-Devers finishes the round (2 actions, FFI movement)
    r = s.result()
    assert r is not None and r.winner == "patch_devers" and r.scores == {"patton": 0.0, "patch_devers": 3.0}
    t = game(2)
    t.g["axis_supply"] = 1
    turn(t, "patton")
    play(t, "pass", "pass", "pass", "pass", "pass")
    assert t.result().winner is None and t.result().level == "shared"


def test_solitaire_rank():
    # rttr 15 Solitaire: Patch-Devers alone; the scoring card ranks by the rounds needed to cross (reconstructed)
    from westfront.games.race_to_the_rhine.victory import solo_rank
    s = game(1)
    assert s.seats == ["patch_devers"] and solo_rank(s, 5) == "General of the Army"
    assert solo_rank(s, 8) == "General" and solo_rank(s, 9) == solo_rank(s, None) == "Lieutenant General"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_small_fuzz(players):
    # rttr 4.2: random legal play for every seat count ends, replays and saves
    rep = fuzz("race-to-the-rhine", games=3, seed=10 * players, options={"players": players}, deep_every=40)
    assert rep.games == 3 and rep.actions > 0


def test_logistics_step_of_the_base_game():
    # rttr 13: taking the last Truck brings the Logistics Step after the action: every Truck (on links and in
    # reserve) returns to the stock, each Corps eats 1 Food (reconstructed amount), levels rise
    s = clear_board(game(2))
    s.g["truck_stock"] = 2
    s.g["trucks"]["patch_devers"] = 3
    s.g["trucks_on"] = ["besancon|lons_le_saunier", "aix|avignon"]
    put(s, "XX-US", "avranches", food=2)
    turn(s, "patton")
    play(s, "trucks 2")
    assert s.g["logistics_steps"] == 1 and s.g["trucks_on"] == [] and s.g["trucks"] == {"patton": 0, "patch_devers": 0}
    assert s.g["truck_stock"] == 2 + 3 + 2
    assert s.g["corps"]["XX-US"]["supplies"]["food"] == 1
    assert s.g["level"]["patton"] == 2
    assert s.frame()["step"] == "action" and s.frame()["number"] == 2  # the turn goes on


def test_views_show_supplies_and_hide_the_deck_order():
    # rttr 10.1: supplies, trucks, markers are public; the order of every face-down pile is not
    s = game(4, seed=2)
    for viewer in (*s.seats, None):
        v = s.view(viewer)
        text = str(v)
        assert v["decks"]["axis"]["draw"] == len(s.g["decks"]["axis"]["draw"])
        assert str(s.g["decks"]["axis"]["draw"][:4])[1:-1] not in text
        assert {u["id"]: u["factors"] for u in v["units"]}["VI-US"] == "2-2-2"  # Fuel-Ammo-Food
        assert v["commanders"]["patch_devers"]["bases"]["landing_zone"] == {"fuel": 2, "ammo": 2, "food": 2}
        assert any(line.startswith("Patton: level 1") for line in v["status"])
