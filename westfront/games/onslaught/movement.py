"""Normal and strategic movement (onslaught 6.1-6.5) as bitboard floods.

Every land hex costs one movement point (6.1: the allowance is a number of
hexes) and sea hexsides cannot be crossed, so a move is a breadth-first flood:
layer k holds the hexes first reached after k hexes. Enemy ZOC hexes are
entered but not left (6.2), and a division starting in enemy ZOC may not step
straight into another ZOC hex. A major waterway takes the whole allowance and
can only be the first step (6.5), except that Germans cross the Rhine like any
river and Allied divisions do so into a hex another Allied division held when
their stack was activated. Strategic movement (6.4) triples the allowance for a
division at least three MP from every enemy division and never enters a hex
within two MP of one.

Each layer is a dozen big-integer operations (``core.movement.layered_reach``),
so the whole reach of a division costs tens of microseconds; the path to the one
chosen hex is traced back through the layers only when it is needed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.bitboard import Dilator, bits
from ...core.movement import LayeredReach, layered_reach
from ...core.state import PureMemo
from .board import Board
from .data import UNITS, other
from .position import Position

Flood = LayeredReach
"""One kind of move from ``start`` (``core.movement.layered_reach``): ``layers[k]`` = hexes first reached at
cost k, ``crossing`` = hexes entered across a major waterway (the whole allowance, then stop)."""


def _flood_of(b: Board, side: str, start: int, mp: int, passable: int, stop: int, first_forbidden: int,
              bridges: int) -> Flood:
    """6.1 one MP a hex, 6.2 ZOC stops and no ZOC to ZOC, 6.5 waterways: a major one (the Scheldt for the
    Germans) only as the whole first step; Allied divisions cross the Rhine into a bridge hex like a river."""
    if side == "german":
        steps: tuple[tuple[Dilator, int], ...] = ((b.dil_german, -1),)
        across = b.scheldt_only
    else:
        steps = ((b.dil_allied, -1), (b.rhine_only, bridges)) if bridges else ((b.dil_allied, -1),)
        across = b.major_only
    return layered_reach(start, mp, steps, passable, stop=stop, first_forbidden=first_forbidden, whole=across,
                         order=b.m.nbrs)


flood = PureMemo(_flood_of)
"""One division's flood: a pure function of the board and its bitboards, shared by every position with the
same ones — after an Allied move the other Allied divisions' floods are unchanged (only enemy units and their
ZOC bound a move), and a search asks for them again at every node."""


@dataclass(frozen=True)
class Moves:
    """Where one division may go this activation, by normal or strategic movement."""

    normal: Flood | None
    strategic: Flood | None
    board: Board

    def ends(self) -> list[int]:
        return bits(self.ends_bb())

    def ends_bb(self) -> int:
        """The destinations as a bitboard."""
        bb = 0
        if self.normal:
            bb |= self.normal.reached
        if self.strategic:
            bb |= self.strategic.reached
        return bb

    def mode(self, h: int) -> str:
        if self.normal is not None and (self.normal.reached >> h) & 1:
            return "normal"
        return "strategic"

    def _flood(self, h: int) -> Flood:
        f = self.normal if self.mode(h) == "normal" else self.strategic
        if f is None:
            raise KeyError(h)
        return f

    def path(self, h: int) -> list[int]:
        return self._flood(h).path(h)

    def cost(self, h: int) -> int:
        return self._flood(h).cost_of(h)


def strategic_eligible(s: Position, uid: str) -> bool:
    """onslaught 6.4: at least three MP (ignoring units, ZOC, waterways; around sea) from every enemy division."""
    h = s.hex_of(uid)
    enemy = other(UNITS[uid].side)
    return h is not None and not (s.near_bb(enemy) >> h) & 1


def moves(s: Position, uid: str, *, oos: bool, bridges: int, normal: bool = True, strategic: bool = True) -> Moves:
    """Destinations of one division now. ``bridges``: Allied-held hexes when its stack was activated (6.5)."""
    key = ("moves", uid, oos, bridges, normal, strategic)
    got = s.memo.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    return s.cached(key, lambda: _moves(s, uid, oos, bridges, normal, strategic))  # type: ignore[no-any-return]


def _setting(s: Position, uid: str) -> tuple[str, str, int, Board, int]:
    """What every move of a division starts from: its side, the enemy side, its hex, the board and the
    hexes it may pass (land free of enemy units, 6.1)."""
    side = UNITS[uid].side
    enemy_side = other(side)
    start = s.hex_of(uid)
    assert start is not None
    b = s.board
    return side, enemy_side, start, b, b.land & ~s.side_bb(enemy_side)


def _moves(s: Position, uid: str, oos: bool, bridges: int, normal: bool, strategic: bool) -> Moves:
    side, enemy_side, start, b, passable = _setting(s, uid)
    ezoc = s.zoc_bb(enemy_side)
    mp = UNITS[uid].type.mp
    nf = sf = None
    if normal:
        ff = ezoc if (ezoc >> start) & 1 else 0
        nf = flood(b, side, start, 1 if oos else mp, passable, ezoc & ~(1 << start), ff, bridges)
    if strategic and not oos and strategic_eligible(s, uid):
        sf = flood(b, side, start, 3 * mp, passable & ~s.near_bb(enemy_side), 0, 0, bridges)
    return Moves(nf, sf, b)


def _first_step(b: Board, side: str, start: int, passable: int, first_forbidden: int, bridges: int) -> bool:
    """Would :func:`flood` from ``start`` (allowance at least 1) reach any hex? Layer 1 or a crossing."""
    step, rhine, across = b.first_steps(side, start)
    if side == "allied" and bridges:
        step |= rhine & bridges
    ok = passable & ~first_forbidden & ~(1 << start)
    return bool(step & ok) or bool(across & ok)


def can_move(s: Position, uid: str, *, oos: bool, bridges: int, normal: bool = True, strategic: bool = True) -> bool:
    """``bool(moves(...).ends())`` from the first step only: may this division move at all now?

    Every flood that takes one step has a destination, so a full flood is not needed to know."""
    got = s.memo.get(("moves", uid, oos, bridges, normal, strategic))
    if got is not None:
        return bool(got.ends())
    start = s.hex_of(uid)
    assert start is not None
    key = ("can_move", uid, start, oos, bridges, normal, strategic)
    ok = s.memo.get(key)
    if ok is None:
        ok = s.cached(key, lambda: _can_move(s, uid, oos, bridges, normal, strategic),
                      _first_step_footprint(s.board, UNITS[uid].side, start))
    return ok  # type: ignore[no-any-return]


def _first_step_footprint(b: Board, side: str, start: int) -> int:
    """What :func:`can_move` reads: the first-step hexes and the start, and what stands within two hexes of
    them (enemy units block a step, their ZOC within one forbids it, within two they forbid strategic
    movement, 6.4). A move elsewhere keeps the answer (``State.cached``)."""
    key = (id(b), side, start)
    got = _FOOTPRINTS.get(key)
    if got is None:
        step, rhine, across = b.first_steps(side, start)
        got = _FOOTPRINTS[key] = b.within(step | rhine | across | 1 << start, 2)
    return got


_FOOTPRINTS: dict[tuple[int, str, int], int] = {}  # per board, side and hex: static


def _can_move(s: Position, uid: str, oos: bool, bridges: int, normal: bool, strategic: bool) -> bool:
    if UNITS[uid].type.mp <= 0:
        return False
    side, enemy_side, start, b, passable = _setting(s, uid)
    if normal:
        ezoc = s.zoc_bb(enemy_side)
        ff = ezoc if (ezoc >> start) & 1 else 0
        if _first_step(b, side, start, passable, ff, bridges):
            return True
    if strategic and not oos and strategic_eligible(s, uid):
        return _first_step(b, side, start, passable & ~s.near_bb(enemy_side), 0, bridges)
    return False


def bridge_hexes(s: Position, side: str) -> int:
    """Hexes other Allied divisions hold when a stack is activated: the Rhine may be crossed into them (6.5)."""
    return s.side_bb("allied") if side == "allied" else 0
