"""Second Front Now! rules fixed in issue 32: the one-hex guarantee, strategic movement of the set-up
landing force, rebuilt German units, and the readings of 6.3/6.4, 10.3 and 6.6."""

from __future__ import annotations

from westfront.testing.kit import enter, legal

from .helpers import bare, started


def command(s, side):
    return enter(s, {"step": "command", "side": side})


def enter_from_box(s, uid, hx, mode="normal"):
    s.apply(f"enter {uid}")
    if s.frame()["step"] == "choice":
        s.apply(mode)
    col = int(hx[:2])
    s.apply(f"region cols{col - col % 4:02d}-{col - col % 4 + 3:02d}")
    s.apply(f"hex {hx}")


def test_entry_hex_spends_the_one_hex_guarantee():
    # SFN 12.4: a unit may move one hex by spending all its MP only at the very start of its move;
    # SFN 7.3: the entry hex is the reinforcement's first hex of movement, so 3123 -> 3024 across the
    # major river (2 MP) is out of reach with the 1 MP an MF-2 unit has left
    s = bare(started("calais"))
    s.g["turn"] = 3
    s.to_box("g-19", "north")
    command(s, "german")
    enter_from_box(s, "g-19", "3123")
    f = s.frame()
    assert f["step"] == "move_stack" and f["mp"] == 1
    assert "to 3024" not in legal(s)
    assert "to 3124" in legal(s)  # no river: 1 MP is enough


def test_one_hex_guarantee_at_the_start_of_a_move():
    # SFN 12.4: the same unit on the map at 3123 may cross into 3024 with its whole allowance
    s = bare(started("calais"), g_19="3123")
    s.g["turn"] = 3
    s.u("g-19")["supply"] = "none"  # OOS: movement value 1 (9.1)
    command(s, "german")
    s.apply("move 3123")
    assert "to 3024" in legal(s)


def test_set_up_landing_force_may_move_strategically_on_turn_1():
    # SFN 12.5: no strategic move in the player turn a unit lands; SFN 3.2: the eight landing divisions
    # came ashore at set-up, not on turn 1, so us-45 alone on Utah (1910), in supply, away from any
    # German ZOC, may move strategically on turn 1
    from westfront.games.second_front_now.movement import may_move_strategically
    s = started("calais")
    assert s.u("us-45")["hex"] == "1910" and s.g["turn"] == 1
    s = bare(s, us_45="1910")
    assert may_move_strategically(s, ["us-45"], "1910")
    command(s, "allied")
    assert "strategic 1910" in legal(s)
    # a unit landing from England on turn 1 still may not (12.5)
    s.u("us-45")["landed"] = 1
    s.touch()
    assert not may_move_strategically(s, ["us-45"], "1910")


def test_rebuilt_unit_neither_enters_nor_shifts_that_turn():
    # SFN 8.2: a German unit rebuilt from the dead pile goes to the North box; SFN 8.3: a unit that
    # receives replacements may not move that player turn -- neither onto the map (7.3) nor to the
    # South box (12.5's box-to-box strategic move)
    s = bare(started("calais"))
    s.g["turn"] = 5
    s.to_box("g-47", "dead")
    s.u("g-47")["steps"] = 0
    s.g["rp"] = {"german": 2}
    enter(s, {"step": "command", "side": "german"}, {"step": "replace", "side": "german"})
    s.apply("rebuild g-47")
    s.apply("done")
    assert s.u("g-47")["box"] == "north"
    s.g["cp"]["german"] = 3
    assert "enter g-47" not in legal(s) and "shift g-47" not in legal(s)
    # the next game turn it may do either
    s.g["turn"] = 6
    s.u("g-47")["replaced"] = False
    s.touch()
    assert "enter g-47" in legal(s) and "shift g-47" in legal(s)


