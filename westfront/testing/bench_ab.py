"""A/B bench: this tree against a git revision, measured in turns in one run.

``westfront bench --against REV`` unpacks ``REV`` with ``git archive`` into a
temporary folder (the repository itself is only read), then runs
:mod:`bench_worker` once per repeat on each side, alternating which side goes
first, each in a fresh process with ``PYTHONPATH`` pointing at its tree. Both
sides run this tree's worker file, which uses only APIs every revision has, so
the work is the same. Medians of CPU time per side and their ratio are
reported: a ratio measured in one run on one machine under the same load is
trustworthy where two separate runs on a shared machine are not.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import westfront

HERE = Path(westfront.__file__).resolve().parent.parent
WORKER = Path(__file__).resolve().parent / "bench_worker.py"

# metric -> True when bigger is better (a rate), False for a time
METRICS: dict[str, bool] = {
    "actions_per_cpu_s": True, "iterations_per_cpu_s": True,
    "legal_us": False, "apply_us": False, "clone_us": False, "clone_warm_us": False, "view_us": False, "new_game_ms": False,
    "ours_us": False, "ratio_ours_over_scipy": False,
}
WORK = ("actions", "iterations", "reached", "supplied", "clones")  # must match on both sides


def unpack(rev: str, repo: Path = HERE) -> tuple[str, tempfile.TemporaryDirectory[str]]:
    """``rev`` resolved to a commit and its tree in a temporary folder (read-only use of git)."""
    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", rev + "^{commit}"],
                            check=True, capture_output=True, text=True).stdout.strip()
    tmp = tempfile.TemporaryDirectory(prefix=f"westfront-{commit[:8]}-")
    archive = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", commit, "westfront"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=__import__("io").BytesIO(archive)) as tf:
        tf.extractall(tmp.name, filter="data")
    return commit, tmp


def run_worker(root: Path | str, parts: list[str], games: list[str], quick: bool) -> list[dict[str, Any]]:
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0")
    cmd = [sys.executable, "-P", str(WORKER), "--parts", ",".join(parts), "--games", ",".join(games)]
    if quick:
        cmd.append("--quick")
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(root))
    if out.returncode:
        tail = "\n".join(out.stderr.strip().splitlines()[-15:])
        raise RuntimeError(f"the bench worker failed on {root}:\n{tail}")
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def _key(fig: dict[str, Any]) -> str:
    k = fig["figure"]
    if "game" in fig:
        k += f" {fig['game']}"
    if "mp" in fig:
        k += f" mp={fig['mp']}"
    return k


def _flat(fig: dict[str, Any]) -> dict[str, float]:
    out = {k: float(v) for k, v in fig.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    for part, v in (fig.get("us_per_iteration") or {}).items():
        out[f"{part}_us"] = float(v)
    return out


def compare(rev: str, repeats: int = 5, parts: list[str] | None = None, games: list[str] | None = None,
            quick: bool = False, log: Any = None) -> Iterator[dict[str, Any]]:
    """One dict per figure and metric: medians on both sides and the speed-up of this tree over ``rev``."""
    parts = parts or ["kits", "play", "mcts"]
    commit, tmp = unpack(rev)
    samples: dict[str, dict[str, list[dict[str, float]]]] = {"base": {}, "new": {}}
    with tmp:
        sides = {"base": Path(tmp.name), "new": HERE}
        for r in range(repeats):
            order = ("base", "new") if r % 2 == 0 else ("new", "base")
            for side in order:
                if log:
                    log(f"repeat {r + 1}/{repeats}: {side}")
                for fig in run_worker(sides[side], parts, games or [], quick):
                    samples[side].setdefault(_key(fig), []).append(_flat(fig))
    for key in samples["new"]:
        base, new = samples["base"].get(key, []), samples["new"][key]
        if not base:
            continue
        work_differs = [w for w in WORK if w in new[0] and base[0].get(w) != new[0].get(w)]
        names = [m for m in new[0] if m in METRICS or (m.endswith("_us") and key.startswith("mcts_split"))]
        for metric in names:
            b = statistics.median(x[metric] for x in base if metric in x)
            n = statistics.median(x[metric] for x in new if metric in x)
            bigger_better = METRICS.get(metric, False)
            speedup = (n / b if bigger_better else b / n) if b and n else None
            pairs = [(nx[metric] / bx[metric] if bigger_better else bx[metric] / nx[metric])
                     for bx, nx in zip(base, new, strict=False) if bx.get(metric) and nx.get(metric)]
            yield {"figure": key, "metric": metric, "base": round(b, 3), "new": round(n, 3),
                   "speedup": round(speedup, 2) if speedup else None,
                   "speedup_range": [round(min(pairs), 2), round(max(pairs), 2)] if pairs else None,
                   "repeats": len(new), "against": commit[:10], **({"work_differs": work_differs} if work_differs
                                                                    else {})}
