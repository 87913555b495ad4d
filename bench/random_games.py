"""Play N random-vs-random games of any registered game and print one JSON line of figures.

    PYTHONPATH=. python bench/random_games.py onslaught --games 1000 --workers 2
    PYTHONPATH=. python bench/random_games.py dday-3rd --games 20 --options mixed --check
    PYTHONPATH=. python bench/random_games.py race-to-the-rhine --games 1000 --option players=4
    PYTHONPATH=. python bench/random_games.py dday-to-the-rhine --games 50 --scenario ardennes-1945 --option phantoms=on

Every game is played to its end by uniformly random legal actions (the contract's
fuzz player: same seeds, same choices); ``--check`` also verifies the contract
invariants after every action and that the record replays to the same position.
Reports games and actions per second (wall clock, all workers), the result
distribution, game lengths and any failure with its seed. ``--options`` picks the
optional rules: ``none`` (defaults), ``all`` (every on/off rule on, every choice at
its last value) or ``mixed`` (each rule switched by the seed's bits, choices cycled);
``--option key=value`` fixes one.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from westfront import api  # noqa: E402
from westfront.core.state import State  # noqa: E402
from westfront.testing.fuzz import check_invariants, play_random, verify_replay  # noqa: E402


def options_for(game: str, seed: int, mode: str, fixed: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if mode != "none":
        for i, o in enumerate(api.registry.info(game).options):
            if o.choices is None:
                out[o.id] = True if mode == "all" else bool(seed >> i & 1)
            else:
                out[o.id] = o.choices[-1] if mode == "all" else o.choices[(seed >> i) % len(o.choices)]
    return {**out, **fixed}


def lean_game(game: str, scenario: str | None, seed: int, options: dict[str, Any], max_actions: int = 50_000) -> State:
    """The fuzz player's game without its per-action checks."""
    s = api.load(game, scenario, options=options, seed=seed)
    rnd = random.Random(seed * 7919 + 1)
    n = 0
    while not s.is_terminal():
        s.apply(rnd.choice(s.legal_actions()))
        n += 1
        if n > max_actions:
            raise RuntimeError(f"runaway: {max_actions} actions without the game ending")
    check_invariants(s)
    return s


def one_game(args: tuple[str, str | None, int, dict[str, Any], bool]) -> dict[str, Any]:
    game, scenario, seed, options, check = args
    t0 = time.perf_counter()
    try:
        if check:
            s = play_random(game, seed, scenario=scenario, options=options, max_actions=50_000)
            verify_replay(s)
        else:
            s = lean_game(game, scenario, seed, options)
    except Exception as e:  # noqa: BLE001 - every failure is reported with its seed
        return {"seed": seed, "error": f"{type(e).__name__}: {e}", "seconds": time.perf_counter() - t0}
    r = s.result()
    assert r is not None
    turn = s.view(None).get("turn")
    return {"seed": seed, "winner": r.winner, "level": r.level, "actions": len(s.history), "turn": turn,
            "seconds": time.perf_counter() - t0}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("game", help="game id (westfront games)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--scenario", default=None, help="scenario id (default: the game's first)")
    p.add_argument("--seed", type=int, default=0, help="first seed")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--options", choices=("none", "all", "mixed"), default="none")
    p.add_argument("--option", action="append", default=[], help="key=value, fixed for every game")
    p.add_argument("--check", action="store_true", help="check invariants after every action and replay each game")
    a = p.parse_args(argv)
    fixed = dict(kv.split("=", 1) for kv in a.option)
    jobs = [(a.game, a.scenario, a.seed + k, options_for(a.game, a.seed + k, a.options, fixed), a.check) for k in range(a.games)]
    t0 = time.perf_counter()
    if a.workers > 1:
        with ProcessPoolExecutor(a.workers) as ex:
            games = list(ex.map(one_game, jobs, chunksize=4))
    else:
        games = [one_game(j) for j in jobs]
    wall = time.perf_counter() - t0
    done = [g for g in games if "error" not in g]
    actions = sum(g["actions"] for g in done)
    out = {
        "figure": "random_games", "game": a.game, "scenario": a.scenario,
        "games": a.games, "workers": a.workers, "options": a.options, "fixed": fixed, "checked": a.check,
        "ok": len(done) == len(games), "failures": [g for g in games if "error" in g][:10],
        "wall_s": round(wall, 1),
        "games_per_s": round(len(done) / wall, 3) if wall else 0.0,
        "actions_per_s": round(actions / wall, 1) if wall else 0.0,
        "cpu_s_per_game": round(statistics.mean(g["seconds"] for g in done), 3) if done else None,
        "actions_per_game": {"mean": round(statistics.mean(g["actions"] for g in done), 1) if done else None,
                             "max": max((g["actions"] for g in done), default=None)},
        "results": dict(Counter(f"{g['winner']}:{g['level']}" for g in done).most_common()),
        "ended_on_turn": dict(sorted(Counter(str(g["turn"]) for g in done).items())),
    }
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
