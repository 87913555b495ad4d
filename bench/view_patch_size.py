"""Answer sizes with and without view patches (issue 18, item 9).

Plays random legal actions of a game through the HTTP API in-process (FastAPI's
test client on an in-memory SQLite database, two human seats) and measures the
bytes of each ``POST …/actions`` answer twice: the full answer (``view``) and
the patched one (``"diff": true`` → ``view_patch``), plus the websocket push to
the other seat with ``?diff=1``.

    python bench/view_patch_size.py [--game dday-to-the-rhine] [--actions 200] [--seed 1]

Prints one JSON line: {"figure": "view_patch_size", "full_bytes_mean", "patch_bytes_mean", ...}.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import warnings

warnings.filterwarnings("ignore")

from fastapi.testclient import TestClient  # noqa: E402

from westfront.games import registry  # noqa: E402
from westfront.server.app import create_app  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="dday-to-the-rhine")
    ap.add_argument("--actions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    full, patched, pushes = [], [], []
    with TestClient(create_app("sqlite://")) as c:
        sides = registry.info(a.game).seated()
        g = c.post("/api/games", json={"game": a.game, "seats": dict.fromkeys(sides, "human"), "seed": a.seed}).json()
        gid, toks = g["id"], {s: g["seats"][s]["token"] for s in sides}
        sockets = {s: c.websocket_connect(f"/ws/games/{gid}?token={toks[s]}&diff=1").__enter__() for s in sides}
        for ws in sockets.values():
            ws.receive_json()
        for _ in range(a.actions):
            views = {s: c.get(f"/api/games/{gid}", params={"token": toks[s]}).json() for s in sides}
            mover = next((s for s in sides if views[s]["your_turn"]), None)
            if mover is None:
                break
            v = views[mover]
            action = rng.choice(v["actions"])
            r = c.post(f"/api/games/{gid}/actions",
                       json={"token": toks[mover], "version": v["version"], "action": action, "diff": True})
            patched.append(len(r.content))
            whole = c.get(f"/api/games/{gid}", params={"token": toks[mover],
                                                       "log_since": v["log_len"]}).content
            full.append(len(whole))
            for s in sides:
                msg = sockets[s].receive_json()
                if s != mover:
                    pushes.append(len(json.dumps(msg, separators=(",", ":"))))
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    print(json.dumps({
        "figure": "view_patch_size", "game": a.game, "actions": len(full),
        "full_bytes_mean": round(statistics.mean(full)), "patch_bytes_mean": round(statistics.mean(patched)),
        "patch_bytes_p95": sorted(patched)[int(0.95 * (len(patched) - 1))],
        "push_patch_bytes_mean": round(statistics.mean(pushes)) if pushes else None,
        "ratio": round(statistics.mean(full) / statistics.mean(patched), 1),
    }))


if __name__ == "__main__":
    main()
