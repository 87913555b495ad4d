"""RL environment throughput: environment steps per second per game, and vectorised across processes.

    PYTHONPATH=. python bench/rl_throughput.py                    # every registered game, 2 s each
    PYTHONPATH=. python bench/rl_throughput.py --game skirmish --seconds 5 --json
    PYTHONPATH=. python bench/rl_throughput.py --vector 2         # also gymnasium.vector.AsyncVectorEnv, 2 processes

``aec``: ``westfront.rl.env`` stepped with random legal indices (both sides), each step
building the observation the next agent gets (planes, globals, mask). ``gym``: the
single-agent wrapper against the random agent (one step = one learner decision plus
the opponent's decisions until the learner is asked again). ``vector``: the same
Gymnasium environment in ``--vector`` processes (``AsyncVectorEnv``), learner steps
per second summed over the processes, actions sampled from each sub-environment's mask.
``per_cpu_second``: steps per second of this process's CPU time, a figure that holds on
a machine shared with other jobs (wall-clock figures fall with the load).
With ``--json`` prints one JSON object per figure (ARCHITECTURE.md §6).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import westfront.rl as rl  # noqa: E402
from westfront.games import registry  # noqa: E402


def aec_rate(game: str, seconds: float, seed: int = 0) -> dict[str, Any]:
    e = rl.env(game)
    rng = np.random.default_rng(seed)
    steps = episodes = 0
    e.reset(seed=seed)
    c0 = time.process_time()
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            episodes += 1
            e.reset(seed=seed + episodes)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {"figure": "rl_aec_steps_per_s", "game": game, "value": round(steps / dt, 1), "steps": steps,
            "per_cpu_second": round(steps / cpu, 1), "episodes_finished": episodes}


def gym_rate(game: str, seconds: float, seed: int = 0) -> dict[str, Any]:
    g = rl.gym_env(game, opponent="random")
    rng = np.random.default_rng(seed)
    obs, _ = g.reset(seed=seed)
    steps = 0
    c0 = time.process_time()
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        obs, _, term, trunc, _ = g.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if term or trunc:
            obs, _ = g.reset()
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {"figure": "rl_gym_steps_per_s", "game": game, "value": round(steps / dt, 1), "steps": steps,
            "per_cpu_second": round(steps / cpu, 1)}


def _make(game: str) -> Any:
    return lambda: rl.gym_env(game, opponent="random")


def vector_rate(game: str, seconds: float, workers: int, seed: int = 0) -> dict[str, Any]:
    import gymnasium

    venv = gymnasium.vector.AsyncVectorEnv([_make(game) for _ in range(workers)])
    rng = np.random.default_rng(seed)
    obs, _ = venv.reset(seed=seed)
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        masks = obs["action_mask"]
        acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, _, _, _, _ = venv.step(acts)
        steps += workers
    dt = time.perf_counter() - t0
    venv.close()
    return {"figure": "rl_vector_steps_per_s", "game": game, "workers": workers, "value": round(steps / dt, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="game id (repeatable; default: every registered game)")
    ap.add_argument("--seconds", type=float, default=2.0, help="wall clock per figure")
    ap.add_argument("--vector", type=int, default=0, help="also measure AsyncVectorEnv with this many processes")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    for game in args.game or registry.game_ids():
        rl.spaces_for(game)  # layout built before the clock starts
        figs = [aec_rate(game, args.seconds), gym_rate(game, args.seconds)]
        if args.vector:
            figs.append(vector_rate(game, args.seconds, args.vector))
        for f in figs:
            cpu = f" ({f['per_cpu_second']:.1f} per CPU second)" if "per_cpu_second" in f else ""
            print(json.dumps(f) if args.json else f"{f['game']:>20}  {f['figure']:<24} {f['value']:>9.1f}{cpu}")


if __name__ == "__main__":
    main()
