"""Simulation throughput: games per second with 1 and 2 workers, and the scaling ratio.

    PYTHONPATH=. python bench/sim_throughput.py                 # onslaught, 6 random games per run
    PYTHONPATH=. python bench/sim_throughput.py --games 10 --json
    PYTHONPATH=. python bench/sim_throughput.py --game skirmish --games 200 --workers 1,2

Plays the same seeds through westfront.sim.runner (what ``westfront simulate``
and ``tournament`` use) with each worker count, wall clock including pool start-up,
median over ``--repeats``. With ``--json`` prints one JSON object per figure
(ARCHITECTURE.md §6); the last line is the scaling ratio against one worker.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from westfront.games import registry  # noqa: E402
from westfront.sim.runner import collect  # noqa: E402
from westfront.sim.simulate import schedule  # noqa: E402


def measure(game: str, games: int, workers: int, repeats: int, seed: int, max_actions: int) -> dict[str, Any]:
    agents = {p: "random" for p in registry.info(game).players}
    tasks = schedule(game, agents, games, seed=seed, max_actions=max_actions)
    rates, actions = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        records, _ = collect(tasks, workers=workers, progress=False)
        dt = time.perf_counter() - t0
        rates.append(games / dt)
        actions.append(sum(r.n_actions for r in records) / dt)
    return {"figure": "sim_throughput", "game": game, "agents": "random", "games": games, "workers": workers,
            "repeats": repeats, "games_per_s": round(statistics.median(rates), 3),
            "actions_per_s": round(statistics.median(actions), 1), "cpus": os.cpu_count()}


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--game", default="onslaught")
    p.add_argument("--games", type=int, default=6, help="games per run (use a multiple of the largest worker count)")
    p.add_argument("--workers", default="1,2", help="comma-separated worker counts; the first is the baseline")
    p.add_argument("--repeats", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-actions", type=int, default=50_000)
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    a = p.parse_args(argv)
    figs = [measure(a.game, a.games, int(w), a.repeats, a.seed, a.max_actions) for w in a.workers.split(",")]
    base = figs[0]
    scaling = {"figure": "sim_scaling", "game": a.game, "games": a.games,
               "ratios": {f"{f['workers']}_over_{base['workers']}": round(f["games_per_s"] / base["games_per_s"], 2)
                          for f in figs[1:]}}
    for fig in [*figs, scaling]:
        if a.json:
            print(json.dumps(fig))
        elif fig["figure"] == "sim_throughput":
            print(f"{fig['game']}: {fig['workers']} worker(s): {fig['games_per_s']} games/s, "
                  f"{fig['actions_per_s']} actions/s ({fig['games']} games)")
        else:
            print("scaling: " + ", ".join(f"{k.replace('_over_', ' vs ')} workers x{v}" for k, v in fig["ratios"].items()))
    return [*figs, scaling]


if __name__ == "__main__":
    main()
