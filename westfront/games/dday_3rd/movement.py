"""Movement on the continent (§9.1): where a unit can end its move, normally or strategically.

Every hex costs 1 MF to enter (§9.1.1), so the reach is found ring by ring on bitboards (``core.movement.layered_reach``);
the path to the chosen hex is recovered only when asked, and is the one a Dijkstra expanding the lowest hex first would
find. A hex may be reached by one ring and gone on from only at a later one: crossing a river-interdicted hexside
ends a German unit's move in the hex it enters (§9.1.1, §11.3), a property of the hexside crossed, not of the hex.
"""

from __future__ import annotations

from ...core.bitboard import bits
from ...core.movement import LayeredReach, layered_reach
from .data import AIRBORNE, ARMOURED, ARMOURED_INFANTRY
from .position import Position, other

STRATEGIC_GERMAN_TYPES = (ARMOURED, ARMOURED_INFANTRY, AIRBORNE)


def may_move(s: Position, uid: str) -> bool:
    """A unit on the continent that has not moved, was not dropped or pinned this week (§8, §9.2.1, §9.3)."""
    u = s.unit(uid)
    if not u["hex"] or u["moved"] or u["dropped"] or u["pinned"] or u["invader"]:
        return False
    return bool((s.board.land >> s.board.m.index[u["hex"]]) & 1)


def movable(s: Position, side: str) -> list[str]:
    """The side's units that :func:`may_move` (one loop for the movement phase's list)."""
    state = s.g["units"]
    out = []
    for uid in s.on_continent(side):
        u = state[uid]
        if not (u["moved"] or u["dropped"] or u["pinned"] or u["invader"]):
            out.append(uid)
    return out


def may_move_strategically(s: Position, uid: str) -> bool:
    """§9.1.5: supplied, not starting in enemy ZOC; German armour, armoured infantry or airborne not interdicted."""
    u = s.unit(uid)
    d = s.defn(uid)
    if u["flipped"] or s.in_zoc(u["hex"], other(d.side)):  # type: ignore[arg-type]
        return False
    if d.side == "german":
        return d.type in STRATEGIC_GERMAN_TYPES and uid not in s.g["interdicted"]
    return True


def engaged_zoc(s: Position, uid: str) -> int:
    """§9.1.4: the ZOC of the enemy units whose ZOC holds the mover now (it may not step from one to another)."""
    u = s.unit(uid)
    lab = u["hex"]
    assert lab is not None
    b = s.board
    m = b.m
    start = m.index[lab]
    enemy = other(s.side_of(uid))
    out = 0
    for h in bits(s.occupied(enemy) & b.zoc_sources[start]):
        z = s.zoc_of_hex(m.label(h))
        if (z >> start) & 1:
            out |= z
    return out


def reach_of(s: Position, uid: str, strategic: bool = False) -> LayeredReach:
    key = ("reach", uid, strategic)
    return s.cached(key, lambda: _reach(s, uid, strategic))  # type: ignore[no-any-return]


def _reach(s: Position, uid: str, strategic: bool) -> LayeredReach:
    b = s.board
    m = b.m
    side = s.side_of(uid)
    enemy = other(side)
    start = m.index[s.unit(uid)["hex"]]  # type: ignore[index]
    mp = s.mf(uid) * (2 if strategic else 1)
    ezoc = s.zoc(enemy)
    open_ = b.enterable & ~s.occupied(enemy)
    if strategic:
        open_ &= ~ezoc  # §9.1.5: never into enemy ZOC
    side_stop: set[tuple[int, int]] = set()
    if side == "german":
        for lab in s.g["river_interdicted"]:
            side_stop.update(b.river_sides_of(m.index[lab]))  # §11.3: entered across it, the move ends there
    r = layered_reach(start, mp, ((b.move_dilator, -1),), open_,
                      stop=b.mountain | ezoc,  # §9.1.1, §9.1.4: the move ends on entering a mountain or enemy ZOC
                      first_forbidden=engaged_zoc(s, uid) if mp > 0 else 0,  # §9.1.4: not from one ZOC to another
                      side_stop=side_stop, into=b.move_into)
    own = s.occupied(side)  # an empty hex always takes the unit (§3); enemy hexes were never entered
    stay = r.ends_bb & ~b.dyke
    ok = stay & ~own
    for h in bits(stay & own):
        if s.can_join(uid, m.label(h)):
            ok |= 1 << h
    r.ends_bb = ok
    return r


