"""The game's random number generator, small enough to live inside the state.

SplitMix64: one 64-bit integer of state, good statistical quality for dice, and
trivially serialisable. Every die a game rolls comes from here, so a game is
reproduced exactly by its scenario, options, seed and action list.

SplitMix64 is predictable from its outputs and a chosen or 48-bit seed is easy
to search, which matters when two people play with hidden information. A seed
of 2**64 or more (the server's secret seeds are 128 random bits) therefore
selects a keyed generator instead: each draw is BLAKE2b keyed with the seed,
applied to a counter. Its state is ``[key_hex, counter]``; without the key its
outputs predict nothing, and replaying from the stored seed stays exact.
"""

from __future__ import annotations

import hashlib

_MASK = (1 << 64) - 1
KEYED_FROM = 1 << 64  # seeds from here on use the keyed generator


def seed_state(seed: int) -> int | list:
    """The initial generator state for a seed: SplitMix64 below 2**64, keyed above."""
    if seed >= KEYED_FROM:
        key = hashlib.blake2b(seed.to_bytes((seed.bit_length() + 7) // 8, "big"), digest_size=32,
                              person=b"westfront-dice").hexdigest()
        return [key, 0]
    return _mix(seed & _MASK ^ 0x9E3779B97F4A7C15)


def keyed_randbelow(state: list, n: int) -> tuple[list, int]:
    """Unbiased integer in [0, n) from the keyed generator; returns (new_state, value)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    key, counter = bytes.fromhex(state[0]), int(state[1])
    limit = (_MASK + 1) - ((_MASK + 1) % n)
    while True:
        counter += 1
        x = int.from_bytes(hashlib.blake2b(counter.to_bytes(8, "big"), key=key, digest_size=8).digest(), "big")
        if x < limit:
            return [state[0], counter], x % n


def _mix(z: int) -> int:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, 64 random bits)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    return state, _mix(state)


def randbelow(state: int, n: int) -> tuple[int, int]:
    """Unbiased integer in [0, n) by rejection sampling; returns (new_state, value)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (_MASK + 1) - ((_MASK + 1) % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


class Rng:
    """A view on an RNG state stored in a dict (``holder[key]``).

    ``forced`` (tests only, see ``westfront.testing.dice``) is a list of die faces
    1..n consumed before the generator is asked: ``below(n)`` returns face - 1.
    """

    __slots__ = ("holder", "key", "forced")

    def __init__(self, holder: dict, key: str = "rng", forced: list[int] | None = None):
        self.holder = holder
        self.key = key
        self.forced = forced

    def below(self, n: int) -> int:
        if self.forced:
            face = self.forced.pop(0)
            if not 1 <= face <= n:
                raise ValueError(f"forced die face {face} is not between 1 and {n}")
            return face - 1
        st = self.holder[self.key]
        s, v = keyed_randbelow(st, n) if isinstance(st, list) else randbelow(st, n)
        self.holder[self.key] = s
        return v

    def die(self, sides: int = 6) -> int:
        """1..sides."""
        return self.below(sides) + 1

    def d10(self) -> int:
        """A decimal die read 1..10 (the 0 face counts as 10, SFN 2.2)."""
        return self.below(10) + 1

    def choice(self, seq: list) -> object:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: list) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
