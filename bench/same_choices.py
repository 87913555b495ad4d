"""Do agents choose the same actions on this tree as on another? (issue 34: a refactor keeps behaviour)

    PYTHONPATH=<tree> .venv/bin/python bench/same_choices.py --game dday-to-the-rhine [--actions 400]

Plays random games (seeds 1-3) and heuristic games (seeds 1-2) with an ``mcts@48`` decision every 40th
action, and prints one digest per game (the final state's hash and the action count). Run it on both trees
and compare the lines: equal lines mean every agent chose the same actions.
"""

from __future__ import annotations

import argparse
import hashlib
import json

from westfront import api
from westfront.ai import get_agent


def run(game: str, seed: int, spec: str, actions: int, search_every: int, options: dict[str, object] | None = None) -> str:
    s = api.load(game, seed=seed, options=options)
    agent = get_agent(spec, seed=seed)
    search = get_agent("mcts@48", seed=seed) if search_every else None
    trail = hashlib.sha256()
    n = 0
    while not s.is_terminal() and n < actions:
        side = s.current_player()
        assert side is not None
        pick = search if search is not None and n % search_every == search_every - 1 else agent
        a = pick.choose(s, side)
        trail.update(json.dumps(a, sort_keys=True, default=str).encode())
        s.apply(a)
        n += 1
    return f"{spec} {options or ''} seed={seed} actions={n} hash={s.hash()} trail={trail.hexdigest()[:16]}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", required=True)
    ap.add_argument("--actions", type=int, default=400)
    ap.add_argument("--option", action="append", default=[], help="name=JSON value: a second round with options")
    args = ap.parse_args()
    rounds: list[dict[str, object]] = [{}]
    if args.option:
        rounds.append({k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)})
    for opts in rounds:
        for seed in (1, 2, 3):
            print(run(args.game, seed, "random", 100_000, 0, opts), flush=True)
        for seed in (1, 2):
            print(run(args.game, seed, "heuristic", args.actions, 40, opts), flush=True)


if __name__ == "__main__":
    main()
