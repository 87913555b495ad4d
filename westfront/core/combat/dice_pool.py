"""Symbol dice pools (1944: D-Day to the Rhine, 12.0).

Each custom die has one aircraft, one panzer, one infantry face and three
blanks — the only layout that gives the rulebook's own invasion odds (6.2: a
4-die landing fails 1/16 of the time, both fail about 0.4%). A unit rolls its
DRC plus modifiers, never fewer than zero dice, and still takes part (it can
absorb hits, 2.0). Symbols become hits by target class: aircraft (clear weather
only) and panzer symbols hit panzer units, or infantry when no panzer unit is
present; infantry symbols hit infantry units only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import comb

from ..rng import Rng
from .odds_crt import Modifier

AIRCRAFT, PANZER, INFANTRY, BLANK = "aircraft", "panzer", "infantry", "blank"
FACES_1944: tuple[str, ...] = (AIRCRAFT, PANZER, INFANTRY, BLANK, BLANK, BLANK)


@dataclass(frozen=True)
class PoolEntry:
    """One contributor to a pool: a unit (terrain applies) or support (it does not)."""

    id: str
    base: int
    modifiers: tuple[Modifier, ...] = ()
    support: bool = False

    @property
    def dice(self) -> int:
        return max(0, self.base + sum(m.amount for m in self.modifiers))


@dataclass
class PoolResult:
    faces: list[str]
    hits_on_panzer: int = 0
    hits_on_infantry: int = 0
    misses: int = 0
    detail: list[str] = field(default_factory=list)

    @property
    def hits(self) -> int:
        return self.hits_on_panzer + self.hits_on_infantry


def pool_size(entries: Iterable[PoolEntry]) -> int:
    return sum(e.dice for e in entries)


def roll_faces(rng: Rng, n: int, faces: Sequence[str] = FACES_1944) -> list[str]:
    return [faces[rng.below(len(faces))] for _ in range(n)]


def score(faces: Sequence[str], *, target_has_panzer: bool, target_has_infantry: bool, air_counts: bool) -> PoolResult:
    """Turn rolled faces into hits by target class (1944 12.0, 12.1)."""
    res = PoolResult(list(faces))
    for f in faces:
        if f == BLANK:
            res.misses += 1
        elif f in (AIRCRAFT, PANZER):
            if f == AIRCRAFT and not air_counts:
                res.misses += 1
                res.detail.append("aircraft: miss (overcast or no air power)")
            elif target_has_panzer:
                res.hits_on_panzer += 1
            elif target_has_infantry:
                res.hits_on_infantry += 1
            else:
                res.misses += 1
        elif f == INFANTRY:
            if target_has_infantry:
                res.hits_on_infantry += 1
            else:
                res.misses += 1
                res.detail.append("infantry: miss (no infantry target)")
        else:
            raise ValueError(f"unknown die face {f!r}")
    return res


def hit_probability(*, target_has_panzer: bool, target_has_infantry: bool, air_counts: bool,
                    faces: Sequence[str] = FACES_1944) -> float:
    """Chance that one die scores against a target of this composition."""
    good = 0
    for f in faces:
        r = score([f], target_has_panzer=target_has_panzer, target_has_infantry=target_has_infantry,
                  air_counts=air_counts)
        good += r.hits
    return good / len(faces)


def hits_distribution(n: int, p: float) -> list[float]:
    """P(k hits) for k = 0..n when each die hits with probability p (binomial)."""
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
