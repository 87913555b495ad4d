"""Every scenario's set-up (6.0, 18.1, 18.3) and every option from the command line (18.0)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

import westfront
from westfront.cli import app
from westfront.games.dday_to_the_rhine import INFO
from westfront.games.dday_to_the_rhine import units as U
from westfront.games.dday_to_the_rhine.board import ALLIED_COUNTRIES, board
from westfront.games.dday_to_the_rhine.data import units

GAME = "dday-to-the-rhine"


def load(scenario, **options):
    return westfront.load(GAME, scenario=scenario, options=options, seed=1)


def positions(s):
    return [u["hex"] for u in s.g["units"].values() if u["hex"]]


@pytest.mark.parametrize("scenario", [sc.id for sc in INFO.scenarios])
def test_no_two_units_share_a_hex_at_set_up(scenario):
    # 1944 11.0: one unit per hex (the set-up charts respect it)
    s = load(scenario)
    c = Counter(positions(s))
    assert c and max(c.values()) == 1


@pytest.mark.parametrize("scenario", [sc.id for sc in INFO.scenarios])
def test_every_set_up_unit_starts_in_supply(scenario):
    # 1944 6.0 / 13.0: the charts put no unit out of supply (a check that the charts fit the map)
    from westfront.games.dday_to_the_rhine.supply import in_supply

    s = load(scenario)
    assert [u for u in s.on_map() if not in_supply(s, u)] == []


def test_campaign_set_up_and_the_normandy_invasion_pending():
    # 1944 6.0: standard set-up, all cities German, the RP markers at zero, turn marker on June;
    # 1944 6.1: the invading armies wait at sea and the Allied player lands first
    s = load("campaign")
    b = board()
    assert s.turn == 1 and s.g["control"] == [] and s.g["rp"] == {"german": 0, "allied": 0}
    assert s.unit("us-1a")["box"] == U.AT_SEA and s.unit("uk-2a")["box"] == U.AT_SEA
    west, east = b.zone("lower_normandy")
    assert s.unit("ge-84c")["hex"] == b.label(west) and s.unit("ge-84c")["strength"] == 1
    assert s.unit("co-716")["hex"] == b.label(east)
    assert s.unit("fo-brest")["hex"] == b.label(b.find("Brest"))
    assert s.current_player() == "allied" and [str(a) for a in s.legal_actions()] == [f"land {b.label(east)}"]
    scheduled = [uid for uid, u in s.g["units"].items() if u["box"] == U.SCHEDULED]
    assert all(units()[x].entry for x in scheduled)
    assert s.unit("ge-6pa")["box"] == "rco"  # 16.0: the RCO forces wait for the German decision


def test_quick_start_set_up():
    # 1944 18.1: Allies ashore at 3 SP, LXXXIV Corps in the pool, one coast unit and the airborne removed,
    # and the game starts with the German June turn
    s = load("quick-start")
    assert s.unit("ge-84c")["box"] == U.POOL and s.unit("co-716")["box"] == U.GONE
    assert s.unit("us-1a")["strength"] == 3 and s.unit("uk-2a")["strength"] == 3
    assert set(s.g["beachheads"]) == {"12", "21"}
    assert s.g["support"]["ab-us-82-101"] == "used" and s.g["support"]["ab-uk-6"] == "used"
    assert s.current_player() == "german" and s.frame()["step"] == "reinforce" and s.turn == 1
    while s.turn == 1:
        s.apply("done" if s.frame()["step"] == "reinforce" else "end")
    assert s.turn == 2 and s.current_player() == "german"  # the Allied June turn is not played


def test_home_by_christmas_set_up():
    # 1944 18.3: June to November, no RCO forces
    s = load("home-by-christmas")
    assert s.g["last"] == 6 and not s.g["rco"]["allowed"]
    assert s.unit("ge-6pa")["box"] == U.GONE and s.unit("ge-1sspc")["box"] == U.GONE


def test_ardennes_1945_set_up():
    # 1944 18.3: December to March, the Allies hold the liberated countries, the Atlantic fortresses hold out
    s = load("ardennes-1945")
    b = board()
    assert (s.turn, s.g["last"]) == (7, 10)
    for name in ("Paris", "Brussels", "Antwerp", "Aachen", "Metz", "Walcheren"):
        assert s.controls("allied", b.find(name)), name
    for name in ("Dunkirk", "Lorient", "Royan", "Rotterdam", "Koln"):
        assert s.controls("german", b.find(name)), name
    allied_cities = [c for i, c in b.cities.items() if c.country in ALLIED_COUNTRIES and s.controls("allied", i)]
    assert len(allied_cities) > 40
    assert s.unit("co-716")["box"] == U.GONE and s.unit("fo-dunkirk")["hex"]
    assert s.unit("us-21c")["box"] == U.AVAILABLE and s.unit("us-15a")["due"] == 8  # December arrivals are due
    assert "launch" in {str(a) for a in s.legal_actions()}  # 16.0: the RCO may start in December


def test_ardennes_learning_set_up():
    # 1944 18.3 learning scenario: December only, the northern map, the RCO launched at once
    s = load("ardennes-learning")
    b = board()
    north = b.zone_bb("north")
    assert (s.turn, s.g["last"]) == (7, 7)
    assert all((north >> b.hex(h)) & 1 for h in positions(s))
    assert s.g["rco"]["launched"] == 7 and s.g["rco"]["markers"] == 2
    assert s.unit("ge-6pa")["box"] == U.AVAILABLE and s.unit("ge-1sspc")["strength"] == 1


@pytest.mark.parametrize("scenario", [sc.id for sc in INFO.scenarios])
def test_every_scenario_starts_from_the_command_line(scenario, tmp_path):
    # 1944 18.0: every scenario can be started with `westfront new dday-to-the-rhine --scenario ...`
    out = tmp_path / "g.json"
    r = CliRunner().invoke(app, ["new", GAME, "--scenario", scenario, "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert json.loads(out.read_text())["scenario"] == scenario


@pytest.mark.parametrize("option,value", [("objectives", "random"), ("objectives", "chosen"),
                                          ("free_invasions", "on"), ("accelerated_dragoon", "on"),
                                          ("phantoms", "on")])
def test_every_option_starts_from_the_command_line(option, value, tmp_path):
    # 1944 18.2 / 18.4 / 18.5: each optional rule is an option of `westfront new`
    out = tmp_path / "g.json"
    r = CliRunner().invoke(app, ["new", GAME, "--option", f"{option}={value}", "--out", str(out)])
    assert r.exit_code == 0, r.output
    doc = json.loads(out.read_text())
    assert str(doc["options"][option]).lower() in (value, "true")


def test_the_us_landing_hex_opens_inland_and_along_the_coast():
    # 1944 6.2: the Utah/Omaha hex reaches Saint-Lô and Gold by land, and not only through Cherbourg's ZOC
    from westfront.games.dday_to_the_rhine.board import board

    b = board()
    us, uk = b.zone("lower_normandy")
    exits = set(b.adj[us])
    assert {b.find("Saint-Lo"), uk} <= exits
    cherbourg = b.find("Cherbourg")
    assert cherbourg not in exits
    assert [i for i in exits if cherbourg not in b.adj[i] and i != cherbourg]  # a way out of Cherbourg's ZOC
