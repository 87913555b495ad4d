"""A Gymnasium single-agent environment: one side learns, westfront agents play the others.

Between two of the learner's decisions the opponent agents (``"heuristic"``,
``"random"``, ``"easy"``, any ``westfront.ai`` spec, or an agent object) play
every decision the engine gives to their sides, so one ``step`` is one decision
of the learner. The reward of a step is everything the learner's side earned
in between (by default only the final ±1).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from ..ai import get_agent
from ..ai.base import Agent
from ..games import registry
from .aec import WestfrontAEC


class WestfrontGym(gymnasium.Env):  # type: ignore[misc]
    """``westfront.rl.gym_env(game_id, side=…, opponent="heuristic")``; see docs/rl.md.

    Illegal indices default to ``illegal="noop"`` (nothing happens, ``info["illegal"]``
    is True), which is what Gymnasium's ``check_env`` and unmasked learners need; use
    ``action_masks()`` (sb3-contrib's MaskablePPO calls it) or the observation's
    ``action_mask`` to choose only legal ones."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 2}

    def __init__(self, game_id: str, scenario: str | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None, *, side: str | None = None, opponent: str | Agent = "heuristic",
                 max_steps: int | None = None, reward: str = "win", reward_weights: dict[str, float] | None = None,
                 illegal: str = "noop"):
        super().__init__()
        info = registry.info(game_id)
        self.side = side or info.players[0]
        if self.side not in info.players:
            raise ValueError(f"{game_id} has no side {self.side!r}; sides: {', '.join(info.players)}")
        self.aec = WestfrontAEC(game_id, scenario, options, render_mode, max_steps=max_steps, reward=reward,
                                reward_weights=reward_weights, illegal=illegal)
        self.opponent_spec = opponent
        self.opponents: dict[str, Agent] = {}
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.side)
        self.action_space = self.aec.action_space(self.side)

    def _make_opponents(self, seed: int) -> None:
        others = [a for a in self.aec.possible_agents if a != self.side]
        if isinstance(self.opponent_spec, str):
            self.opponents = {a: get_agent(self.opponent_spec, seed=seed + k) for k, a in enumerate(others)}
        else:
            self.opponents = {a: self.opponent_spec for a in others}

    def _others_play(self) -> float:
        """Opponents decide until the learner is asked or the game is over; the learner's reward meanwhile."""
        env = self.aec
        total = 0.0
        while env.agents and env.agent_selection != self.side and not self._done():
            agent = env.agent_selection
            act = self.opponents[agent].choose(env.game, agent)
            env.step(env.index_of(agent, act))
            total += env.rewards.get(self.side, 0.0)
        return total

    def _done(self) -> bool:
        return bool(self.aec.terminations.get(self.side) or self.aec.truncations.get(self.side))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self._make_opponents(game_seed)
        self.aec.reset(seed=game_seed, options=options)
        self._others_play()
        return self.aec.observe(self.side), {"game_seed": game_seed}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        env = self.aec
        reward = 0.0
        if not self._done():
            env.step(action)
            reward += env.rewards.get(self.side, 0.0)
        info: dict[str, Any] = dict(env.infos.get(self.side, {}))
        if not info.get("illegal"):
            reward += self._others_play()
        terminated = bool(env.terminations.get(self.side))
        truncated = bool(env.truncations.get(self.side)) and not terminated
        if env.game.is_terminal():
            r = env.game.result()
            info["result"] = r.to_dict() if r else None
        return env.observe(self.side), float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal indices as booleans (the hook sb3-contrib's MaskablePPO calls)."""
        return self.aec.observe(self.side)["action_mask"].astype(bool)

    def render(self) -> np.ndarray | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
