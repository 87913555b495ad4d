"""Choosing one hex among many, atomically, with a pluggable grouping (issue 34: one hex choice).

A paradrop, a strategic move or a beach can have hundreds of legal hexes. Offering them all in one decision
would swamp the UI list, the AI's branching and the contract's bound on action lists, so above a limit the
choice takes two decisions: a *group* (``GROUP_VERB TOKEN``), then ``VERB [prefix…] HEX`` inside it, with
``back`` returning to the groups. The group in focus is kept in the step's frame (under the grouping's
``key``), so it survives saves. How the hexes are grouped is the grouping's business:

* :class:`Regions` — named regions the caller gives (``region Normandy``; D-Day 3rd, SFN: ``HexChoice``);
* :class:`MapBlocks` — square blocks of the map's offset grid, each named by the candidate nearest its
  middle (``near 1712``; Onslaught), computed from the board.

:class:`GroupedHexes` is the step base that offers such lists (``hex_list``) and handles the group verb and
``back``; ``core.steps.HexChoice`` is the complete step over named regions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, ClassVar, Generic, TypeVar

from .actions import Action, act
from .mapdata import GameMap
from .state import Step

C = TypeVar("C")


class Grouping(Generic[C]):
    """How candidates ``C`` are offered: all at once when few, else by groups. ``verb``: the action that
    focuses a group; ``key``: the frame key that holds the group in focus (None: the groups are offered)."""

    verb: ClassVar[str] = ""
    key: ClassVar[str] = ""

    def direct(self, cands: C) -> bool:
        """Whether the candidates are offered at once (no groups)."""
        raise NotImplementedError

    def labels(self, cands: C) -> list[str]:
        """Every candidate's label, in the order they are offered at once."""
        raise NotImplementedError

    def groups(self, cands: C) -> Sequence[Action]:
        """``verb TOKEN`` for each group holding candidates, in order."""
        raise NotImplementedError

    def focus(self, token: str) -> Any:
        """The frame value (JSON) for the group a ``verb TOKEN`` action names."""
        raise NotImplementedError

    def inside(self, cands: C, focus: Any) -> list[str]:
        """The labels of the candidates in the group in focus, in order."""
        raise NotImplementedError


class Regions(Grouping[Mapping[str, Sequence[str]]]):
    """Named regions the caller gives (name -> hex labels; names are action tokens, no spaces). Offered at
    once when there is one region or ``limit`` hexes or fewer in all; regions in name order, hexes in the
    order given."""

    verb = "region"
    key = "region"

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def direct(self, cands: Mapping[str, Sequence[str]]) -> bool:
        return len(cands) == 1 or sum(len(v) for v in cands.values()) <= self.limit

    def labels(self, cands: Mapping[str, Sequence[str]]) -> list[str]:
        return [h for r in sorted(cands) for h in cands[r]]

    def groups(self, cands: Mapping[str, Sequence[str]]) -> list[Action]:
        return [act("region", r) for r in sorted(cands) if cands[r]]

    def focus(self, token: str) -> Any:
        return token

    def inside(self, cands: Mapping[str, Sequence[str]], focus: Any) -> list[str]:
        return list(cands[focus])


