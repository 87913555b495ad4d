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

from typing import TYPE_CHECKING, Any

from ...core.actions import Action, act

if TYPE_CHECKING:
    from .state import GameState

ZOOM_LIMIT = 60
BLOCK = 6


def block_of(s: GameState, h: int) -> tuple[int, int]:
    blk = s.board.block[h]
    assert blk is not None
    return blk


def _representative(s: GameState, hexes: list[int]) -> int:
    """The candidate nearest the middle of its group: the hex the UI shows for the block."""
    off = s.board.offset
    offs = [off[h] for h in hexes]
    cx = sum(c for c, _ in offs) / len(offs)
    cy = sum(r for _, r in offs) / len(offs)
    best = min(range(len(hexes)), key=lambda i: ((offs[i][0] - cx) ** 2 + (offs[i][1] - cy) ** 2, hexes[i]))
    return hexes[best]


def hex_actions(s: GameState, f: dict[str, Any], cands: list[int], verb: str, *prefix: str) -> list[Action]:
    """``verb [prefix…] HEX`` actions, or ``near HEX`` block choices when there are too many."""
    m = s.map
    if len(cands) <= ZOOM_LIMIT:
        return [act(verb, *prefix, m.label(h)) for h in sorted(cands)]
    zoom = f.get("zoom")
    if zoom is None:
        groups: dict[tuple[int, int], list[int]] = {}
        blocks = s.board.block
        for h in cands:
            groups.setdefault(blocks[h], []).append(h)  # type: ignore[arg-type]
        return [act("near", m.label(_representative(s, g))) for _, g in sorted(groups.items())]
    z = (zoom[0], zoom[1])
    blocks = s.board.block
    inside = [h for h in cands if blocks[h] == z]
    return [act(verb, *prefix, m.label(h)) for h in sorted(inside)] + [act("back")]


def handle_zoom(s: GameState, f: dict[str, Any], a: Action) -> bool:
    """Apply ``near``/``back``; True when the action was one of them."""
    if a.verb == "near":
        f["zoom"] = list(block_of(s, s.map.index[a.args[0]]))
        return True
    if a.verb == "back":
        f["zoom"] = None
        return True
    return False
