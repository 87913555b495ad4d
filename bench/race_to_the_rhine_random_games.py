"""Play N random-vs-random Race to the Rhine games for each player count and print one JSON line each.

    PYTHONPATH=. python bench/race_to_the_rhine_random_games.py --games 1000
    PYTHONPATH=. python bench/race_to_the_rhine_random_games.py --games 20 --check --players 4

Every game is played to its end by uniformly random legal actions (the contract's
fuzz player, same seeds); ``--check`` also verifies the contract invariants after
every action and that the record replays to the same position. The optional rules
(Red Ball Express, Wacht am Rhein) are switched on and off by seed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from westfront import api  # noqa: E402
from westfront.testing.fuzz import check_invariants, play_random, verify_replay  # noqa: E402


def options_for(seed: int, players: int) -> dict[str, Any]:
    return {"players": players, "red_ball_express": bool(seed & 1), "wacht_am_rhein": bool(seed & 2)}


def one_game(seed: int, players: int, check: bool) -> dict[str, Any]:
    opts = options_for(seed, players)
    if check:
        s = play_random("race-to-the-rhine", seed, options=opts)
        verify_replay(s)
    else:
        s = api.load("race-to-the-rhine", options=opts, seed=seed)
        rnd = random.Random(seed * 7919 + 1)
        while not s.is_terminal():
            s.apply(rnd.choice(s.legal_actions()))
            if len(s.history) > 20_000:
                raise RuntimeError(f"runaway game, seed {seed}")
        check_invariants(s)
    r = s.result()
    assert r is not None
    return {"actions": len(s.history), "result": f"{r.winner}:{r.level}", "rounds": s.g["round"]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    for players in a.players:
        t0 = time.perf_counter()
        rows = [one_game(seed, players, a.check) for seed in range(a.games)]
        dt = time.perf_counter() - t0
        acts = [r["actions"] for r in rows]
        print(json.dumps({
            "game": "race-to-the-rhine", "players": players, "games": len(rows), "seconds": round(dt, 2),
            "games_per_second": round(len(rows) / dt, 1), "actions_per_second": round(sum(acts) / dt),
            "actions_median": statistics.median(acts), "actions_max": max(acts),
            "results": dict(Counter(r["result"] for r in rows).most_common()),
        }))


if __name__ == "__main__":
    main()
