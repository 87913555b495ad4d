"""A game's AI hooks, with safe defaults for games that provide none.

A game module may ship ``<package>/ai.py`` with

- ``evaluate(state, side) -> float`` in [-1, 1], from ``side``'s point of view;
- ``score_actions(state, side, actions) -> list[float]``: cheap priors, higher is better;
- ``determinize(state, side, rng) -> State``: a copy whose hidden parts are re-sampled
  consistently with what ``side`` can see;
- ``HIDDEN_INFORMATION``: True when ``view(side)`` hides something;
- ``position_key(state) -> str``: the position for loop detection (default: the state
  hash), for games that keep bookkeeping counters that change on every back-out;
- ``features(state, side) -> dict[str, float]``: side-relative facts from what the side
  may see, learned by the fitted evaluation (westfront.ai.learned) next to the generic ones;
- ``explain(state, side) -> dict``: the side's current plan (phase, objectives with hexes,
  a sentence) as the agents steer by it, re-derived from the position; shown to the
  opponent only once the game is over (issue 21, "the AI explains itself");
- ``evaluate_deep(state, side) -> float``: the evaluation for the deeper search of ``hard``, where
  the game measured that a bigger budget exploits a term the shallow search needs (Onslaught's
  German fortifications: docs/ai.md). Absent: ``hard`` reads ``evaluate`` like every other level;
- ``plan_decides(state, side) -> bool``: True at a decision the search cannot compare within
  its rollout (its options lead into different phases, so a short rollout scores them at
  different points of the turn); the searching agents that defer to the plan then play the
  best-prior move (westfront.ai.mcts). Absent: every decision is searched.

Whatever the game provides, :func:`determinize` here also re-seeds the copy's RNG, so
a searching agent never knows the dice the real game will roll.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core.actions import Action
from ..core.rng import seed_state
from ..core.state import State
from ..games import registry

Evaluate = Callable[[State, str], float]
ScoreActions = Callable[[State, str, Sequence[Action]], list[float]]
Determinize = Callable[[State, str, random.Random], State]
PositionKey = Callable[[State], str]
Features = Callable[[State, str], dict[str, float]]
Explain = Callable[[State, str], dict[str, Any]]
PlanDecides = Callable[[State, str], bool]


def result_value(state: State, side: str) -> float:
    """+1 won, -1 lost, 0 drawn or not over: the evaluation every game has."""
    r = state.result()
    if r is None or r.winner is None:
        return 0.0
    return 1.0 if r.winner == side else -1.0


def _no_priors(state: State, side: str, actions: Sequence[Action]) -> list[float]:
    return [0.0] * len(actions)


def _state_hash(state: State) -> str:
    return state.hash()


def _plain_copy(state: State, side: str, rng: random.Random) -> State:
    return state.clone()


@dataclass(frozen=True)
class GameHooks:
    game_id: str
    evaluate: Evaluate
    score_actions: ScoreActions
    game_determinize: Determinize
    hidden_information: bool
    position_key: PositionKey
    provided: bool  # False: the game has no ai.py and the defaults above apply
    features: Features | None = None
    explain: Explain | None = None
    plan_decides: PlanDecides | None = None
    evaluate_deep: Evaluate | None = None

    def determinize(self, state: State, side: str, rng: random.Random) -> State:
        """A copy ``side`` could believe in: hidden parts re-sampled, dice re-seeded."""
        copy = self.game_determinize(state, side, rng)
        copy.g["rng"] = seed_state(rng.getrandbits(63))
        return copy


@cache
def hooks_for(game_id: str) -> GameHooks:
    """The hooks of a registered game (``UnknownGame`` for one that is not)."""
    package = registry.module(game_id).__name__
    try:
        mod = importlib.import_module(f"{package}.ai")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.ai":
            raise
        return GameHooks(game_id, result_value, _no_priors, _plain_copy, False, _state_hash, provided=False)
    return GameHooks(
        game_id,
        getattr(mod, "evaluate", result_value),
        getattr(mod, "score_actions", _no_priors),
        getattr(mod, "determinize", _plain_copy),
        bool(getattr(mod, "HIDDEN_INFORMATION", False)),
        getattr(mod, "position_key", _state_hash),
        provided=True,
        features=getattr(mod, "features", None),
        explain=getattr(mod, "explain", None),
        plan_decides=getattr(mod, "plan_decides", None),
        evaluate_deep=getattr(mod, "evaluate_deep", None),
    )


def hooks_of(state: State) -> GameHooks:
    return hooks_for(state.INFO.id)


def explain(state: State, side: str) -> dict[str, Any] | None:
    """The plan ``side``'s agents follow in this position, or None for a game without a plan layer.

    Private intent: callers show it to the opponent only once the game is over (server replay)."""
    fn = hooks_of(state).explain
    return None if fn is None else fn(state, side)
