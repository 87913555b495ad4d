"""Hex sets as Python integers.

A map lays its hexes out in a row-major rectangle of *slots*; bit ``i`` of an
integer stands for slot ``i``. Growing a set by one ring is then a handful of
shifts and masks — the trick python-chess uses for squares — which is several
times faster than a Python BFS for ZOC sets, supply floods and reachability.

Which neighbours count can be restricted per hexside (ZOC does not cross an
all-sea hexside; in D-Day 3rd it does not cross rivers either), so a
:class:`Dilator` is built for a given adjacency filter and then reused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import numpy as np

from .kernels import KERNELS

LINE_FLOOD_MIN = 200  # slots; below this the ring-by-ring flood is as fast (measured, docs/performance.md)
_NUMPY_BITS = 64  # above this many set bits numpy unpacks faster (measured, docs/performance.md)
_BYTE_BITS = tuple(tuple(k for k in range(8) if b >> k & 1) for b in range(256))


T = TypeVar("T")


def _bits_py(bb: int) -> list[int]:
    """Indices of the set bits, lowest first.

    Walks the integer's bytes with a lookup table: clearing the lowest bit of a
    2,500-bit integer in a loop would copy the integer once per bit.
    """
    out: list[int] = []
    if bb <= 0:
        if bb < 0:
            raise ValueError("bitboards are non-negative")
        return out
    if bb.bit_count() > _NUMPY_BITS:  # dense: unpack in C
        raw = np.frombuffer(bb.to_bytes((bb.bit_length() + 7) // 8, "little"), np.uint8)
        found: list[int] = np.flatnonzero(np.unpackbits(raw, bitorder="little")).tolist()
        return found
    skip = ((bb & -bb).bit_length() - 1) >> 3  # whole zero bytes below the lowest set bit
    if skip:
        bb >>= skip << 3
    for i, byte in enumerate(bb.to_bytes((bb.bit_length() + 7) // 8, "little"), skip):
        if byte:
            base = i * 8
            for k in _BYTE_BITS[byte]:
                out.append(base + k)
    return out


def _pick_py(table: list[T], bb: int) -> list[T]:
    """``[table[i] for i in bits(bb)]``: the labels (or any per-slot values) of a set's slots."""
    return [table[i] for i in bits(bb)]


# The compiled twins (core/_kernels.pyx) when built, else these; identical results (tests/core/test_kernels.py).
bits: Callable[[int], list[int]] = _bits_py if KERNELS is None else KERNELS.bits
pick: Callable[[list[Any], int], list[Any]] = _pick_py if KERNELS is None else KERNELS.pick


def from_indices(indices: Iterable[int]) -> int:
    bb = 0
    for i in indices:
        bb |= 1 << i
    return bb


def popcount(bb: int) -> int:
    return bb.bit_count()


class Dilator:
    """Grows hex sets by one step along the allowed adjacencies.

    ``edges`` maps each slot to the neighbour slots it may step to. Edges are
    grouped by slot delta, so one dilation is at most a dozen big-integer
    operations whatever the size of the set.
    """

    __slots__ = ("groups", "lines", "size")

    def __init__(self, edges: Sequence[Iterable[int]]):
        masks: dict[int, int] = {}
        pairs: dict[int, set[int]] = {}
        n = 0
        for src, nbrs in enumerate(edges):
            n = src + 1
            for dst in nbrs:
                d = dst - src
                masks[d] = masks.get(d, 0) | (1 << src)
                pairs.setdefault(d, set()).add(src)
        self.size = n
        self.groups: tuple[tuple[int, int], ...] = tuple(sorted(masks.items()))
        # Per slot delta: (delta, targets, doublings) — ``targets`` = the slots one step along the
        # delta from a slot allowed to take it; ``doublings`` = how many times a run along it can
        # be doubled (log2 of its longest straight run), for the straight-line flood.
        lines = []
        for d, mask in self.groups:
            srcs = pairs[d]
            longest = 0
            for s0 in srcs:
                if s0 - d in srcs:
                    continue  # not the start of a run
                k, x = 0, s0
                while x in srcs:
                    k += 1
                    x += d
                longest = max(longest, k)
            lines.append((d, (mask << d) if d > 0 else (mask >> -d), max(0, (longest).bit_length() - 1)))
        self.lines: tuple[tuple[int, int, int], ...] = tuple(lines)

    def step(self, bb: int) -> int:
        """The hexes one step from ``bb`` (not including ``bb`` itself unless adjacent)."""
        out = 0
        for delta, mask in self.groups:
            x = bb & mask
            if x:
                out |= (x << delta) if delta > 0 else (x >> -delta)
        return out

    def dilate(self, bb: int) -> int:
        return bb | self.step(bb)

    def flood(self, sources: int, passable: int, limit: int | None = None) -> int:
        """Hexes reachable from ``sources`` through ``passable`` hexes.

        Sources are always included. With ``limit`` the flood stops after that
        many steps (a 5-hex supply trace is ``limit=5``).
        """
        if limit is None and self.size >= LINE_FLOOD_MIN:
            return self.flood_lines(sources, passable)
        seen = sources
        frontier = sources
        n = 0
        while frontier and (limit is None or n < limit):
            frontier = self.step(frontier) & passable & ~seen
            seen |= frontier
            n += 1
        return seen

    def flood_lines(self, sources: int, passable: int) -> int:
        """:meth:`flood` without a limit by straight-line fills (Kogge-Stone style).

        Each pass fills, for every slot delta, whole straight runs of passable hexes at once
        with log2(run) shift-and-mask doublings, instead of one ring per pass: on a big map a
        supply trace needs a handful of passes rather than one per hex of distance.
        """
        # per delta, the "may enter by k steps along it" masks for k = 1, 2, 4, ...
        plan = []
        for d, targets, doublings in self.lines:
            pro = passable & targets
            if not pro:
                continue
            levels = [(d, pro)]
            for _ in range(doublings):
                pro &= (pro << d) if d > 0 else (pro >> -d)
                d *= 2
                if not pro:
                    break
                levels.append((d, pro))
            plan.append(levels)
        gen = sources
        while True:
            before = gen
            for levels in plan:
                for d, pro in levels:
                    gen |= pro & ((gen << d) if d > 0 else (gen >> -d))
            if gen == before:
                return gen

    def layers(self, sources: int, passable: int, limit: int | None = None) -> list[int]:
        """BFS rings: ``layers[k]`` holds the hexes first reached after k steps."""
        seen = sources
        out = [sources]
        while out[-1] and (limit is None or len(out) <= limit):
            nxt = self.step(out[-1]) & passable & ~seen
            if not nxt:
                break
            seen |= nxt
            out.append(nxt)
        return out


PURE_PYTHON: dict[str, Callable[..., Any]] = {
    "bits": _bits_py, "pick": _pick_py, "step": Dilator.step, "flood": Dilator.flood,
    "flood_lines": Dilator.flood_lines,
}
"""The pure-Python kit functions, whichever path is in use (tests compare them with the compiled ones)."""

if KERNELS is not None:
    KERNELS.bind_bitboard(LINE_FLOOD_MIN)
    Dilator.step = KERNELS.dilator_step  # type: ignore[method-assign]
    Dilator.flood = KERNELS.dilator_flood  # type: ignore[method-assign]
    Dilator.flood_lines = KERNELS.dilator_flood_lines  # type: ignore[method-assign]


def edges_filtered(
    nbrs: Sequence[Sequence[int]], keep: Callable[[int, int], bool]
) -> list[list[int]]:
    return [[d for d in ns if keep(s, d)] for s, ns in enumerate(nbrs)]
