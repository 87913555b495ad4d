"""The optional rules (onslaught 14.1-14.4)."""

from __future__ import annotations

from westfront.core.bitboard import bits
from westfront.games.onslaught.activation import activation_cost
from westfront.games.onslaught.reinforcements import french_recruit_hexes
from westfront.games.onslaught.supply import allied_source_bb
from westfront.testing.dice import forced_dice

from .helpers import choose, clear, enter, lab, legal, nb, new, play, put, quiet_centre, units, walk


def coop():
    s = new(allied_cooperation=True)
    clear(s)
    return s


def test_cooperation_costs():
    # onslaught 14.1: US+French or British+Canadian stacks cost one point; a stack mixing US/French with
    # Commonwealth divisions costs two; the Polish division goes with anyone
    s = coop()
    us, fr = units("allied", "inf", 1, nation="us")[0], units("allied", "inf", 1, nation="french")[0]
    br, ca = units("allied", "inf", 1, nation="british")[0], units("allied", "inf", 1, nation="canadian")[0]
    pl = units("allied", "arm", 1, nation="polish")[0]
    assert activation_cost(s, [us, fr]) == 1
    assert activation_cost(s, [br, ca]) == 1
    assert activation_cost(s, [us, br]) == 2
    assert activation_cost(s, [pl, us]) == 1 and activation_cost(s, [pl, br]) == 1
    assert activation_cost(new(), [us, br]) == 1  # without the option
    c = quiet_centre()
    put(s, us, c)
    put(s, br, c)
    play(s, "movement", f"activate {lab(c)}")
    assert s.g["supply_points"]["allied"] == 10


def test_cooperation_breakthrough_separately():
    # onslaught 14.1: Commonwealth and US/French armour in one stack break through separately
    s = coop()
    c = quiet_centre()
    usa = units("allied", "arm", 1, nation="us")[0]
    bra = units("allied", "arm", 1, nation="british")[0]
    put(s, usa, c)
    put(s, bra, c)
    play(s, "breakthrough")
    assert sorted(legal(s)) == sorted([f"activate {lab(c)} cw", f"activate {lab(c)} us", "done"])
    play(s, f"activate {lab(c)} us")
    assert s.frame()["armor"] == [usa]
    play(s, "done")
    assert f"activate {lab(c)} cw" in legal(s) or f"activate {lab(c)}" in legal(s)


def test_cooperation_double_depletion():
    # onslaught 14.1: a mixed Commonwealth and US/French attack that gets AH depletes the stack with the most
    # US/French strength, then a different stack with the most Commonwealth strength
    s = coop()
    c = quiet_centre()
    put(s, units("german", "sspz", 2)[0], c)
    put(s, units("german", "sspz", 2)[1], c)
    usx, usy = units("allied", "inf", 2, nation="us")
    brx = units("allied", "inf", 1, nation="british")[0]
    bra = units("allied", "arm", 1, nation="british")[0]
    put(s, usx, nb(c, 0))
    put(s, usy, nb(c, 0))
    put(s, brx, nb(c, 3))
    put(s, bra, nb(c, 3))
    play(s, "combat", f"attack {lab(c)}")
    for u in (usx, usy, brx, bra):
        play(s, f"add {u}")
    with forced_dice(s, 1):  # 18:16 = 1:1, roll 1: AH
        ev = play(s, "resolve")
    assert [e["result"] for e in ev if e["type"] == "combat"] == ["AH"]
    assert not any(s.unit(u)["full"] for u in (usx, usy, brx, bra))
    s2 = new()
    clear(s2)
    for u, h in ((usx, nb(c, 0)), (usy, nb(c, 0)), (brx, nb(c, 3)), (bra, nb(c, 3))):
        put(s2, u, h)
    put(s2, units("german", "sspz", 2)[0], c)
    put(s2, units("german", "sspz", 2)[1], c)
    play(s2, "combat", f"attack {lab(c)}")
    for u in (usx, usy, brx, bra):
        play(s2, f"add {u}")
    with forced_dice(s2, 1):
        play(s2, "resolve")
    assert sum(not s2.unit(u)["full"] for u in (usx, usy, brx, bra)) == 2  # without 14.1: one stack


