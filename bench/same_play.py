"""Same play before and after a refactor (issue 34's checks for a game moving onto a kit) — the one script for it.

    PYTHONPATH=TREE .venv/bin/python bench/same_play.py --game skirmish [--option zoc=stop,cost2,engage ...]
    PYTHONPATH=TREE .venv/bin/python bench/same_play.py --game race-to-the-rhine \
        --option patch_devers=true,false --option players=1,2,3,4      # every seating (base 4 is skipped)

Run it on the base tree and on the branch and diff the outputs: for every combination of the given options it
prints, as JSON lines, (1) the hash after each of a few random games (seeds 1-3, ``--seeds``), (2) the hash of heuristic games
with an ``mcts@48`` decision every 40th action (seeds 1-2, up to 400 actions), and (3) with ``--fuzz N`` the
action count and results of N random games in the cache-check mode. The same lines on both trees mean every
agent chose the same actions and the cache contract held. A combination the game refuses (Race's base game
has no fourth player) prints one line saying so and is skipped.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
from typing import Any

from westfront import api
from westfront.ai import get_agent
from westfront.core.errors import UnknownGame
from westfront.testing.fuzz import fuzz


def _load(game: str, seed: int, options: dict[str, Any]) -> Any:
    opts = dict(options)
    scenario = opts.pop("scenario", None)
    return api.load(game, scenario=scenario, options=opts or None, seed=seed)


def _value(text: str) -> Any:
    """An option value from the command line: integers and true/false as such, anything else as text."""
    if text.isdigit():
        return int(text)
    return {"true": True, "false": False}.get(text.lower(), text)


def random_game(game: str, seed: int, options: dict[str, Any], actions: int) -> str:
    s = _load(game, seed, options)
    rnd = random.Random(seed)
    for _ in range(actions):
        if s.is_terminal():
            break
        s.apply(rnd.choice(s.legal_actions()))
    return s.hash()


def agent_game(game: str, seed: int, options: dict[str, Any], actions: int) -> str:
    s = _load(game, seed, options)
    heur = get_agent("heuristic", seed=seed)
    mcts = get_agent("mcts@48", seed=seed)
    for n in range(actions):
        if s.is_terminal():
            break
        side = s.current_player()
        assert side is not None
        agent = mcts if n % 40 == 39 else heur
        s.apply(agent.choose(s, side))
    seen: dict[str, int] = {}
    for e in s.log:  # what the game walked through (combat, retreats, eliminations), to read beside the hash
        kind = e.get("type") if isinstance(e, dict) else getattr(e, "type", None)
        if kind in ("combat", "retreat", "advance", "eliminated", "no_retreat", "step_loss"):
            seen[kind] = seen.get(kind, 0) + 1
    return f"{s.hash()} {len(s.history)} {sorted(seen.items())}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", required=True)
    ap.add_argument("--option", action="append", default=[], help="NAME=V1,V2,... (values tried in turn; NAME scenario picks the scenario)")
    ap.add_argument("--fuzz", type=int, default=0, help="random games per combination in the cache-check mode")
    ap.add_argument("--seeds", type=int, default=3, help="random games (seeds 1..N) per combination; agent games: 2")
    args = ap.parse_args()
    names: list[str] = []
    values: list[list[Any]] = []
    for o in args.option:
        name, vs = o.split("=", 1)
        names.append(name)
        values.append([_value(v) for v in vs.split(",")])
    for combo in itertools.product(*values) if values else [()]:
        opts = dict(zip(names, combo, strict=True))
        out: dict[str, Any] = {"options": opts}
        try:
            _load(args.game, 1, opts)
        except (ValueError, UnknownGame) as e:  # a combination the game refuses (a seating it has not)
            print(json.dumps({**out, "skipped": str(e)}, sort_keys=True), flush=True)
            continue
        out["random"] = [random_game(args.game, seed, opts, 2000) for seed in range(1, args.seeds + 1)]
        out["agents"] = [agent_game(args.game, seed, opts, 400) for seed in (1, 2)]
        if args.fuzz:
            rest = dict(opts)
            scenario = rest.pop("scenario", None)
            rep = fuzz(args.game, args.fuzz, scenario=scenario, options=rest or None, check_cache=True)
            out["fuzz"] = {"games": rep.games, "actions": rep.actions, "results": rep.results}
        print(json.dumps(out, sort_keys=True), flush=True)


if __name__ == "__main__":
    main()
