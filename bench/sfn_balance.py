"""Second Front Now! balance probe: heuristic (or other agents) games with a turn-by-turn trace.

Why: issue 15 asks the reconstructed data be tuned by simulation; this prints, per game, the
German VP every few turns with its sources (towns, beach awards, events) and which VP towns the
Allies hold, so one can see where an agent stalls. One process, meant to run under nice.

    PYTHONPATH=. python bench/sfn_balance.py --seeds 0-9 [--every 10] [--agents heuristic,heuristic]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from typing import Any

from westfront import api
from westfront.ai import get_agent
from westfront.games.second_front_now.data import units


def parse_seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return out


def sources(s: Any) -> dict[str, object]:
    b = s.b
    ctl = s.g["control"]
    names = {b.map.index[pl.hex]: pl.name for pl in b.map.places.values() if "vp" in pl.attrs}
    towns = sum(v for i, v in b.vp.items() if ctl.get(b.label(i), "german") == "german")
    allied = sorted((names.get(i, b.label(i)) for i, v in b.vp.items() if ctl.get(b.label(i)) == "allied"))
    steps: Counter[str] = Counter()
    for uid, us in s.g["units"].items():
        if us["hex"]:
            steps[units()[uid].side] += us["steps"]
    return {"vp": s.vp(), "towns": towns, "beach": len(s.g["beach_awards"]), "events": s.g["vp_events"],
            "allied_towns": allied, "steps": dict(steps)}


def cw_loss_kind(s: Any, e: dict[str, Any], battle: dict[str, Any]) -> str:
    """Where a Commonwealth unit died (4.5: a German VP): attacking (into a fortress or not),
    defending, or outside a battle (supply, scattered drop...)."""
    uid = e["unit"]
    if uid in battle.get("attackers", []):
        fort = "fortress" in s.b.map.features[s.b.hex(battle["target"])]
        return "attacking a fortress" if fort else "attacking"
    if uid in battle.get("defenders", []):
        return "defending"
    return "other: " + str(e.get("text", ""))


def play(seed: int, agents: list[str], every: int, options: dict[str, Any]) -> dict[str, Any]:
    s: Any = api.load("second-front-now", options=options or None, seed=seed)
    seats = {"allied": get_agent(agents[0], seed=seed), "german": get_agent(agents[1], seed=seed + 1)}
    t0 = time.time()
    last = 0
    ev: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    battle: dict[str, Any] = {}
    think = {"allied": (0.0, 0, 0.0), "german": (0.0, 0, 0.0)}  # seconds, decisions, slowest
    n = 0
    while not s.is_terminal():
        side = str(s.current_player())
        t1 = time.perf_counter()
        a = seats[side].choose(s, side)
        dt = time.perf_counter() - t1
        think[side] = (think[side][0] + dt, think[side][1] + 1, max(think[side][2], dt))
        for e in s.apply(a):
            if e.get("type") == "battle":
                battle = e
            elif e.get("type") == "eliminated" and units()[e["unit"]].group == "commonwealth":
                lost[cw_loss_kind(s, e, battle)] += 1
            if e.get("type") == "vp":
                ev[f"{e.get('rule')} T{s.g.get('turn')}"] += e.get("amount", 0)
            elif e.get("type") == "beach_award":
                ev[f"{e.get('rule')} {e.get('hex')} T{s.g.get('turn')}"] += 3
        n += 1
        t = s.g.get("turn", 0)
        if every and t != last and t % every == 0:
            last = t
            print(f"  seed {seed} T{t} {json.dumps(sources(s))}", flush=True)
    r = s.result()
    assert r is not None
    out = {"seed": seed, "winner": r.winner, "why": r.reason, "area": s.g.get("area"), "riga": s.g.get("riga"),
           "turn": s.g.get("turn"), "actions": n, "secs": round(time.time() - t0, 1),
           **sources(s), "vp_by": dict(ev), "cw_lost": dict(lost),
           "think": {k: {"mean": round(v[0] / max(1, v[1]), 4), "max": round(v[2], 3)} for k, v in think.items()}}
    print(json.dumps(out), flush=True)
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--seeds", default="0-3")
    p.add_argument("--agents", default="heuristic,heuristic", help="allied,german")
    p.add_argument("--every", type=int, default=0)
    p.add_argument("-o", "--option", action="append", default=[])
    a = p.parse_args()
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in a.option)}
    res = [play(seed, a.agents.split(","), a.every, options) for seed in parse_seeds(a.seeds)]
    wins = Counter(r["winner"] for r in res)
    lost: Counter[str] = Counter()
    for r in res:
        lost.update(r["cw_lost"])
    n = max(1, len(res))
    towns = statistics.mean(r["towns"] for r in res)
    beach = 3 * statistics.mean(r["beach"] for r in res)
    events = statistics.mean(r["events"] for r in res)
    print(f"mean German VP by source: towns {towns:.1f}, beach awards {beach:.1f} (x3), rule events {events:.1f}; "
          f"Commonwealth losses a game: { {k: round(v / n, 2) for k, v in sorted(lost.items())} }")
    print(f"games {len(res)} wins {dict(wins)} german VP median {statistics.median(r['vp'] for r in res)} "
          f"VPs {sorted(r['vp'] for r in res)}")


if __name__ == "__main__":
    main()