def destinations(s: Position, uid: str, strategic: bool = False) -> list[str]:
    """Labels the unit may end on; a strategic move lists only hexes a normal move cannot reach."""
    m = s.board.m
    r = reach_of(s, uid, strategic)
    if not strategic:
        return m.labels_of(r.ends_bb)
    return m.labels_of(r.ends_bb & ~reach_of(s, uid, False).ends_bb)


def strategic_adds(s: Position, uid: str) -> bool:
    """Whether a strategic move (§9.1.5) reaches a hex a normal move does not."""
    return bool(reach_of(s, uid, True).ends_bb & ~reach_of(s, uid, False).ends_bb)


def move_refusal(s: Position, uid: str, label: str) -> str:
    """Why ``uid`` may not end its move on ``label``, citing the rule: the actual cause, not a list of them."""
    b = s.board
    m = b.m
    name = s.defn(uid).label
    if label not in m.index:
        return f"{s.rule('9.1')}: {label} is not a hex of the map"
    i = m.index[label]
    here = s.unit(uid)["hex"]
    if label == here:
        return f"{s.rule('9.1')}: {name} is already on {label} (`stay` keeps it there)"
    if (b.sea >> i) & 1 or (b.impassable >> i) & 1 or (b.neutral >> i) & 1:
        return f"{s.rule('9.1.1')}: units never enter sea, impassable mountain or neutral hexes ({label})"
    if s.side_at(label) == other(s.side_of(uid)):
        return f"{s.rule('9.1.4')}: {label} is occupied by enemy units"
    if (b.dyke >> i) & 1:
        return f"{s.rule('9.1.2')}: a unit may not end its move on the dyke ({label})"
    strategic = may_move_strategically(s, uid)
    for r in (reach_of(s, uid, False), *((reach_of(s, uid, True),) if strategic else ())):
        if i in r.cost and not (r.ends_bb >> i) & 1:
            return (f"{s.rule('3')}: {label} already holds {len(s.at(label))} units; {name} would break the "
                    "stacking limit there (§9.1.3)")
    mf = s.mf(uid)
    allowance = mf * (2 if strategic else 1)
    why = f"MF {mf}" + (" (out of supply, §6.3)" if s.unit(uid)["flipped"] else "") + \
        (f", {allowance} by strategic movement (§9.1.5)" if strategic else "")
    return f"{s.rule('9.1')}: {_beyond_cause(s, uid, i, allowance)} ({name}: {why})"


def _beyond_cause(s: Position, uid: str, target: int, allowance: int) -> str:
    """What keeps ``target`` out of reach, found by growing the reach again with the stops added one at a time: the
    distance, mountains (§9.1.1), enemy ZOC (§9.1.4, and never entered strategically, §9.1.5), the engaged unit's
    ZOC-to-ZOC ban (§9.1.4), or an interdicted river (§11.3)."""
    b = s.board
    m = b.m
    label = m.label(target)
    enemy = other(s.side_of(uid))
    start = m.index[s.unit(uid)["hex"]]  # type: ignore[index]
    open_ = b.enterable & ~s.occupied(enemy)
    steps = ((b.move_dilator, -1),)
    free = layered_reach(start, len(m.labels), steps, open_, into=b.move_into)
    if target not in free.cost:
        return f"{label} cannot be reached by land: enemy units, sea, neutral or impassable hexes are in the way"
    d = int(free.cost[target])
    if d > allowance:
        return f"{label} is {d} hexes away by land, more than {allowance}"
    if target not in layered_reach(start, allowance, steps, open_, stop=b.mountain, into=b.move_into).cost:
        return f"{label} is {d} hexes away, but every way there enters a mountain hex first, which ends the move (§9.1.1)"
    ezoc = s.zoc(enemy)
    strategic = allowance > s.mf(uid)
    zoc_open = open_ & ~ezoc if strategic else open_
    if target not in layered_reach(start, allowance, steps, zoc_open, stop=b.mountain | ezoc, into=b.move_into).cost:
        if strategic:
            return (f"{label} is {d} hexes away, but every way there enters enemy ZOC, which ends a move (§9.1.4) and "
                    "which strategic movement may not enter (§9.1.5)")
        return f"{label} is {d} hexes away, but every way there enters enemy ZOC first, which ends the move (§9.1.4)"
    if target not in layered_reach(start, allowance, steps, zoc_open, stop=b.mountain | ezoc,
                                   first_forbidden=engaged_zoc(s, uid), into=b.move_into).cost:
        return (f"{label} is {d} hexes away, but the only ways there step from the enemy ZOC the unit is in into the "
                "same enemy unit's ZOC (§9.1.4)")
    return f"{label} is {d} hexes away, but every way there crosses an interdicted river, which ends the move (§11.3)"
