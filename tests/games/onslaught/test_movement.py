"""Movement: activation, normal and strategic movement, ZOC, stacking, major waterways (onslaught 5.2-6.5)."""

from __future__ import annotations

import pytest

from westfront.core.bitboard import bits
from westfront.core.errors import IllegalAction
from westfront.games.onslaught.movement import moves, strategic_eligible

from .helpers import choose, clear, lab, legal, nb, new, open_area, play, put, side_with, units, walk


def mv(s, uid, **kw):
    kw.setdefault("oos", False)
    kw.setdefault("bridges", 0)
    return moves(s, uid, **kw)


def dist(s, a, b):
    return s.map.distance(a, b)


@pytest.fixture
def field():
    s = new()
    clear(s)
    return s, open_area(5)


def test_normal_movement_is_hexes(field):
    # onslaught 6.1: the allowance is the number of hexes entered, whatever the (land) terrain
    s, c = field
    a = put(s, units("allied", "inf", 1)[0], c)
    r = mv(s, a, strategic=False)
    within4 = bits(s.board.within(1 << c, 4))
    assert set(r.ends()) == set(within4) - {c}
    assert all(r.cost(h) == dist(s, c, h) for h in r.ends())


def test_zoc_stops_movement(field):
    # onslaught 6.2: entering an enemy ZOC ends the move; no path passes through a ZOC hex
    s, c = field
    a = put(s, units("allied", "inf", 1)[0], c)
    g = walk(c, 0, 0)
    put(s, units("german", "inf", 1)[0], g)
    zoc = s.zoc_bb("german")
    r = mv(s, a)
    assert nb(c, 0) in r.ends()
    assert walk(c, 0, 0, 0) not in r.ends()  # behind the German: only through its ZOC
    for h in r.ends():
        assert not any((zoc >> x) & 1 for x in r.path(h)[1:-1])


def test_no_zoc_to_zoc(field):
    # onslaught 6.2: a division starting in enemy ZOC may not step straight into another ZOC hex,
    # but may leave the ZOC and re-enter it
    s, c = field
    g = c
    put(s, units("german", "inf", 1)[0], g)
    a = put(s, units("allied", "inf", 1)[0], nb(g, 3))
    target = nb(g, 2)
    r = mv(s, a)
    assert target in r.ends() and r.cost(target) == 2
    assert not (s.zoc_bb("german") >> r.path(target)[1]) & 1


def sea_board():
    """A small synthetic board with a sea hexside between 0303 and 0304 (the installed map may have none)."""
    from tests.core.helpers import grid_map
    from westfront.core.hexgrid import COLROW
    from westfront.games.onslaught.board import Board

    return Board(grid_map(7, 7, sides={COLROW.side_id("0303", "0304"): ["sea"]})), COLROW


def test_zoc_does_not_cross_the_sea():
    # onslaught 6.2: ZOC extends across every hexside except sea hexsides (the board's dilator skips them)
    b, grid = sea_board()
    m = b.m
    g = 1 << m.index["0303"]
    zoc = (g | b.dil.step(g)) & b.land
    assert not (zoc >> m.index["0304"]) & 1
    assert all((zoc >> m.index[n]) & 1 for n in grid.neighbors("0303") if n != "0304")
    # onslaught 8.3: supply lines cannot cross sea hexsides either (same dilator)
    assert b.dil.flood(g, b.land, 1) >> m.index["0304"] & 1 == 0


def test_strategic_eligibility_and_tripled_allowance(field):
    # onslaught 6.4: eligible at three MP or more from every enemy (errata: exactly three is enough);
    # the allowance is tripled; the move never comes within two MP of an enemy
    s, c = field
    a = put(s, units("allied", "inf", 1)[0], c)
    assert strategic_eligible(s, a)
    r = mv(s, a)
    assert max(r.cost(h) for h in r.ends()) > 4 and r.strategic is not None
    assert len(r.strategic.layers) - 1 == 12  # tripled: twelve hexes for a 4-MP infantry division
    g = put(s, units("german", "inf", 1)[0], walk(c, 0, 0, 0))
    assert dist(s, c, s.hex_of(g)) == 3 and strategic_eligible(s, a)
    near = s.near_bb("german")
    r = mv(s, a)
    assert r.strategic is not None
    assert not r.strategic.reached & near
    s.unit(g)["hex"] = lab(walk(c, 0, 0))
    s.touch()
    assert not strategic_eligible(s, a) and mv(s, a).strategic is None


