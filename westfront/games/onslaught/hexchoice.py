"""Choosing one hex among hundreds, atomically.

A strategic move, a paradrop or a German replacement can have a thousand legal
hexes. Offering them all in one decision would swamp the UI list, the AI's
branching and the contract's bound on action lists, so above
:data:`ZOOM_LIMIT` candidates the choice takes two steps: ``near HEX`` picks a
6x6 block of the map (named by a candidate hex inside it), then ``VERB HEX``
picks the hex (``back`` returns to the blocks). The block in focus is kept in
the step's frame, so it survives saves.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.actions import Action, act
from ...core.state import Step
from .board import Board
from .position import Position

ZOOM_LIMIT = 60
BLOCK = 6


def block_of(s: Position, h: int) -> tuple[int, int]:
    blk = s.board.block[h]
    assert blk is not None
    return blk


def _representative(b: Board, hexes: list[int]) -> int:
    """The candidate nearest the middle of its group: the hex the UI shows for the block."""
    off = b.offset
    offs = [off[h] for h in hexes]
    cx = sum(c for c, _ in offs) / len(offs)
    cy = sum(r for _, r in offs) / len(offs)
    best = min(range(len(hexes)), key=lambda i: ((offs[i][0] - cx) ** 2 + (offs[i][1] - cy) ** 2, hexes[i]))
    return hexes[best]


@lru_cache(maxsize=512)
def _block_actions(b: Board, cands: tuple[int, ...]) -> tuple[Action, ...]:
    """``near HEX`` for each block holding candidates; a pure function of the board and the candidates,
    kept per process (strategic moves and replacements ask for the same lists again and again)."""
    groups: dict[tuple[int, int], list[int]] = {}
    blocks = b.block
    for h in cands:
        groups.setdefault(blocks[h], []).append(h)  # type: ignore[arg-type]
    return tuple(act("near", b.m.label(_representative(b, g))) for _, g in sorted(groups.items()))


def _blocks(s: Position, cands: tuple[int, ...]) -> tuple[Action, ...]:
    return _block_actions(s.board, cands)


def hex_actions(s: Position, f: dict[str, Any], cands: list[int], verb: str, *prefix: str) -> list[Action]:
    """``verb [prefix…] HEX`` actions, or ``near HEX`` block choices when there are too many."""
    m = s.map
    if len(cands) <= ZOOM_LIMIT:
        return [act(verb, *prefix, m.label(h)) for h in sorted(cands)]
    zoom = f.get("zoom")
    if zoom is None:
        return list(_blocks(s, tuple(cands)))
    z = (zoom[0], zoom[1])
    blocks = s.board.block
    inside = [h for h in cands if blocks[h] == z]
    return [act(verb, *prefix, m.label(h)) for h in sorted(inside)] + [act("back")]


class ZoomedHexChoice(Step[Position]):
    """A step whose hex lists may be zoomed: ``near HEX`` focuses a block, ``back`` leaves it.

    (The kit's ``HexChoice`` groups by named regions; Onslaught's recorded games use
    these map blocks, so the game keeps them.)"""

    def on_near(self, s: Position, f: dict[str, Any], label: str) -> None:
        f["zoom"] = list(block_of(s, s.map.index[label]))

    def on_back(self, s: Position, f: dict[str, Any]) -> None:
        f["zoom"] = None
