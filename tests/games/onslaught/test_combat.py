"""Combat: odds, modifiers, results, retreat, advance and fortifications (onslaught 5.4-5.6, 7.0-7.5)."""

from __future__ import annotations

import pytest

from westfront.core.bitboard import bits
from westfront.games.onslaught.combat import adjacent_attackers, assess
from westfront.games.onslaught.data import CRT
from westfront.games.onslaught.supply import in_supply
from westfront.testing.dice import forced_dice

from .helpers import (
    board,
    choose,
    clear,
    lab,
    legal,
    nb,
    new,
    play,
    put,
    quiet_centre,
    units,
    walk,
)


def results(ev):
    return [e["result"] for e in ev if e["type"] == "combat"]


def die_for(s, target, attackers, result):
    """A natural die giving ``result`` for this attack, modifiers included."""
    a = assess(s, target, attackers)
    for die in range(1, 7):
        if CRT.result(a.column, die + a.modifier) == result:
            return die
    raise AssertionError(f"{result} cannot be rolled at {a.column} {a.modifier:+d}")


@pytest.fixture
def field():
    s = new()
    clear(s)
    return s, quiet_centre()


def attack(s, target, *attackers, dice=None):
    """Combat action against ``target`` with ``attackers``; returns the resolve events."""
    if s.frame()["step"] == "action":
        play(s, "combat")
    play(s, f"attack {lab(target)}")
    for u in attackers:
        play(s, f"add {u}")
    if dice is None:
        return play(s, "resolve")
    with forced_dice(s, dice):
        return play(s, "resolve")


def test_combat_example(field):
    # onslaught 7.0: two infantry (4 + 4) and an armoured division (6) against an infantry division (4):
    # 14:4 rounds down to 3:1, and a roll of 4 gives DH
    s, c = field
    d = put(s, units("german", "inf", 1)[0], c)
    x, y = units("allied", "inf", 2)
    z = units("allied", "arm", 1)[0]
    put(s, x, nb(c, 0))
    put(s, y, nb(c, 0))
    put(s, z, nb(c, 1))
    a = assess(s, c, [x, y, z])
    assert (a.attack, a.defence, a.column, a.modifier) == (14, 4, "3:1", 0)
    ev = attack(s, c, x, y, z, dice=4)
    assert results(ev) == ["DH"]
    assert not s.unit(d)["full"]  # depleted, and now retreating
    assert s.frame()["step"] == "retreat" and s.current_player() == "german"
    # onslaught 5.4: two stacks were activated for this attack
    assert s.g["supply_points"]["allied"] == 10


def test_terrain_modifier():
    # onslaught 7.1 (errata): a defender in forest, rough or bocage gives -1
    s = new()
    clear(s)
    b = board()
    t = next(h for h in bits(b.defensive & b.land) if any(
        (h, n) not in b.river_sides and (h, n) not in b.major_sides and (b.land >> n) & 1 for n in b.m.nbrs[h]))
    n = next(n for n in b.m.nbrs[t] if (t, n) not in b.river_sides and (t, n) not in b.major_sides
             and (b.land >> n) & 1)
    put(s, units("german", "inf", 1)[0], t)
    x = put(s, units("allied", "inf", 1)[0], n)
    a = assess(s, t, [x])
    assert [m.amount for m in a.modifiers if "defender in" in m.reason] == [-1]


def test_river_and_major_waterway_modifiers():
    # onslaught 7.1: -1 when every attacker is across a river; -2 across a major waterway; a mix of
    # waterway and river counts as -1; any attacker across open ground cancels it
    s = new()
    clear(s)
    b = board()

    def find():
        for t in bits(b.land & ~b.fortification & ~b.defensive):
            ns = [n for n in b.m.nbrs[t] if (b.land >> n) & 1]
            maj = [n for n in ns if (t, n) in b.major_sides]
            riv = [n for n in ns if (t, n) in b.river_sides]
            clr = [n for n in ns if (t, n) not in b.major_sides and (t, n) not in b.river_sides]
            if maj and riv and clr:
                return t, maj[0], riv[0], clr[0]
        raise AssertionError

    t, m_, r_, c_ = find()
    put(s, units("german", "inf", 1)[0], t)
    xm, xr, xc = units("allied", "inf", 3)
    put(s, xm, m_)
    put(s, xr, r_)
    put(s, xc, c_)

    def total(*us):
        return sum(m.amount for m in assess(s, t, list(us)).modifiers if "across" in m.reason)

    assert total(xm) == -2
    assert total(xr) == -1
    assert total(xm, xr) == -1
    assert total(xr, xc) == 0 and total(xm, xc) == 0


