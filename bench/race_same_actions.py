"""Race to the Rhine, every seating: random games in the cache debug mode and heuristic games with an
``mcts@48`` decision every 40th action, printed as one JSON line each (actions, result, final hash).

Run it on two trees (a base commit and a change) and diff the outputs: a refactor of the position or a
speed-up must leave every line identical (issue 34: same actions, same results).

    PYTHONPATH=. .venv/bin/python bench/race_same_actions.py [--random 2] [--heuristic 1] [--cap 400]
"""

from __future__ import annotations

import argparse
import json

from westfront import api
from westfront.ai import get_agent
from westfront.testing.fuzz import play_random

GAME = "race-to-the-rhine"
SEATINGS = [(True, n) for n in (1, 2, 3, 4)] + [(False, n) for n in (1, 2, 3)]


def heuristic_game(options: dict[str, object], seed: int, cap: int) -> dict[str, object]:
    """Heuristic self-play, every 40th decision by ``mcts@48``; the chosen actions' hash at the end."""
    s = api.load(GAME, options=options, seed=seed)
    sides = sorted(s.INFO.seated(options))
    heur = {side: get_agent("heuristic", seed=seed * 31 + i) for i, side in enumerate(sides)}
    mcts = {side: get_agent("mcts@48", seed=seed * 37 + i) for i, side in enumerate(sides)}
    n = 0
    while not s.is_terminal() and n < cap:
        side = s.current_player()
        assert side is not None
        agent = mcts[side] if n % 40 == 39 else heur[side]
        s.apply(agent.choose(s, side))
        n += 1
    r = s.result()
    return {"actions": n, "result": r.to_dict() if r else None, "hash": s.hash()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--random", type=int, default=2, help="random games per seating (cache debug mode)")
    ap.add_argument("--heuristic", type=int, default=1, help="heuristic+mcts games per seating")
    ap.add_argument("--cap", type=int, default=400, help="actions per heuristic game at most")
    ap.add_argument("--no-cache-check", action="store_true")
    args = ap.parse_args()
    for pd, n in SEATINGS:
        options = {"patch_devers": pd, "players": n}
        for seed in range(1, args.random + 1):
            s = play_random(GAME, seed, options=options, check_cache=not args.no_cache_check)
            r = s.result()
            print(json.dumps({"kind": "random", "pd": pd, "players": n, "seed": seed, "actions": len(s.history),
                              "result": r.to_dict() if r else None, "hash": s.hash()}), flush=True)
        for seed in range(1, args.heuristic + 1):
            print(json.dumps({"kind": "heuristic+mcts@48", "pd": pd, "players": n, "seed": seed,
                              **heuristic_game(options, seed, args.cap)}), flush=True)


if __name__ == "__main__":
    main()
