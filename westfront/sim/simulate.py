"""Balance simulations: many games with fixed agents per side, written as data and a report.

Output directory layout (docs/simulation.md):

* ``records.jsonl``: one full :class:`GameRecord` per line (seed, agents, actions,
  hash, statistics over time): any game can be re-created with ``westfront replay-record``;
* ``games.parquet`` / ``games.csv``: one row per game (result, length, timing, final statistics);
* ``turns.parquet`` / ``turns.csv``: one row per game and turn snapshot (statistics over time);
* ``summary.json``: win rates by side with 95 % Wilson intervals, levels, lengths, decided turns;
* ``plots/*.png`` and ``report.html``: the balance report (westfront.sim.report).
"""

from __future__ import annotations

import csv
import json
import statistics
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..games import registry
from .match import DEFAULT_MAX_ACTIONS, GameRecord
from .runner import GameTask
from .stats_math import wilson
from .tournament import length_stats


def schedule(
    game: str,
    agents: dict[str, str],
    games: int,
    *,
    scenario: str | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    time_budget: float | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> list[GameTask]:
    """``games`` tasks with seeds ``seed, seed+1, ...`` and the same agent on each side every game."""
    return [GameTask(index=k, game=game, seed=seed + k, agents=dict(agents), scenario=scenario,
                     options=dict(options or {}), time_budget=time_budget, max_actions=max_actions)
            for k in range(games)]


def agents_for_sides(game: str, specs: Sequence[str], options: dict[str, Any] | None = None) -> dict[str, str]:
    """``A,B`` -> {first player: A, second: B}; one spec plays every side taking part."""
    players = registry.info(game).seated(options)
    if len(specs) == 1:
        specs = list(specs) * len(players)
    if len(specs) != len(players):
        raise ValueError(f"{game} has {len(players)} sides ({', '.join(players)}); give one agent or one per side, "
                         f"got {len(specs)}")
    return dict(zip(players, specs, strict=True))


def game_row(rec: GameRecord) -> dict[str, Any]:
    """One flat row per game for Parquet/CSV: result, length, timing, scores and the last snapshot."""
    row: dict[str, Any] = {
        "seed": rec.seed, "game": rec.game, "scenario": rec.scenario, "options": json.dumps(rec.options, sort_keys=True),
    }
    for side, spec in rec.agents.items():
        row[f"agent_{side}"] = spec
    row.update({
        "winner": rec.winner, "level": rec.level, "reason": rec.reason, "n_actions": rec.n_actions,
        "turns": rec.turns, "decided_turn": rec.decided_turn, "combats": len(rec.combats),
        "truncated": rec.truncated, "error": rec.error, "seconds": rec.seconds, "hash": rec.hash,
    })
    for side, d in rec.decisions.items():
        row[f"decisions_{side}"] = d["count"]
        row[f"mean_s_{side}"] = d["total_s"] / d["count"] if d["count"] else None
        row[f"max_s_{side}"] = d["max_s"]
    for k, v in rec.scores.items():
        row[f"score_{k}"] = v
    if rec.snapshots:
        for k, v in rec.snapshots[-1].items():
            if k not in ("turn", "action"):
                row[f"final_{k}"] = v
    return row


def turn_rows(rec: GameRecord) -> list[dict[str, Any]]:
    return [{"seed": rec.seed, **snap} for snap in rec.snapshots]


def _write_table(rows: list[dict[str, Any]], stem: Path) -> list[str]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    cols: list[str] = []
    for r in rows:
        for k in r:
            if k not in cols:
                cols.append(k)
    full = [{c: r.get(c) for c in cols} for r in rows]
    with stem.with_suffix(".csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        w.writerows(full)
    table = pa.Table.from_pylist(full) if full else pa.table({})
    pq.write_table(table, stem.with_suffix(".parquet"))
    return [stem.with_suffix(".parquet").name, stem.with_suffix(".csv").name]


def summarize(records: Sequence[GameRecord], *, wall_s: float | None = None, runner: str = "") -> dict[str, Any]:
    """Win rate by side with 95 % Wilson intervals, draws, levels, lengths, decided turns, final statistics."""
    rec0 = records[0]
    players = list(rec0.agents)
    done = [r for r in records if r.finished]
    n = len(done)
    by_side = {}
    for side in players:
        w = sum(1 for r in done if r.winner == side)
        lo, hi = wilson(w, n)
        by_side[side] = {"agent": rec0.agents[side], "wins": w, "win_rate": round(w / n, 4) if n else None,
                         "ci95": [round(lo, 4), round(hi, 4)]}
    d = sum(1 for r in done if r.winner is None)
    dlo, dhi = wilson(d, n)
    decided = [r.decided_turn for r in done if r.decided_turn is not None]
    finals: dict[str, list[float]] = {}
    for r in done:
        if r.snapshots:
            for k, v in r.snapshots[-1].items():
                if k not in ("turn", "action") and isinstance(v, int | float) and not isinstance(v, bool):
                    finals.setdefault(k, []).append(float(v))
    timing = {}
    for side in players:
        ds = [r.decisions[side] for r in records if side in r.decisions]
        cnt = sum(int(x["count"]) for x in ds)
        timing[side] = {"decisions": cnt,
                        "mean_s": round(sum(x["total_s"] for x in ds) / cnt, 6) if cnt else None,
                        "max_s": round(max((x["max_s"] for x in ds), default=0.0), 6)}
    return {
        "game": rec0.game, "scenario": rec0.scenario, "options": rec0.options, "agents": rec0.agents,
        "games": len(records), "finished": n, "truncated": sum(1 for r in records if r.truncated),
        "errors": [{"seed": r.seed, "error": r.error} for r in records if r.error][:20],
        "seeds": [min(r.seed for r in records), max(r.seed for r in records)],
        "win_rate_by_side": by_side,
        "draws": {"games": d, "rate": round(d / n, 4) if n else None, "ci95": [round(dlo, 4), round(dhi, 4)]},
        "levels": dict(Counter(f"{r.winner or 'draw'}:{r.level}" for r in done).most_common()),
        "reasons": dict(Counter(r.reason for r in done).most_common(10)),
        "length": length_stats(done),
        "end_turn": dict(sorted(Counter(r.turns for r in done if r.turns is not None).items())),
        "decided_turn": {
            "mean": round(statistics.mean(decided), 2) if decided else None,
            "median": statistics.median(decided) if decided else None,
            "histogram": dict(sorted(Counter(decided).items())),
        },
        "final_stats_mean": {k: round(statistics.mean(v), 3) for k, v in finals.items()},
        "time_per_decision": timing,
        "throughput": {"runner": runner, "wall_s": round(wall_s, 3) if wall_s else None,
                       "games_per_s": round(len(records) / wall_s, 3) if wall_s else None},
    }


def write_outputs(out: Path, records: Sequence[GameRecord], *, wall_s: float | None = None, runner: str = "",
                  report: bool = True, records_written: bool = False) -> dict[str, Any]:
    """Write every output file of a simulation into ``out``; returns the summary (with the file list).

    ``records_written``: ``records.jsonl`` was already streamed there (``collect(records_path=...)``),
    and ``records`` are its light copies.
    """
    out.mkdir(parents=True, exist_ok=True)
    files = ["records.jsonl"]
    if not records_written:
        write_records(out / "records.jsonl", records)
    files += _write_table([game_row(r) for r in records], out / "games")
    files += _write_table([row for r in records for row in turn_rows(r)], out / "turns")
    summary = summarize(records, wall_s=wall_s, runner=runner)
    if report:
        from .report import write_report

        files += write_report(out, records, summary)
    files.append("summary.json")
    summary["files"] = files
    (out / "summary.json").write_text(json.dumps(summary, indent=2, default=str) + "\n", encoding="utf-8")
    return summary


def write_records(path: Path, records: Sequence[GameRecord]) -> None:
    """One JSON record per line (the format ``replay-record`` reads)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r.to_dict(), separators=(",", ":")) + "\n")


def read_records(path: Path) -> list[GameRecord]:
    """The records of a ``records.jsonl`` file (or of the ``records.jsonl`` inside a simulation directory)."""
    if path.is_dir():
        path = path / "records.jsonl"
    with path.open(encoding="utf-8") as f:
        return [GameRecord.from_dict(json.loads(line)) for line in f if line.strip()]
