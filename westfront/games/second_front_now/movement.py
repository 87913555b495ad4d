"""Movement (SFN 11.4, 12.1-12.5): one MP a hex, +1 across a major river, stop on entering
enemy ZOC, strategic movement at double allowance away from enemy ZOC."""

from __future__ import annotations

from ...core.movement import MoveModel, Reach, reach
from .data import units
from .position import Position, opponent


def stacking_bbs(s: Position, movers: list[str]) -> tuple[int, int]:
    """(no_pass, no_end): friendly hexes ``movers`` may not even pass through because the 10.1 limits
    would be broken there for a moment (10.3: "in effect at all times"), and hexes they may pass
    through but not end in (10.2-10.3: US and Commonwealth pass through each other's hexes).
    Enemy-occupied hexes are blocked elsewhere."""
    m = s.b.map
    no_pass = no_end = 0
    start = s.u(movers[0])["hex"]
    for lab in s.index():
        if lab == start or s.occupant(lab) != units()[movers[0]].side:
            continue
        if not s.stack_ok(lab, movers, passing=True):
            no_pass |= 1 << m.index[lab]
        elif not s.stack_ok(lab, movers):
            no_end |= 1 << m.index[lab]
    return no_pass, no_end


def model(s: Position, movers: list[str], *, strategic: bool, mp: int | None = None) -> MoveModel:
    """The move model of a group moving together (12.2: the slowest sets the allowance).

    ``mp`` given means the move is already under way (a unit that entered from a box has spent its
    entry hex, 7.3), so 12.4's one-hex guarantee -- only "at the very start of their move" -- is gone."""
    start_of_move = mp is None
    side = units()[movers[0]].side
    enemy = opponent(side)
    ezoc = s.zoc_bb(enemy)
    b = s.b
    if mp is None:
        mp = min(s.mf(u) for u in movers)
        if strategic:
            mp *= 2
    no_pass, no_end = stacking_bbs(s, movers)
    mdl = MoveModel(mp=mp, enter=b.enter, side_extra=b.side_extra, blocked=s.side_bb(enemy) | no_pass,
                    no_end=no_end, min_one_hex=start_of_move and not strategic)
    if strategic:
        mdl.blocked |= ezoc  # 12.5 / 11.4: never enter an EZOC
    else:
        mdl.stop = ezoc  # 11.4: stop on entering an EZOC; leaving one is free
    return mdl


def reach_from(s: Position, movers: list[str], start: str, *, strategic: bool, mp: int | None = None) -> Reach:
    key = ("reach", tuple(movers), start, strategic, mp)
    return s.cached(key, lambda: reach(s.b.map.nbrs, s.b.hex(start),  # type: ignore[no-any-return]
                                       model(s, movers, strategic=strategic, mp=mp)))


def may_move_strategically(s: Position, movers: list[str], start: str) -> bool:
    """12.5: regular overland supply, not starting in EZOC, not on the turn of landing, not OOS."""
    side = units()[movers[0]].side
    if (s.zoc_bb(opponent(side)) >> s.b.hex(start)) & 1:
        return False
    for u in movers:
        us = s.u(u)
        if us["supply"] not in ("regular", "box") or us["landed"] == s.g["turn"]:
            return False
    return True