def test_strategic_distance_ignores_waterways_but_not_the_sea():
    # onslaught 6.4: count distance ignoring units, ZOC and major waterways, but around sea hexsides
    s = new()
    clear(s)
    a, c = side_with("rhine", lambda x, y: not (s.board.west_of_rhine >> y) & 1)
    ally = put(s, units("allied", "inf", 1)[0], a)
    far = [h for h in s.map.nbrs[c] if s.map.distance(h, a) == 2]
    put(s, units("german", "inf", 1)[0], far[0])
    assert not strategic_eligible(s, ally)  # two hexes away across the Rhine: too close
    b, _ = sea_board()
    m = b.m
    # across the sea hexside 0303|0304 the land way round is two MP, not one
    assert not (b.within(1 << m.index["0303"], 1) >> m.index["0304"]) & 1
    assert (b.within(1 << m.index["0303"], 2) >> m.index["0304"]) & 1


def test_out_of_supply_stack_moves_one_hex(field):
    # onslaught 8.6: a stack that cannot trace supply when activated moves only one hex
    s, c = field
    a = put(s, units("allied", "inf", 1)[0], c)
    r = mv(s, a, oos=True)
    assert set(r.ends()) == set(s.map.nbrs[c]) and r.strategic is None


def test_one_stack_at_a_time_and_once_per_action(field):
    # onslaught 5.2
    # onslaught 5.3: one point per stack; only one stack is activated at a time; a division is
    # activated at most once per action, even if it joins another stack
    s, c = field
    x, y, z = units("allied", "inf", 3)
    put(s, x, c)
    put(s, y, c)
    put(s, z, walk(c, 2, 2))
    play(s, "movement", f"activate {lab(c)}")
    assert s.g["supply_points"]["allied"] == 11
    assert not any(a.startswith("activate") for a in legal(s))  # must finish this stack first
    play(s, f"move {x}")
    choose(s, "to", walk(c, 2, 2))
    play(s, "done")
    acts = legal(s)
    assert f"activate {lab(walk(c, 2, 2))}" in acts
    play(s, f"activate {lab(walk(c, 2, 2))}")
    assert s.frame()["units"] == [z]  # x was already activated this action
    assert s.g["supply_points"]["allied"] == 10


def test_stacks_may_split(field):
    # onslaught 6.1: divisions activated together may move independently
    s, c = field
    x, y = units("allied", "inf", 2)
    put(s, x, c)
    put(s, y, c)
    play(s, "movement", f"activate {lab(c)}", f"move {x}")
    choose(s, "to", nb(c, 0))
    play(s, f"move {y}")
    choose(s, "to", nb(c, 3))
    assert s.unit(x)["hex"] == lab(nb(c, 0)) and s.unit(y)["hex"] == lab(nb(c, 3))


def test_overstacking_is_checked_at_the_end_of_the_action(field):
    # onslaught 6.3: four divisions may share a hex during an action; at its end the owner removes the excess
    s, c = field
    three = units("allied", "inf", 3)
    for u in three:
        put(s, u, c)
    fourth = put(s, units("allied", "arm", 1)[0], nb(c, 0))
    play(s, "movement", f"activate {lab(nb(c, 0))}", f"move {fourth}")
    choose(s, "to", c)
    assert len(s.at(c)) == 4
    assert s.frame()["step"] == "movement_action"  # the stack is finished; the action is still open
    play(s, "done")
    assert s.frame()["step"] == "overstack" and s.current_player() == "allied"
    assert sorted(legal(s)) == sorted(f"remove {u}" for u in [*three, fourth])
    ev = play(s, f"remove {three[0]}")
    assert s.unit(three[0])["box"] == "eliminated"
    assert any(e["type"] == "eliminated" and e["rule"] == "onslaught 6.3" for e in ev)


def rhine_crossing():
    """A Rhine hexside (a west, b east) with open land around, for crossing tests."""
    s = new()
    clear(s)
    b = s.board

    def good(x, y):
        return ((b.west_of_rhine >> x) & 1 and not (b.west_of_rhine >> y) & 1
                and len(s.map.nbrs[y]) == 6 and len(s.map.nbrs[x]) == 6)

    a, c = side_with("rhine", good)
    return s, a, c


def test_major_waterway_takes_the_whole_allowance():
    # onslaught 6.5: crossing a major waterway uses the whole allowance, so only from adjacent, one hex
    s, a, c = rhine_crossing()
    u = put(s, units("allied", "inf", 1)[0], a)
    r = mv(s, u, strategic=False)
    assert c in r.ends() and r.cost(c) == 4
    beyond = [h for h in s.map.nbrs[c] if not (s.board.west_of_rhine >> h) & 1]
    assert all(h not in r.ends() or r.path(h)[1] != c for h in beyond)  # no going on after crossing
    # not adjacent to the waterway at the start: the crossing is impossible this action
    b = s.board
    back = [h for h in s.map.nbrs[a] if (b.west_of_rhine >> h) & 1
            and not any((h, n) in b.major_sides for n in s.map.nbrs[h])]
    s.unit(u)["hex"] = lab(back[0])
    s.touch()
    r = mv(s, u, strategic=False)
    assert r.ends() and all((b.west_of_rhine >> h) & 1 for h in r.ends())