def test_free_french_recruits():
    # onslaught 14.2: French divisions marked * enter in a French city in supply, held or last held by the
    # Allies, more than two MP from any German division; at most two in one city per Reinforcement Step
    s = new(free_french=True)
    clear(s)
    b = s.board
    cities = bits(b.french_cities)
    city = next(h for h in cities if not (s.board.within(allied_source_bb(s), 3) >> h) & 1)
    a = units("allied", "inf", 1)[0]
    s.enter(a, [city])
    ok = french_recruit_hexes(s, {})
    assert (ok >> city) & 1
    assert not (french_recruit_hexes(s, {lab(city): 2}) >> city) & 1  # two already placed there
    g = put(s, units("german", "inf", 1)[0], walk(city, 0, 0) if (b.land >> walk(city, 0, 0)) & 1 else nb(city, 0))
    assert not (french_recruit_hexes(s, {}) >> city) & 1  # a German division within two MP
    s.g["units"][g].update(hex=None, box="removed")
    s.touch()
    other = next(h for h in cities if s.g["control"][lab(h)] == "german" and h != city)
    assert not (french_recruit_hexes(s, {}) >> other) & 1  # never held by the Allies


def test_infantry_breakthrough():
    # onslaught 14.3: infantry stacked with armour activated for breakthrough joins the attack when the armour
    # attacks before moving, suffers the result and may advance; not after the armour has moved
    s = new(infantry_breakthrough=True)
    clear(s)
    c = quiet_centre()
    d = put(s, units("german", "inf", 1)[0], c)
    arm = put(s, units("allied", "arm", 1)[0], nb(c, 0))
    inf = put(s, units("allied", "inf", 1)[0], nb(c, 0))
    play(s, "breakthrough", f"activate {lab(nb(c, 0))}", f"attack {lab(c)}")
    assert f"add {inf}" in legal(s)
    with forced_dice(s, 6):  # 10:4 = 2:1, roll 6: DH
        play(s, f"add {arm}", f"add {inf}", "resolve")
    if s.frame()["step"] == "retreat":
        play(s, legal(s)[0])
    assert f"advance {inf} {lab(c)}" in legal(s)
    del d
    s2 = new(infantry_breakthrough=True)
    clear(s2)
    put(s2, units("german", "inf", 1)[0], c)
    put(s2, arm, walk(c, 0, 0))
    put(s2, inf, walk(c, 0, 0))
    play(s2, "breakthrough", f"activate {lab(walk(c, 0, 0))}", f"move {arm}")
    choose(s2, "to", nb(c, 0))
    play(s2, f"attack {lab(c)}")
    assert f"add {inf}" not in legal(s2)  # moved first: the infantry stays out
    s3 = new()
    clear(s3)
    put(s3, units("german", "inf", 1)[0], c)
    put(s3, arm, nb(c, 0))
    put(s3, inf, nb(c, 0))
    play(s3, "breakthrough", f"activate {lab(nb(c, 0))}", f"attack {lab(c)}")
    assert f"add {inf}" not in legal(s3)  # without the optional rule


def test_emergency_supplies_on_turn_20_only():
    # onslaught 14.4: on turn 20 a player who wins an action with no supply points receives 3 (Allied) or
    # 2 (German) for that action only; unspent points are lost, not saved
    s = new(emergency_supplies=True)
    s.g["turn"] = 20
    s.g["supply_points"]["allied"] = 0
    with forced_dice(s, 6, 1):  # after the first action the Allies win the roll 6-1
        enter(s, {"step": "turn"})
    assert any(e["type"] == "no_supply" for e in s.log)  # the automatic first action is not a won roll
    assert s.g["supply_points"]["allied"] == 3 and s.frame()["step"] == "action" and s.current_player() == "allied"
    ev = play(s, "movement", f"activate {s.unit('us-1')['hex']}", "done", "done")
    assert [e["amount"] for e in ev if e["type"] == "emergency_lost"] == [2]
    for t, opts in ((20, {}), (19, {"emergency_supplies": True})):
        s = new(**opts)
        s.g["turn"] = t
        s.g["supply_points"]["allied"] = 0
        enter(s, {"step": "turn"})
        assert any(e["type"] == "no_supply" and e["side"] == "allied" for e in s.log)
        assert s.g["supply_points"]["allied"] == 0
