"""The Allied exit threat: what a German move changes at once (issue 21, search for the defender).

The Germans lose 1944 to the sudden-death exit (17.1): an Allied army that reaches an
exit-zone hex in supply with 1 MP to spare leaves the map and wins. The Allies open the
way by attacking the screen on the exit hexes (10.0: attacks and moves in any order).
The land distance the drive term of ``evaluate`` reads cannot see a screen at all, so a
German move that stacks, rebuilds or re-positions the screen never changed the
evaluation, and the search played the German heuristic. This module scores the screen
as the next Allied activation would meet it:

* an exit hex an Allied army in supply can reach now with 1 MP spare (the legal ``exit``
  test of :func:`movement.exit_options`) is open: probability 1 (``UNSUPPLIED_OPEN`` when
  the hex is outside Allied supply for the moment);
* a German-held exit hex next to an Allied army falls with the probability that the
  Allied units next to it roll at least as many hits as it has steps (the preview's dice
  arithmetic, :func:`per_die_hit`, one step per hit), and the army walks in;
* the threat is the probability that at least one exit hex falls.

Public facts only: a hidden marker counts as ``HIDDEN_STEPS`` steps (the evaluation is
the same from both seats and never tells real pieces from phantoms).
"""

from __future__ import annotations

from . import units as U
from .board import EXIT_ZONES, board
from .combat import binomial, composition, eligible_attackers, per_die_hit
from .movement import tactical_reach, unit_mp
from .plan import exit_field
from .position import Position
from .supply import in_supply, supply_map

HIDDEN_STEPS = 1.5  # what an unknown marker on an exit hex is worth in steps (as HIDDEN_SP in ai.py)
# an exit hex an army reaches with 1 MP spare but outside Allied supply: the Allies usually reopen the supply
# path first (a friend on a hex cancels German ZOC for supply, 13.0) — measured: an exit in seed 3 that way
UNSUPPLIED_OPEN = 0.8


def exit_hexes() -> list[int]:
    b = board()
    return [h for k in EXIT_ZONES for h in b.zone(k)]


def _armies_near(s: Position) -> list[tuple[str, int, int]]:
    """Allied armies that could exit within their next move: (unit, hex, MP). Out of supply too: the Allies
    often reopen the supply path with their first moves (measured), and then the army exits."""
    ex = exit_field()
    out = []
    for u in s.on_map("allied"):
        if not U.is_army(u) or U.udef(u).side != "allied":
            continue
        i = s.hex_of(u)
        mp = U.base_mp(u) + 1  # an RCO marker (16.0) may come with the Allied phase
        if ex[i] < mp:
            out.append((u, i, unit_mp(s, u, in_supply(s, u))))
    return out


def _tail(n: int, p: float, steps: float) -> float:
    """Probability of at least ``steps`` hits from ``n`` dice hitting with ``p`` (fractional steps interpolate)."""
    dist = binomial(n, p)
    lo = int(steps)
    frac = steps - lo

    def at_least(k: int) -> float:
        return sum(dist[k:]) if k <= n else 0.0

    return (1 - frac) * at_least(max(lo, 1)) + frac * at_least(lo + 1) if frac else at_least(max(lo, 1))


def hex_fall(s: Position, h: int, armies: set[int]) -> float:
    """The probability that German-held exit hex ``h`` falls to the Allied units next to it
    this activation, when an Allied army stands next to it to walk in (0 otherwise)."""
    b = board()
    if not any(j in armies for j in b.adj[h]):
        return 0.0
    attackers = eligible_attackers(s, h, "allied")
    if not attackers:
        return 0.0
    defenders = s.real_at(h)
    steps = sum(HIDDEN_STEPS if s.unit(d).get("hid") else s.unit(d)["strength"] for d in defenders)
    n = sum(U.dice(a, s.unit(a)["strength"]) + (1 if s.unit(a)["rco"] else 0) for a in attackers)
    pz, inf = composition(s, defenders)
    return _tail(n, per_die_hit(s, "allied", pz, inf), steps)


def exit_threat(s: Position) -> float:
    """The probability that an Allied army can exit in the coming Allied activation as the position stands
    (0 when no army is near an exit). Memoised on the position."""
    got = s.memo.get("ai_exit_threat")
    if got is None:
        got = s.cached("ai_exit_threat", lambda: _exit_threat(s))
    return got  # type: ignore[no-any-return]


def _exit_threat(s: Position) -> float:
    near = _armies_near(s)
    if not near:
        return 0.0
    area = supply_map(s, "allied").area
    hexes = exit_hexes()
    walk_in: dict[int, float] = {}
    for u, _, mp in near:
        cost = tactical_reach(s, u, mp).cost  # passing through a friend's hex to leave is allowed (11.0)
        for h in hexes:
            c = cost.get(h)
            if c is not None and c + 1 <= mp:
                if (area >> h) & 1:
                    return 1.0  # the legal exit of 17.1 is open now (what ``exit_options`` lists)
                walk_in[h] = UNSUPPLIED_OPEN
    armies = {i for _, i, _ in near}
    german = s.units_bb("german")
    hold = 1.0
    for h in hexes:
        if h in walk_in:
            hold *= 1.0 - walk_in[h]
        elif (german >> h) & 1:
            hold *= 1.0 - hex_fall(s, h, armies)
    return 1.0 - hold