def test_germans_cross_the_rhine_like_a_river_but_not_the_scheldt():
    # onslaught 6.5: German divisions cross the Rhine paying one MP per hex, but not the Scheldt estuary
    s, a, c = rhine_crossing()
    g = put(s, units("german", "inf", 1)[0], c)
    r = mv(s, g, strategic=False)
    assert a in r.ends() and r.cost(a) == 1
    assert any(r.path(h)[1] == a and len(r.path(h)) > 2 for h in r.ends())
    clear(s)
    x, y = side_with("scheldt")
    g = put(s, units("german", "inf", 1)[0], x)
    r = mv(s, g, strategic=False)
    assert r.cost(y) == 4


def test_allied_bridge_into_an_occupied_hex_but_not_for_stack_mates():
    # onslaught 6.5: Allies cross the Rhine normally into a hex already held by another Allied division;
    # a stack activated together pays the penalty for every division
    s, a, c = rhine_crossing()
    x, y = units("allied", "inf", 2)
    put(s, x, a)
    put(s, y, a)
    play(s, "movement", f"activate {lab(a)}", f"move {x}")
    choose(s, "to", c)
    play(s, f"move {y}")
    assert s.preview(f"to {lab(c)}")["cost"] == 4  # its stack-mate is no bridge
    play(s, "cancel", "done")
    z = put(s, units("allied", "inf", 1, exclude=[x, y])[0], a)
    play(s, f"activate {lab(a)}", f"move {z}")
    p = s.preview(f"to {lab(c)}")
    assert p["cost"] == 1  # a separately activated stack uses the bridgehead


def test_paths_and_previews(field):
    # onslaught 6.1: the preview shows the path and its cost; strategic moves say so (6.4)
    s, c = field
    a = put(s, units("allied", "arm", 1)[0], c)
    play(s, "movement", f"activate {lab(c)}", f"move {a}")
    far = max(mv(s, a).ends(), key=lambda h: mv(s, a).cost(h))
    acts = legal(s)
    if f"to {lab(far)}" not in acts:  # many destinations: choose the block first
        near = next(x for x in acts if x.startswith("near"))
        assert near
        return
    p = s.preview(f"to {lab(far)}")
    assert p["mode"] == "strategic" and p["path"][0] == lab(c) and p["path"][-1] == lab(far)


def test_illegal_destination_explains(field):
    # onslaught 6.1: a destination out of reach is refused, citing the movement rules, with no change
    s, c = field
    a = put(s, units("allied", "inf", 1)[0], c)
    s.g["units"][units("german", "inf", 1)[0]].update(hex=lab(walk(c, 0, 0)), box=None)
    s.touch()
    play(s, "movement", f"activate {lab(c)}", f"move {a}")
    h = s.hash()
    with pytest.raises(IllegalAction, match="6.1"):
        s.apply(f"to {lab(walk(c, 0, 0, 0))}")
    assert s.hash() == h


def test_can_move_agrees_with_the_full_floods():
    # onslaught 6.1, 6.4, 8.6: "may it move at all" (stack moves, the Reserve Step's useful stacks) is answered
    # from the first step; it must say what the full normal and strategic floods say, in real random games
    import random

    from westfront import api
    from westfront.games.onslaught.movement import bridge_hexes, can_move

    checked = 0
    for seed in (1000, 1002):
        s = api.load("onslaught", seed=seed)
        rnd = random.Random(seed)
        for n in range(600):
            if s.is_terminal():
                break
            if n % 15 == 0:
                for uid in s.on_map():
                    for kw in ({"oos": False, "bridges": 0}, {"oos": True, "bridges": 0},
                               {"oos": False, "bridges": bridge_hexes(s, "allied")},
                               {"oos": False, "bridges": 0, "normal": False}):
                        fresh = type(s)(s.g)  # no memo: can_move may not peek at a cached flood
                        assert can_move(fresh, uid, **kw) == bool(moves(s, uid, **kw).ends()), (uid, kw)
                    checked += 1
            acts = s.legal_actions()
            s.apply(acts[rnd.randrange(len(acts))])
    assert checked > 200
