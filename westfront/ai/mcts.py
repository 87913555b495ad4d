"""Monte Carlo tree search over the game's atomic decisions.

Open-loop, determinised PUCT search (the "information set" family used for card and
wargames with dice and fog of war):

- every iteration starts from a fresh *determinisation* of the root: a copy of the
  game whose hidden parts are re-sampled from what the searching side can see and
  whose dice are re-seeded (``hooks.determinize``), so the search never peeks at the
  real hidden units or the real future rolls;
- tree nodes are keyed by the action texts played since the root, not by positions,
  so dice outcomes and hidden information average out in each node's statistics
  (open-loop MCTS); an action legal in only some samples is simply skipped in the
  others;
- selection is PUCT with priors from the game's ``score_actions`` (softmax at
  ``prior_temperature``), so the cheap heuristics steer the search and search fixes
  their mistakes; unvisited actions start at their siblings' mean (first-play urgency);
- a new leaf is played on for ``rollout_depth`` decisions by a softmax over the same
  priors, then scored by the game's ``evaluate`` (both in westfront.ai.hooks).

Budgets: ``iterations`` (reproducible: same seed, same move) and/or ``time_budget``
seconds (a cap; the caller's ``time_budget`` caps it further). The move played is
the most visited root action.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ..core.actions import Action
from ..core.state import State
from .cycles import CycleGuard
from .heuristic import softmax
from .hooks import GameHooks, hooks_of

FPU_REDUCTION = 0.1  # an untried action starts this far below its tried siblings' mean


@dataclass(slots=True)
class Node:
    """Statistics of one action sequence from the root."""

    visits: int = 0
    total: float = 0.0  # sum of values from the view of the player who chose the edge into this node
    priors: dict[str, float] = field(default_factory=dict)
    children: dict[str, Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class SearchReport:
    """What the last search did, for tests, benchmarks and the curious."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)
    values: dict[str, float] = field(default_factory=dict)


class MCTSAgent:
    """PUCT search with determinised, re-seeded samples; see the module docstring."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = 200,
        time_budget: float | None = None,
        rollout_depth: int = 4,
        c_puct: float = 1.5,
        prior_temperature: float = 0.25,
        name: str = "mcts",
    ):
        if iterations is None and time_budget is None:
            raise ValueError("MCTSAgent needs an iteration budget, a time budget or both")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.name = name
        self.iterations = iterations
        self.time_budget = time_budget
        self.rollout_depth = rollout_depth
        self.c_puct = c_puct
        self.prior_temperature = prior_temperature
        self.rng = random.Random(seed)
        self.guard = CycleGuard()
        self.report = SearchReport()

    # ----- the Agent interface -------------------------------------------------
    def choose(self, state: State, side: str, *, time_budget: float | None = None) -> Action:
        acts = state.legal_actions()
        if not acts:
            raise ValueError("no legal action to choose from")
        if len(acts) == 1:
            self.report = SearchReport()
            return acts[0]
        key, acts = self.guard.fresh(state, acts)
        action = acts[0] if len(acts) == 1 else self.search(state, side, acts, self._budget(time_budget))
        self.guard.chose(key, action)
        return action

    def _budget(self, caller: float | None) -> float | None:
        limits = [t for t in (self.time_budget, caller) if t is not None]
        return min(limits) if limits else None

    # ----- search ----------------------------------------------------------------
    def search(self, state: State, side: str, candidates: list[Action], seconds: float | None) -> Action:
        """The most visited of ``candidates`` after the budgeted iterations."""
        hooks = hooks_of(state)
        root = Node()
        allowed = {str(a): a for a in candidates}
        start = time.perf_counter()
        deadline = start + seconds if seconds is not None else math.inf
        n = 0
        while (self.iterations is None or n < self.iterations) and (n == 0 or time.perf_counter() < deadline):
            sample = hooks.determinize(state, side, self.rng)
            self._iterate(sample, root, side, hooks, allowed)
            n += 1
        self.report = SearchReport(
            n, time.perf_counter() - start,
            {k: c.visits for k, c in root.children.items()},
            {k: c.mean for k, c in root.children.items()},
        )

        def rank(k: str) -> tuple[int, float, float]:
            c = root.children.get(k)
            return (c.visits, c.mean, root.priors.get(k, 0.0)) if c else (0, -math.inf, root.priors.get(k, 0.0))

        return allowed[max(allowed, key=rank)]

    def _iterate(self, sim: State, root: Node, side: str, hooks: GameHooks, allowed: dict[str, Action]) -> None:
        path: list[tuple[Node, str]] = []
        node = root
        while not sim.is_terminal():
            mover = sim.current_player()
            assert mover is not None
            acts = sim.legal_actions()
            if node is root:
                acts = [a for a in acts if str(a) in allowed] or acts
            if any(str(a) not in node.priors for a in acts):
                self._set_priors(node, sim, mover, acts, hooks)
            key, action = self._select(node, acts)
            child = node.children.get(key)
            fresh = child is None
            if child is None:
                child = node.children[key] = Node()
            sim.apply(action)
            path.append((child, mover))
            node = child
            if fresh:
                break
        value = self._rollout(sim, side, hooks)
        root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.total += value if mover == side else -value

    def _set_priors(self, node: Node, sim: State, mover: str, acts: list[Action], hooks: GameHooks) -> None:
        scores = hooks.score_actions(sim, mover, acts)
        for a, p in zip(acts, softmax(scores, self.prior_temperature), strict=True):
            node.priors[str(a)] = p

    def _select(self, node: Node, acts: list[Action]) -> tuple[str, Action]:
        """PUCT: mean value plus an exploration bonus proportional to the prior."""
        if len(acts) == 1:
            return str(acts[0]), acts[0]
        tried = [c.mean for a in acts if (c := node.children.get(str(a))) is not None and c.visits]
        fpu = (sum(tried) / len(tried) - FPU_REDUCTION) if tried else 0.0
        scale = self.c_puct * math.sqrt(node.visits + 1)
        best_key, best_action, best = "", acts[0], -math.inf
        for a in acts:
            k = str(a)
            c = node.children.get(k)
            n = c.visits if c is not None else 0
            q = c.mean if c is not None and n else fpu
            u = q + scale * node.priors[k] / (1 + n)
            if u > best:
                best_key, best_action, best = k, a, u
        return best_key, best_action

    def _rollout(self, sim: State, side: str, hooks: GameHooks) -> float:
        """Play on ``rollout_depth`` decisions by softmax over the priors, then evaluate for ``side``."""
        for _ in range(self.rollout_depth):
            if sim.is_terminal():
                break
            acts = sim.legal_actions()
            if len(acts) > 1:
                mover = sim.current_player()
                assert mover is not None
                scores = hooks.score_actions(sim, mover, acts)
                action = self.rng.choices(acts, weights=softmax(scores, self.prior_temperature))[0]
            else:
                action = acts[0]
            sim.apply(action)
        return hooks.evaluate(sim, side)
