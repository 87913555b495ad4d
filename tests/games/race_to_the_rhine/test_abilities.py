"""Commander card abilities (rttr 17) and the advanced game's air strikes (rttr 16), both reconstructed
(tables.toml [commander_card.*] and [air_strikes] give the reasoning)."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.testing.kit import legal, play

from .helpers import axis_top, clear_board, control, game, put, turn


def to_combat(s, commander: str, corps: str, start: str, target: str, card: str, ammo: int = 2):
    """A Corps of ``commander`` next to an Axis marker on ``target``, the Axis deck showing ``card``, in combat."""
    put(s, corps, start, fuel=2, ammo=ammo, food=2)
    control(s, commander, start)
    s.g["axis"] = sorted({*s.g["axis"], target})
    s.touch()
    axis_top(s, card)
    turn(s, commander)
    play(s, f"move {corps}", f"to {target}")
    assert s.frame()["step"] == "combat" and s.frame()["card"] == card


def run_logistics_step(s, commander: str) -> None:
    """The commander takes the last Truck: the Logistics Step follows his action."""
    s.g["truck_stock"] = 1
    turn(s, commander)
    play(s, "trucks 1")
    assert s.g["logistics_steps"] == 1


def test_patch_pursuit_then_devers_supply_line():
    # rttr 17 (reconstructed): Patch's card lets a Move enter 4 spaces; after the first Logistics Step Devers
    # replaces Patch (rttr 3.1) and his card brings 4 of a kind with Take Supplies instead of the 4th space
    s = clear_board(game(1))
    assert s.commander_card("patch_devers").id == "patch"
    turn(s, "patch_devers")
    play(s, "move II-FR")
    assert s.frame()["left"] == 4
    t = clear_board(game(1))
    t.g["bases"]["patch_devers"]["landing_zone"] = {"fuel": 0, "ammo": 0, "food": 0}  # room at the Landing Zone
    turn(t, "patch_devers")
    play(t, "take fuel landing_zone")
    assert t.stock("patch_devers", "landing_zone")["fuel"] == 3  # Patch: the base game's 3
    u = clear_board(game(1))
    run_logistics_step(u, "patch_devers")
    assert u.g["commander_card"] == "devers" and u.commander_card("patch_devers").ability == "bigger_take"
    turn(u, "patch_devers")
    base = u.g["main_base"]["patch_devers"]
    before = u.stock("patch_devers", base)["fuel"]
    pool = u.g["pool"]["fuel"]
    play(u, f"take fuel {base}")
    assert u.stock("patch_devers", base)["fuel"] == before + 4 and u.g["pool"]["fuel"] == pool - 4
    play(u, "move II-FR")
    assert u.frame()["left"] == 3  # the Patch pursuit is gone with his card


def test_patton_trades_ammo_for_fuel_once_per_turn():
    # rttr 17 (reconstructed, blurb: Patton discards Ammo to carry more Fuel): free, once per turn, 1 for 1
    s = clear_board(game(2))
    put(s, "XX-US", "avranches", fuel=1, ammo=3, food=2)
    turn(s, "patton")
    assert "swap XX-US" in legal(s)
    pool = dict(s.g["pool"])
    play(s, "swap XX-US")
    c = s.g["corps"]["XX-US"]
    assert c["supplies"] == {"fuel": 2, "ammo": 2, "food": 2}
    assert s.g["pool"]["fuel"] == pool["fuel"] - 1 and s.g["pool"]["ammo"] == pool["ammo"] + 1
    f = s.frame()
    assert f["step"] == "action" and f["number"] == 1  # no action spent
    assert not [a for a in legal(s) if a.startswith("swap")]
    with pytest.raises(IllegalAction, match="rttr 17: Patton trades Ammo for Fuel once per turn"):
        s.apply("swap XX-US")
    t = clear_board(game(2))
    turn(t, "patch_devers")
    assert not [a for a in legal(t) if a.startswith("swap")]  # only Patton's card
    with pytest.raises(IllegalAction, match="only Patton"):
        t.apply("swap II-FR")


def test_patton_trade_is_open_again_next_turn():
    # rttr 17: once per turn, so his next turn may trade again
    s = clear_board(game(2))
    put(s, "XX-US", "avranches", fuel=1, ammo=3, food=2)
    turn(s, "patton")
    play(s, "swap XX-US", "pass", "pass")
    while s.current_player() != "patton" or s.frame()["step"] != "action":
        s.apply("pass" if "pass" in legal(s) else legal(s)[0])
    assert "swap XX-US" in legal(s)


def test_bradley_exchanges_an_axis_card_once_per_turn():
    # rttr 17 (reconstructed, blurb: Bradley's "hard work and a little luck"): the revealed card goes to the
    # discards and the next card is fought instead, once per turn
    s = clear_board(game(3))
    axis_top(s, "kampfgruppe")
    to_combat(s, "bradley", "V-US", "saint_lo", "vire", "panzer")
    assert "redraw" in legal(s)
    events = play(s, "redraw")
    assert s.frame()["card"] == "kampfgruppe" and "panzer" in s.g["decks"]["axis"]["discard"]
    assert [e["card"] for e in events if e["type"] == "draw"] == ["kampfgruppe"]
    assert "redraw" not in legal(s)
    with pytest.raises(IllegalAction, match="once per turn"):
        s.apply("redraw")
    play(s, "pay")
    assert s.controller("vire") == "bradley"
    p = clear_board(game(3))
    to_combat(p, "patton", "XX-US", "avranches", "rennes", "panzer")
    assert "redraw" not in legal(p)  # Patton's card has no such luck


def test_montgomery_market_garden_gamble():
    # rttr 17 (reconstructed, blurb: Montgomery's gamble on Market-Garden): Airborne reaches 3 links and may land
    # on an Axis marker: a card of at most 2 Ammo is beaten (space, its Medals and the card's), else the drop fails
    s = game(4)
    turn(s, "montgomery")
    drops = [a for a in legal(s) if a.startswith("airborne")]
    assert "airborne le_havre" in drops and "airborne dieppe" in drops  # 3 links from Caen; Le Havre has an Axis marker
    b = game(4)
    turn(b, "bradley")
    assert "airborne cherbourg" not in legal(b)  # other commanders: empty spaces within 2 links only
    axis_top(s, "kampfgruppe")
    medals = s.g["medals"]["montgomery"]
    play(s, "airborne le_havre")
    assert s.controller("le_havre") == "montgomery" and "le_havre" not in s.g["axis"]
    assert s.g["medals"]["montgomery"] == medals + s.tables.axis_cards["kampfgruppe"].medals + s.board.medals("le_havre")
    f = game(4)
    turn(f, "montgomery")
    axis_top(f, "panzer")
    play(f, "airborne le_havre")
    assert f.controller("le_havre") is None and "le_havre" in f.g["axis"]  # 3 Ammo: the drop fails
    assert f.g["airborne_used"]["montgomery"] == 1 and "panzer" in f.g["decks"]["axis"]["discard"]
    assert not [a for a in legal(f) if a.startswith("airborne")]
    with pytest.raises(IllegalAction, match="once per game"):
        f.apply("airborne dieppe")


def test_air_strikes_in_the_advanced_game():
    # rttr 16 (reconstructed): 2 Air Strike markers each; in a combat one lowers the Axis card's Ammo cost by 1
    s = clear_board(game(2, advanced=True))
    assert s.g["air_strikes"] == {"patton": 2, "patch_devers": 2}
    to_combat(s, "patton", "XX-US", "avranches", "rennes", "inf_div", ammo=1)
    assert "pay" not in legal(s) and "air-strike" in legal(s)  # 2 Ammo owed, 1 held
    play(s, "air-strike")
    assert s.g["air_strikes"]["patton"] == 1 and "air-strike" not in legal(s)  # one per combat
    with pytest.raises(IllegalAction, match="rttr 16: one Air Strike per combat"):
        s.apply("air-strike")
    play(s, "pay")
    assert s.g["corps"]["XX-US"]["supplies"]["ammo"] == 0 and s.controller("rennes") == "patton"
    plain = clear_board(game(2))
    to_combat(plain, "patton", "XX-US", "avranches", "rennes", "inf_div", ammo=1)
    assert "air-strike" not in legal(plain)  # the basic game has no air strikes
    with pytest.raises(IllegalAction, match="advanced game"):
        plain.apply("air-strike")


def test_air_strikes_return_at_the_logistics_step():
    # rttr 16 (reconstructed): spent Air Strike markers come back with the Trucks
    s = clear_board(game(2, advanced=True))
    s.g["air_strikes"]["patton"] = 0
    with pytest.raises(IllegalAction, match="no Air Strike marker left"):
        to_combat(s, "patton", "XX-US", "avranches", "rennes", "inf_div", ammo=1)
        s.apply("air-strike")
    t = clear_board(game(2, advanced=True))
    t.g["air_strikes"]["patton"] = 0
    run_logistics_step(t, "patch_devers")
    assert t.g["air_strikes"] == {"patton": 2, "patch_devers": 2}


def test_abilities_show_in_the_view():
    # rttr 17 / rttr 16: each commander's card and the Air Strike markers are public
    s = game(2, advanced=True)
    v = s.view("patton")
    assert v["commanders"]["patch_devers"]["card"]["id"] == "patch"
    assert v["commanders"]["patton"]["card"]["name"] == "Fuel before ammunition"
    assert v["budgets"]["patton"]["air_strikes"] == 2
    assert any(line.startswith("Patton commander card Patton") for line in v["status"])
