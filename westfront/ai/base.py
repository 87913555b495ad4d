"""The agent interface, shared by the server (AI seats), tournaments and simulation.

An agent chooses one action for ``side`` at a decision of ``state``. Agents must
decide from what ``side`` may know: ``state.view(side)`` plus a determinised copy
of the hidden parts (the raw state is passed for convenience; an agent that
searches must re-sample hidden information and the RNG, never read them).

An agent that keeps memory between decisions (a loop guard, a search tree) may also have
``observe(state, side, action)``: an action its side played from ``state`` without asking it,
shown to a mind rebuilt from a game's record so it knows what the kept one would
(westfront.server.ai_minds).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..core.actions import Action
from ..core.state import State


class Agent(Protocol):
    name: str

    def choose(self, state: State, side: str, *, time_budget: float | None = None) -> Action: ...


class RandomAgent:
    """Uniformly random legal actions: the baseline every other agent must beat."""

    def __init__(self, seed: int | None = None):
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, state: State, side: str, *, time_budget: float | None = None) -> Action:
        acts = state.legal_actions()
        if not acts:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(acts)


_FACTORIES: dict[str, Callable[..., Agent]] = {"random": RandomAgent}


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    """Make ``get_agent(name)`` build agents with ``factory(seed=..., **params)``."""
    _FACTORIES[name] = factory


def known_agents() -> list[str]:
    """Every agent name ``get_agent`` accepts, sorted."""
    return sorted(_FACTORIES)


def parse_spec(spec: str) -> tuple[str, int | None]:
    """``"ai:normal"`` -> ("normal", None); ``"mcts@400"`` -> ("mcts", 400): an explicit search budget."""
    name = spec.split(":", 1)[-1] if spec.startswith("ai:") else spec
    if "@" not in name:
        return name, None
    name, _, budget = name.partition("@")
    if not budget.isdigit() or int(budget) < 1:
        raise ValueError(f"agent {spec!r}: after '@' give a positive number of search iterations, e.g. mcts@400")
    return name, int(budget)


def get_agent(spec: str, seed: int | None = None) -> Agent:
    """An agent by name: random, heuristic, easy, normal, hard, mcts, or mcts@<iterations>."""
    name, budget = parse_spec(spec)
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown agent {spec!r}; known: {', '.join(known_agents())}") from None
    if budget is None:
        return factory(seed=seed)
    try:
        return factory(seed=seed, iterations=budget)
    except TypeError:
        raise ValueError(f"agent {name!r} takes no search budget ('@{budget}'); only search agents such as mcts do") from None
