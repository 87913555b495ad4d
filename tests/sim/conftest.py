"""A second agent for tournaments while only ``random`` is registered everywhere.

``random-b`` is a real agent (uniformly random, its own name), so round-robins
have two distinct entrants without depending on the search agents' speed.
"""

from __future__ import annotations

from westfront.ai import RandomAgent, register_agent
from westfront.ai.base import _FACTORIES


class RandomB(RandomAgent):
    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.name = "random-b"


if "random-b" not in _FACTORIES:
    register_agent("random-b", RandomB)
