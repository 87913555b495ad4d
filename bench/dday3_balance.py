"""D-Day (3rd ed.) balance probe: how the games of a ``westfront simulate dday-3rd`` run end (issue 30).

Why: the acceptance asks for the Allied share of heuristic games with its Wilson interval, and to re-tune the
reconstructed data only if the Allied plan is sound; for that one needs to see *how* games are won and lost. This
reads the run's records, replays each game and prints one line per game (invasion sectors and weeks, the week-1
drops, the peak of supplied Allied units east of the Rhine-Issel line and its week, the weeks the §13 count stood at
10+, the end), then the totals: Allied wins with the 95 % Wilson interval and the endings by §13 condition and week.

    westfront simulate dday-3rd --agents heuristic --games 40 --seed 0 --out runs/hh --no-report
    PYTHONPATH=. nice python bench/dday3_balance.py runs/hh [--json]
"""

from __future__ import annotations

import argparse
import json
import pathlib
from collections import Counter
from typing import Any

from westfront import api
from westfront.games.dday_3rd import victory
from westfront.sim.stats_math import wilson


def records(out: pathlib.Path) -> list[dict[str, Any]]:
    """The run's game records (records.jsonl, or the .part file of a run still going)."""
    for name in ("records.jsonl", "records.jsonl.part"):
        p = out / name
        if p.exists():
            return [json.loads(line) for line in p.read_text().splitlines() if line.strip()]
    raise SystemExit(f"no records.jsonl in {out}")


def ending(reason: str) -> str:
    """The §13 condition a game ended by, in a word."""
    if "east of the Rhine" in reason:
        return "allied: 10+ east for 4 weeks"
    if "no German unit" in reason:
        return "allied: no German unit left"
    if "no Allied unit" in reason:
        return "german: no Allied unit after week 9"
    if "end of week 50" in reason:
        return "german: week 50"
    return reason


def trace(rec: dict[str, Any]) -> dict[str, Any]:
    """Replay one record and read the facts above from it."""
    s: Any = api.load("dday-3rd", rec["scenario"], rec["options"], rec["seed"])
    east_by_week: dict[int, int] = {}
    held: list[int] = []  # weeks whose §13 count held at both moments (the streak went up)
    streak = best = 0
    drops: list[str] = []
    pending: str | None = None
    for text in rec["actions"]:
        if text.startswith("drop "):
            pending = text.split()[1]
        elif pending and text.startswith("hex "):
            drops.append(f"w{s.week}:{pending.split('-')[1]}@{text.split()[1]}")
            pending = None
        s.apply(text)
        if s.g["east_streak"] != streak:
            streak = s.g["east_streak"]
            if streak:
                held.append(s.week)
            best = max(best, streak)
        e = victory.supplied_east_of_rhine(s)
        east_by_week[s.week] = max(east_by_week.get(s.week, 0), e)
    peak_week, peak = max(east_by_week.items(), key=lambda kv: (kv[1], -kv[0]), default=(0, 0))
    r = s.result()
    return {"seed": rec["seed"], "winner": rec["winner"], "week": s.week, "end": ending(rec["reason"]),
            "invasions": [f"{i['sector']}@w{i['week']}" for i in s.g["invasions"]],
            "drops": drops, "peak_east": peak, "peak_week": peak_week,
            "weeks_10_east": sum(1 for v in east_by_week.values() if v >= victory.EAST_UNITS),
            "weeks_held": held, "best_streak": best,
            "reason": r.reason if r else rec["reason"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=pathlib.Path, help="the simulate --out directory")
    ap.add_argument("--json", action="store_true", help="one JSON line per game instead of text")
    ns = ap.parse_args()
    rows = [trace(r) for r in records(ns.out)]
    for t in rows:
        if ns.json:
            print(json.dumps(t))
        else:
            print(f"seed {t['seed']:>4} {t['winner']:<7} week {t['week']:>2} {t['end']:<36} "
                  f"inv {','.join(t['invasions'])} drops {' '.join(t['drops'])} "
                  f"peak {t['peak_east']} (w{t['peak_week']}) 10+ in {t['weeks_10_east']} weeks, "
                  f"held in {len(t['weeks_held'])} (best streak {t['best_streak']})")
    n = len(rows)
    wins = sum(1 for t in rows if t["winner"] == "allied")
    lo, hi = wilson(wins, n) if n else (0.0, 0.0)
    ends = Counter(t["end"] for t in rows)
    weeks = sorted(t["week"] for t in rows if t["winner"] == "allied")
    print(json.dumps({"games": n, "seeds": [rows[0]["seed"], rows[-1]["seed"]] if rows else [],
                      "allied_wins": wins, "allied_share": round(wins / n, 3) if n else None,
                      "wilson95": [round(lo, 3), round(hi, 3)], "endings": dict(ends), "allied_win_weeks": weeks,
                      "sectors_week1": dict(Counter(t["invasions"][0].split("@")[0] for t in rows if t["invasions"]))}))


if __name__ == "__main__":
    main()
