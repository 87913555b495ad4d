"""Reinforcement-learning environments for every registered game (the ``[rl]`` extra).

    import westfront.rl
    env = westfront.rl.env("skirmish")                     # PettingZoo AEC, agents = sides
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

    g = westfront.rl.gym_env("skirmish", side="blue", opponent="heuristic")   # Gymnasium, one side

Spaces, the action-index mapping, observation planes and rewards: docs/rl.md.
"""

from __future__ import annotations

from typing import Any

from .actions import NAMED_VERBS, OVERFLOW, VERB_BUCKETS, VERB_SLOTS, VERBS, ActionCodec
from .aec import SHAPING_WEIGHTS, WestfrontAEC, legal_table_of, observe_state, spaces_for
from .layout import Layout, layout_for
from .observe import Observer
from .single import WestfrontGym


def env(game_id: str, scenario: str | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None, **kwargs: Any) -> WestfrontAEC:
    """A PettingZoo AEC environment of ``game_id`` (keywords: ``max_steps``, ``reward``,
    ``reward_weights``, ``illegal``, ``seed``; see :class:`WestfrontAEC`)."""
    return WestfrontAEC(game_id, scenario, options, render_mode, **kwargs)


def gym_env(game_id: str, scenario: str | None = None, options: dict[str, Any] | None = None,
            render_mode: str | None = None, **kwargs: Any) -> WestfrontGym:
    """A Gymnasium environment of one side of ``game_id`` against westfront agents (keywords:
    ``side``, ``opponent``, ``max_steps``, ``reward``, ``reward_weights``, ``illegal``)."""
    return WestfrontGym(game_id, scenario, options, render_mode, **kwargs)


__all__ = [
    "NAMED_VERBS",
    "OVERFLOW",
    "SHAPING_WEIGHTS",
    "VERBS",
    "VERB_BUCKETS",
    "VERB_SLOTS",
    "ActionCodec",
    "Layout",
    "Observer",
    "WestfrontAEC",
    "WestfrontGym",
    "env",
    "gym_env",
    "layout_for",
    "legal_table_of",
    "observe_state",
    "spaces_for",
]