class MapBlocks(Grouping[Sequence[int]]):
    """``size`` × ``size`` blocks of the map's offset grid (column // size, row // size); candidates are hex
    slots, offered at once (in slot order) when ``limit`` or fewer. A block is named by its candidate nearest
    the middle of the block's candidates (``near HEX``, the hex the UI shows), blocks in (column, row) order.
    One per map, size and limit (:func:`map_blocks`)."""

    verb = "near"
    key = "zoom"

    def __init__(self, m: GameMap, size: int, limit: int) -> None:
        self.m = m
        self.limit = limit
        self.block: list[tuple[int, int] | None] = [None] * m.size
        self.offset: list[tuple[int, int]] = [(0, 0)] * m.size
        for i, ax in enumerate(m.axial):
            if ax is None or m.labels[i] is None:
                continue
            c, r = m.grid.to_offset(ax)
            self.offset[i] = (c, r)
            self.block[i] = (c // size, r // size)

    def direct(self, cands: Sequence[int]) -> bool:
        return len(cands) <= self.limit

    def labels(self, cands: Sequence[int]) -> list[str]:
        label = self.m.label
        return [label(h) for h in sorted(cands)]

    def groups(self, cands: Sequence[int]) -> Sequence[Action]:
        return _block_actions(self, tuple(cands))

    def focus(self, token: str) -> Any:
        blk = self.block[self.m.index[token]]
        assert blk is not None
        return list(blk)

    def inside(self, cands: Sequence[int], focus: Any) -> list[str]:
        z = (focus[0], focus[1])
        blocks = self.block
        label = self.m.label
        return [label(h) for h in sorted(h for h in cands if blocks[h] == z)]

    def representative(self, hexes: list[int]) -> int:
        """The candidate nearest the middle of its group: the hex the UI shows for the block."""
        off = self.offset
        offs = [off[h] for h in hexes]
        cx = sum(c for c, _ in offs) / len(offs)
        cy = sum(r for _, r in offs) / len(offs)
        best = min(range(len(hexes)), key=lambda i: ((offs[i][0] - cx) ** 2 + (offs[i][1] - cy) ** 2, hexes[i]))
        return hexes[best]


@lru_cache(maxsize=512)
def _block_actions(b: MapBlocks, cands: tuple[int, ...]) -> tuple[Action, ...]:
    """``near HEX`` for each block holding candidates; a pure function of the blocks and the candidates, kept
    per process (strategic moves and replacements ask for the same lists again and again)."""
    groups: dict[tuple[int, int], list[int]] = {}
    blocks = b.block
    for h in cands:
        groups.setdefault(blocks[h], []).append(h)  # type: ignore[arg-type]
    return tuple(act("near", b.m.label(b.representative(g))) for _, g in sorted(groups.items()))


@cache
def map_blocks(m: GameMap, size: int = 6, limit: int = 60) -> MapBlocks:
    """The blocks of ``m`` (one object per map, size and limit: the block lists are cached on it)."""
    return MapBlocks(m, size, limit)


class GroupedHexes(Step[Any]):
    """A step base whose hex lists may be grouped: ``hex_list`` offers ``VERB [prefix…] HEX`` actions or the
    grouping's groups; the group verb (``region``, ``near``) puts a group in focus, ``back`` leaves it. A
    subclass gives :meth:`grouping` (the same grouping for a frame every time it is asked); a grouping with
    another verb needs a one-line handler calling :meth:`focus_group`."""

    def grouping(self, s: Any, f: dict[str, Any]) -> Grouping[Any]:
        raise NotImplementedError

    def hex_list(self, s: Any, f: dict[str, Any], cands: Any, verb: str, *prefix: str) -> list[Action]:
        """The actions that choose one of ``cands``: directly, or the groups, or the hexes of the group in
        focus plus ``back``."""
        g = self.grouping(s, f)
        if g.direct(cands):
            return [act(verb, *prefix, h) for h in g.labels(cands)]
        focus = f.get(g.key)
        if focus is None:
            return list(g.groups(cands))
        return [act(verb, *prefix, h) for h in g.inside(cands, focus)] + [act("back")]

    def focus_group(self, s: Any, f: dict[str, Any], token: str) -> None:
        g = self.grouping(s, f)
        f[g.key] = g.focus(token)

    def on_region(self, s: Any, f: dict[str, Any], token: str) -> None:
        self.focus_group(s, f, token)

    def on_near(self, s: Any, f: dict[str, Any], token: str) -> None:
        self.focus_group(s, f, token)

    def on_back(self, s: Any, f: dict[str, Any]) -> None:
        f[self.grouping(s, f).key] = None


__all__ = ["GroupedHexes", "Grouping", "MapBlocks", "Regions", "map_blocks"]
