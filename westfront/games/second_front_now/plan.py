"""The operational plan the Second Front Now! AI steers by (issue 21): objectives from the victory conditions.

The German wins with 11 VP or more after turn 80 (4.6), so the Allies must take about
forty of the fifty VP (4.2) while never letting a beach fall (4.3: three VP each). The
plan is re-derived from the position whenever it changes (memoised like supply), from
facts both players see: who controls which hex, where units stand, the supply map.

Allied phases: ``lodgement`` until the beachhead earns its command points (6.1: two,
then three population centres inside the breakout line that trace to a beach, and a
supplied unit beyond the line) or turn 15 comes, then ``offensive``: one *axis* objective at a time,
the German-held VP hex worth most for the distance and the German strength in the way,
with the other German-held VP hexes as secondary objectives; from turn 77 ``grab``: the
VP count comes after turn 80 only (4.6), so every unit makes for the nearest undefended
German-held VP hex. Each objective set becomes a land distance field, so a destination's
worth is "how many hexes nearer".
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .board import board
from .data import ALLIED, GERMAN, units
from .position import Position
from .supply import regular_area

FAR = 99  # distance where no objective is reachable
LODGEMENT_UNTIL = 15  # the latest turn the plan stays in the lodgement phase
FORTRESS_COST = 4  # a fortress is as hard to take as this many hexes more of advance (14.2)
GRAB_FROM = 77  # the last four turns: take what is undefended before the 4.6 count (the Allies move last)


@dataclass(frozen=True)
class Plan:
    """One side's objectives this moment: the axis objective and distance fields."""

    side: str
    phase: str  # "lodgement", "offensive" or "grab" (the last turns before the 4.6 count)
    objectives: tuple[int, ...]  # hexes to take (Allies) or keep/retake (Germans), most urgent first
    axis: int | None  # the one objective the Allied effort converges on
    to_axis: tuple[int, ...]  # per hex: land distance to the axis objective
    to_any: tuple[int, ...]  # per hex: land distance to the nearest objective
    supplied: int  # bitboard: hexes with a regular supply path for this side (9.3)
    across: bool = False  # 6.1: a supplied Allied combat unit already stands beyond the breakout line


def field(targets: list[int]) -> tuple[int, ...]:
    """Breadth-first land distance from every hex to the nearest target (FAR if none)."""
    b = board()
    m = b.map
    dist = [FAR] * len(m.labels)
    q: deque[int] = deque()
    for t in targets:
        if dist[t] != 0:
            dist[t] = 0
            q.append(t)
    while q:
        i = q.popleft()
        d = dist[i] + 1
        for j in m.nbrs[i]:
            if dist[j] > d and (b.land >> j) & 1:
                dist[j] = d
                q.append(j)
    return tuple(dist)


def german_held(s: Position, hexes: list[int]) -> list[int]:
    ctl = s.g["control"]
    return [i for i in hexes if ctl.get(s.b.label(i), GERMAN) == GERMAN]


def centres_held(s: Position) -> int:
    """6.1: centres inside the breakout line the Allies hold with a supply path to a beach."""
    b = s.b
    area = regular_area(s, ALLIED)
    return sum(1 for i in b.centres_inside
               if s.g["control"].get(b.label(i), GERMAN) == ALLIED and (area >> i) & 1)


def beyond_the_line(s: Position) -> bool:
    """6.1: a supplied Allied combat unit beyond the breakout line (+1 CP)."""
    b = s.b
    return any(units()[u].combat and s.u(u)["supply"] != "none"
               and not (b.within_breakout >> b.hex(s.u(u)["hex"])) & 1  # type: ignore[arg-type]
               for u in s.on_map(ALLIED))


def german_strength_near(s: Position, i: int, radius: int = 2) -> int:
    """German steps within ``radius`` hexes of ``i``: the resistance on the way to an objective."""
    m = s.b.map
    total = 0
    for u in s.on_map(GERMAN):
        if units()[u].combat and m.distance(m.index[s.u(u)["hex"]], i) <= radius:  # type: ignore[index]
            total += s.u(u)["steps"]
    return total


def allied_plan(s: Position) -> Plan:
    b = s.b
    supplied = regular_area(s, ALLIED)
    # past LODGEMENT_UNTIL a beachhead that has not earned its CP goes on the offensive anyway:
    # a centre the German holds in strength is not worth the whole autumn
    lodgement = s.g["turn"] < LODGEMENT_UNTIL and (centres_held(s) < 3 or not beyond_the_line(s))
    vp_targets = german_held(s, sorted(b.vp))
    targets = list(vp_targets)
    if lodgement:
        targets += [i for i in german_held(s, list(b.centres_inside)) if i not in targets]
    front = [b.hex(s.u(u)["hex"]) for u in s.on_map(ALLIED) if units()[u].combat]  # type: ignore[arg-type]
    from_front = field(front) if front else field(list(s.active_beaches()))

    def worth(i: int) -> float:
        value = b.vp.get(i, 0) + (3 if lodgement and i in b.centres_inside else 0)
        cost = from_front[i] + german_strength_near(s, i) / 3
        if (b.fortress >> i) & 1:
            cost += FORTRESS_COST  # 14.2: -2/-3 to every attacker's shot, and its garrison never retreats
        return value / (2 + cost) ** 1.5  # a far objective is worth less than its face: the German reinforces

    ranked = sorted(targets, key=lambda i: (-worth(i), i))
    # while the beachhead is too small for its CP (6.1) the axis is a centre inside the line
    inside = [i for i in ranked if i in b.centres_inside] if lodgement else []
    first = inside or ranked
    axis = first[0] if first else None
    if s.g["turn"] >= GRAB_FROM and not lodgement:
        # 4.6 counts control after turn 80 only: in the last days every undefended VP hex within
        # reach is worth a dash, held or not afterwards; each unit makes for the nearest one
        open_ = [i for i in ranked if german_strength_near(s, i, 1) == 0]
        if open_:
            return Plan(ALLIED, "grab", tuple(ranked), open_[0], field(open_), field(ranked), supplied, True)
    return Plan(ALLIED, "lodgement" if lodgement else "offensive", tuple(ranked), axis,
                field([axis]) if axis is not None else tuple([FAR] * len(b.map.labels)),
                field(ranked), supplied, beyond_the_line(s))


def plan(s: Position, side: str) -> Plan:
    """The side's plan for this position, memoised until the position changes."""
    if side != ALLIED:
        raise ValueError("the German heuristic steers by hex values alone (ai.hex_value)")
    return s.cached(("plan", side), lambda: allied_plan(s))  # type: ignore[no-any-return]


def plan_summary(s: Position, side: str) -> dict[str, object]:
    """The plan in words for the sidebar and replays (issue 21: the AI explains itself)."""
    p = plan(s, side)
    b = s.b
    names = {b.map.index[pl.hex]: pl.name for pl in b.map.places.values() if "vp" in pl.attrs}
    return {"side": side, "phase": p.phase,
            "axis": names.get(p.axis, b.label(p.axis)) if p.axis is not None else None,
            "objectives": [names.get(i, b.label(i)) for i in p.objectives[:6]]}
