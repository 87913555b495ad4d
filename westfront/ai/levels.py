"""The named agents and strength levels, registered when ``westfront.ai`` is imported
(so process-pool and Ray workers know them as soon as they unpickle a task).

=========  ==========================================================================
random     uniformly random legal actions (the baseline)
heuristic  best prior from the game's ``score_actions``; milliseconds per decision
easy       the heuristic sampled at temperature 0.5: plausible but error-prone
normal     MCTS, 48 iterations (capped at 0.8 s per decision, so under 1 s); keeps the
           best-prior move (the game's plan) unless search finds one clearly better; keeps
           its tree between the atomic decisions of one move (a unit, then its destination)
hard       MCTS, 300 iterations (capped at 5 s per decision), keeping its tree from one
           decision to the next and widening wide decisions progressively; the same margin
           (normal and hard play the plan's move unsearched where the game's ``plan_decides``
           hook says the rollout cannot compare the options: westfront.ai.hooks); its leaves
           read the game's ``evaluate_deep`` where it has one (Onslaught's German seat)
mcts       MCTS, 200 iterations; ``mcts@N`` for N iterations (no time cap)
learned    MCTS as ``mcts`` scoring its leaves with the game's fitted evaluation model
           (westfront.ai.learned; only games with a committed ``eval_model.json``)
normal-learned  ``normal`` with that fitted model at its leaves (for A/B tournaments)
=========  ==========================================================================

Iteration budgets keep games reproducible from their seeds; the caps only bind on
slow machines or very wide positions (and the server's own per-decision limit caps
them again). Measured strength and speed per game: docs/ai.md.
"""

from __future__ import annotations

from typing import Any

from .base import register_agent
from .heuristic import HeuristicAgent
from .mcts import MCTSAgent

EASY_TEMPERATURE = 0.5
NORMAL_ITERATIONS, NORMAL_CAP_S = 48, 0.8  # the cap leaves room for the iteration that overruns it
HARD_ITERATIONS, HARD_CAP_S = 300, 5.0
HARD_WIDENING = 2.0
PRIOR_MARGIN = 0.05  # normal and hard keep the plan's move unless search finds one this much better (docs/ai.md)
CONFIDENT = 0.95  # ... and play a move whose prior is this dominant without searching it
MCTS_ITERATIONS = 200


def heuristic(seed: int | None = None) -> HeuristicAgent:
    return HeuristicAgent(seed)


def easy(seed: int | None = None) -> HeuristicAgent:
    return HeuristicAgent(seed, temperature=EASY_TEMPERATURE, name="easy")


def normal(seed: int | None = None, **params: Any) -> MCTSAgent:
    return MCTSAgent(seed, **{"iterations": NORMAL_ITERATIONS, "time_budget": NORMAL_CAP_S, "name": "normal",
                               "prior_margin": PRIOR_MARGIN, "confident": CONFIDENT, "reuse": True, **params})


def hard(seed: int | None = None, **params: Any) -> MCTSAgent:
    return MCTSAgent(seed, **{"iterations": HARD_ITERATIONS, "time_budget": HARD_CAP_S, "name": "hard",
                               "reuse": True, "widening": HARD_WIDENING, "prior_margin": PRIOR_MARGIN,
                               "confident": CONFIDENT, "evaluation": "deep", **params})


def mcts(seed: int | None = None, **params: Any) -> MCTSAgent:
    return MCTSAgent(seed, **{"iterations": MCTS_ITERATIONS, **params})


register_agent("heuristic", heuristic)
register_agent("easy", easy)
register_agent("normal", normal)
register_agent("hard", hard)
register_agent("mcts", mcts)


def learned(seed: int | None = None, **params: Any) -> MCTSAgent:
    return MCTSAgent(seed, **{"iterations": MCTS_ITERATIONS, "evaluation": "learned", "name": "learned", **params})


register_agent("learned", learned)


def normal_learned(seed: int | None = None, **params: Any) -> MCTSAgent:
    """``normal`` scoring its leaves with the game's fitted model: the A/B partner of ``normal`` (docs/ai.md)."""
    return normal(seed, **{"evaluation": "learned", "name": "normal-learned", **params})


register_agent("normal-learned", normal_learned)

