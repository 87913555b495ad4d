"""The analysis as a PNG (matplotlib, imported only here): chances over the game with the turning
points marked and numbered, and the victory track below when the game keeps one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..games import registry
from .chances import Analysis

SIDE_COLOURS = ["#3b6ea5", "#b03a2e", "#6b7b3a", "#8e44ad"]


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _name(side: str) -> str:
    return side.upper() if side in ("us", "uk") else side.replace("_", " ").title()


def write_png(a: Analysis, path: Path) -> None:
    plt = _plt()
    rows = 2 if a.victory and a.victory.turns else 1
    fig, axes = plt.subplots(rows, 1, figsize=(9, 3.2 * rows + 0.4), squeeze=False)
    ax = axes[0][0]
    xs = [p.at for p in a.points]
    for i, side in enumerate(a.sides):
        ax.plot(xs, [100 * p.chances[side] for p in a.points], color=SIDE_COLOURS[i % 4], label=_name(side), lw=1.6)
    for n, t in enumerate(a.turning_points, 1):
        y = 100 * t.after[t.gainer]
        ax.axvline(t.at, color="#888", lw=0.8, ls=":")
        ax.annotate(str(n), (t.at, y), xytext=(0, 8), textcoords="offset points", ha="center", fontsize=9,
                    fontweight="bold", bbox={"boxstyle": "circle,pad=0.2", "fc": "#ffd84d", "ec": "#333"})
    ax.set_ylim(0, 100)
    ax.set_xlim(0, max(1, a.n_actions))
    ax.set_ylabel("winning chance (%)")
    ax.set_xlabel("action")
    winner = (a.result or {}).get("winner")
    ax.set_title(f"{registry.info(a.game).title}: {_name(winner) + ' won' if winner else 'no winner'} — turning points numbered")
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(alpha=0.3)
    if rows == 2 and a.victory:
        vx = axes[1][0]
        turns = a.victory.turns
        sides = list(turns[0]["values"])
        for i, side in enumerate(sides):
            vx.step([t["at"] for t in turns], [t["values"][side] for t in turns], where="post",
                    color=SIDE_COLOURS[a.sides.index(side) % 4 if side in a.sides else i], label=_name(side))
        vx.set_xlim(0, max(1, a.n_actions))
        vx.set_ylabel(a.victory.label, fontsize=8)
        vx.set_xlabel("action (a step at the start of each turn)")
        vx.legend(loc="upper left", fontsize=8)
        vx.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
