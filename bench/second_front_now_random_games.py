"""Play N random-vs-random Second Front Now! games and print one JSON line of figures.

    PYTHONPATH=. python bench/second_front_now_random_games.py --games 1000 --workers 2
    PYTHONPATH=. python bench/second_front_now_random_games.py --games 20 --options mixed --check

Every game is played to its end by uniformly random legal actions (the
contract's fuzz player); ``--check`` also verifies the contract invariants after
every action and that the record replays to the same position. Reports games
and actions per second (wall clock, all workers), the result distribution,
game lengths and any failure with its seed. ``--options mixed`` switches the
optional rules (15.x), fog of war and the beachhead VP on and off by seed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import random  # noqa: E402

from westfront import api  # noqa: E402
from westfront.core.state import State  # noqa: E402
from westfront.testing.fuzz import check_invariants, play_random, verify_replay  # noqa: E402

OPTIONS = ("optional_rules", "fog_of_war", "beachhead_vp")


def options_for(seed: int, mode: str) -> dict[str, bool]:
    if mode == "none":
        return {}
    if mode == "all":
        return {o: True for o in OPTIONS}
    return {o: bool(seed >> i & 1) for i, o in enumerate(OPTIONS)}


def lean_game(seed: int, options: dict[str, bool], max_actions: int = 20_000) -> State:
    """The fuzz player's game (same seeds, same choices) without its per-action hashing and checks."""
    s = api.load("second-front-now", options=options, seed=seed)
    rnd = random.Random(seed * 7919 + 1)
    n = 0
    while not s.is_terminal():
        s.apply(rnd.choice(s.legal_actions()))
        n += 1
        if n > max_actions:
            raise RuntimeError(f"runaway: {max_actions} actions without the game ending")
    check_invariants(s)
    return s


def one_game(args: tuple[int, str, bool]) -> dict[str, Any]:
    seed, mode, check = args
    t0 = time.perf_counter()
    try:
        if check:
            s = play_random("second-front-now", seed, options=options_for(seed, mode))
            verify_replay(s)
        else:
            s = lean_game(seed, options_for(seed, mode))
    except Exception as e:  # noqa: BLE001 - every failure is reported with its seed
        return {"seed": seed, "error": f"{type(e).__name__}: {e}", "seconds": time.perf_counter() - t0}
    r = s.result()
    assert r is not None
    return {"seed": seed, "winner": r.winner, "level": r.level, "actions": len(s.history), "turn": s.g["turn"],
            "scores": r.scores, "seconds": time.perf_counter() - t0}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0, help="first seed")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--options", choices=("none", "all", "mixed"), default="none")
    p.add_argument("--check", action="store_true", help="check invariants after every action and replay each game")
    a = p.parse_args(argv)
    jobs = [(a.seed + k, a.options, a.check) for k in range(a.games)]
    t0 = time.perf_counter()
    if a.workers > 1:
        with ProcessPoolExecutor(a.workers) as ex:
            games = list(ex.map(one_game, jobs, chunksize=4))
    else:
        games = [one_game(j) for j in jobs]
    wall = time.perf_counter() - t0
    ok = [g for g in games if "error" in g] == []
    done = [g for g in games if "error" not in g]
    actions = sum(g["actions"] for g in done)
    out = {
        "figure": "second_front_now_random_games",
        "games": a.games, "workers": a.workers, "options": a.options, "checked": a.check,
        "ok": ok, "failures": [g for g in games if "error" in g][:10],
        "wall_s": round(wall, 1),
        "games_per_s": round(len(done) / wall, 3) if wall else 0.0,
        "actions_per_s": round(actions / wall, 1) if wall else 0.0,
        "cpu_s_per_game": round(statistics.mean(g["seconds"] for g in done), 3) if done else None,
        "actions_per_game": {"mean": round(statistics.mean(g["actions"] for g in done), 1) if done else None,
                             "max": max((g["actions"] for g in done), default=None)},
        "results": dict(Counter(f"{g['winner']}:{g['level']}" for g in done).most_common()),
        "ended_on_turn": dict(sorted(Counter(g["turn"] for g in done).items())),
    }
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
