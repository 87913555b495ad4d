"""Large fuzz: many random games per registered game with every invariant checked.

    .venv/bin/python bench/fuzz.py --games 200 [--game onslaught] [--deep 100] [--no-cache-check]
    .venv/bin/python bench/fuzz.py --mixed --games 10 --game onslaught   # heuristic vs random, both ways round

``--mixed`` seats a heuristic agent on one side and a random one on the other, each
way round (``westfront.testing.agent_fuzz``, issue 21): random play always ends in a
German victory in the campaigns, so only mixed games walk the Allied victory paths.

Runs in the cache debug mode (every memoised fact recomputed after every action,
docs/performance.md) unless --no-cache-check.

Prints one JSON line per game id: games, actions, seconds, games/s, result counts.
"""

from __future__ import annotations

import argparse
import json

from westfront.games import registry
from westfront.testing.agent_fuzz import fuzz_mixed
from westfront.testing.fuzz import fuzz


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--game", action="append", help="game id (repeatable); default: all registered")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--deep", type=int, default=0, help="check save round trips every N actions")
    ap.add_argument("--no-cache-check", action="store_true", help="skip the cache debug mode (faster)")
    ap.add_argument("--mixed", action="store_true",
                    help="heuristic against random, both ways round (games per side), instead of random play")
    args = ap.parse_args()
    for gid in args.game or registry.game_ids():
        if args.mixed:
            mixed = fuzz_mixed(gid, args.games, seed=args.seed, check_cache=not args.no_cache_check)
            print(json.dumps({"figure": "fuzz_mixed", "game": gid, "games": mixed.games, "actions": mixed.actions,
                              "results": mixed.results}), flush=True)
            continue
        rep = fuzz(gid, args.games, seed=args.seed, deep_every=args.deep, check_cache=not args.no_cache_check)
        print(json.dumps({"figure": "fuzz", "game": gid, "games": rep.games, "actions": rep.actions,
                          "seconds": round(rep.seconds, 2), "games_per_s": round(rep.games / rep.seconds, 3),
                          "results": rep.results}), flush=True)


if __name__ == "__main__":
    main()
