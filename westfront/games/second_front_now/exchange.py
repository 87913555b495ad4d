"""The expected fire exchange of an attack (SFN 13.1-13.6), for the AI to weigh before it declares one.

Why: a declared attack cannot be called off before the battle board (10.6), and the board is
unforgiving to the attacker: his artillery fires first, then every defender fires at full value
(terrain only ever hurts the attacker, 14.2), and only the survivors fire back. A stack of
reduced Commonwealth divisions attacking a fortress loses one or two of them to defensive fire
and each one lost is a German VP (4.5). This walks the battle sequence once with expected
hits instead of dice, the German picking the one-step targets first as its heuristic does.
"""

from __future__ import annotations

from dataclasses import dataclass

from .combat import hit_number
from .data import ALLIED, units
from .position import Position, opponent
from .sequence import optional, storm_raging

SHOT_CAP = 0.95  # expected hits on a unit stop a little short of certain death


@dataclass(frozen=True)
class Exchange:
    """Expected results of one attack: steps lost each side and the units at risk."""

    dealt: float  # expected German (defender) steps lost, barrage and offensive fire
    taken: float  # expected attacker steps lost to defensive fire
    commonwealth_lost: float  # expected Commonwealth units eliminated among the attackers (4.5: a VP each)
    defender_steps: int


def _fire(s: Position, battle: dict[str, object], shooters: dict[str, float], targets: dict[str, float],
          steps: dict[str, int], prefer_weak: bool) -> float:
    """Expected hits of ``shooters`` (id -> expected shots) on ``targets`` (id -> expected hits so far,
    updated in place). Each shot goes at the live target with the best hit number (13.5: artillery
    only when no line unit is left), a one-step one first when ``prefer_weak``."""
    total = 0.0
    for sh in sorted(shooters):
        n = shooters[sh]
        while n > 1e-9:
            shot = min(1.0, n)
            n -= shot
            live = [t for t in sorted(targets) if targets[t] < steps[t] * SHOT_CAP]
            front = [t for t in live if not units()[t].artillery]
            pool = front or live
            if not pool:
                return total

            def score(t: str, sh: str = sh) -> float:
                p = max(0, hit_number(s, battle, sh, t)) / 10
                weak = steps[t] - targets[t] <= 1
                return p + (0.2 if prefer_weak and weak else 0.0)

            t = max(pool, key=score)
            p = max(0, hit_number(s, battle, sh, t)) / 10 * shot
            p = min(p, steps[t] - targets[t])
            targets[t] += p
            total += p
    return total


def naval_support_available(s: Position, target: str) -> bool:
    """15.1: the naval task force is still unused this turn and the battle is in a coastal hex
    (the Allied AI always calls it in)."""
    if not optional(s) or storm_raging(s) or s.g["ntf_turn"] == s.g["turn"]:
        return False
    return bool((s.b.coastal >> s.b.hex(target)) & 1)


def exchange(s: Position, origin: str, target: str, attackers: list[str]) -> Exchange:
    """Walk 13.1 with expected hits: barrage, defensive fire, offensive fire by the survivors."""
    side = units()[attackers[0]].side
    defenders = [d for d in s.at(target) if s.u(d)["steps"] > 0]
    battle: dict[str, object] = {"attacker": side, "defender": opponent(side), "origin": origin, "target": target,
                                 "ntf": side == ALLIED and naval_support_available(s, target)}
    steps = {u: s.u(u)["steps"] for u in attackers + defenders}
    on_def = {d: 0.0 for d in defenders}
    on_att = {a: 0.0 for a in attackers}
    arty = {a: float(steps[a]) for a in attackers if units()[a].artillery}
    dealt = _fire(s, battle, arty, on_def, steps, prefer_weak=False)
    dfire = {d: steps[d] - on_def[d] for d in defenders}
    taken = _fire(s, battle, dfire, on_att, steps, prefer_weak=True)
    ofire = {a: steps[a] - on_att[a] for a in attackers if not units()[a].artillery}
    dealt += _fire(s, battle, ofire, on_def, steps, prefer_weak=True)
    cw = sum(min(1.0, on_att[a] - (steps[a] - 1)) for a in attackers
             if units()[a].group == "commonwealth" and on_att[a] > steps[a] - 1)
    return Exchange(dealt, taken, cw, sum(steps[d] for d in defenders))
