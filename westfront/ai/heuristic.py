"""The heuristic agent: a scored candidate-action loop.

At each decision every legal action gets the game's prior (``score_actions``: attack
at good odds, hold rivers and cities, stay in supply, spend budgets...). The agent
plays the best, or samples from a softmax of the scores when given a temperature
(the ``easy`` level). It needs no search, so it decides in milliseconds. A
:class:`CycleGuard` stops it walking declare-then-cancel loops: it never returns to a
position of the current decision sequence but by backing out (westfront.ai.cycles).
"""

from __future__ import annotations

import math
import random

from ..core.actions import Action
from ..core.state import State
from .cycles import CycleGuard, choose_guarded
from .hooks import hooks_of


def softmax(scores: list[float], temperature: float) -> list[float]:
    top = max(scores)
    w = [math.exp((x - top) / temperature) for x in scores]
    total = sum(w)
    return [x / total for x in w]


class HeuristicAgent:
    """Best prior (ties broken at random); with ``temperature`` > 0, a softmax sample."""

    def __init__(self, seed: int | None = None, temperature: float = 0.0, name: str = "heuristic"):
        self.name = name
        self.temperature = temperature
        self.rng = random.Random(seed)
        self.guard = CycleGuard()

    def choose(self, state: State, side: str, *, time_budget: float | None = None) -> Action:
        return choose_guarded(self.guard, state, side, lambda acts: self.pick(state, side, acts))

    def observe(self, state: State, side: str, action: Action | str) -> None:
        """An action this side played from ``state`` without asking this agent (a rebuilt mind catching up)."""
        self.guard.observe(state, side, action)

    def pick(self, state: State, side: str, acts: list[Action]) -> Action:
        scores = hooks_of(state).score_actions(state, side, acts)
        if self.temperature > 0:
            return self.rng.choices(acts, weights=softmax(scores, self.temperature))[0]
        best = max(scores)
        return self.rng.choice([a for a, x in zip(acts, scores, strict=True) if x >= best - 1e-9])
