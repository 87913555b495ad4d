"""What players read: commanders by name (never a raw id), the Ammo a combat really cost, and refusals naming
the rule and the actual cause (developer guide; rttr 3.3.2, 4.6, 11.2, 11.3)."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.testing.kit import legal, play

from .helpers import axis_top, clear_board, control, game, put, turn


def test_log_texts_name_commanders():
    # rttr 11.1 / 11.2: the log says 'Patton takes Orléans', never 'patton takes'
    s = clear_board(game(2))
    put(s, "XX-US", "le_mans")
    control(s, "patton", "le_mans", "alencon", "chartres")  # Le Mans - Alençon - Chartres - Orléans
    s.g["decks"]["patton"]["draw"].insert(0, "open_road")
    turn(s, "patton")
    play(s, "move XX-US", "to alencon", "to chartres", "to orleans", "take fuel avranches")
    texts = [e["text"] for e in s.log if e.get("text")]
    assert "Patton takes Orléans (+1 Medal)" in texts
    assert "Patton takes 3 Fuel to Avranches" in texts
    assert not [t for t in texts if "patton" in t or "patch_devers" in t]


def test_the_ffi_bonus_shows_the_ammo_really_spent():
    # rttr 3.3.2 (U.S. Corps Support): VI US discards an FFI marker for +1 Ammo in the combat; a 2-Ammo unit then
    # costs 1 Ammo from the card, and the log says so
    s = clear_board(game(2))
    control(s, "patch_devers", "lure")
    put(s, "VI-US", "lure", fuel=2, ammo=2, food=2)
    s.g["axis"] = ["remiremont"]
    s.g["ffi"] = {"remiremont": 1}
    s.touch()
    axis_top(s, "inf_div")
    turn(s, "patch_devers")
    play(s, "move VI-US", "to remiremont", "ffi-bonus")
    assert "pay 1 Ammo (1 more from the FFI)" in s.prompt()
    play(s, "pay")
    assert s.g["corps"]["VI-US"]["supplies"]["ammo"] == 1
    ev = [e for e in s.log if e["type"] == "combat"][-1]
    assert ev["ammo"] == 1 and "(1 Ammo and the FFI's 1)" in ev["text"]


def test_refusals_name_the_rule_and_the_cause():
    # rttr 4.6 Logistics Step example: a flipped Corps cannot move until Food comes; rttr 11.3: a Take Trucks is
    # limited by the Logistics Level; rttr 11.2: a full base takes nothing
    s = clear_board(game(2))
    s.g["corps"]["XX-US"]["flipped"] = True
    s.g["bases"]["patton"]["avranches"] = {"fuel": 4, "ammo": 4, "food": 4}
    s.touch()
    turn(s, "patton")
    assert "move XX-US" not in legal(s)
    with pytest.raises(IllegalAction, match=r"rttr 4\.6.*XX-US is flipped"):
        s.apply("move XX-US")
    with pytest.raises(IllegalAction, match=r"rttr 11\.3.*Logistics Level 1 one action takes at most 2 Trucks"):
        s.apply("trucks 3")
    with pytest.raises(IllegalAction, match=r"rttr 11\.2.*Avranches is full \(12 of 12 supplies\)"):
        s.apply("take fuel avranches")
    with pytest.raises(IllegalAction, match=r"rttr 11\.2.*Le Mans is not a supply point of yours"):
        s.apply("take fuel le_mans")
