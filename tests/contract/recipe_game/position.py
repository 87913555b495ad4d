"""The position layer (ARCHITECTURE.md "The shape of a game module"): ``g`` and the queries, on the kit."""

from __future__ import annotations

from functools import cache
from typing import Any, TypedDict

from westfront.core.mapdata import GameMap, load_map
from westfront.core.pieces import Pieces, Roster
from westfront.games.skirmish.rules import MAP_FILE  # reused: a toy game needs no map of its own

SIDES = ("north", "south")
START = {"north": (("n-1", "0302"), ("n-2", "0502")), "south": (("s-1", "0308"), ("s-2", "0508"))}


class Unit(TypedDict):
    id: str  # the patrol's id
    side: str  # "north" or "south"
    hex: str | None  # its hex label, None once eliminated
    box: str | None  # "lost" once eliminated


@cache
def game_map() -> GameMap:
    return load_map(MAP_FILE)


@cache
def roster() -> Roster:
    """Every patrol in table order (setup's order), its side, the map's slots."""
    m = game_map()
    side = {uid: sd for sd, units in START.items() for uid, _ in units}
    return Roster([uid for sd in SIDES for uid, _ in START[sd]], side.__getitem__, SIDES, m.index, m.size)


class Position(Pieces):
    """Patrols' position: the unit table in ``g["units"]``, the rest is the turn and the flow."""

    __slots__ = ()
    SHARE_G = True  # every in-place write to g goes through mut() (none here: the flow is the kit's)
    COPY_ON_WRITE = ("units",)

    @classmethod
    def roster(cls) -> Roster:
        return roster()

    def unit(self, uid: str) -> dict[str, Any]:
        return self.g["units"][uid]  # type: ignore[no-any-return]

    def patrols(self, side: str) -> list[str]:
        return self.pieces_on_map(side)

    def empty_land_next_to(self, uid: str) -> list[str]:
        m = game_map()
        here = self.slot_of(uid)
        return [m.labels[n] for n in m.nbrs[here]
                if m.labels[n] and m.terrain[n] != "sea" and not self.pieces_at(n)]

    def enemies_next_to(self, uid: str) -> list[str]:
        m = game_map()
        mine = self.roster().side_of(uid)
        out: list[str] = []
        for n in m.nbrs[self.slot_of(uid)]:
            out += [x for x in self.pieces_at(n) if self.roster().side_of(x) != mine]
        return out
