"""Full games through the server with a computer level on every seat (issue 33; docs/play.md).

    .venv/bin/python bench/server_campaigns.py                      # every game, normal on both sides
    .venv/bin/python bench/server_campaigns.py --games onslaught --level normal --seed 1
    .venv/bin/python bench/server_campaigns.py --tail 400           # only each game's last 400 actions

Each game is created over HTTP (an in-process server on a temporary SQLite file, AI seats on
this process's threads, ``--ai-time`` per decision) and waited for until it is over; one JSON
line per game: actions, seconds, seconds per action, the result and the watchdog's counters
(which must stay empty: no seat was cut short).
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from fastapi.testclient import TestClient

from westfront.games import registry
from westfront.server.app import create_app
from westfront.server.service import Settings
from westfront.testing.serverplay import play_through_server


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="*", default=registry.game_ids())
    ap.add_argument("--level", default="normal")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ai-time", type=float, default=2.0, help="the server's per-decision cap (serve's default)")
    ap.add_argument("--tail", type=int, default=None, help="play only the last N actions of a random game")
    ap.add_argument("--timeout", type=float, default=4 * 3600.0, help="seconds a game may take")
    a = ap.parse_args()
    for game in a.games:
        with tempfile.TemporaryDirectory() as tmp:
            app = create_app(f"sqlite:///{Path(tmp) / 'bench.db'}", Settings(ai_time=a.ai_time, ai_delay=0.0))
            with TestClient(app) as c:
                p = play_through_server(c, game, a.level, a.seed, a.tail, timeout=a.timeout, stall=900.0)
        played = p.actions - p.started_at
        print(json.dumps({"game": game, "level": a.level, "seed": a.seed, "tail": a.tail, "actions": played,
                          "seconds": round(p.seconds, 1), "s_per_action": round(p.seconds / max(1, played), 3),
                          "result": (p.result or {}).get("reason"), "winner": (p.result or {}).get("winner"),
                          "watchdog": p.watchdog}), flush=True)


if __name__ == "__main__":
    main()
