"""Train a policy with the NumPy learner and plot its win rate against random and heuristic over training.

    PYTHONPATH=. .venv/bin/python examples/train_numpy.py                      # skirmish, blue
    PYTHONPATH=. .venv/bin/python examples/train_numpy.py --game dday-to-the-rhine \
        --scenario ardennes-learning --side german --episodes 200 --max-steps 600
    PYTHONPATH=. .venv/bin/python examples/train_numpy.py --episodes 5 --eval-every 5 --eval-games 2   # smoke run

Writes ``<out>.json`` (the curve: episode, seconds, win rate per opponent) and, when
matplotlib is installed (the ``[sim]`` extra), ``<out>.png``. The learner is
``westfront.rl.learn`` (REINFORCE, linear softmax over the legal action indices);
docs/rl.md shows the curves this script produced.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path

import numpy as np

from westfront.rl.learn import train


def plot(curve: list[dict], title: str, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=110)
    for opp in curve[0]["win_rate"]:
        ax.plot([c["episode"] for c in curve], [c["win_rate"][opp] for c in curve], marker="o", label=f"vs {opp}")
    ax.set_xlabel("training episodes")
    ax.set_ylabel("win rate")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.set_title(title, fontsize=10)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out)


def title(args: argparse.Namespace) -> str:
    where = f"{args.game} ({args.scenario})" if args.scenario else args.game
    opts = f", {' '.join(args.option)}" if args.option else ""
    return f"{where}{opts}: NumPy REINFORCE as {args.side or 'the first side'}, trained vs {args.opponent}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="skirmish")
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--side", default=None, help="the learner's side (default: the game's first)")
    ap.add_argument("--opponent", default="random", help="training opponent (any westfront agent)")
    ap.add_argument("--episodes", type=int, default=600)
    ap.add_argument("--lr", type=float, default=0.1)
    ap.add_argument("--eval-every", type=int, default=100)
    ap.add_argument("--eval-games", type=int, default=30)
    ap.add_argument("--eval-opponents", default="random,heuristic")
    ap.add_argument("--reward", default="shaped", choices=("win", "shaped"))
    ap.add_argument("--option", action="append", default=[], help="game option key=value (repeatable)")
    ap.add_argument("--max-steps", type=int, default=1000,
                    help="truncate an episode after this many decisions (a greedy policy can loop select/cancel)")
    ap.add_argument("--eval-sampled", action="store_true", help="evaluate by sampling instead of the best action")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="rl-curve")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option) or None
    policy, curve = train(
        args.game, episodes=args.episodes, opponent=args.opponent, lr=args.lr, eval_every=args.eval_every,
        eval_games=args.eval_games, eval_opponents=tuple(args.eval_opponents.split(",")),
        eval_greedy=not args.eval_sampled, seed=args.seed,
        log=print, side=args.side, scenario=args.scenario, options=options, reward=args.reward,
        max_steps=args.max_steps,
    )
    rows = [asdict(c) for c in curve]
    out = Path(args.out)
    out.with_suffix(".json").write_text(json.dumps({"args": vars(args), "curve": rows}, indent=1))
    np.save(out.with_suffix(".theta.npy"), policy.theta)
    try:
        plot(rows, title(args), out.with_suffix(".png"))
    except ImportError:
        print("matplotlib not installed: curve written as JSON only")
    print(f"wrote {out.with_suffix('.json')}")


if __name__ == "__main__":
    main()
