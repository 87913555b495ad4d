"""Pools of typed tokens with capacities: supply dumps, cards with slots, a shared bank.

A pool is a JSON-able dict ``{kind: count}`` (``{"fuel": 2, "ammo": 1}``). The
capacity, when there is one, counts all kinds together (a Corps card with six
slots, a supply base that holds nine supplies). Every change checks its
limits and raises ``ValueError`` rather than going negative or overflowing, so
a rules module can test legality with :func:`room` / :func:`has` first and
trust the effect afterwards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

Pool = dict[str, int]


def empty(kinds: Iterable[str]) -> Pool:
    return dict.fromkeys(kinds, 0)


def total(pool: Mapping[str, int]) -> int:
    return sum(pool.values())


def room(pool: Mapping[str, int], capacity: int | None) -> int | None:
    """Free slots (None: unlimited)."""
    return None if capacity is None else capacity - total(pool)


def has(pool: Mapping[str, int], kind: str, n: int = 1) -> bool:
    return pool.get(kind, 0) >= n


def fits(pool: Mapping[str, int], n: int, capacity: int | None) -> bool:
    free = room(pool, capacity)
    return free is None or free >= n


def add(pool: Pool, kind: str, n: int = 1, capacity: int | None = None) -> None:
    if n < 0:
        raise ValueError("add a positive number of tokens")
    if not fits(pool, n, capacity):
        raise ValueError(f"no room for {n} {kind}: {total(pool)} of {capacity} used")
    pool[kind] = pool.get(kind, 0) + n


def take(pool: Pool, kind: str, n: int = 1) -> None:
    if n < 0:
        raise ValueError("take a positive number of tokens")
    if pool.get(kind, 0) < n:
        raise ValueError(f"only {pool.get(kind, 0)} {kind}, not {n}")
    pool[kind] -= n


def take_up_to(pool: Pool, kind: str, n: int) -> int:
    """Take as many as there are, at most ``n``; returns how many."""
    k = min(n, pool.get(kind, 0))
    pool[kind] = pool.get(kind, 0) - k
    return k


def move(src: Pool, dst: Pool, kind: str, n: int = 1, capacity: int | None = None) -> None:
    """``n`` tokens from ``src`` to ``dst`` (whose capacity is ``capacity``), all or nothing."""
    if src.get(kind, 0) < n:
        raise ValueError(f"only {src.get(kind, 0)} {kind}, not {n}")
    add(dst, kind, n, capacity)
    src[kind] -= n
