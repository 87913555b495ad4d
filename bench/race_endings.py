"""Race to the Rhine: how heuristic self-play games end, per player count and game (issue 31).

    PYTHONPATH=. nice python bench/race_endings.py 4 pd 200      # 4 commanders with Patch-Devers, seeds 0-199
    PYTHONPATH=. nice python bench/race_endings.py 3 base 200    # the base game, 3 commanders

Prints one JSON line: endings (crossing / medals), wins per commander (``shared/none``: a Medal tie, or a
solitaire game without a crossing), crossings per commander, mean rounds (of all games, and of the games won by a
crossing), mean Logistics Steps, seconds.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter

from westfront import api
from westfront.ai import get_agent


def one(n: int, pd: bool, seed: int) -> tuple[str, str | None, int, int]:
    s = api.load("race-to-the-rhine", None, {"players": n, "patch_devers": pd}, seed)
    agents = {c: get_agent("heuristic", seed=seed + i) for i, c in enumerate(s.g["seats"])}
    steps = 0
    while not s.is_terminal() and steps < 20000:
        p = s.current_player()
        assert p is not None
        s.apply(agents[p].choose(s, p))
        steps += 1
    r = s.result()
    kind = "crossing" if r and "crossed the Rhine into" in r.reason else ("medals" if r else "unfinished")
    return kind, (r.winner if r else None), s.g["round"], s.g["logistics_steps"]


def main(argv: list[str]) -> None:
    n, pd, games = int(argv[0]), argv[1] == "pd", int(argv[2])
    seed0 = int(argv[3]) if len(argv) > 3 else 0
    t = time.time()
    kinds: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    cross_by: Counter[str] = Counter()
    rounds, steps, cross_rounds = [], [], []
    for k in range(games):
        kind, w, r, ls = one(n, pd, seed0 + k)
        kinds[kind] += 1
        wins[w or "shared/none"] += 1
        rounds.append(r)
        steps.append(ls)
        if kind == "crossing":
            cross_by[w or "?"] += 1
            cross_rounds.append(r)
    print(json.dumps({"players": n, "patch_devers": pd, "games": games, "ends": kinds, "wins": wins,
                      "crossings_by": cross_by, "mean_rounds": sum(rounds) / games,
                      "mean_rounds_crossing": round(sum(cross_rounds) / max(1, len(cross_rounds)), 2),
                      "mean_logistics_steps": sum(steps) / games, "seconds": round(time.time() - t, 1)}))


if __name__ == "__main__":
    main(sys.argv[1:])
