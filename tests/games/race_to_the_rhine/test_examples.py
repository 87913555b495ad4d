"""Every example of the expansion text, as a test (cited by the heading's number, see RULE_SECTIONS)."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.core.routes import link_key
from westfront.games.race_to_the_rhine import axis
from westfront.testing.kit import enter, legal, play

from .helpers import axis_top, clear_board, control, game, park, path, put, turn


def test_movement_halted_example():
    # rttr 4.4 Movement halted: VI Corps spends 1 Fuel, enters Lure (controlled: no card), then Remiremont
    # (Axis marker: 59 Infanterie Div, 2 Ammo, halts); 1 movement allowance left; go on for Fuel or stop.
    # The example is a Devers-era position (Remiremont lies in the Vosges, far up the Rhone valley): with the
    # Patch card (rttr 17, reconstructed) the allowance would be 4, see test_abilities.
    s = clear_board(game(2))
    s.g["commander_card"] = "devers"
    put(s, "VI-US", "vesoul", fuel=2, ammo=2, food=2)
    control(s, "patch_devers", "vesoul", "lure")
    s.g["axis"] = ["remiremont"]
    s.touch()
    axis_top(s, "59_inf")
    turn(s, "patch_devers")
    pd_deck = len(s.g["decks"]["patch_devers"]["draw"])
    events = play(s, "move VI-US", "to lure")
    assert not [e for e in events if e["type"] == "draw"]  # already controlled: no card
    assert len(s.g["decks"]["patch_devers"]["draw"]) == pd_deck
    play(s, "to remiremont")
    assert s.frame()["step"] == "combat" and s.frame()["card"] == "59_inf"
    assert "pay" in legal(s)
    play(s, "pay")
    vi = s.g["corps"]["VI-US"]
    assert vi["space"] == "remiremont" and vi["supplies"]["ammo"] == 0  # his 2 Ammo spent
    assert s.controller("remiremont") == "patch_devers" and "remiremont" not in s.g["axis"]
    f = s.frame()
    assert f["step"] == "move" and f["halted"] and f["left"] == 1  # halted, 1 allowance left
    assert legal(s) == ["continue", "stop"]
    before = s.clone()
    play(s, "continue")
    vi = s.g["corps"]["VI-US"]  # copy-on-write (core.pieces): after a clone a write replaces the record
    assert vi["supplies"]["fuel"] == 0 and s.frame()["left"] == 1 and not s.frame()["halted"]
    assert any(a.startswith("to ") for a in legal(s))
    play(before, "stop")  # or save the Fuel and end the movement there
    assert before.g["corps"]["VI-US"]["supplies"]["fuel"] == 1 and before.frame()["step"] == "action"


def test_truck_supplies_example():
    # rttr 4.5 Core action: Truck Supplies: Lons-le-Saunier to VI Corps in Besançon is blocked by a Truck from a
    # previous round; via Pontarlier takes 2 Trucks; at Logistics Level 3 up to 4 Trucks; one more Truck
    # Lons-le-Saunier - Bourg-en-Bresse carries Fuel to I FR.
    s = clear_board(game(2))
    put(s, "VI-US", "besancon", fuel=2, ammo=0, food=0)
    put(s, "I-FR", "bourg_en_bresse", fuel=0, ammo=2, food=2)
    control(s, "patch_devers", "lons_le_saunier", "besancon", "pontarlier", "bourg_en_bresse")
    s.g["level"]["patch_devers"] = 3
    s.g["trucks"]["patch_devers"] = 6
    s.g["trucks_on"] = [link_key("lons_le_saunier", "besancon")]
    s.g["bases"]["patch_devers"]["lons_le_saunier"] = {"fuel": 1, "ammo": 1, "food": 1}
    s.touch()
    turn(s, "patch_devers")
    assert "truck lons_le_saunier" in legal(s)
    play(s, "truck lons_le_saunier")
    links = legal(s)
    assert "link lons_le_saunier besancon" not in links  # a Truck is there from a previous round
    before = s.hash()
    with pytest.raises(IllegalAction, match=r"rttr 4\.5 .*already in use"):
        s.apply("link lons_le_saunier besancon")
    assert s.hash() == before
    assert "link lons_le_saunier pontarlier" in links and "link lons_le_saunier bourg_en_bresse" in links
    play(s, "link lons_le_saunier pontarlier", "link pontarlier besancon")  # 2 Trucks, the route is clear
    play(s, "load food VI-US", "load ammo VI-US")
    play(s, "link lons_le_saunier bourg_en_bresse", "load fuel I-FR")
    assert s.g["corps"]["VI-US"]["supplies"] == {"fuel": 2, "ammo": 1, "food": 1}
    assert s.g["corps"]["I-FR"]["supplies"]["fuel"] == 1
    assert s.g["trucks"]["patch_devers"] == 3 and len(s.g["trucks_on"]) == 4
    # Level 3: up to 4 Trucks with the action — one more may go (Vesoul, taken), then no more
    control(s, "patch_devers", "vesoul", "dijon")
    assert [a for a in legal(s) if a.startswith("link")] == ["link besancon dijon", "link besancon vesoul"]
    play(s, "link besancon vesoul")
    assert s.frame()["placed"] == 4 and not [a for a in legal(s) if a.startswith("link")]
    # at Level 1 a route takes only 2 Trucks
    s2 = clear_board(game(2))
    control(s2, "patch_devers", "lons_le_saunier", "besancon", "pontarlier", "bourg_en_bresse")
    s2.g["trucks"]["patch_devers"] = 6
    s2.g["bases"]["patch_devers"]["lons_le_saunier"] = {"fuel": 1, "ammo": 1, "food": 1}
    s2.touch()
    turn(s2, "patch_devers")
    play(s2, "truck lons_le_saunier", "link lons_le_saunier pontarlier", "link pontarlier besancon")
    assert not [a for a in legal(s2) if a.startswith("link")]


def test_logistics_step_example_levels():
    # rttr 4.6 Logistics Step example: Bradley 2 -> 3, Patch-Devers 1 -> 3 directly, Montgomery and Patton 1 -> 2.
    # rttr 3.1: the Patch card leaves, Devers commands; the marker goes straight to 3.
    s = game(4)
    assert s.g["level"] == {"montgomery": 1, "bradley": 2, "patton": 1, "patch_devers": 1}
    s.g["truck_stock"] = 1
    s.touch()
    turn(s, "montgomery")
    assert s.g["commander_card"] == "patch"
    play(s, "trucks 1")  # the last Truck: the Logistics Step follows this action
    assert s.g["logistics_steps"] == 1
    assert s.g["level"] == {"montgomery": 2, "bradley": 3, "patton": 2, "patch_devers": 3}
    assert s.g["commander_card"] == "devers"


def test_logistics_step_example_flip():
    # rttr 4.6 Logistics Step example: II FR without Food flips and cannot move until Food reaches it (Avignon).
    s = clear_board(game(2))
    put(s, "II-FR", "avignon", fuel=2, ammo=2, food=0)
    control(s, "patch_devers", "avignon", "aix")
    s.g["truck_stock"] = 1
    s.touch()
    turn(s, "patch_devers")
    play(s, "trucks 1")
    assert s.g["corps"]["II-FR"]["flipped"]
    assert "move II-FR" not in legal(s)
    # Food trucked to Avignon unflips it
    s.g["bases"]["patch_devers"]["aix"] = {"fuel": 0, "ammo": 0, "food": 1}
    s.g["trucks"]["patch_devers"] = 2
    s.touch()
    play(s, "truck aix", "link aix avignon", "load food II-FR")
    assert not s.g["corps"]["II-FR"]["flipped"]


def test_counter_attack_example():
    # rttr 4.8 Counter-attack example: Besançon is unprotected (no Allied Corps in or next to it) and Vesoul,
    # uncontrolled, chains to Düsseldorf: Patch-Devers' Control marker is removed and its Medal returned.
    s = clear_board(game(2))
    park(s, "II-FR", "VI-US", "I-FR")
    s.g["control"]["besancon"] = "patch_devers"
    s.g["control_medals"]["besancon"] = 1
    s.g["medals"]["patch_devers"] = 1
    # Belfort and Mulhouse (first on Patch-Devers' aid) hold Axis markers: the walk reaches Besançon
    s.g["axis"] = ["belfort", "mulhouse"]
    s.touch()
    assert axis.counter_attackable(s, "besancon")
    enter(s, {"step": "axis_reaction", "commander": "patch_devers"})
    assert s.controller("besancon") is None and s.g["medals"]["patch_devers"] == 0
    # protected by a Corps next door, or by an FFI marker in it: no counter-attack
    s2 = clear_board(game(2))
    control(s2, "patch_devers", "besancon")
    put(s2, "VI-US", "vesoul")
    assert not axis.counter_attackable(s2, "besancon")
    s3 = clear_board(game(2))
    control(s3, "patch_devers", "besancon")
    s3.g["ffi"]["besancon"] = 1
    s3.touch()
    assert not axis.counter_attackable(s3, "besancon")


def test_le_thillot_example_last_marker_ends_the_game():
    # rttr 4.9 Place Axis marker example: Bradley places the last Axis marker in Le Thillot (Patch-Devers' area):
    # legal because it is next to Gérardmer, whose Axis marker chains to Freiburg (a Victory space with an Axis
    # flag); the last marker from the supply triggers the end of the game.
    s = clear_board(game(4))
    s.g["axis"] = ["colmar", "gerardmer"]
    s.touch()
    assert "le_thillot" in axis.candidates(s)
    s.g["axis"] = ["gerardmer"]  # Gérardmer alone is next to Mulhouse and Colmar, not to Freiburg
    s.touch()
    assert "le_thillot" not in axis.candidates(s)
    s.g["axis"] = ["colmar", "gerardmer"]
    # Bradley's aid is used up (Axis markers on its spaces) and every other candidate is taken by the Allies
    s.g["axis"] += list(s.board.areas["bradley"].axis_priority)
    s.touch()
    for x in axis.candidates(s):
        if x != "le_thillot":
            control(s, "montgomery", x)
    assert axis.candidates(s) == ["le_thillot"]
    s.g["axis_supply"] = 1
    turn(s, "bradley")
    play(s, "pass", "pass")
    assert "le_thillot" in s.g["axis"] and s.g["axis_supply"] == 0 and s.g["end_triggered"]
    # the round is played out (Patton, Patch-Devers), then the Medals decide
    while not s.is_terminal():
        play(s, "pass" if "pass" in legal(s) else legal(s)[-1])
    assert s.result() is not None and s.g["round"] == 1


def test_patton_placement_example():
    # rttr 4.9 Place Axis marker example: Patton's aid is used up and his Victory space for placement is Mainz.
    # 1st marker: Bad Kreuznach (Worms is further from the nearest Allied Corps); 2nd: Worms (closest to Mainz);
    # 3rd: Birkenfeld and Kaiserslautern tie (closest to Mainz and to the nearest Corps, neither Fortified):
    # Patch-Devers, to the right of Patton, decides, and places it in Kaiserslautern.
    s = clear_board(game(2))
    assert s.to_the_right("patton") == "patch_devers"
    # his aid's spaces are all skipped: Axis markers on them, Trier taken and held by XII US
    prio = [x for x in s.board.areas["patton"].axis_priority if x != "trier"]
    s.g["axis"] = sorted(prio)
    control(s, "patton", "trier")
    put(s, "XII-US", "trier")
    park(s, "VIII-US", "XX-US")
    assert s.g["corps"]["VIII-US"]["space"] == "avranches"
    assert [d for d in (s.graph.distance("trier", "bad_kreuznach"), s.graph.distance("trier", "worms"))] == [2, 3]
    enter(s, {"step": "axis_reaction", "commander": "patton"})
    assert "bad_kreuznach" in s.g["axis"] and "worms" not in s.g["axis"]
    enter(s, {"step": "axis_reaction", "commander": "patton"})
    assert "worms" in s.g["axis"]
    # the Corps moved on to Saarbrücken (an Axis marker now in Trier): as near Birkenfeld as Kaiserslautern
    s.g["axis"] = sorted({*s.g["axis"], "trier"} - {"saarbrucken"})
    del s.g["control"]["trier"]
    control(s, "patton", "saarbrucken")
    put(s, "XII-US", "saarbrucken")
    assert not s.board.has_flag("birkenfeld", "fortified") and not s.board.has_flag("kaiserslautern", "fortified")
    enter(s, {"step": "round", "stage": "turns", "i": 0}, {"step": "axis_reaction", "commander": "patton"})
    assert s.current_player() == "patch_devers"
    assert legal(s) == ["place birkenfeld", "place kaiserslautern"]
    play(s, "place kaiserslautern")
    assert "kaiserslautern" in s.g["axis"] and "birkenfeld" not in s.g["axis"]


def test_how_to_win_example():
    # rttr 4.1 How to win the game example: I FR crosses the Rhine into Freiburg, beats its Axis unit, places a
    # Control marker, and a chain of Patch-Devers' own (green) Control markers leads back to his starting area.
    s = clear_board(game(2))
    route = path(s, "landing_zone", "colmar", "patch_devers")
    control(s, "patch_devers", *route)
    put(s, "I-FR", "colmar", fuel=2, ammo=3, food=1)
    axis_top(s, "kampfgruppe")
    turn(s, "patch_devers")
    assert s.graph.link_kind("colmar", "freiburg") == "rhine_crossing"
    play(s, "move I-FR", "to freiburg")
    assert s.frame()["step"] == "combat"
    play(s, "pay")
    r = s.result()
    assert r is not None and r.winner == "patch_devers" and r.level == "decisive"


def test_how_to_win_needs_the_own_chain():
    # rttr 4.1: the chain must be of the winner's own Control markers; a gap (or another colour) is no win
    s = clear_board(game(2))
    route = path(s, "landing_zone", "colmar", "patch_devers")
    control(s, "patch_devers", *route)
    control(s, "patton", route[len(route) // 2])  # one space of the chain in another commander's colour
    put(s, "I-FR", "colmar", fuel=2, ammo=3, food=1)
    axis_top(s, "kampfgruppe")
    turn(s, "patch_devers")
    play(s, "move I-FR", "to freiburg", "pay")
    assert s.result() is None and s.controller("freiburg") == "patch_devers"


def test_mainz_birkenfeld_kaiserslautern_distances():
    # rttr 4.9 Place Axis marker example: Bad Kreuznach and Worms next to Mainz, Birkenfeld and Kaiserslautern the
    # only spaces two links away; rttr 4.1: Mainz is entered across the Rhine (its bridge, reconstructed)
    g = game(2).graph
    d = g.distances(g.bb(["mainz"]))
    assert sorted(g.ids[i] for i in range(len(g)) if d[i] == 1) == ["bad_kreuznach", "worms"]
    assert sorted(g.ids[i] for i in range(len(g)) if d[i] == 2) == ["birkenfeld", "kaiserslautern"]
    assert g.link_kind("bad_kreuznach", "mainz") == g.link_kind("worms", "mainz") == "rhine_crossing"