def ring(s, c, side="allied", kind="inf"):
    out = []
    for h, u in zip(s.map.nbrs[c], units(side, kind, 6), strict=False):
        put(s, u, h)
        out.append(u)
    return out


def test_supply_modifiers(field):
    # onslaught 7.1
    # onslaught 8.6: +1 if the defending stack cannot trace supply; -1 if an attacker cannot
    s, c = field
    d = put(s, units("german", "inf", 1)[0], c)
    around = ring(s, c)
    assert not in_supply(s, d)
    a = assess(s, c, around[:1])
    assert [m.amount for m in a.modifiers] == [1]
    for lab_ in list(s.g["control"]):  # the Allies lose every source: their divisions are cut off
        s.g["control"][lab_] = "german"
    s.touch()
    a = assess(s, c, around[:1])
    assert sorted(m.amount for m in a.modifiers) == [-1, 1]


def test_modifiers_are_cumulative_and_clamped():
    # onslaught 7.1: an unsupplied stack (+1) attacked across a major waterway (-2) gives -1; modified rolls
    # below 0 count as 0
    s = new()
    clear(s)
    b = board()
    t, a_ = next((t, n) for t in bits(b.land & ~b.fortification & ~b.defensive)
                 for n in b.m.nbrs[t] if (t, n) in b.major_sides and len(b.m.nbrs[t]) == 6
                 and all((b.land >> x) & 1 for x in b.m.nbrs[t]))
    d = put(s, units("german", "inf", 1)[0], t)
    others = [h for h in b.m.nbrs[t] if h != a_]
    for h, u in zip(others, units("allied", "inf", 5), strict=True):
        put(s, u, h)
    x = put(s, units("allied", "arm", 1)[0], a_)
    assert not in_supply(s, d)
    ass = assess(s, t, [x])
    assert ass.modifier == -1
    col = ass.column
    ev = attack(s, t, x, dice=1)
    assert results(ev) == [CRT.rows[0][CRT.columns.index(col)]]  # 1 - 1 = 0: row 0


def test_attacker_eliminated_spares_non_participants(field):
    # onslaught 7.2 AE: every attacking division is eliminated
    # onslaught 7.2 (errata): a division stacked with the
    # attackers that did not attack is not affected
    s, c = field
    put(s, units("german", "sspz", 1)[0], c)
    x, idle = units("allied", "inf", 2)
    put(s, x, nb(c, 0))
    put(s, idle, nb(c, 0))
    ev = attack(s, c, x, dice=1)  # 4:8 = 1:2, roll 1: AE
    assert results(ev) == ["AE"]
    assert s.unit(x)["box"] == "eliminated" and s.unit(idle)["hex"] == lab(nb(c, 0))


def test_attacker_halved_hits_the_strongest_stack(field):
    # onslaught 7.2 AH: every division of the strongest attacking stack is depleted (a depleted one is
    # eliminated); other attacking stacks and non-participants are not
    s, c = field
    put(s, units("german", "sspz", 2)[0], c)
    put(s, units("german", "sspz", 2)[1], c)
    a1, a2, a3 = units("allied", "inf", 3)
    arm = units("allied", "arm", 1)[0]
    put(s, a1, nb(c, 0))
    put(s, a2, nb(c, 0), full=False)
    put(s, a3, nb(c, 0))
    put(s, arm, nb(c, 1))
    assert assess(s, c, [a1, a2, a3, arm]).column == "1:1"  # 10 + 6 against 16
    ev = attack(s, c, a1, a2, a3, arm, dice=1)
    assert results(ev) == ["AH"]
    assert not s.unit(a1)["full"] and not s.unit(a3)["full"] and s.unit(a2)["box"] == "eliminated"
    assert s.unit(arm)["full"]


