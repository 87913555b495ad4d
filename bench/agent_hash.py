"""Do agents choose the same actions on two trees? (issue 34: a refactor must not change play.)

    PYTHONPATH=TREE .venv/bin/python bench/agent_hash.py --game second-front-now [--seeds 1 2 3] [--actions 400]

Plays random games (``random`` on both sides) and heuristic games with an ``mcts@48`` decision every
40th action, from fixed seeds, and prints one line per game: seed, kind, actions played, the hash of
the final position and a digest of the action texts. Run it on both trees and compare the output.
"""

from __future__ import annotations

import argparse
import hashlib

from westfront.ai.base import get_agent
from westfront.testing.kit import new


def play(game: str, seed: int, kind: str, cap: int) -> str:
    s = new(game, seed=seed)
    agents = {}
    mcts = get_agent("mcts@48", seed=seed) if kind == "agents" else None
    texts = hashlib.sha256()
    n = 0
    while s.result() is None and n < cap:
        side = s.current_player()
        assert side is not None
        if side not in agents:
            agents[side] = get_agent("random" if kind == "random" else "heuristic", seed=seed * 7 + len(agents))
        agent = mcts if mcts is not None and n % 40 == 39 else agents[side]
        a = agent.choose(s, side)
        texts.update(str(a).encode() + b"\n")
        s.apply(a)
        n += 1
    return f"{game} seed {seed} {kind}: {n} actions, hash {s.hash()[:16]}, actions {texts.hexdigest()[:16]}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", required=True)
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--actions", type=int, default=400, help="cap per game")
    args = ap.parse_args()
    for seed in args.seeds:
        print(play(args.game, seed, "random", 100_000), flush=True)
    for seed in args.seeds[:2]:
        print(play(args.game, seed, "agents", args.actions), flush=True)


if __name__ == "__main__":
    main()
