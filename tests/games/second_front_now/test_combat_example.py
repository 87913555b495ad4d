"""SFN 14.3's combat example, roll by roll with forced dice: the Commonwealth stack in 2109 attacks
Abbeville (2210), held by the reduced 9th SS Panzer and the reduced 276th Infantry."""

from __future__ import annotations

from westfront.testing.dice import forced_dice
from westfront.testing.kit import legal

from .helpers import bare, battle, started


def abbeville():
    s = started()
    bare(s, cw_gds="2109", cw_2cdn="2109", cw_51="2109", cw_i="2109", g_9ss="2210", g_276="2210",
         cw_43="2110", cw_49="2209", g_47="2211", g_49="2309")
    s.u("g-9ss")["steps"] = 1  # reduced 6-6-2
    s.u("g-276")["steps"] = 1  # reduced 2-3-1
    s.g["turn"] = 12
    return battle(s, "allied", "2109", "2210")


def prompt_needs(s, shooter, target):
    return s.preview(f"fire {shooter} {target}")["hit_on"]


def test_abbeville_battle_roll_by_roll():
    s = abbeville()
    # SFN 6.3: the whole stack attacks (nothing held back)
    s.apply("resolve")
    # SFN 13.1 step 2, 14.2: the artillery's anti-tank 5, -1 for the city: "a roll of 4 or less will hit"
    assert prompt_needs(s, "cw-i", "g-9ss") == 4
    with forced_dice(s, 7):
        s.apply("fire cw-i g-9ss")
    assert s.u("g-9ss")["steps"] == 1
    # SFN 13.1 step 3, 14.2: defensive fire is never modified for terrain: 9th SS needs a 6, rolls a 4
    assert s.current_player() == "german"
    assert prompt_needs(s, "g-9ss", "cw-2cdn") == 6
    with forced_dice(s, 4):
        s.apply("fire g-9ss cw-2cdn")
    assert s.u("cw-2cdn")["steps"] == 1  # SFN 2.12: flipped to its reduced side
    # SFN 13.4: the 276th fires its anti-infantry 3 at the 51st and misses with a 5
    assert prompt_needs(s, "g-276", "cw-51") == 3
    with forced_dice(s, 5):
        s.apply("fire g-276 cw-51")
    # SFN 13.1 step 4: the Allied player may break off after a casualty; he goes on
    assert set(legal(s)) == {"break_off", "continue"}
    s.apply("continue")
    # SFN 14.2: Guards Armoured's anti-armour 4, -2 for an armoured unit firing into a city: ones or twos
    assert prompt_needs(s, "cw-gds", "g-9ss") == 2
    with forced_dice(s, 5, 8):
        s.apply("fire cw-gds g-9ss")
        s.apply("fire cw-gds g-9ss")
    # SFN 13.4, 14.2: the 51st at 9th SS (3 - 1) rolls a 1: destroyed; at the 276th (4 - 1) rolls a 3: destroyed
    assert prompt_needs(s, "cw-51", "g-9ss") == 2
    with forced_dice(s, 1):
        s.apply("fire cw-51 g-9ss")
    assert s.u("g-9ss")["steps"] == 0
    assert prompt_needs(s, "cw-51", "g-276") == 3
    with forced_dice(s, 3):
        s.apply("fire cw-51 g-276")
    # SFN 13.7: every defender is down; the reduced 2nd Canadian may fire for an extra hit
    assert "stop" in legal(s) and "fire cw-2cdn g-276" in legal(s)
    with forced_dice(s, 4):
        s.apply("fire cw-2cdn g-276")
    # SFN 13.6: no extra hit, so the German may retreat and cancel one hit: the 9th SS's
    assert set(legal(s)) == {"retreat", "stand"}
    s.apply("retreat")
    assert set(legal(s)) == {"cancel g-276", "cancel g-9ss"}
    s.apply("cancel g-9ss")
    # SFN 13.6: 2109, 2110, 2209 are British, 2211 and 2309 German: 2310 is the only retreat
    assert legal(s) == ["retreat g-9ss 2310"]
    s.apply("retreat g-9ss 2310")
    assert s.u("g-276")["box"] == "dead" and s.u("g-9ss")["hex"] == "2310" and s.u("g-9ss")["steps"] == 1
    # SFN 13.1 step 9: the victorious stack may advance into Abbeville
    assert "advance cw-gds 2210" in legal(s)
    s.apply("advance cw-gds 2210")
    s.apply("done")
    assert s.u("cw-gds")["hex"] == "2210"
    # SFN 11.6, 4.2: Abbeville (1 VP) is now Allied
    assert s.g["control"]["2210"] == "allied"


def test_extra_hit_bars_the_retreat():
    # SFN 13.7: an extra hit means the defender may not retreat to save a step
    s = abbeville()
    s.apply("resolve")
    with forced_dice(s, 9, 9, 9):
        s.apply("fire cw-i g-9ss")
        s.apply("fire g-9ss cw-2cdn")
        s.apply("fire g-276 cw-51")
    # SFN 13.1 step 4: no casualties, no break-off: offensive fire follows at once
    with forced_dice(s, 1, 1, 1):
        s.apply("fire cw-51 g-9ss")
        s.apply("fire cw-51 g-276")
        s.apply("fire cw-gds g-9ss")  # the extra hit
    assert s.frame()["step"] == "fire"
    s.apply("stop")
    assert s.u("g-9ss")["box"] == "dead" and s.u("g-276")["box"] == "dead"
    assert "retreat" not in legal(s)


def test_zero_value_cannot_hit():
    # SFN 14.1: a value modified to zero or less cannot hit, even on a 1
    s = abbeville()
    s.apply("resolve")
    with forced_dice(s, 9, 9, 9):
        s.apply("fire cw-i g-9ss")
        s.apply("fire g-9ss cw-2cdn")
        s.apply("fire g-276 cw-51")
    s.u("cw-gds")["supply"] = "none"  # SFN 14.3: -1 out of supply: 4 - 2 - 1 = 1
    s.touch()
    assert s.preview("fire cw-gds g-9ss")["hit_on"] == 1
    s.g["units"]["g-9ss"]["supply"] = "regular"
    s.g["turn"] = 12
    # SFN 14.2: with a river as well the value would drop below one
    from westfront.games.second_front_now.combat import hit_number
    f = next(fr for fr in s.frames() if fr["step"] == "battle")
    f2 = dict(f, origin="2109", lgas=True)  # SFN 15.3: LGAS -1 for Allied firers
    assert hit_number(s, f2, "cw-gds", "g-9ss") == 0
    from westfront.core.combat.fire import hits
    assert not hits(1, 0)


def test_artillery_targeted_last():
    # SFN 13.5: artillery may be targeted only when no non-artillery enemy is left
    s = abbeville()
    s.apply("resolve")
    with forced_dice(s, 9):
        s.apply("fire cw-i g-9ss")
    targets = {a.split()[2] for a in legal(s)}
    assert "cw-i" not in targets and {"cw-gds", "cw-2cdn", "cw-51"} <= targets