def test_attacker_halved_tie_is_the_owners_choice(field):
    # onslaught 7.2 AH: between equally strong attacking stacks the owning player decides
    s, c = field
    put(s, units("german", "sspz", 1)[0], c)
    x, y = units("allied", "inf", 2)
    put(s, x, nb(c, 0))
    put(s, y, nb(c, 3))
    ev = attack(s, c, x, y, dice=1)  # 8:8 = 1:1, roll 1: AH
    assert results(ev) == ["AH"]
    assert sorted(legal(s)) == sorted([f"deplete {lab(nb(c, 0))}", f"deplete {lab(nb(c, 3))}"])
    play(s, f"deplete {lab(nb(c, 3))}")
    assert s.unit(x)["full"] and not s.unit(y)["full"]


def test_defender_eliminated_and_advance(field):
    # onslaught 7.2 DE
    # onslaught 7.4: infantry may advance into the vacated hex only, armour one hex further
    # ignoring enemy ZOC; divisions that did not attack cannot advance
    s, c = field
    d = put(s, units("german", "inf", 1)[0], c)
    far = put(s, units("german", "inf", 2)[1], walk(c, 3, 3))
    i1, i2, idle = units("allied", "inf", 3)
    arm = units("allied", "arm", 1)[0]
    put(s, i1, nb(c, 0))
    put(s, i2, nb(c, 0))
    put(s, arm, nb(c, 1))
    put(s, idle, nb(c, 5))
    ev = attack(s, c, i1, i2, arm, dice=6)  # 14:4 = 3:1, roll 6: DE
    assert results(ev) == ["DE"] and s.unit(d)["box"] == "eliminated"
    acts = legal(s)
    assert {a for a in acts if a.startswith(f"advance {i1}")} == {f"advance {i1} {lab(c)}"}
    arm_ends = {a.split()[-1] for a in acts if a.startswith(f"advance {arm}")}
    assert lab(c) in arm_ends and lab(nb(c, 3)) in arm_ends  # into the German's ZOC: allowed
    assert lab(s.hex_of(far)) not in arm_ends
    assert not any(a.startswith(f"advance {idle}") for a in acts)
    play(s, f"advance {arm} {lab(nb(c, 3))}", f"advance {i1} {lab(c)}", "done")
    assert s.unit(arm)["hex"] == lab(nb(c, 3)) and s.unit(i1)["hex"] == lab(c)


def test_retreat_restrictions(field):
    # onslaught 7.3: two hexes away; not into enemy ZOC unless a friendly division is there; never ending
    # next to a division that attacked
    s2, c = field
    d = put(s2, units("german", "inf", 1)[0], c)
    put(s2, units("german", "inf", 2)[1], walk(c, 3, 3))
    x, x2, x3 = units("allied", "inf", 3)
    for u in (x, x2, x3):
        put(s2, u, nb(c, 0))
    put(s2, units("allied", "arm", 1)[0], walk(c, 3, 3, 3))  # its ZOC covers the hexes around walk(c, 3, 3)
    ev = attack(s2, c, x, x2, x3, dice=2)  # 12:4 = 3:1, roll 2: DR
    assert results(ev) == ["DR"]
    ends = {a.split()[-1] for a in legal(s2)}
    assert ends
    zoc = s2.zoc_bb("allied")
    own = s2.side_bb("german")
    for e in ends:
        h = s2.map.index[e]
        assert s2.map.distance(h, c) == 2
        assert not (zoc >> h) & 1 or (own >> h) & 1
        assert s2.map.distance(h, nb(c, 0)) > 1
    assert lab(walk(c, 3, 3)) in ends  # in ZOC, but a friendly division is there
    play(s2, f"retreat {d} {lab(walk(c, 3, 3))}")
    assert s2.unit(d)["full"]


