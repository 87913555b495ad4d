"""A small NumPy learner for the environments: REINFORCE on a linear softmax policy over legal actions.

It needs nothing beyond NumPy, so it runs in ``make test`` (a smoke run) and on any
machine. It uses the action-index mapping (``index = verb_slot × L + location``,
docs/rl.md) to score each legal index from features of that index read out of the
observation: the verb, the kind of location, every plane at the location's cell and
the mean of every plane over its neighbours, and the cell's position on the map.
and how near the location is to each map feature and zone and to the nearest own and
enemy unit (1 / (1 + hexes)). A linear score of such features can learn "attack where the odds are good", "move
towards the objective", "don't end the turn early" and the like, and it is the same
policy for every position, side and scenario of a game.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .actions import ActionCodec
from .aec import spaces_for
from .layout import Layout
from .single import WestfrontGym

LOCATION_KINDS = 5  # none, location, box, unit, unit bucket (+ overflow gets none)


class Features:
    """φ(observation, index) for one game."""

    def __init__(self, layout: Layout, codec: ActionCodec):
        self.layout = layout
        self.codec = codec
        observer = spaces_for(layout.game_id).observer
        n_planes = observer.n_planes
        self.n_planes = n_planes
        cells = np.asarray(layout.cell)
        self.distance = _all_distances(layout.neighbours)
        names = observer.spec.plane_names
        static = layout.static_planes.reshape(len(layout.static_names), -1)
        near = []
        for k, name in enumerate(layout.static_names):
            if name.startswith(("zone:", "feature:")):
                inside = np.flatnonzero(static[k][cells] > 0)
                if len(inside):
                    near.append(1.0 / (1.0 + self.distance[:, inside].min(axis=1)))
        self.static_near = np.stack(near, 1) if near else np.zeros((len(cells), 0))
        self.unit_planes = [names.index(f"side{r}:count") for r in range(len(layout.players))]
        self.size = codec.n_verbs + LOCATION_KINDS + 2 * n_planes + 2 + self.static_near.shape[1] + len(self.unit_planes)
        # neighbour averaging as a (cells × locations) matrix product: cheap per decision
        nb = np.zeros((len(layout.locations), layout.cells), np.float32)
        for k, ns in enumerate(layout.neighbours):
            for j in ns:
                nb[k, cells[j]] = 1.0 / len(ns)
        self.neighbour_matrix = nb
        if layout.map_kind == "hex":
            rows, cols = layout.grid_shape
            self.xy = np.stack([(cells % cols) / max(1, cols - 1), (cells // cols) / max(1, rows - 1)], 1)
        else:
            self.xy = np.zeros((len(layout.locations), 2))

    def __call__(self, obs: dict[str, np.ndarray], indices: np.ndarray) -> np.ndarray:
        c = self.codec
        planes = obs["observation"].reshape(self.n_planes, -1)
        out = np.zeros((len(indices), self.size), np.float32)
        over = indices >= c.overflow_base
        verb, loc = np.divmod(np.where(over, 0, indices), c.L)
        rows = np.arange(len(indices))
        out[rows[~over], verb[~over]] = 1.0
        kind = np.select([loc == 0, loc < c.box_base, loc < c.unit_base, loc < c.bucket_base], [0, 1, 2, 3], 4)
        out[rows, c.n_verbs + kind] = 1.0
        on_map = (~over) & (loc >= 1) & (loc < c.box_base)
        if on_map.any():
            k = loc[on_map] - 1
            base = c.n_verbs + LOCATION_KINDS
            out[on_map, base:base + self.n_planes] = planes[:, self.layout.cell[k]].T
            out[on_map, base + self.n_planes:base + 2 * self.n_planes] = (self.neighbour_matrix[k] @ planes.T)
            col = base + 2 * self.n_planes
            out[on_map, col:col + 2] = self.xy[k]
            col += 2
            out[on_map, col:col + self.static_near.shape[1]] = self.static_near[k]
            col += self.static_near.shape[1]
            for j, p in enumerate(self.unit_planes):  # nearness of the nearest unit of each side
                occupied = np.flatnonzero(planes[p][self.layout.cell] > 0)
                if len(occupied):
                    out[on_map, col + j] = 1.0 / (1.0 + self.distance[np.ix_(k, occupied)].min(axis=1))
        return np.log1p(np.abs(out)) * np.sign(out)  # tame counts and budgets


def _all_distances(neighbours: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """Steps between every two locations over the map's adjacency (breadth-first; large where unconnected)."""
    n = len(neighbours)
    dist = np.full((n, n), n, np.int32)
    for src in range(n):
        row = dist[src]
        row[src] = 0
        frontier = [src]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for a in frontier:
                for b in neighbours[a]:
                    if row[b] > d:
                        row[b] = d
                        nxt.append(b)
            frontier = nxt
    return dist


