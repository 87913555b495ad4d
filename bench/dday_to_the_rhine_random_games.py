"""Random-vs-random games of 1944: D-Day to the Rhine; prints one JSON object.

    PYTHONPATH=$PWD python bench/dday_to_the_rhine_random_games.py --games 1000
    PYTHONPATH=$PWD python bench/dday_to_the_rhine_random_games.py --games 50 --scenario ardennes-1945 \\
        --option phantoms=on --check

Every game must end with a legal result (a winner among the players or a draw)
within the action cap; ``--check`` also checks the contract invariants after
every action (slower). ``--workers N`` splits the games over N processes.
The figures reported are games per second of wall time and, with one worker,
per second of this process's CPU time (the fair figure on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import westfront
from westfront.testing.fuzz import check_invariants

GAME = "dday-to-the-rhine"
MAX_ACTIONS = 20_000


def play(seed: int, scenario: str | None, options: dict[str, Any], check: bool) -> dict[str, Any]:
    s = westfront.load(GAME, scenario=scenario, options=options, seed=seed)
    rnd = random.Random(seed * 7919 + 1)
    n = 0
    while not s.is_terminal():
        if check:
            check_invariants(s)
        s.apply(rnd.choice(s.legal_actions()))
        n += 1
        if n > MAX_ACTIONS:
            raise RuntimeError(f"seed {seed}: no result after {MAX_ACTIONS} actions")
    r = s.result()
    assert r is not None and (r.winner is None or r.winner in s.INFO.players), r
    return {"actions": n, "key": f"{r.winner}:{r.level}", "turn": s.turn}


def run_chunk(args: tuple[list[int], str | None, dict[str, Any], bool]) -> list[dict[str, Any]]:
    seeds, scenario, options, check = args
    return [play(k, scenario, options, check) for k in seeds]


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--option", action="append", default=[], help="key=value")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="check invariants after every action")
    a = ap.parse_args(argv)
    options = dict(kv.split("=", 1) for kv in a.option)
    seeds = list(range(a.seed, a.seed + a.games))
    t0 = time.perf_counter()
    c0 = time.process_time()
    if a.workers > 1:
        chunks = [(seeds[k::a.workers], a.scenario, options, a.check) for k in range(a.workers)]
        with ProcessPoolExecutor(a.workers) as ex:
            rows = [r for part in ex.map(run_chunk, chunks) for r in part]
    else:
        rows = run_chunk((seeds, a.scenario, options, a.check))
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0  # this process only: meaningful with --workers 1
    actions = [r["actions"] for r in rows]
    out = {
        "game": GAME, "scenario": a.scenario or "campaign", "options": options, "games": len(rows),
        "errors": 0, "seconds": round(dt, 2), "games_per_s": round(len(rows) / dt, 3),
        "cpu_seconds": round(cpu, 2), "games_per_cpu_s": round(len(rows) / cpu, 3) if a.workers == 1 and cpu else None,
        "actions_per_s": round(sum(actions) / dt, 1), "mean_actions": round(sum(actions) / len(rows), 1),
        "max_actions": max(actions), "results": dict(sorted(Counter(r["key"] for r in rows).items())),
        "last_turn": dict(sorted(Counter(r["turn"] for r in rows).items())), "workers": a.workers,
    }
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
