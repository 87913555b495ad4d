"""The balance report of a simulation: PNG plots and a small self-contained HTML page.

Plots: win rate by side with 95 % Wilson intervals, the distribution of victory
levels, the turn on which games were decided (and ended), statistics over time
(mean per turn of each per-side statistic the game's stats hook reports), and
a heat map of combat locations drawn on the game's own hex map.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.mapdata import GameMap, load_map
from ..games import registry
from .match import GameRecord

WATER = {"sea", "ocean", "lake", "water", "offmap", "impassable", "neutral"}
SIDE_COLOURS = ["#3b6ea5", "#b03a2e", "#6b7b3a", "#8e44ad"]


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def game_map(game_id: str) -> GameMap | None:
    """The game's hex map from its committed map file (``MAP_FILE`` of the game package)."""
    path = getattr(registry.module(game_id), "MAP_FILE", None)
    if path is None:
        return None
    try:
        return load_map(path)
    except Exception:  # noqa: BLE001 - a report without a heat map beats no report
        return None


def plot_win_rates(summary: dict[str, Any], path: Path) -> None:
    plt = _plt()
    labels, rates, lo, hi = [], [], [], []
    for side, d in summary["win_rate_by_side"].items():
        labels.append(f"{side}\n({d['agent']})")
        rates.append(d["win_rate"] or 0.0)
        lo.append(d["ci95"][0])
        hi.append(d["ci95"][1])
    dr = summary["draws"]
    labels.append("draw")
    rates.append(dr["rate"] or 0.0)
    lo.append(dr["ci95"][0])
    hi.append(dr["ci95"][1])
    fig, ax = plt.subplots(figsize=(5, 3.6))
    err = [[max(0.0, r - low) for r, low in zip(rates, lo, strict=True)],
           [max(0.0, high - r) for r, high in zip(rates, hi, strict=True)]]
    ax.bar(labels, rates, color=SIDE_COLOURS[: len(labels) - 1] + ["#999999"], yerr=err, capsize=6)
    for i, r in enumerate(rates):
        ax.text(i + 0.08, r + 0.02, f"{100 * r:.0f}%", ha="left", va="bottom", fontsize=9)
    ax.set_ylim(0, 1.1)
    ax.set_ylabel("share of finished games")
    ax.set_title(f"Win rate by side (n={summary['finished']}, 95% Wilson CI)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_levels(summary: dict[str, Any], path: Path) -> None:
    plt = _plt()
    items = sorted(summary["levels"].items())
    fig, ax = plt.subplots(figsize=(max(5.0, 0.9 * len(items) + 2), 3.6))
    sides = list(summary["win_rate_by_side"])
    colours = [SIDE_COLOURS[sides.index(k.split(":")[0])] if k.split(":")[0] in sides else "#999999" for k, _ in items]
    ax.bar([k.replace(":", "\n") for k, _ in items], [v for _, v in items], color=colours)
    ax.set_ylabel("games")
    ax.set_title("Victory levels (winner / level)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_decided(records: Sequence[GameRecord], path: Path) -> None:
    plt = _plt()
    done = [r for r in records if r.finished]
    decided = Counter(r.decided_turn for r in done if r.decided_turn is not None)
    ended = Counter(r.turns for r in done if r.turns is not None)
    seen = set(decided) | set(ended)
    turns = list(range(min(seen), max(seen) + 1)) if seen else []
    fig, ax = plt.subplots(figsize=(6, 3.6))
    if turns:
        xs = list(range(len(turns)))
        ax.bar([x - 0.2 for x in xs], [decided.get(t, 0) for t in turns], width=0.4, label="decided", color="#3b6ea5")
        ax.bar([x + 0.2 for x in xs], [ended.get(t, 0) for t in turns], width=0.4, label="ended", color="#bbbbbb")
        ax.set_xticks(xs, [str(t) for t in turns])
        ax.legend()
    ax.set_xlabel("turn")
    ax.set_ylabel("games")
    ax.set_title("Turn on which games were decided\n(winner led from then on) and ended")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def over_time(records: Sequence[GameRecord], sides: Sequence[str]) -> dict[str, dict[str, dict[int, float]]]:
    """stat -> side -> turn -> mean over games (last snapshot of each turn in each game)."""
    acc: dict[tuple[str, str, int], list[float]] = {}
    for r in records:
        last: dict[int, dict[str, Any]] = {}
        for snap in r.snapshots:
            if isinstance(snap.get("turn"), int):
                last[snap["turn"]] = snap
        for t, snap in last.items():
            for k, v in snap.items():
                if not isinstance(v, int | float) or isinstance(v, bool):
                    continue
                for side in sides:
                    if k.startswith(side + "_"):
                        acc.setdefault((k[len(side) + 1:], side, t), []).append(float(v))
    out: dict[str, dict[str, dict[int, float]]] = {}
    for (stat, side, t), vs in acc.items():  # stats in the hook's order, turns sorted
        out.setdefault(stat, {}).setdefault(side, {})[t] = sum(vs) / len(vs)
    return {stat: {side: dict(sorted(ts.items())) for side, ts in by.items()} for stat, by in out.items()}


def plot_over_time(records: Sequence[GameRecord], sides: Sequence[str], path: Path, max_stats: int = 9) -> bool:
    series = over_time(records, sides)
    stats = [s for s in series if len(series[s]) == len(sides)][:max_stats] or list(series)[:max_stats]
    if not stats:
        return False
    plt = _plt()
    cols = min(3, len(stats))
    rows = (len(stats) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4 * cols, 2.8 * rows), squeeze=False)
    for ax, stat in zip(axes.flat, stats, strict=False):
        for i, side in enumerate(sides):
            pts = sorted(series[stat].get(side, {}).items())
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=side,
                        color=SIDE_COLOURS[i % len(SIDE_COLOURS)])
        ax.set_title(stat.replace("_", " "), fontsize=10)
        ax.set_xlabel("turn", fontsize=8)
    for ax in list(axes.flat)[len(stats):]:
        ax.axis("off")
    axes.flat[0].legend(fontsize=8)
    fig.suptitle("Statistics over time (mean over games)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def plot_heatmap(records: Sequence[GameRecord], m: GameMap, path: Path) -> int:
    """Combat count per hex over all games, on the game's hex map; returns the number of combats drawn."""
    from matplotlib.collections import PolyCollection

    plt = _plt()
    counts = Counter(h for r in records for _, h in r.combats if h in m.index)
    polys, face = [], []
    for i in m.index.values():
        ax_ = m.axial[i]
        assert ax_ is not None
        polys.append(m.grid.corners(ax_))
        face.append("#cfe0f0" if m.terrain[i] in WATER else "#f2efe6")
    ratio = m.height / max(1, m.width)
    fig, ax = plt.subplots(figsize=(8, max(3.0, min(12.0, 8 * ratio))))
    ax.add_collection(PolyCollection(polys, facecolors=face, edgecolors="#d8d4c8", linewidths=0.3))
    if counts:
        hot = [lab for lab in counts]
        cmap = plt.get_cmap("YlOrRd")
        top = max(counts.values())
        import matplotlib.colors as mcolors

        norm = mcolors.Normalize(vmin=0, vmax=top)
        hp = []
        for lab in hot:
            ax_ = m.axial[m.index[lab]]
            assert ax_ is not None
            hp.append(m.grid.corners(ax_))
        pc = PolyCollection(hp, array=[counts[lab] for lab in hot], cmap=cmap, norm=norm, edgecolors="#555555",
                            linewidths=0.3)
        ax.add_collection(pc)
        fig.colorbar(pc, ax=ax, shrink=0.7, label="combats")
        for lab, _n in counts.most_common(5):
            ax_ = m.axial[m.index[lab]]
            assert ax_ is not None
            x, y = m.grid.center(ax_)
            ax.annotate(lab, (x, y), fontsize=6, ha="center", va="center")
    ax.autoscale_view()
    ax.set_aspect("equal")
    ax.invert_yaxis()
    ax.axis("off")
    ax.set_title(f"Where combat happens: {sum(counts.values())} combats in {len(records)} games")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return sum(counts.values())


def write_report(out: Path, records: Sequence[GameRecord], summary: dict[str, Any]) -> list[str]:
    """Write plots/*.png and report.html into ``out``; returns the relative paths written."""
    plots = out / "plots"
    plots.mkdir(parents=True, exist_ok=True)
    sides = list(summary["win_rate_by_side"])
    figs: list[tuple[str, str]] = []
    plot_win_rates(summary, plots / "win_rate_by_side.png")
    figs.append(("plots/win_rate_by_side.png", "Win rate by side, 95% Wilson confidence interval"))
    plot_levels(summary, plots / "victory_levels.png")
    figs.append(("plots/victory_levels.png", "Victory levels"))
    plot_decided(records, plots / "decided_turn.png")
    figs.append(("plots/decided_turn.png", "Turn on which games were decided and ended"))
    if plot_over_time(records, sides, plots / "stats_over_time.png"):
        figs.append(("plots/stats_over_time.png", "Statistics over time"))
    m = game_map(summary["game"])
    if m is not None:
        plot_heatmap(records, m, plots / "combat_heatmap.png")
        figs.append(("plots/combat_heatmap.png", "Heat map of combat locations"))
    (out / "report.html").write_text(render_html(summary, figs), encoding="utf-8")
    return [f for f, _ in figs] + ["report.html"]


def _timing(side: str, d: dict[str, Any]) -> str:
    if d["mean_s"] is None:
        return f"{side}: no decisions"
    return f"{side}: mean {1000 * d['mean_s']:.2f} ms, max {1000 * d['max_s']:.1f} ms over {d['decisions']} decisions"


def render_html(summary: dict[str, Any], figs: Sequence[tuple[str, str]]) -> str:
    e = html.escape
    rows = []
    for side, d in summary["win_rate_by_side"].items():
        rate = "-" if d["win_rate"] is None else f"{100 * d['win_rate']:.1f}%"
        rows.append(f"<tr><td>{e(side)}</td><td>{e(d['agent'])}</td><td>{d['wins']}</td><td>{rate}</td>"
                    f"<td>{100 * d['ci95'][0]:.1f}% – {100 * d['ci95'][1]:.1f}%</td></tr>")
    dr = summary["draws"]
    drate = "-" if dr["rate"] is None else f"{100 * dr['rate']:.1f}%"
    rows.append(f"<tr><td>draw</td><td></td><td>{dr['games']}</td><td>{drate}</td>"
                f"<td>{100 * dr['ci95'][0]:.1f}% – {100 * dr['ci95'][1]:.1f}%</td></tr>")
    ln = summary["length"]
    tp = summary["throughput"]
    facts = [
        ("games", f"{summary['games']} ({summary['finished']} finished, {summary['truncated']} capped, "
                  f"{len(summary['errors'])} errors)"),
        ("seeds", f"{summary['seeds'][0]}–{summary['seeds'][1]}"),
        ("options", json.dumps(summary["options"], sort_keys=True)),
        ("length", f"mean {ln['mean_actions']} actions (max {ln['max_actions']}), mean {ln['mean_turns']} turns"),
        ("decided on turn", f"mean {summary['decided_turn']['mean']}, median {summary['decided_turn']['median']}"),
        ("levels", ", ".join(f"{k}: {v}" for k, v in summary["levels"].items()) or "-"),
        ("time per decision", "; ".join(_timing(side, d) for side, d in summary["time_per_decision"].items())),
        ("throughput", f"{tp['games_per_s']} games/s ({tp['runner']}, {tp['wall_s']} s)"),
    ]
    imgs = "\n".join(f'<figure><img src="{e(src)}" alt="{e(cap)}"><figcaption>{e(cap)}</figcaption></figure>'
                     for src, cap in figs)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>westfront balance report: {e(summary['game'])}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1000px; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
td, th {{ border: 1px solid #ccc; padding: 4px 10px; text-align: left; }}
figure {{ display: inline-block; margin: 1em 1em 1em 0; vertical-align: top; }}
img {{ max-width: 100%; border: 1px solid #ddd; }}
figcaption {{ font-size: 90%; color: #555; }}
</style></head><body>
<h1>Balance report: {e(summary['game'])} ({e(summary['scenario'])})</h1>
<table>{''.join(f'<tr><th>{e(k)}</th><td>{e(str(v))}</td></tr>' for k, v in facts)}</table>
<h2>Win rate by side</h2>
<table><tr><th>side</th><th>agent</th><th>wins</th><th>rate</th><th>95% CI (Wilson)</th></tr>{''.join(rows)}</table>
<h2>Plots</h2>
{imgs}
<p>Data: <a href="games.csv">games.csv</a>, <a href="turns.csv">turns.csv</a>, <a href="summary.json">summary.json</a>,
<a href="records.jsonl">records.jsonl</a> (every game re-creatable: <code>westfront replay-record DIR --seed N</code>).</p>
</body></html>
"""
