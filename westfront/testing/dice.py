"""Choose the dice in a test instead of searching for a seed (OpenSpiel-style chance you can pick).

    with forced_dice(s, 6, 1):      # the next two dice show 6, then 1
        s.apply("resolve")

Faces are 1..n for whatever the game rolls (``Rng.die``, ``Rng.d10``, symbol
dice by face index); ``Rng.below(n)`` receives face - 1. Leaving the block
with faces unused fails the test: the position did not roll what you meant.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ..core.state import State


@contextmanager
def forced_dice(s: State, *faces: int) -> Iterator[list[int]]:
    queue = list(faces)
    s._forced = queue
    try:
        yield queue
    finally:
        s._forced = None
    if queue:
        raise AssertionError(f"forced dice left unrolled: {queue}")
