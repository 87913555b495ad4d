"""Normal and strategic movement (onslaught 6.1-6.5) on the core reach kit.

Every land hex costs one movement point (6.1: the allowance is a number of hexes);
sea hexsides cannot be crossed. Enemy ZOC stops a mover and a division that
starts in enemy ZOC may not step straight into another ZOC hex (6.2). A major
waterway takes the whole allowance and can only be the first step (6.5), except
that Germans cross the Rhine like any river and Allied divisions do so into a
hex another Allied division already held when their stack was activated.
Strategic movement (6.4) triples the allowance for a division that starts at
least three MP from every enemy division and never comes within two MP of one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.movement import MoveModel, Reach, reach
from .units import UNITS

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True)
class Moves:
    """Where one division may go this activation: hex -> (cost, mode), with the paths."""

    normal: Reach | None
    strategic: Reach | None

    def ends(self) -> list[int]:
        out = set(self.normal.ends if self.normal else ())
        if self.strategic:
            out.update(self.strategic.ends)
        return sorted(out)

    def mode(self, h: int) -> str:
        if self.normal is not None and h in self.normal.cost and h != self.normal.start:
            return "normal"
        return "strategic"

    def path(self, h: int) -> list[int]:
        r = self.normal if self.mode(h) == "normal" else self.strategic
        assert r is not None
        return r.path(h)

    def cost(self, h: int) -> int:
        r = self.normal if self.mode(h) == "normal" else self.strategic
        assert r is not None
        return r.cost[h]


def strategic_eligible(s: GameState, uid: str) -> bool:
    """onslaught 6.4: at least three MP (ignoring units, ZOC, waterways; around sea) from every enemy division."""
    h = s.hex_of(uid)
    enemy = "german" if UNITS[uid].side == "allied" else "allied"
    return h is not None and not (s.near_bb(enemy) >> h) & 1


def waterway_sides(s: GameState, side: str, bridges: int) -> frozenset[tuple[int, int]]:
    """Hexsides whose crossing takes the whole allowance for ``side`` (6.5)."""
    b = s.board
    if side == "german":
        return b.scheldt_sides
    if not bridges:
        return b.major_sides
    return b.scheldt_sides | frozenset(k for k in b.rhine_sides if not (bridges >> k[1]) & 1)


def moves(s: GameState, uid: str, *, oos: bool, bridges: int, normal: bool = True, strategic: bool = True) -> Moves:
    """Destinations of one division now. ``bridges``: Allied-held hexes when its stack was activated (6.5)."""
    key = ("moves", uid, oos, bridges, normal, strategic)
    got = s._memo.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    info = UNITS[uid]
    side = info.side
    enemy_side = "german" if side == "allied" else "allied"
    start = s.hex_of(uid)
    assert start is not None
    b = s.board
    enemy = s.side_bb(enemy_side)
    ezoc = s.zoc_bb(enemy_side)
    side_all = waterway_sides(s, side, bridges)
    mp = info.type.mp
    nr = sr = None
    if normal:
        model = MoveModel(mp=1 if oos else mp, enter=b.enter, side_extra=b.sea_extra, side_all=side_all,
                          blocked=enemy, stop=ezoc, first_step_forbidden=ezoc if (ezoc >> start) & 1 else 0)
        nr = reach(b.m.nbrs, start, model)
    if strategic and not oos and strategic_eligible(s, uid):
        near = s.near_bb(enemy_side)
        model = MoveModel(mp=3 * mp, enter=b.enter, side_extra=b.sea_extra, side_all=side_all,
                          blocked=enemy | near, stop=ezoc)
        sr = reach(b.m.nbrs, start, model)
    out = Moves(nr, sr)
    s._memo[key] = out
    return out


def bridge_hexes(s: GameState, side: str) -> int:
    """Hexes other Allied divisions hold when a stack is activated: the Rhine may be crossed into them (6.5)."""
    return s.side_bb("allied") if side == "allied" else 0
