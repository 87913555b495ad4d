"""Retreat and advance after combat.

Retreat rules differ in length and restrictions but share a shape: walk up to
``length`` hexes from the defender's hex, each entered hex passing ``may_enter``,
and end where ``may_end`` allows — preferring full-length retreats, falling back
to shorter ones when the game allows (Onslaught 7.3: one hex and depleted).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def retreat_options(
    nbrs: Sequence[Sequence[int]],
    start: int,
    length: int,
    may_enter: Callable[[int], bool],
    may_end: Callable[[int], bool],
    distance: Callable[[int, int], int] | None = None,
) -> dict[int, list[list[int]]]:
    """Ends reachable by a retreat, grouped by how far from ``start`` they lie.

    Returns ``{k: [path, ...]}`` for k = 1..length where each path is the hexes
    entered. With ``distance`` (map distance) k is the distance of the end from
    ``start`` (Onslaught: "ends up two hexes away"); otherwise the steps taken.
    A path never revisits a hex.
    """
    out: dict[int, list[list[int]]] = {}
    best: dict[tuple[int, int], list[int]] = {}

    def walk(h: int, path: list[int]) -> None:
        if path:
            k = distance(start, h) if distance else len(path)
            if k >= 1 and may_end(h) and (k, h) not in best:
                best[(k, h)] = list(path)
        if len(path) == length:
            return
        for n in nbrs[h]:
            if n == start or n in path or not may_enter(n):
                continue
            path.append(n)
            walk(n, path)
            path.pop()

    walk(start, [])
    for (k, _h), p in sorted(best.items()):
        out.setdefault(k, []).append(p)
    return out


def advance_hexes(nbrs: Sequence[Sequence[int]], vacated: int, extra: int, may_enter: Callable[[int], bool]) -> list[int]:
    """Hexes an advancing unit may end in: the vacated hex, plus ``extra`` hexes beyond (Onslaught 7.4 armour: +1)."""
    ends = {vacated}
    frontier = {vacated}
    for _ in range(extra):
        nxt = set()
        for h in frontier:
            for n in nbrs[h]:
                if n not in ends and may_enter(n):
                    nxt.add(n)
        ends |= nxt
        frontier = nxt
    return sorted(ends)
