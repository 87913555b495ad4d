"""The board of Race to the Rhine: the point-to-point map as a :class:`~westfront.core.p2p.Graph`
plus the static sets the rules ask for (areas, flags, capacities), built once per process."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ...core.p2p import Graph
from .data import MAP_FILE


@dataclass(frozen=True)
class Area:
    """A commander's part of the board and what his player aid lists."""

    name: str
    color: str
    corps: tuple[str, ...]
    start: tuple[str, ...]
    supply_bases: tuple[str, ...]
    victory: tuple[str, ...]
    secondary_objectives: tuple[str, ...]
    axis_priority: tuple[str, ...]
    spaces: int  # bitset of the area's spaces


@dataclass(frozen=True)
class Board:
    graph: Graph
    names: dict[str, str]
    flags: dict[str, frozenset[str]]
    attrs: dict[str, dict[str, Any]]
    areas: dict[str, Area]
    _flag_bits: dict[str, int] = field(default_factory=dict, compare=False, repr=False)  # flagged()'s answers

    def flagged(self, flag: str) -> int:
        """Bitset of the spaces with ``flag`` (the board never changes: computed once per flag)."""
        got = self._flag_bits.get(flag)
        if got is None:
            got = self._flag_bits[flag] = self.graph.bb(s for s, f in self.flags.items() if flag in f)
        return got

    def has_flag(self, sid: str, flag: str) -> bool:
        return flag in self.flags[sid]

    def medals(self, sid: str) -> int:
        return int(self.attrs[sid].get("medals", 0))

    def capacity(self, sid: str) -> int | None:
        c = self.attrs[sid].get("capacity")
        return None if c is None else int(c)

    def in_area(self, commander: str, sid: str) -> bool:
        return self.graph.has(self.areas[commander].spaces, sid)


@cache
def board() -> Board:
    doc = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    g = Graph.from_p2p(doc)
    areas = {}
    for key, a in doc["areas"].items():
        areas[key] = Area(
            a["name"], a["color"], tuple(a["corps"]), tuple(a["start"]), tuple(a["supply_bases"]),
            tuple(a["victory"]), tuple(a["secondary_objectives"]), tuple(a["axis_priority"]),
            g.bb(s["id"] for s in doc["spaces"] if key in s["areas"]),
        )
    return Board(
        graph=g,
        names={s["id"]: s["name"] for s in doc["spaces"]},
        flags={s["id"]: frozenset(s["flags"]) for s in doc["spaces"]},
        attrs={s["id"]: dict(s["attrs"]) for s in doc["spaces"]},
        areas=areas,
    )


@cache
def static_sets() -> dict[str, int]:
    """Flag sets used on every rules query."""
    b = board()
    return {f: b.flagged(f) for f in ("fortified", "victory", "axis_flag", "maquis_zone", "axis_source", "depot",
                                      "supply_base", "ffi_contact")}