def test_us_passes_through_a_commonwealth_hex_but_does_not_stop_there():
    # SFN 10.2/10.3: US and Commonwealth units may move through each other's hexes, but not end their
    # move stacked together
    from westfront.games.second_front_now.movement import reach_from
    s = bare(started("calais"), cw_5="2107", us_1="2108")
    b = s.b
    r = reach_from(s, ["us-1"], "2108", strategic=False)
    assert b.hex("2107") in r.cost and b.hex("2107") not in r.ends
    s.place("cw-46", "2107")
    s.place("cw-56", "2107")
    r = reach_from(s, ["us-1"], "2108", strategic=False)
    assert b.hex("2107") in r.cost and b.hex("2107") not in r.ends  # 10.3 reading: a full hex is passed through


def test_units_held_back_from_an_attack_have_had_their_action():
    # SFN 6.3 (reading, README): the attack command activates the whole stack; units held back are
    # spared the return fire but, SFN 6.4, the stack has had its one action: no second attack on
    # another hex, no move; SFN 13.1 step 9: they may still advance after combat
    from westfront.testing.dice import forced_dice
    s = bare(started("calais"), g_47="2412", g_49="2412", cw_5="2413", cw_46="2512")
    s.g["turn"] = 3
    command(s, "german")
    s.g["cp"]["german"] = 6
    assert "attack 2412 2413" in legal(s) and "attack 2412 2512" in legal(s)
    s.apply("attack 2412 2413")
    s.apply("remove g-49")
    s.apply("resolve")
    with forced_dice(s, 10, 10, 10, 10):  # every shot misses
        while s.frame()["step"] != "command":
            acts = legal(s)
            pick = next((a for a in acts if a.startswith(("fire", "stand", "continue", "decline", "done"))),
                        acts[0])
            s.apply(pick)
    assert s.u("g-49")["hex"] == "2412" and s.u("g-49")["acted"]
    assert not any(a.startswith(("attack 2412", "move 2412")) for a in legal(s))


def test_russian_hq_goes_through_the_north_box_for_one_cp():
    # SFN 6.6 (reading, README): a Russian HQ drawn from the cup goes to the North box like the other
    # four drawn with it (7.6, 7.1: Russia units always pass through the North box); one CP moves it
    # into the CP box (as the 10th Army's one CP from the South box in the 6.6 example), and it yields
    # its CP from the next game turn on
    from westfront.games.second_front_now.data import units
    from westfront.games.second_front_now.sequence import GermanAdmin
    from westfront.games.second_front_now.victory import german_cp
    s = bare(started("calais"), g_47="2107")
    s.g["turn"] = 20
    s.g["riga"] = 5
    for uid, d in units().items():
        if d.setup == "RUS":
            s.to_box(uid, "cup")
    cup = s.in_box("cup")
    for uid in cup:  # only the 6th Army HQ and four divisions left in the cup
        if uid != "g-6a" and len(s.in_box("cup")) > 5:
            s.to_box(uid, "russia")
    GermanAdmin().russia(s, {})
    assert s.u("g-6a")["box"] == "north" and german_cp(s) == 3
    command(s, "german")
    assert "hq g-6a" not in legal(s)  # 6.6: not on the turn it arrived
    s.g["turn"] = 21
    s.touch()
    command(s, "german")
    s.apply("hq g-6a")
    assert s.u("g-6a")["box"] == "cp" and s.g["cp"]["german"] == 2 and german_cp(s) == 3
    s.g["turn"] = 22
    assert german_cp(s) == 4


def test_no_entry_hex_gives_a_river_crossing_with_the_last_mp():
    # SFN 12.4 / 7.3: at each of the eight entry hexes beside a major river (1013, 1027, 1028, 1728,
    # 1828, 3025, 3123, 3124) an MF-2 unit entering by normal movement has 1 MP left: it may not cross
    from westfront.games.second_front_now.movement import reach_from
    for hx in ("1013", "1027", "1028", "1728", "1828", "3025", "3123", "3124"):
        s = bare(started("calais"), g_19=hx)
        b = s.b
        h = b.hex(hx)
        r = reach_from(s, ["g-19"], hx, strategic=False, mp=1)
        across = [n for n in b.map.nbrs[h] if b.side_extra.get((h, n)) == 1]
        assert across, hx
        assert not any(n in r.ends for n in across), hx
