"""The Axis reaction: counter-attacks and placing the Axis marker (rttr Place Axis marker, rttr Counter-attack).

The priority walk and the placement criteria follow the brief's reading of the
text's examples (§6.2): skip controlled, FFI and Axis-held spaces; when the
aid's list is used up, a legal space is empty, not a Maquis Zone nor a flagged
Victory space, and next to an Axis flag or a chain of Axis markers reaching
one; the nearest to the commander's placement Victory space wins, then the
nearest to an Allied Corps, then a Fortified one; a tie left over is decided
by the player to the right.
"""

from __future__ import annotations

from functools import cache

from ...core.p2p import UNREACHABLE, Graph
from ...core.state import PureMemo
from .board import board, static_sets
from .position import Position


def counter_attackable(s: Position, sid: str) -> bool:
    """rttr Counter-attack: an Allied Control marker with no Allied Corps in or next to the space, no FFI
    marker, next to an uncontrolled space that chains through uncontrolled spaces to an Axis source.
    Starting spaces are never counter-attacked (reconstructed: the win chain starts there)."""
    g = s.graph
    if s.controller(sid) is None or s.gg["ffi"].get(sid, 0):
        return False
    if any(sid in s.board.areas[c].start for c in s.seats):
        return False
    corps = s.corps_bits()
    i = g.index[sid]
    if (corps >> i) & 1 or g.nbr_bits[i] & corps:
        return False
    return bool(g.nbr_bits[i] & axis_reach(s))


def axis_reach(s: Position) -> int:
    """The uncontrolled spaces chained through uncontrolled spaces to an Axis source (rttr
    Counter-attack), memoised per position: every Control marker asks the same flood."""
    got = s.memo.get("axis_reach")
    if got is not None:
        return got  # type: ignore[no-any-return]

    def compute() -> int:
        uncontrolled = s.on_board() & ~s.sets()["control"]
        return _flood(s.axis_sources() & uncontrolled, uncontrolled)

    return s.cached("axis_reach", compute)  # type: ignore[no-any-return]


def _flood_of(sources: int, passable: int) -> int:
    return board().graph.flood(sources, passable)  # type: ignore[no-any-return]


_flood = PureMemo(_flood_of)  # the counter-attack reach of a set of Control markers, shared by positions


def placeable(s: Position, sid: str) -> bool:
    """A space an Axis marker may go to at all: no Allied Control, FFI or Axis marker, not a Maquis Zone
    (rttr French Forces of the Interior (FFI) & Maquis Zones)."""
    if s.controller(sid) is not None or s.gg["ffi"].get(sid, 0) or sid in s.gg["axis"]:
        return False
    return not s.board.has_flag(sid, "maquis_zone")


def priority_target(s: Position, commander: str) -> tuple[str, str] | None:
    """Walk the commander's aid: ``("place", space)`` or ``("counter", space)`` or None when used up."""
    for sid in s.board.areas[commander].axis_priority:
        if placeable(s, sid) and not s.board.has_flag(sid, "axis_flag"):
            return ("place", sid)
        if s.tables.counter_attack_in_priority_walk and counter_attackable(s, sid):
            return ("counter", sid)
    return None


def candidates(s: Position) -> list[str]:
    """Spaces the placement criteria allow once the priority list is used up (rttr Place Axis marker examples)."""
    g = s.graph
    sets = s.sets()
    st = static_sets()
    flags = st["axis_flag"] & ~sets["control"] & s.on_board()
    # placeable() as a set: no Control, FFI or Axis marker, no Maquis Zone; and no printed Axis flag
    free = ~(sets["control"] | sets["ffi"] | sets["axis_markers"] | st["maquis_zone"] | st["axis_flag"])
    return g.names(s.on_board() & chained_to(g, sets["axis_markers"], flags) & free)  # type: ignore[no-any-return]


def chained_to(g: Graph, through: int, targets: int) -> int:
    """Every space ``start`` for which ``g.chained(start, through, targets)`` holds, in one pass: a
    target, a neighbour of one, or a space of (or next to) a chain of ``through`` spaces one of
    whose spaces is a target or next to one — instead of one flood per space."""
    near = targets | g.step(targets)
    good = g.flood(through & near, through)  # the chains of ``through`` that reach a target
    return near | good | g.step(good)


def best_candidates(s: Position, commander: str) -> list[str]:
    """The candidates that tie on every criterion (more than one: the player to the right decides)."""
    cands = candidates(s)
    if len(cands) < 2:
        return cands
    g = s.graph
    big = 10 ** 6
    # the key (to the target, to a Corps, not Fortified) compared one criterion at a time: the later ones
    # only among the ties of the earlier (the same answer as the whole tuple's minimum)
    to_target = _to_target(commander)
    idx = [g.index[c] for c in cands]
    dts = [to_target[i] if to_target[i] != UNREACHABLE else big for i in idx]
    low = min(dts)
    tied = [k for k, d in enumerate(dts) if d == low]
    if len(tied) > 1:
        corps = s.corps_bits()
        to_corps = g.distances(corps) if corps else [UNREACHABLE] * len(g)
        dcs = {k: to_corps[idx[k]] if to_corps[idx[k]] != UNREACHABLE else big for k in tied}
        low = min(dcs.values())
        tied = [k for k in tied if dcs[k] == low]
    if len(tied) > 1:
        fortified = static_sets()["fortified"]
        forts = {k: 0 if (fortified >> idx[k]) & 1 else 1 for k in tied}
        low = min(forts.values())
        tied = [k for k in tied if forts[k] == low]
    return [cands[k] for k in tied]


@cache
def _to_target(commander: str) -> list[int]:
    """Links from the commander's placement Victory space (the first of his aid's list) to every space: the
    board's, so once per process."""
    g = board().graph
    return g.distances(g.bb([board().areas[commander].victory[0]]))  # type: ignore[no-any-return]


def rival_targets(s: Position, commander: str) -> list[str]:
    """rttr 12 (reconstructed): other commanders' Control markers open to counter-attack (rttr Counter-attack)."""
    return sorted(x for x, who in s.gg["control"].items() if who != commander and counter_attackable(s, x))
