"""Choosing one hex among hundreds, atomically: the core's grouped hex list over 6x6 map blocks.

A strategic move, a paradrop or a German replacement can have a thousand legal hexes, so above
:data:`ZOOM_LIMIT` candidates the choice takes two steps: ``near HEX`` picks a 6x6 block of the map (named by a
candidate hex inside it), then ``VERB HEX`` picks the hex (``back`` returns to the blocks). The block in focus
is kept in the step's frame (``zoom``), so it survives saves. The grouping is ``core.hexchoice.MapBlocks``
(the board's ``blocks``); the steps offer their lists with ``hex_list``.
"""

from __future__ import annotations

from typing import Any

from ...core.hexchoice import GroupedHexes, MapBlocks
from .board import BLOCK, ZOOM_LIMIT
from .position import Position

__all__ = ["BLOCK", "ZOOM_LIMIT", "ZoomedHexChoice", "block_of"]


def block_of(s: Position, h: int) -> tuple[int, int]:
    blk = s.board.block[h]
    assert blk is not None
    return blk


class ZoomedHexChoice(GroupedHexes):
    """A step whose hex lists may be zoomed onto the board's map blocks: ``near HEX`` focuses a block,
    ``back`` leaves it."""

    def grouping(self, s: Position, f: dict[str, Any]) -> MapBlocks:
        return s.board.blocks