def test_one_hex_retreat_depletes_and_no_retreat(field):
    # onslaught 7.3: able to retreat one hex but not two: retreat one and be depleted; no retreat at all:
    # depleted instead (eliminated after a DH)
    s, c = field
    d = put(s, units("german", "inf", 1)[0], c)
    shelter = nb(c, 3)
    friend = put(s, units("german", "inf", 2)[1], shelter)
    ring2 = bits(s.board.within(1 << c, 2) & ~s.board.within(1 << c, 1))
    walls = units("allied", "inf", len(ring2) + 1)
    for u, h in zip(walls, ring2, strict=False):
        put(s, u, h)
    x = put(s, walls[-1], nb(c, 0))
    a = put(s, units("allied", "arm", 2)[0], nb(c, 0))
    b_ = put(s, units("allied", "arm", 2)[1], nb(c, 0))
    ev = attack(s, c, x, a, b_, dice=die_for(s, c, [x, a, b_], "DR"))
    assert results(ev) == ["DR"]
    assert legal(s) == [f"retreat {d} {lab(shelter)}"]
    play(s, f"retreat {d} {lab(shelter)}")
    assert not s.unit(d)["full"]
    del friend


def test_no_retreat_after_dh_eliminates(field):
    # onslaught 7.3: a division that suffers DH and cannot retreat is eliminated
    s, c = field
    d = put(s, units("german", "inf", 1)[0], c)
    for u, h in zip(units("allied", "inf", 6), s.map.nbrs[c], strict=False):
        put(s, u, h)
    attackers = s.at(nb(c, 0)) + s.at(nb(c, 1)) + s.at(nb(c, 2))
    ev = attack(s, c, *attackers, dice=4)  # 12:4 = 3:1, +1 (cut off) -> 5: DH
    assert results(ev) == ["DH"]
    assert s.unit(d)["box"] == "eliminated"
    assert any(e["type"] == "no_retreat" for e in ev)


def test_retreated_division_does_not_count_again_in_the_same_combat_action(field):
    # onslaught 7.3: a division that retreated into a hex attacked later in the same Combat action adds no
    # strength there (but suffers the result); in a Breakthrough action it always counts
    s, c = field
    d1 = put(s, units("german", "inf", 1)[0], c)
    h = walk(c, 3, 3)
    d2 = put(s, units("german", "inf", 2)[1], h)
    x, x2, x3 = units("allied", "inf", 3)
    for u in (x, x2, x3):
        put(s, u, nb(c, 0))
    y = put(s, units("allied", "arm", 1)[0], walk(c, 3, 3, 3))
    ev = attack(s, c, x, x2, x3, dice=2)  # DR
    assert results(ev) == ["DR"]
    play(s, f"retreat {d1} {lab(h)}")
    if s.frame()["step"] == "advance":
        play(s, "done")
    a = assess(s, h, [y])
    assert a.defence == s.strength(d2) == 4  # d1 is not counted
    s.g["action"]["kind"] = "breakthrough"
    assert assess(s, h, [y]).defence == 8


def fortress_case(s):
    b = board()
    for f in bits(b.fortification & b.germany):
        ns = [n for n in b.m.nbrs[f] if (b.land >> n) & 1]
        fort = [n for n in ns if (f, n) in b.fortified_sides and (f, n) not in b.major_sides
                and (f, n) not in b.river_sides]
        open_ = [n for n in ns if (f, n) not in b.fortified_sides and (b.germany >> n) & 1]
        if fort and open_:
            return f, fort[0], open_[0]
    raise AssertionError


def test_fortification_doubles_the_defence():
    # onslaught 7.5: German strength in a fortification doubles when every attacker crosses a fortified
    # hexside, and not when any attacks across an unfortified one
    s = new()
    clear(s)
    f, fx, ox = fortress_case(s)
    put(s, units("german", "inf", 1)[0], f)
    x = put(s, units("allied", "inf", 1)[0], fx)
    y = put(s, units("allied", "inf", 2)[1], ox)
    a = assess(s, f, [x])
    assert a.defence == 8 and a.doubled
    a = assess(s, f, [x, y])
    assert a.defence == 4 and not a.doubled


