"""Scale-out load test: many concurrent games against 1 and 2 server processes on PostgreSQL.

Starts a throw-away PostgreSQL cluster (Debian's binaries, run as the postgres
user; needs root like tests/server/test_postgres.py), then for each worker count
starts ``westfront serve --workers N`` on loopback and drives ``--games``
concurrent hotseat games (no AI) with asyncio clients:

* **latency**: each player thinks a random time (exponential, mean ``--think``)
  before each move; samples are ``POST …/actions`` round trips (with
  ``"diff": true``, so answers are view patches);
* **saturation**: ``--think 0`` — every client fires back to back; moves/s is
  the throughput.

Every run is bounded by ``--seconds`` of play (and the whole script by the
number of runs), stays on 127.0.0.1 and stops by itself.

    python bench/server_scale.py                         # 200 games, 1 s think, 1 and 2 workers
    python bench/server_scale.py --games 50 --seconds 20 --workers 1

Prints one JSON line per run: {"figure": "server_scale", "workers", "think_s", "p50_ms", "p95_ms",
"p99_ms", "moves_per_s", ...}.
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_roundtrip import Client  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def postgres() -> Iterator[str]:
    """A throw-away PostgreSQL cluster on loopback; yields its SQLAlchemy URL."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found or os.geteuid() != 0:
        raise SystemExit("needs Debian's postgresql server binaries and root (make postgresql)")
    bindir = os.path.dirname(found[-1])
    data = tempfile.mkdtemp(prefix="westfront-bench-pg-")
    shutil.chown(data, "postgres", "postgres")
    port = free_port()

    def as_pg(*cmd: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *cmd], check=True, capture_output=True, timeout=60)

    as_pg(f"{bindir}/initdb", "-D", f"{data}/db", "-A", "trust", "-U", "postgres", "--no-sync")
    as_pg(f"{bindir}/pg_ctl", "-D", f"{data}/db", "-w", "-l", f"{data}/log",
          "-o", f"-p {port} -k {data} -h 127.0.0.1 -c max_connections=300", "start")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        as_pg(f"{bindir}/pg_ctl", "-D", f"{data}/db", "-m", "immediate", "stop")
        shutil.rmtree(data, ignore_errors=True)


@contextmanager
def server(url: str, workers: int) -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WESTFRONT_DATABASE_URL": url}
    proc = subprocess.Popen([sys.executable, "-m", "westfront", "serve", "--port", str(port), "--workers",
                             str(workers), "--ai-pool", "thread"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if httpx.get(base + "/api/catalog", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(30)


async def play(client: Client, gid: str, tokens: dict[str, str], deadline: float, rnd: random.Random,
               samples: list[float], errors: list[int], think: float) -> None:
    seat = next(iter(tokens))
    v = await client.get(f"/api/games/{gid}", token=tokens[seat])
    while time.perf_counter() < deadline and v["status"] == "active":
        if not v["your_turn"]:
            seat = str(v["current_player"])
            v = await client.get(f"/api/games/{gid}", token=tokens[seat])
            continue
        action = rnd.choice(v["actions"])  # type: ignore[arg-type]
        if think:
            await asyncio.sleep(rnd.expovariate(1 / think))
            if time.perf_counter() >= deadline:
                return
        t0 = time.perf_counter()
        status, body = await client.post(f"/api/games/{gid}/actions", {
            "token": tokens[seat], "version": v["version"], "action": action, "diff": True})
        samples.append(time.perf_counter() - t0)
        if status != 200:
            errors.append(status)
            v = await client.get(f"/api/games/{gid}", token=tokens[seat])
            continue
        v = body


async def drive(base: str, game: str, games: int, seconds: float, think: float, seed: int) -> dict[str, object]:
    client = Client(base, min(games, 200) + 10)
    try:
        sides = next(g["players"] for g in (await client.get("/api/catalog"))["games"]  # type: ignore[union-attr]
                     if g["id"] == game)
        made = []
        for i in range(games):
            _, g = await client.post("/api/games", {"game": game, "seed": seed + i,
                                                    "seats": dict.fromkeys(sides, "human")})
            made.append((g["id"], {s: v["token"] for s, v in g["seats"].items()}))  # type: ignore[attr-defined]
        samples: list[float] = []
        errors: list[int] = []
        t0 = time.perf_counter()
        await asyncio.gather(*(play(client, str(gid), toks, t0 + seconds, random.Random(seed + k), samples,
                                    errors, think) for k, (gid, toks) in enumerate(made)))
        wall = time.perf_counter() - t0
    finally:
        await client.close()
    ms = sorted(x * 1000 for x in samples) or [0.0]
    return {"p50_ms": round(statistics.median(ms), 1), "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 1),
            "p99_ms": round(ms[int(0.99 * (len(ms) - 1))], 1), "moves": len(samples),
            "moves_per_s": round(len(samples) / wall, 1), "non_200": len(errors)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="dday-to-the-rhine")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--seconds", type=float, default=30.0, help="play time per run (bounded)")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--saturate", type=int, default=40,
                    help="games for the saturation runs (think 0); 0 skips them")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    with postgres() as url:
        for n in a.workers:
            runs = [(a.games, a.think)] + ([(a.saturate, 0.0)] if a.saturate else [])
            for games, think in runs:
                with server(url, n) as base:
                    out = asyncio.run(drive(base, a.game, games, a.seconds, think, a.seed))
                print(json.dumps({"figure": "server_scale", "game": a.game, "workers": n, "games": games,
                                  "think_s": think, "seconds": a.seconds, "db": "postgresql", **out}), flush=True)


if __name__ == "__main__":
    main()
