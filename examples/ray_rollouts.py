"""Collect rollouts with Ray actors and train the NumPy learner on them: the same environments on a cluster.

    PYTHONPATH=. .venv/bin/python examples/ray_rollouts.py                 # local Ray instance, 2 actors
    PYTHONPATH=. .venv/bin/python examples/ray_rollouts.py --address auto --actors 16 --iterations 100

Each actor owns a ``westfront.rl.gym_env`` and plays whole games with the current
policy parameters; it sends back, per game, the REINFORCE gradient sum and the
return (a few kilobytes, not observations). The driver updates the parameters and
broadcasts them again. Ray is in the ``[sim]`` extra; ``--address auto`` joins a
running cluster (``ray start --head`` on one machine, ``ray start --address …`` on
the others) instead of starting a local instance.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import ray

from westfront.rl import gym_env
from westfront.rl.aec import spaces_for
from westfront.rl.learn import Features, LinearPolicy, play, win_rate


@ray.remote
class RolloutWorker:
    """One environment and a copy of the policy; plays games on request."""

    def __init__(self, game: str, side: str | None, opponent: str, seed: int):
        sp = spaces_for(game)
        self.policy = LinearPolicy(Features(sp.layout, sp.codec))
        self.env = gym_env(game, side=side, opponent=opponent, reward="shaped")
        self.rng = np.random.default_rng(seed)
        self.seed = seed

    def rollouts(self, theta: np.ndarray, games: int, first_seed: int) -> list[tuple[np.ndarray, int, float]]:
        self.policy.theta = theta
        out = []
        for g in range(games):
            trace: list = []
            ret = play(self.env, self.policy, self.rng, first_seed + g, trace=trace)
            grad = np.zeros_like(theta)
            for phi, p, k in trace:
                grad += phi[k] - p @ phi
            out.append((grad, len(trace), ret))
        return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="skirmish")
    ap.add_argument("--side", default=None)
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--address", default=None, help="Ray cluster address ('auto' to join one); default: local")
    ap.add_argument("--actors", type=int, default=2)
    ap.add_argument("--games-per-actor", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=10)
    ap.add_argument("--lr", type=float, default=0.1)
    args = ap.parse_args()
    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.actors, include_dashboard=False, log_to_driver=False)
    sp = spaces_for(args.game)
    policy = LinearPolicy(Features(sp.layout, sp.codec))
    workers = [RolloutWorker.remote(args.game, args.side, args.opponent, k) for k in range(args.actors)]
    baseline = 0.0
    t0 = time.perf_counter()
    games = 0
    for it in range(args.iterations):
        theta = ray.put(policy.theta)
        batches = ray.get([w.rollouts.remote(theta, args.games_per_actor, 1000 * (it * args.actors + k))
                           for k, w in enumerate(workers)])
        for grad, n, ret in (x for b in batches for x in b):
            policy.theta += args.lr * (ret - baseline) * grad / max(1.0, n ** 0.5)
            baseline += 0.05 * (ret - baseline)
            games += 1
        print(f"iteration {it + 1}: {games} games, {games / (time.perf_counter() - t0):.1f} games/s, "
              f"mean return {np.mean([x[2] for b in batches for x in b]):+.2f}")
    rate = win_rate(args.game, policy, "random", 20, 99_000_000, side=args.side)
    print(f"win rate vs random after {games} games: {rate:.2f}")
    ray.shutdown()


if __name__ == "__main__":
    main()