def test_fortification_stand_and_supply():
    # onslaught 7.5: on DR the Germans in a fortification may stand and be depleted; they are always in supply
    s = new()
    clear(s)
    f, fx, ox = fortress_case(s)
    g = put(s, units("german", "inf", 1)[0], f)
    attackers = []
    for h, u in zip([n for n in s.map.nbrs[f] if (s.board.land >> n) & 1], units("allied", "inf", 6), strict=False):
        put(s, u, h)
        attackers.append(u)
    assert in_supply(s, g)  # surrounded, yet supplied

    adj = adjacent_attackers(s, f, "allied")
    a = assess(s, f, adj)
    row = next(r for r in range(7) if CRT.rows[r][CRT.columns.index(a.column)] == "DR")
    die = row - a.modifier
    if not 1 <= die <= 6:
        pytest.skip("DR not reachable with a natural die at these odds")
    ev = attack(s, f, *adj, dice=die)
    assert results(ev) == ["DR"]
    assert sorted(legal(s)) == ["retreat", "stand"] and s.current_player() == "german"
    play(s, "stand")
    assert s.unit(g)["hex"] == lab(f) and not s.unit(g)["full"]


def test_germans_may_stop_a_retreat_in_a_fortification():
    # onslaught 7.5: a German retreat may end as soon as it enters a fortification hex (one hex, no loss)
    s = new()
    clear(s)
    b = board()
    c, f = next((c, f) for f in bits(b.fortification & b.germany) for c in b.m.nbrs[f]
                if (b.land >> c) & 1 and not (b.fortification >> c) & 1 and (c, f) not in b.major_sides
                and len(b.m.nbrs[c]) == 6)
    d = put(s, units("german", "inf", 1)[0], c)
    opp = next(n for n in b.m.nbrs[c] if s.map.distance(n, f) == 2 and (b.land >> n) & 1
               and (c, n) not in b.major_sides)
    x = put(s, units("allied", "arm", 1)[0], opp)
    y = put(s, units("allied", "arm", 2)[1], opp)
    z = put(s, units("allied", "inf", 1)[0], opp)
    a = assess(s, c, [x, y, z])
    row = next(r for r in range(7) if CRT.rows[r][CRT.columns.index(a.column)] == "DR")
    with forced_dice(s, row - a.modifier):
        play(s, "combat", f"attack {lab(c)}", f"add {x}", f"add {y}", f"add {z}")
        ev = play(s, "resolve")
    assert results(ev) == ["DR"]
    assert f"retreat {d} {lab(f)}" in legal(s)
    play(s, f"retreat {d} {lab(f)}")
    assert s.unit(d)["full"]


def test_combat_action_pays_once_per_stack(field):
    # onslaught 5.4 and errata: a stack activated with one point may attack different enemy stacks; each
    # division attacks once per action
    s, c = field
    g1 = put(s, units("german", "sspz", 2)[0], nb(c, 0))
    g2 = put(s, units("german", "sspz", 2)[1], nb(c, 2))
    x, y = units("allied", "inf", 2)
    put(s, x, c)
    put(s, y, c)
    attack(s, s.hex_of(g1), x, dice=3)  # 1:2 roll 3: AH
    while s.frame()["step"] != "combat_action":
        play(s, legal(s)[0])
    assert s.g["supply_points"]["allied"] == 11
    play(s, f"attack {lab(s.hex_of(g2))}")
    assert f"add {y}" in legal(s) and f"add {x}" not in legal(s)
    with forced_dice(s, 4):
        play(s, f"add {y}", "resolve")
    assert s.g["supply_points"]["allied"] == 11  # the same stack: no new point


