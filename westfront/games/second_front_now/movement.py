"""Movement (SFN 11.4, 12.1-12.5): one MP a hex, +1 across a major river, stop on entering
enemy ZOC, strategic movement at double allowance away from enemy ZOC."""

from __future__ import annotations

from ...core.movement import MoveModel, Reach, reach
from .data import tables, units
from .position import CW_BIT, GERMAN_BIT, SIDE_BITS, US_BIT, Position, opponent, stack_summary


def stacking_bbs(s: Position, movers: list[str]) -> tuple[int, int]:
    """(no_pass, no_end): 10.3 (reading, README): any number of units may pass through a friendly
    hex whatever it holds -- US and Commonwealth through each other's too -- but a move may not end
    where 10.1/10.2 would be broken. ``no_pass`` is therefore empty; enemy hexes are blocked elsewhere."""
    m = s.b.map
    no_end = 0
    start = s.u(movers[0])["hex"]
    if all(s.u(u)["hex"] == start for u in movers):
        # the usual case, a stack moving from its hex: each other friendly stack's 10.1-10.2
        # summary plus the movers' (``stack_adds``, one pass over the memoised stacks)
        gm, arty, n, _ = stack_summary(movers)
        mine = SIDE_BITS[units()[movers[0]].side]
        here = m.index[start] if start is not None else -1
        t = tables()["stacking"]
        max_arty, max_other = t["artillery"], t["non_artillery"]
        for h, (sg, sa, total, first) in s.stacks().items():
            if h == here or not first & mine:
                continue
            # ``stack_fits(sg | gm, sa + arty, total + n, False)`` unrolled: a friendly stack (one side)
            g, a = sg | gm, sa + arty
            if g == US_BIT | CW_BIT or a > max_arty or total + n - a > max_other or (
                    g & GERMAN_BIT and g & (US_BIT | CW_BIT)):
                no_end |= 1 << h
        return 0, no_end
    for lab in s.index():
        if lab == start or s.occupant(lab) != units()[movers[0]].side:
            continue
        if not s.stack_ok(lab, movers):
            no_end |= 1 << m.index[lab]
    return 0, no_end


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


def why_out_of_reach(s: Position, movers: list[str], start: str, dest: str, *, strategic: bool,
                     mp: int | None = None) -> str:
    """The actual reason ``dest`` is not a legal end for ``movers`` from ``start`` (a refusal names
    its cause and rule): the same move model, relaxed one constraint at a time."""
    b = s.b
    rule = s.rule
    if dest not in b.map.index or b.enter[b.hex(dest)] < 0:
        return f"{rule('12.1')}: {dest} is not a land hex of the map"
    if dest == start:
        return f"{rule('12.1')}: the group is already in {dest}"
    side = units()[movers[0]].side
    if s.occupant(dest) == opponent(side):
        return f"{rule('12.3')}: {dest} holds enemy units, and no unit may enter an enemy-occupied hex"
    if not s.stack_ok(dest, movers, passing=True):
        return (f"{rule('10.1')}: ending in {dest} would over-stack it (three non-artillery units and one "
                f"artillery at most)")
    if not s.stack_ok(dest, movers):
        return (f"{rule('10.2')}: US and Commonwealth units may pass through each other's hexes but not end "
                f"a move stacked together")
    o, d = b.hex(start), b.hex(dest)
    if d in b.map.nbrs[o] and b.side_extra.get((o, d)) == -1:
        return f"{rule('12.3')}: the hexside {start}|{dest} is all-sea; no unit may cross it"
    allowance = model(s, movers, strategic=strategic, mp=mp).mp
    enemy = s.side_bb(opponent(side))
    no_pass, _ = stacking_bbs(s, movers)

    def reached(limit: int | None = None, **changes: int) -> Reach:
        m = model(s, movers, strategic=strategic, mp=mp)
        m.mp = 4 * len(b.map.labels) if limit is None else limit
        for k, v in changes.items():
            setattr(m, k, v)
        return reach(b.map.nbrs, o, m)

    zoc_free = {"blocked": enemy | no_pass} if strategic else {"stop": 0}
    if d in reached(allowance, **zoc_free).cost:
        if strategic:
            return f"{rule('12.5')}: a strategic move may not enter an enemy ZOC, and every way to {dest} passes through one"
        return f"{rule('11.4')}: a move stops on entering an enemy ZOC, and every way to {dest} passes through one"
    far = reached()
    if d in far.cost:
        path = far.path(d)
        rivers = sum(1 for x, y in zip(path, path[1:], strict=False) if b.side_extra.get((x, y)) == 1)
        river = f", {rivers} of them for major rivers (12.4)" if rivers else ""
        slow = " (12.2: the slowest unit sets the allowance)" if len(movers) > 1 else ""
        entered = " (7.3: the entry hex was its first)" if mp is not None and not strategic else ""
        return (f"{rule('12.1')}: {dest} costs {far.cost[d]} MP from {start}{river}; the group has "
                f"{allowance} MP{entered}{slow}")
    return f"{rule('12.3')}: {dest} cannot be reached from {start} (enemy units and all-sea hexsides in the way)"
