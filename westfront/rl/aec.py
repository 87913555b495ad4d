"""Every registered game as a PettingZoo AEC environment: agents are the game's sides.

The environment moves to whichever side the engine asks (``current_player``), so
phases, reactions and retreats chosen by the defender all come out right without
game-specific code. A game's dice stay inside the engine: ``reset(seed=…)`` is the
game's seed, and the same seed and actions give the same trajectory.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from .. import api
from ..core.actions import Action, Event
from ..core.errors import IllegalAction
from ..core.state import State, is_visible
from ..games import registry
from ..sim.stats import hook_for
from . import render as frames
from .actions import ActionCodec
from .layout import layout_for
from .observe import GLOBAL_MAX, PLANE_MAX, Observer

SHAPING_WEIGHTS: dict[str, float] = {
    # per-side statistics of the game's stats hook (westfront.sim.stats): own minus the others' mean
    "steps": 0.02, "strength": 0.01, "sp": 0.01, "vp": 0.02, "objectives": 0.1, "control": 0.005,
}


class GameSpaces:
    """Layout, action codec, observer and spaces of one game (shared by its environments)."""

    def __init__(self, game_id: str):
        self.layout = layout_for(game_id)
        self.codec = ActionCodec(self.layout)
        self.observer = Observer(self.layout, self.codec)

    def observation_space(self) -> gymnasium.spaces.Dict:
        """A new observation space (spaces carry their own sampling RNG, so each agent gets its own)."""
        o = self.observer
        return gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, PLANE_MAX, (o.n_planes, *self.layout.grid_shape), np.float32),
            "globals": gymnasium.spaces.Box(-GLOBAL_MAX, GLOBAL_MAX, (o.n_globals,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.codec.size,), np.int8),
        })

    def action_space(self) -> gymnasium.spaces.Discrete:
        return gymnasium.spaces.Discrete(self.codec.size)


_SPACES: dict[str, GameSpaces] = {}


def spaces_for(game_id: str) -> GameSpaces:
    got = _SPACES.get(game_id)
    if got is None:
        got = _SPACES[game_id] = GameSpaces(game_id)
    return got


def legal_table_of(state: State, side: str) -> dict[int, Action]:
    """Index → action of ``side``'s legal actions in ``state`` (empty unless the engine asks ``side``)."""
    if state.is_terminal() or state.current_player() != side:
        return {}
    view_units = {u["id"]: u for u in state.view(side).get("units") or []}
    _, table, _ = spaces_for(state.INFO.id).codec.encode(state.legal_actions(), view_units)
    return table


def observe_state(state: State, side: str, table: dict[int, Action] | None = None) -> dict[str, np.ndarray]:
    """``side``'s observation of ``state``: built from ``state.view(side)`` and ``side``'s legal actions only."""
    sp = spaces_for(state.INFO.id)
    if table is None:
        table = legal_table_of(state, side)
    planes, glob = sp.observer.observe(state.view(side), side, table)
    mask = np.zeros(sp.codec.size, np.int8)
    if table:
        mask[list(table)] = 1
    return {"observation": planes, "globals": glob, "action_mask": mask}


