"""Order a set of hexsides into continuous chains over hex corners.

A river on the grid is a chain of hexsides, each sharing a corner with the
next. The builder routes each river so; a hexside override that moves a river
(the Scheldt round O21 in D-Day 3rd, the Loire west of 1828 in Second Front
Now) changes the set of sides, and this module puts the new set back in order so
``extra.rivers`` stays a drawable line that agrees with ``hexsides``.
"""

from __future__ import annotations

import math

import numpy as np

from .cells import Cells

Side = tuple[int, int]  # (lower hex index, higher hex index)
Vertex = tuple[float, float]


def side_corners(cells: Cells, k: Side) -> tuple[Vertex, Vertex]:
    """The two hex corners a hexside runs between (grid units, rounded to join)."""
    a, b = cells.centers[k[0]], cells.centers[k[1]]
    mid = (a + b) / 2.0
    d = b - a
    n = float(np.hypot(d[0], d[1]))
    perp = np.array([-d[1], d[0]]) / n * 0.5  # circumradius 1: a side is 1 long
    p, q = mid + perp, mid - perp
    return (round(float(p[0]), 4), round(float(p[1]), 4)), (round(float(q[0]), 4), round(float(q[1]), 4))


def chain_start(cells: Cells, chain: list[Side]) -> Vertex:
    """The free end of a chain's first side (the corner it does not share with the second)."""
    first = side_corners(cells, chain[0])
    if len(chain) == 1:
        return first[0]
    second = set(side_corners(cells, chain[1]))
    return first[1] if first[0] in second else first[0]


def order_chains(cells: Cells, sides: set[Side], starts: list[Vertex]) -> list[list[Side]]:
    """Split ``sides`` into corner-to-corner chains, each starting at the free
    end nearest the next point of ``starts`` (then at the first free end left).
    Deterministic: ties break on the corner's coordinates and the side's indices."""
    ends: dict[Side, tuple[Vertex, Vertex]] = {k: side_corners(cells, k) for k in sides}
    at: dict[Vertex, list[Side]] = {}
    for k in sorted(sides):
        for v in ends[k]:
            at.setdefault(v, []).append(k)
    left = set(sides)
    chains: list[list[Side]] = []
    refs = list(starts)
    while left:

        def degree(v: Vertex) -> int:
            return sum(1 for k in at[v] if k in left)

        verts = sorted({v for k in left for v in ends[k]})
        free = [v for v in verts if degree(v) == 1] or verts
        if refs:
            ref = refs.pop(0)
            v = min(free, key=lambda w: (math.dist(w, ref), w))
        else:
            v = free[0]
        chain: list[Side] = []
        while True:
            nxt = [k for k in at[v] if k in left]
            if not nxt:
                break
            k = nxt[0]
            left.discard(k)
            chain.append(k)
            a, b = ends[k]
            v = b if a == v else a
        chains.append(chain)
    return chains
