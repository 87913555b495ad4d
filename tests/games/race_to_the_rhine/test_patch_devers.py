"""The Patch-Devers rules of the expansion text (rttr 1-3, 4.2-4.3, 5), cited by heading number."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.games.race_to_the_rhine import axis, ffi
from westfront.testing.kit import enter, legal, play

from .helpers import clear_board, control, game, park, pursuit_top, put, turn


def test_components_and_set_up():
    # rttr 1 Components: 14 FFI markers; 3 green Corps for Patch-Devers
    # rttr 2 Set up: Corps II FR, VI US, I FR; Logistics Level 1; Patch on top of Devers; base marker on the
    # Landing Zone; 7 FFI in Alpes du Nord (each Maquis Zone to its number) and 1 in each FFI start space
    s = game(4)
    assert sum(s.g["ffi"].values()) == 14
    assert s.g["ffi"]["alpes_du_nord"] == 7
    for sid in s.graph.ids:
        if s.board.has_flag(sid, "ffi_start"):
            assert s.g["ffi"][sid] == 1
    assert sorted(c["id"] for c in s.corps_of("patch_devers")) == ["I-FR", "II-FR", "VI-US"]
    assert s.board.areas["patch_devers"].color == "#2f7d32"  # green
    assert s.g["level"]["patch_devers"] == 1 and s.g["commander_card"] == "patch"
    assert s.g["main_base"]["patch_devers"] == "landing_zone"


def test_main_supply_base_moves_and_old_stocks_stay():
    # rttr 3.2 Main Supply Base: Landing Zone (6) until the 1st Logistics Step, Marseille (9) until the 2nd,
    # then Supply Base 901 (9); supplies on the old bases stay there
    s = clear_board(game(2))
    assert s.base_capacity("patch_devers", "landing_zone") == 6
    s.g["bases"]["patch_devers"]["landing_zone"] = {"fuel": 2, "ammo": 2, "food": 2}
    s.touch()
    turn(s, "patch_devers")
    assert "take fuel landing_zone" not in legal(s)  # 6 + 3 > 6
    assert "take mixed landing_zone" not in legal(s)
    s.g["truck_stock"] = 1
    play(s, "trucks 1")
    assert s.g["main_base"]["patch_devers"] == "marseille"
    assert s.base_capacity("patch_devers", "marseille") == 9
    assert s.g["bases"]["patch_devers"]["landing_zone"] == {"fuel": 2, "ammo": 2, "food": 2}
    assert "take fuel marseille" in legal(s)
    s.g["truck_stock"] = 1
    play(s, "trucks 1")
    assert s.g["main_base"]["patch_devers"] == "supply_base_901"
    assert s.base_capacity("patch_devers", "supply_base_901") == 9


def test_maquis_zones_draw_pursuit_and_never_hold_axis_markers():
    # rttr 3.3 FFI & Maquis Zones: entering one draws a Pursuit card as normal; Axis markers never go there
    s = clear_board(game(2))
    put(s, "VI-US", "grenoble")
    control(s, "patch_devers", "grenoble")
    pursuit_top(s, "patch_devers", "open_road")
    turn(s, "patch_devers")
    events = play(s, "move VI-US", "to alpes_du_nord")
    assert [e["card"] for e in events if e["type"] == "draw"] == ["open_road"]
    t = clear_board(game(2))
    assert not axis.placeable(t, "alpes_du_nord") and not axis.placeable(t, "jura")
    assert "alpes_du_nord" not in axis.candidates(t)


def test_ffi_movement_rules():
    # rttr 3.3.1 FFI movement: one marker, one link, never into a non-Maquis space holding 2 (Maquis unlimited);
    # allowed into spaces with Corps or Axis markers
    s = clear_board(game(2))
    s.g["ffi"] = {"jura": 3, "lons_le_saunier": 2, "besancon": 1}
    s.g["axis"] = ["pontarlier"]
    s.touch()
    moves = ffi.ffi_moves(s)
    assert ("jura", "lons_le_saunier") not in moves  # already 2 there
    assert ("besancon", "lons_le_saunier") not in moves
    assert ("lons_le_saunier", "jura") in moves  # no limit in a Maquis Zone
    assert ("jura", "pontarlier") in moves  # an Axis marker does not stop it
    enter(s, {"step": "ffi_move", "commander": "patch_devers"})
    play(s, "ffi jura pontarlier")
    assert s.g["ffi"]["jura"] == 2 and s.g["ffi"]["pontarlier"] == 1
    with pytest.raises(IllegalAction):
        s.apply("ffi jura pontarlier")  # one marker per turn: the step is over


def test_ffi_movement_comes_after_the_actions_and_before_the_axis_reaction():
    # rttr 4.2 Sequence of play: 1. actions 2. FFI movement (Patch-Devers only) 3. Axis reaction
    s = game(2)
    turn(s, "patch_devers")
    axis_before = s.g["axis_supply"]
    play(s, "pass", "pass")
    assert s.frame()["step"] == "ffi_move" and s.g["axis_supply"] == axis_before
    play(s, "pass")
    assert s.g["axis_supply"] == axis_before - 1
    t = game(2)
    turn(t, "patton")
    play(t, "pass", "pass")
    assert t.frame()["step"] != "ffi_move"  # Patton has no FFI movement


def test_ffi_blocks_axis_placement_and_counter_attack():
    # rttr 3.3.2 FFI markers - impact on play (Axis Reaction): no Axis marker, no counter-attack where FFI stand
    s = clear_board(game(2))
    park(s, "II-FR", "VI-US", "I-FR")
    s.g["ffi"]["belfort"] = 1
    s.touch()
    assert not axis.placeable(s, "belfort")
    enter(s, {"step": "axis_reaction", "commander": "patch_devers"})
    assert "belfort" not in s.g["axis"] and "mulhouse" in s.g["axis"]  # skipped to the next priority space


def test_french_corps_take_ffi_ammo_limited_by_free_slots():
    # rttr 3.3.2 French Corps Support: discard FFI markers for as many Ammo, no more than the free slots;
    # usable at once in a combat there (rttr 4.7 Combat)
    s = clear_board(game(2))
    put(s, "I-FR", "lons_le_saunier", fuel=2, ammo=0, food=2)
    control(s, "patch_devers", "lons_le_saunier")
    s.g["ffi"]["pontarlier"] = 2
    s.g["axis"] = ["pontarlier"]
    s.g["decks"]["axis"]["draw"].insert(0, "inf_div")  # 2 Ammo
    s.touch()
    turn(s, "patch_devers")
    play(s, "move I-FR", "to pontarlier")
    acts = legal(s)
    assert "pay" not in acts and "ffi 1" in acts and "ffi 2" in acts
    play(s, "ffi 2")
    assert s.g["ffi"].get("pontarlier", 0) == 0 and "pay" in legal(s)
    play(s, "pay")
    assert s.controller("pontarlier") == "patch_devers"
    # a full card takes none
    t = clear_board(game(2))
    put(t, "II-FR", "lons_le_saunier", fuel=2, ammo=2, food=2)
    c = t.g["corps"]["II-FR"]
    t.g["ffi"]["lons_le_saunier"] = 2
    t.touch()
    from westfront.games.race_to_the_rhine.combat import ffi_ammo_choices
    assert ffi_ammo_choices(t, c, "lons_le_saunier") == []  # 6 of 6 slots used
    c["supplies"]["fuel"] = 1
    assert ffi_ammo_choices(t, c, "lons_le_saunier") == [1]


def test_vi_us_ffi_bonus_only_for_combat_not_for_the_fortified_toll():
    # rttr 3.3.2 U.S. Corps Support: VI US discards FFI for +1 Ammo in a combat there, never for Ammo on its card,
    # and never to pay the 1 Ammo to enter a Fortified space
    s = clear_board(game(2))
    put(s, "VI-US", "lure", fuel=2, ammo=1, food=2)
    control(s, "patch_devers", "lure")
    s.g["ffi"]["belfort"] = 1
    s.g["axis"] = ["belfort"]  # Belfort is Fortified
    s.touch()
    turn(s, "patch_devers")
    assert s.board.has_flag("belfort", "fortified")
    play(s, "move VI-US", "to belfort")  # pays the 1 Ammo toll from its card
    assert s.g["corps"]["VI-US"]["supplies"]["ammo"] == 0
    s2 = clear_board(game(2))
    put(s2, "VI-US", "lure", fuel=2, ammo=0, food=2)
    control(s2, "patch_devers", "lure")
    s2.g["ffi"]["belfort"] = 1
    s2.touch()
    turn(s2, "patch_devers")
    play(s2, "move VI-US")
    assert "to belfort" not in legal(s2)  # FFI cannot pay the toll
    s3 = clear_board(game(2))
    put(s3, "VI-US", "lure", fuel=2, ammo=0, food=2)
    control(s3, "patch_devers", "lure")
    s3.g["ffi"]["remiremont"] = 1
    s3.g["axis"] = ["remiremont"]
    s3.g["decks"]["axis"]["draw"].insert(0, "kampfgruppe")  # 1 Ammo
    s3.touch()
    turn(s3, "patch_devers")
    play(s3, "move VI-US", "to remiremont")
    assert "pay" not in legal(s3) and "ffi-bonus" in legal(s3) and not [a for a in legal(s3) if a.startswith("ffi ")]
    play(s3, "ffi-bonus")
    assert "pay" in legal(s3)
    play(s3, "pay")
    assert s3.controller("remiremont") == "patch_devers" and s3.g["corps"]["VI-US"]["supplies"]["ammo"] == 0


def test_establishing_contact():
    # rttr 3.3.3 Establishing contact: without Control on Dijon or Langres by the first Logistics Step, one FFI
    # marker leaves every non-Maquis space; a Control marker later lost to a counter-attack still counts
    s = game(2)
    s.g["ffi"]["besancon"] = 2
    s.g["truck_stock"] = 1
    s.touch()
    turn(s, "patch_devers")
    play(s, "trucks 1")
    assert s.g["ffi"]["besancon"] == 1 and "valence" not in s.g["ffi"] and s.g["ffi"]["alpes_du_nord"] == 7
    t = clear_board(game(2))
    t.g["ffi"] = {"besancon": 2, "jura": 3}
    put(t, "I-FR", "besancon")
    control(t, "patch_devers", "besancon")
    t.g["decks"]["patch_devers"]["draw"].insert(0, "open_road")
    t.touch()
    turn(t, "patch_devers")
    play(t, "move I-FR", "to dijon")
    assert t.g["contact"]
    del t.g["control"]["dijon"]  # later counter-attacked: still counts
    t.g["truck_stock"] = 1
    t.touch()
    play(t, "stop", "trucks 1")
    assert t.g["ffi"]["besancon"] == 2


def test_encirclement_of_several_spaces():
    # rttr 4.3 Encirclement: Control that cuts uncontrolled spaces off from Düsseldorf (or Karlsruhe) encircles
    # them, several at once
    s = clear_board(game(4))
    # Le Mans and Laval behind Alençon, Mortain and Rennes: taking the last gate (Alençon) encircles both
    control(s, "patton", "mortain", "rennes")
    put(s, "XX-US", "dreux")
    control(s, "patton", "dreux")
    s.g["decks"]["patton"]["draw"].insert(0, "open_road")
    s.touch()
    turn(s, "patton")
    play(s, "move XX-US", "to alencon")
    assert s.controller("le_mans") == "patton" and s.controller("laval") == "patton"
    ev = [e for e in s.log if e["type"] == "encircled"]
    assert ev and set(ev[-1]["spaces"]) >= {"le_mans", "laval"}


def test_karlsruhe_is_a_source_only_with_patch_devers():
    # rttr 4.3 Encirclement / 4.8 Counter-attack: Karlsruhe counts as an Axis source only with Patch-Devers
    assert set(game(2).graph.names(game(2).axis_sources())) == {"dusseldorf", "karlsruhe"}
    s = game(2)
    s.g["seats"] = ["patton"]  # the base game without the module
    s.touch()
    assert s.graph.names(s.axis_sources()) == ["dusseldorf"]


def test_red_ball_express():
    # rttr 5.2 Red Ball Express: 7 Pursuit and 2 Axis cards join; each deck keeps one Starving Civilians
    plain = game(4)
    rb = game(4, red_ball_express=True)
    assert len(rb.g["decks"]["axis"]["draw"]) == len(plain.g["decks"]["axis"]["draw"]) + 2
    added = sum(d["draw"].count("red_ball") for k, d in rb.g["decks"].items() if k != "axis")
    assert added == 7
    for c in rb.seats:
        assert rb.g["decks"][c]["draw"].count("starving_civilians") == 1
    assert plain.g["decks"]["patch_devers"]["draw"].count("starving_civilians") == 2
    assert plain.g["decks"]["patton"]["draw"].count("starving_civilians") == 3


def test_wacht_am_rhein_secondary_objectives():
    # rttr 5.1 Operation Wacht am Rhein & Nordwind: Patch-Devers' objectives are Dijon, Langres, Epinal; held with
    # his own Control marker they score (effect reconstructed)
    from westfront.games.race_to_the_rhine.victory import final_scores
    s = game(2, wacht_am_rhein=True)
    assert s.board.areas["patch_devers"].secondary_objectives == ("dijon", "langres", "epinal")
    control(s, "patch_devers", "dijon", "langres")
    control(s, "patton", "epinal")
    assert final_scores(s, True)["patch_devers"] == 2 and final_scores(s, False)["patch_devers"] == 0


def test_base_capacities_agree_with_the_map():
    # rttr 3.2 Main Supply Base: the tables and the map's attrs give the same capacities (6, 9, 9)
    s = game(2)
    for sid, cap in (("landing_zone", 6), ("marseille", 9), ("supply_base_901", 9)):
        assert s.base_capacity("patch_devers", sid) == cap == s.board.capacity(sid)
    assert s.base_capacity("patch_devers", "lons_le_saunier") == 3  # a small depot
