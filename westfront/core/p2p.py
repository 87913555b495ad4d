"""Point-to-point boards: spaces joined by links, for any area-movement game.

A board of a few hundred spaces is small enough that sets of spaces are best
kept as Python integers (bit ``i`` = space ``i``), like the hex bitboards of
``bitboard.py``: a flood fill is a handful of ORs, a set is hashable and
cheap to cache in ``State.memo``. :class:`Graph` compiles the spaces and links
once (per process) and answers what every p2p rule needs: neighbours, hop
distances, floods through an allowed set, chains of markers back to a source
and spaces cut off from one.

It reads plain data (ids and link pairs), not the ``westfront-p2p/1`` schema
of ``geo``, so rules modules can use it without the map tooling.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .bitboard import bits

UNREACHABLE = -1


def _or_all(sets: Iterable[int]) -> int:
    out = 0
    for x in sets:
        out |= x
    return out


class Graph:
    """Spaces ``0..n-1`` with string ids, undirected links with a kind (``road``, ``rhine_crossing``…)."""

    __slots__ = ("ids", "index", "nbrs", "nbr_bits", "kinds", "all_bits", "_byte_steps")

    def __init__(self, ids: Sequence[str], links: Iterable[tuple[str, str, str]]):
        self.ids: tuple[str, ...] = tuple(ids)
        self.index: dict[str, int] = {sid: i for i, sid in enumerate(self.ids)}
        if len(self.index) != len(self.ids):
            raise ValueError("space ids must be unique")
        nbrs: list[set[int]] = [set() for _ in self.ids]
        self.kinds: dict[tuple[int, int], str] = {}
        for a, b, kind in links:
            i, j = self.index[a], self.index[b]
            if i == j:
                raise ValueError(f"link {a}-{b} joins a space to itself")
            nbrs[i].add(j)
            nbrs[j].add(i)
            self.kinds[(i, j)] = self.kinds[(j, i)] = kind
        self.nbrs: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(n)) for n in nbrs)
        self.nbr_bits: tuple[int, ...] = tuple(sum(1 << j for j in n) for n in self.nbrs)
        self.all_bits = (1 << len(self.ids)) - 1
        # step() by bytes: for byte k of a set and its value v, the neighbours of those (up to) 8 spaces
        self._byte_steps: tuple[tuple[int, ...], ...] = tuple(
            tuple(_or_all(self.nbr_bits[8 * k + b] for b in range(8) if v >> b & 1 and 8 * k + b < len(self.ids))
                  for v in range(256))
            for k in range((len(self.ids) + 7) // 8))

    @classmethod
    def from_p2p(cls, doc: Mapping[str, Any]) -> Graph:
        """From a ``westfront-p2p/1`` document (``spaces`` with ``id``, ``links`` with ``a``/``b``/``kind``)."""
        return cls([s["id"] for s in doc["spaces"]],
                   [(ln["a"], ln["b"], ln.get("kind", "road")) for ln in doc["links"]])

    def __len__(self) -> int:
        return len(self.ids)

    # ----- sets of spaces ---------------------------------------------------
    def bb(self, sids: Iterable[str]) -> int:
        """The set of the named spaces."""
        out = 0
        for sid in sids:
            out |= 1 << self.index[sid]
        return out

    def names(self, bb: int) -> list[str]:
        """The ids of a set, in index order."""
        return [self.ids[i] for i in bits(bb)]

    def has(self, bb: int, sid: str) -> bool:
        return bool(bb >> self.index[sid] & 1)

    # ----- neighbours and links --------------------------------------------
    def neighbours(self, sid: str) -> list[str]:
        return [self.ids[j] for j in self.nbrs[self.index[sid]]]

    def adjacent(self, a: str, b: str) -> bool:
        return (self.index[a], self.index[b]) in self.kinds

    def link_kind(self, a: str, b: str) -> str | None:
        return self.kinds.get((self.index[a], self.index[b]))

    def step(self, bb: int) -> int:
        """Every space next to a space of ``bb``: one table look-up per non-zero byte of the set
        (a board of a few hundred spaces has a few dozen bytes) instead of one per space."""
        out = 0
        tables = self._byte_steps
        for k, v in enumerate(bb.to_bytes((bb.bit_length() + 7) // 8, "little")):
            if v:
                out |= tables[k][v]
        return out

    # ----- floods and distances ----------------------------------------------
    def flood(self, sources: int, passable: int) -> int:
        """Spaces reachable from ``sources`` moving only through ``passable`` ones (sources included)."""
        seen = sources
        frontier = sources
        while frontier:
            frontier = self.step(frontier) & passable & ~seen
            seen |= frontier
        return seen

    def distances(self, sources: int, passable: int | None = None) -> list[int]:
        """Hop distance from the nearest source to every space (``UNREACHABLE`` = -1);
        with ``passable`` a path may pass only through those spaces (its two ends need not be)."""
        allowed = self.all_bits if passable is None else passable
        dist = [UNREACHABLE] * len(self.ids)
        seen = sources
        frontier = sources
        d = 0
        while frontier:
            for i in bits(frontier):
                dist[i] = d
            grow = frontier if d == 0 else frontier & allowed
            frontier = self.step(grow) & ~seen
            seen |= frontier
            d += 1
        return dist

    def distance(self, a: str, b: str, passable: int | None = None) -> int:
        """Fewest links from ``a`` to ``b`` (``UNREACHABLE`` if none)."""
        return self.distances(1 << self.index[a], passable)[self.index[b]]

    def within(self, sid: str, n: int) -> int:
        """Spaces at most ``n`` links from ``sid`` (itself included)."""
        seen = 1 << self.index[sid]
        frontier = seen
        for _ in range(n):
            frontier = self.step(frontier) & ~seen
            seen |= frontier
        return seen

    # ----- chains ------------------------------------------------------------
    def chained(self, start: str, through: int, targets: int) -> bool:
        """Whether ``start`` links to a space of ``targets`` by an unbroken chain of ``through``
        spaces (``start`` and the target end themselves need not be in ``through``)."""
        s = 1 << self.index[start]
        if s & targets:
            return True
        reach = self.flood(s, through)
        return bool((reach | self.step(reach)) & targets)

    def cut_off(self, region: int, sources: int) -> int:
        """Spaces of ``region`` with no chain of ``region`` spaces to a source
        (sources in ``region`` count as connected)."""
        connected = self.flood(sources & region, region) if sources & region else 0
        return region & ~connected

    def components(self, region: int) -> list[int]:
        """The connected pieces of ``region``, lowest space first."""
        out = []
        rest = region
        while rest:
            seed = rest & -rest
            comp = self.flood(seed, region)
            out.append(comp)
            rest &= ~comp
        return out