class WestfrontAEC(AECEnv):  # type: ignore[misc]
    """``westfront.rl.env(game_id, scenario, options)``; see docs/rl.md.

    Keyword arguments beyond the issue's: ``max_steps`` truncates after that many
    decisions; ``reward`` is ``"win"`` (+1/−1/0 at the end) or ``"shaped"`` (plus a
    potential-based term from the game's statistics, weights ``reward_weights``);
    ``illegal`` is ``"raise"`` (an index that is not legal raises ``IllegalAction``)
    or ``"noop"`` (nothing happens, ``info["illegal"]`` is set)."""

    metadata = {"render_modes": ["rgb_array"], "name": "westfront_v0", "is_parallelizable": False, "render_fps": 2}

    def __init__(self, game_id: str, scenario: str | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None, *, max_steps: int | None = None, reward: str = "win",
                 reward_weights: dict[str, float] | None = None, illegal: str = "raise", seed: int | None = None):
        super().__init__()
        info = registry.info(game_id)
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode must be None or 'rgb_array', not {render_mode!r}")
        if reward not in ("win", "shaped"):
            raise ValueError(f"reward must be 'win' or 'shaped', not {reward!r}")
        if illegal not in ("raise", "noop"):
            raise ValueError(f"illegal must be 'raise' or 'noop', not {illegal!r}")
        api.resolve_options(info, options)  # unknown options fail here, not at reset
        self.game_id = game_id
        self.scenario = scenario or info.scenarios[0].id
        self.game_options = dict(options or {})
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.reward_mode = reward
        self.reward_weights = dict(SHAPING_WEIGHTS if reward_weights is None else reward_weights)
        self.illegal = illegal
        self.spaces = spaces_for(game_id)
        self.possible_agents: list[str] = list(info.players)
        self.observation_spaces = {a: self.spaces.observation_space() for a in self.possible_agents}
        self.action_spaces = {a: self.spaces.action_space() for a in self.possible_agents}
        self._np_random = np.random.default_rng(seed)
        self.state_: State | None = None
        self._tables: dict[str, dict[int, Action]] = {}
        self.metadata = {**self.metadata, "name": f"westfront_{game_id.replace('-', '_')}_v0"}

    # ----- spaces -----------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def codec(self) -> ActionCodec:
        return self.spaces.codec

    @property
    def game(self) -> State:
        """The engine state (for tools and tests; an agent must only use its observation)."""
        assert self.state_ is not None, "call reset() first"
        return self.state_

    # ----- the cycle ----------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._np_random.integers(0, 2**31 - 1))
        opts = options or {}
        scenario = opts.get("scenario", self.scenario)
        game_options = opts.get("game_options", self.game_options)
        self.state_ = api.load(self.game_id, scenario=scenario, options=game_options, seed=game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {"events": []} for a in self.agents}
        self.steps = 0
        self._potential = self._potentials() if self.reward_mode == "shaped" else {}
        self._tables = {}
        self.agent_selection = self.state_.current_player() or self.agents[0]

    def legal_table(self, agent: str) -> dict[int, Action]:
        """Index → action for ``agent`` now (empty unless the engine is asking ``agent``)."""
        s = self.game
        key = f"{agent}:{len(s.history)}"
        got = self._tables.get(key)
        if got is None:
            got = legal_table_of(s, agent)
            self._tables = {key: got}
        return got

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return observe_state(self.game, agent, self.legal_table(agent))

    def action_of(self, agent: str, index: int) -> Action | None:
        """The action an index means for ``agent`` now, or None if it is not legal."""
        return self.legal_table(agent).get(int(index))

    def index_of(self, agent: str, action: Action | str) -> int:
        """The index of one of ``agent``'s legal actions (raises ``IllegalAction`` for any other)."""
        a = Action.parse(action) if isinstance(action, str) else action
        for idx, b in self.legal_table(agent).items():
            if b == a:
                return idx
        raise IllegalAction(f"{a} is not a legal action of {agent} now", action=str(a))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self.game
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        chosen = None if action is None else self.action_of(agent, int(action))
        if chosen is None:
            if self.illegal == "raise":
                raise IllegalAction(f"action index {action!r} is not legal for {agent} now ({s.prompt()})",
                                    action=str(action))
            self.infos = {a: {"events": [], "illegal": a == agent} for a in self.agents}
            return
        events = s.apply(chosen)
        self.steps += 1
        self.infos = {a: self._info(a, agent, chosen, events) for a in self.agents}
        if self.reward_mode == "shaped":
            pot = self._potentials()
            for a in self.agents:
                self.rewards[a] += pot[a] - self._potential[a]
            self._potential = pot
        if s.is_terminal():
            r = s.result()
            for a in self.agents:
                win = 0.0 if r is None or r.winner is None else (1.0 if r.winner == a else -1.0)
                self.rewards[a] += win
                self.terminations[a] = True
                self.infos[a]["result"] = r.to_dict() if r else None
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        nxt = s.current_player()
        self.agent_selection = nxt if nxt in self.agents else agent
        self._deads_step_first()

    def _info(self, who: str, actor: str, action: Action, events: list[Event]) -> dict[str, Any]:
        """What ``who`` is told of a decision: the action text if it took it, and the events it may see."""
        info: dict[str, Any] = {"events": [e for e in events if is_visible(e, who)]}
        if who == actor:
            info["action"] = str(action)
        return info

    def _potentials(self) -> dict[str, float]:
        snap = hook_for(self.game_id).snapshot(self.game)
        out = {}
        for a in self.possible_agents:
            total = 0.0
            for stat, w in self.reward_weights.items():
                own = snap.get(f"{a}_{stat}")
                if not isinstance(own, int | float):
                    continue
                others = [snap.get(f"{b}_{stat}") for b in self.possible_agents if b != a]
                nums = [float(x) for x in others if isinstance(x, int | float)]
                total += w * (float(own) - (sum(nums) / len(nums) if nums else 0.0))
            out[a] = total
        return out

    # ----- rendering ------------------------------------------------------------
    def render(self) -> np.ndarray | None:
        """The map with the public view's counters (``view(None)``), as H×W×3 uint8."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='rgb_array'")
            return None
        return frames.draw(self.game_id, self.game.view(None), tuple(self.possible_agents))

    def close(self) -> None:
        self.state_ = None
        self._tables = {}
