"""Draw some planes of one observation as heat maps (the picture in docs/rl.md).

    PYTHONPATH=. .venv/bin/python examples/plot_observation.py --game skirmish --decisions 12 --out obs.png
"""

from __future__ import annotations

import argparse

import numpy as np

import westfront.rl as rl
from westfront.ai import RandomAgent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="skirmish")
    ap.add_argument("--decisions", type=int, default=12, help="random decisions played before the picture")
    ap.add_argument("--planes", default="terrain:forest,hexside:river:2,zone:objective,side0:units:inf,"
                                        "side0:units:arm,side1:units:inf,side1:units:arm,marker:control:side0,"
                                        "legal_target")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--out", default="observation.png")
    args = ap.parse_args()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    e = rl.env(args.game)
    e.reset(seed=args.seed)
    agent = RandomAgent(args.seed)
    for _ in range(args.decisions):
        e.step(e.index_of(e.agent_selection, agent.choose(e.game, e.agent_selection)))
    side = e.agent_selection
    obs = e.observe(side)
    names = e.spaces.observer.spec.plane_names
    wanted = [n for n in args.planes.split(",") if n in names]
    cols = 3
    rows = -(-len(wanted) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.2 * cols, 2.6 * rows), dpi=100)
    for ax, name in zip(np.ravel(axes), wanted, strict=False):
        plane = obs["observation"][names.index(name)]
        ax.imshow(plane if plane.ndim == 2 else plane[None, :], cmap="viridis", interpolation="nearest")
        ax.set_title(name, fontsize=9)
        ax.set_xticks([])
        ax.set_yticks([])
    for ax in np.ravel(axes)[len(wanted):]:
        ax.axis("off")
    fig.suptitle(f"{args.game}: {side}'s observation after {args.decisions} decisions "
                 f"({obs['observation'].shape[0]} planes of {obs['observation'].shape[1:]}, "
                 f"{int(obs['action_mask'].sum())} legal indices of {obs['action_mask'].size})", fontsize=9)
    fig.tight_layout()
    fig.savefig(args.out)
    print(f"wrote {args.out}: {side}, prompt {e.game.prompt()!r}")


if __name__ == "__main__":
    main()