def test_breakthrough_example(field):
    # onslaught 5.6: two points activate a stack of three armoured divisions next to a German infantry
    # division; they destroy it and move through the gap. Two more points activate one armoured division
    # stacked with two infantry divisions (not activated), which moves and declines to attack.
    s, c = field
    d = put(s, units("german", "inf", 1)[0], c)
    arms = units("allied", "arm", 4)
    for u in arms[:3]:
        put(s, u, nb(c, 0))
    second = walk(c, 0, 1)
    put(s, arms[3], second)
    infs = units("allied", "inf", 2)
    for u in infs:
        put(s, u, second)
    play(s, "breakthrough", f"activate {lab(nb(c, 0))}")
    assert s.g["supply_points"]["allied"] == 10
    with forced_dice(s, 5):  # 18:4 = 4:1, roll 5: DE
        play(s, f"attack {lab(c)}", *(f"add {u}" for u in arms[:3]))
        ev = play(s, "resolve")
    assert results(ev) == ["DE"] and s.unit(d)["box"] == "eliminated"
    play(s, "done")  # no advance: they move instead
    assert not any(a.startswith("attack") for a in legal(s))  # one attack per breakthrough stack
    for u in arms[:3]:
        play(s, f"move {u}")
        choose(s, "to", walk(c, 3, 3))
    assert s.frame()["step"] == "breakthrough_action"
    play(s, f"activate {lab(second)}")
    assert s.g["supply_points"]["allied"] == 8
    assert s.frame()["armor"] == [arms[3]] and set(infs).isdisjoint(s.act["activated"])
    play(s, f"move {arms[3]}")
    ev = choose(s, "to", nb(c, 2))
    assert [e["unit"] for e in ev if e["type"] == "move"] == [arms[3]]
    play(s, "done")
    assert s.g["supply_points"]["allied"] == 8 and all(s.unit(u)["hex"] == lab(second) for u in infs)


def test_breakthrough_move_then_attack(field):
    # onslaught 5.5: a stack may move first and then attack; after attacking it cannot move again
    s, c = field
    d = put(s, units("german", "inf", 1)[0], c)
    arm = put(s, units("allied", "arm", 1)[0], walk(c, 0, 0, 0))
    play(s, "breakthrough", f"activate {lab(walk(c, 0, 0, 0))}", f"move {arm}")
    choose(s, "to", nb(c, 0))
    assert f"attack {lab(c)}" in legal(s)
    with forced_dice(s, 6):
        play(s, f"attack {lab(c)}", f"add {arm}", "resolve")
    while s.frame()["step"] in ("retreat", "advance"):
        play(s, legal(s)[0])
    assert s.frame()["step"] == "breakthrough_action" or legal(s) == ["done"]
    del d


def test_only_armour_breaks_through(field):
    # onslaught 5.5: only armour can be activated for a Breakthrough action
    s, c = field
    put(s, units("allied", "inf", 1)[0], c)
    put(s, units("allied", "arm", 1)[0], walk(c, 3, 3, 3))
    play(s, "breakthrough")
    assert legal(s) == [f"activate {lab(walk(c, 3, 3, 3))}", "done"]


def test_combat_preview_matches_resolution(field):
    # onslaught 7.0-7.1: the preview uses the same calculator as the resolution
    s, c = field
    put(s, units("german", "inf", 1)[0], c)
    x = put(s, units("allied", "arm", 1)[0], nb(c, 0))
    play(s, "combat", f"attack {lab(c)}")
    p = s.preview(f"add {x}")
    assert p["odds"] == "1:1" and abs(sum(p["results"].values()) - 1) < 1e-9
    assert p["results"] == pytest.approx(CRT.distribution("1:1", 0))
    with forced_dice(s, 4):
        ev = play(s, f"add {x}", "resolve")
    assert results(ev) == [CRT.result("1:1", 4)]


def test_a_stack_may_split_when_it_retreats(field):
    # onslaught 7.3: the divisions of a retreating stack may go different ways, each within the restrictions
    s, c = field
    d1, d2 = units("german", "inf", 2)
    put(s, d1, c)
    put(s, d2, c)
    xs = units("allied", "arm", 4)
    for u in xs:
        put(s, u, nb(c, 0))
    ev = attack(s, c, *xs[:3], dice=die_for(s, c, xs[:3], "DR"))
    assert results(ev) == ["DR"]
    ends = sorted({a.split()[-1] for a in legal(s) if a.startswith(f"retreat {d1}")})
    assert len(ends) >= 2
    play(s, f"retreat {d1} {ends[0]}", f"retreat {d2} {ends[-1]}")
    assert s.unit(d1)["hex"] != s.unit(d2)["hex"]
