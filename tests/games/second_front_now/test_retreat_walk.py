"""SFN's retreat hexes come from the one retreat walk (``core.retreat.retreat_options``, one step long, issue 34)
and are what the game's own neighbour loop gave: the reference below is that loop as it was, run on positions of
random games for every unit on the map, with and without uninvolved friends and hexes already used."""

from __future__ import annotations

import random

from westfront.games.second_front_now.combat import retreat_hexes
from westfront.games.second_front_now.data import units
from westfront.games.second_front_now.position import opponent
from westfront.testing.kit import new


def old_retreat_hexes(s, uid, origin, involved, used):
    b = s.b
    enemy = opponent(units()[uid].side)
    ezoc = s.zoc_bb(enemy)
    o = b.hex(origin)
    empty_safe, friendly = [], []
    for n in b.map.nbrs[o]:
        lab = b.label(n)
        if b.enter[n] < 0 or "sea" in b.map.side(o, n):
            continue
        here = [i for i in s.at(lab) if s.u(i)["steps"] > 0]
        if here and units()[here[0]].side == enemy:
            continue
        in_ezoc = bool((ezoc >> n) & 1)
        if in_ezoc and not [i for i in here if i not in involved]:
            continue
        if not s.stack_ok(lab, [uid]):
            continue
        if (not here or lab in used) and not in_ezoc:
            empty_safe.append(lab)
        else:
            friendly.append(lab)
    return sorted(empty_safe) if empty_safe else sorted(friendly)


def test_retreat_hexes_are_the_walk_they_were():
    # SFN 13.6 / 11.5: one adjacent hex, no all-sea hexside, no enemy, no EZOC unless an uninvolved friend is
    # there, stacking; an empty safe hex before a friendly-occupied one
    checked = some = 0
    for seed in (3, 4):
        s = new("second-front-now", seed=seed)
        rnd = random.Random(seed)
        for n in range(500):
            if s.is_terminal():
                break
            if n % 20 == 0:
                for side in ("allied", "german"):
                    for uid in s.on_map(side):
                        origin = s.u(uid)["hex"]
                        friends = [i for i in s.on_map(side) if i != uid]
                        for involved, used in (([uid], []), ([uid, *friends], []), ([uid], rnd.sample(
                                [s.b.label(h) for h in s.b.map.nbrs[s.b.hex(origin)]], 2))):
                            got = retreat_hexes(s, uid, origin, involved, used)
                            assert got == old_retreat_hexes(s, uid, origin, involved, used), (seed, n, uid)
                            checked += 1
                            some += bool(got)
            s.apply(rnd.choice(s.legal_actions()))
    assert checked > 500 and some > 100