@dataclass
class LinearPolicy:
    """Softmax over legal indices of θ·φ(observation, index)."""

    features: Features
    theta: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))

    def __post_init__(self) -> None:
        if self.theta.size == 0:
            self.theta = np.zeros(self.features.size, np.float64)

    def distribution(self, obs: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        legal = np.flatnonzero(obs["action_mask"])
        phi = self.features(obs, legal).astype(np.float64)
        z = phi @ self.theta
        p = np.exp(z - z.max())
        return legal, phi, p / p.sum()

    def act(self, obs: dict[str, np.ndarray], rng: np.random.Generator, greedy: bool = False) -> int:
        legal, _, p = self.distribution(obs)
        return int(legal[int(np.argmax(p))] if greedy else rng.choice(legal, p=p))


@dataclass
class Checkpoint:
    episode: int
    seconds: float
    win_rate: dict[str, float]


def play(env: WestfrontGym, policy: LinearPolicy, rng: np.random.Generator, seed: int, greedy: bool = False,
         trace: list[tuple[np.ndarray, np.ndarray, int]] | None = None) -> float:
    """One game; returns the learner's total reward and, in ``trace``, (features, probabilities, choice)."""
    obs, _ = env.reset(seed=seed)
    total = 0.0
    done = False
    tried: dict[bytes, set[int]] = {}  # greedy: what was chosen at an observation seen before
    while not done:
        if not obs["action_mask"].any():
            break
        legal, phi, p = policy.distribution(obs)
        if greedy:
            k = _greedy_choice(obs, p, tried)
        else:
            k = int(rng.choice(len(legal), p=p))
        if trace is not None:
            trace.append((phi, p, k))
        obs, reward, term, trunc, _ = env.step(int(legal[k]))
        total += reward
        done = term or trunc
    return total


def _greedy_choice(obs: dict[str, np.ndarray], p: np.ndarray, tried: dict[bytes, set[int]]) -> int:
    """The best-scored action, except one already taken at this very observation: a deterministic
    policy would otherwise walk select-then-cancel loops forever (the agents' CycleGuard, from the
    observation alone)."""
    key = hashlib.blake2b(b"".join(obs[k].tobytes() for k in ("observation", "globals", "action_mask")),
                          digest_size=16).digest()
    seen = tried.setdefault(key, set())
    if len(seen) >= len(p):
        seen.clear()
    order = np.argsort(-p, kind="stable")
    k = int(next(i for i in order if int(i) not in seen))
    seen.add(k)
    return k


def win_rate(game_id: str, policy: LinearPolicy, opponent: str, games: int, seed: int, greedy: bool = False,
             **env_kw: Any) -> float:
    """Share of ``games`` fresh games won against ``opponent`` (rewards are not read: the result is)."""
    env = WestfrontGym(game_id, opponent=opponent, **env_kw)
    rng = np.random.default_rng(seed)
    wins = 0
    for g in range(games):
        play(env, policy, rng, seed + g, greedy=greedy)
        r = env.aec.game.result()
        wins += r is not None and r.winner == env.side
    return wins / games


def train(game_id: str, *, episodes: int, opponent: str | Callable[[int], str] = "random", lr: float = 0.05,
          eval_every: int = 0, eval_games: int = 20, eval_opponents: tuple[str, ...] = ("random", "heuristic"),
          eval_greedy: bool = True, seed: int = 0, log: Callable[[str], None] | None = None, **env_kw: Any) -> tuple[LinearPolicy, list[Checkpoint]]:
    """REINFORCE with a running-mean baseline. ``opponent`` may depend on the episode (a curriculum);
    every ``eval_every`` episodes the policy plays ``eval_games`` fresh games against each of
    ``eval_opponents`` (seeds the training never sees), taking its best-scored action (``eval_greedy``)
    or sampling."""
    sp = spaces_for(game_id)
    policy = LinearPolicy(Features(sp.layout, sp.codec))
    rng = np.random.default_rng(seed)
    envs: dict[str, WestfrontGym] = {}
    baseline = 0.0
    curve: list[Checkpoint] = []
    t0 = time.perf_counter()

    def evaluate(ep: int) -> None:
        rates = {o: win_rate(game_id, policy, o, eval_games, 10_000_000 + 1000 * ep, greedy=eval_greedy, **env_kw)
                 for o in eval_opponents}
        curve.append(Checkpoint(ep, round(time.perf_counter() - t0, 1), rates))
        if log:
            log(f"episode {ep}: " + ", ".join(f"win rate vs {o} {r:.2f}" for o, r in rates.items()))

    if eval_every:
        evaluate(0)
    for ep in range(1, episodes + 1):
        opp = opponent(ep) if callable(opponent) else opponent
        env = envs.get(opp) or envs.setdefault(opp, WestfrontGym(game_id, opponent=opp, **env_kw))
        trace: list[tuple[np.ndarray, np.ndarray, int]] = []
        ret = play(env, policy, rng, seed * 1_000_003 + ep, trace=trace)
        advantage = ret - baseline
        baseline += 0.05 * (ret - baseline)
        if trace and advantage:
            grad = np.zeros_like(policy.theta)
            for phi, p, k in trace:
                grad += phi[k] - p @ phi
            policy.theta += lr * advantage * grad / max(1.0, len(trace) ** 0.5)
        if eval_every and ep % eval_every == 0:
            evaluate(ep)
    return policy, curve
