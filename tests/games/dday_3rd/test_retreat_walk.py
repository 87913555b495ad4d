"""D-Day 3rd's retreat ends come from the one retreat walk (``core.retreat.retreat_options``, issue 34) and are
what the game's own walk gave: the reference below is that walk as it was, run on positions of random games."""

from __future__ import annotations

import random

from westfront.games.dday_3rd import combat
from westfront.games.dday_3rd.position import other
from westfront.testing.kit import new


def old_retreat_ends(s, uid, unresolved, length=2):
    b = s.board
    m = b.m
    start = m.index[s.unit(uid)["hex"]]
    enemy = other(s.side_of(uid))
    bad = s.occupied(enemy) | s.zoc(enemy)
    ok_enter = (b.playable | b.dyke) & ~bad
    blocked = {m.index[h] for h in unresolved}
    ends = set()

    def walk(h, path):
        if len(path) == length:
            if m.distance(start, h) == length and not (b.dyke >> h) & 1 and s.can_join(uid, m.label(h)):
                ends.add(h)
            return
        for n in m.nbrs[h]:
            if n == start or n in path or not (ok_enter >> n) & 1 or n in blocked or "sea" in m.side(h, n):
                continue
            walk(n, [*path, n])

    walk(start, [])
    return sorted(m.label(h) for h in ends)


def test_retreat_ends_are_the_walk_they_were():
    # D-Day §10.4.2: two hexes, not into or through enemy units or ZOC, sea, impassable or neutral hexes, nor a
    # hex still to be attacked; not ended on the dyke (§9.1.2) nor over the stacking limit (§3)
    checked = some = 0
    for seed in (2, 9):
        s = new("dday-3rd", seed)
        rnd = random.Random(seed)
        for k in range(900):
            if s.is_terminal():
                break
            if k % 19 == 0:
                units = [u for side in ("allied", "german") for u in s.on_continent(side)]
                hexes = sorted({s.unit(u)["hex"] for u in units})
                for uid in units[::2]:
                    unresolved = set(rnd.sample(hexes, min(len(hexes), rnd.randint(0, 6))))
                    for length in (1, 2, 3):
                        got = combat.retreat_ends(s, uid, unresolved, length)
                        assert got == old_retreat_ends(s, uid, unresolved, length)
                        checked += 1
                        some += bool(got)
            s.apply(rnd.choice(s.legal_actions()))
    assert checked > 300 and some > 100, (checked, some)
