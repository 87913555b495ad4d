"""Action round-trip on loopback with N concurrent games (ARCHITECTURE.md §6).

Starts ``westfront serve`` in a child process on a temporary SQLite file,
creates N hotseat games (no AI, so no thinking time is measured), then N
asyncio clients play random legal actions at the same time, each pausing a
random "thinking" time (exponential, mean ``--think``) before every move. Each sample is one
``POST /api/games/{id}/actions`` from send to parsed response — validation,
apply, the database commit and the seat's new view included.

    python bench/server_roundtrip.py                 # 50 games x 40 actions
    python bench/server_roundtrip.py --games 10 --actions 20

Prints one JSON line: {"figure": "server_action_roundtrip", "p50_ms", "p95_ms", ...}.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Client:
    """A lean keep-alive HTTP client: aiohttp (from the sim extra) when present, else httpx.

    httpx's async pool costs more CPU per request than the server does per move,
    which would measure the client, not the server."""

    def __init__(self, base: str, conns: int):
        self.base = base
        try:
            import aiohttp

            self._aio = aiohttp.ClientSession(base, connector=aiohttp.TCPConnector(limit=conns))
            self._httpx = None
        except ImportError:
            self._aio = None
            self._httpx = httpx.AsyncClient(base_url=base, timeout=30,
                                            limits=httpx.Limits(max_connections=conns))

    async def get(self, path: str, **params: str) -> dict[str, object]:
        if self._aio is not None:
            async with self._aio.get(path, params=params) as r:
                return await r.json()
        return (await self._httpx.get(path, params=params)).json()  # type: ignore[union-attr]

    async def post(self, path: str, body: dict[str, object]) -> tuple[int, dict[str, object]]:
        if self._aio is not None:
            async with self._aio.post(path, json=body) as r:
                return r.status, await r.json()
        r = await self._httpx.post(path, json=body)  # type: ignore[union-attr]
        return r.status_code, r.json()

    async def close(self) -> None:
        if self._aio is not None:
            await self._aio.close()
        else:
            await self._httpx.aclose()  # type: ignore[union-attr]


async def play(client: Client, gid: str, tokens: dict[str, str], n: int, rnd: random.Random,
               samples: list[float], conflicts: list[int], think: float) -> None:
    seat = next(iter(tokens))
    v = await client.get(f"/api/games/{gid}", token=tokens[seat])
    done = 0
    while done < n and v["status"] == "active":
        if not v["your_turn"]:
            seat = str(v["current_player"])
            v = await client.get(f"/api/games/{gid}", token=tokens[seat])
            continue
        action = rnd.choice(v["actions"])  # type: ignore[arg-type]
        if think:
            await asyncio.sleep(rnd.expovariate(1 / think))  # a player deciding
        t0 = time.perf_counter()
        status, body = await client.post(f"/api/games/{gid}/actions",
                                         {"token": tokens[seat], "version": v["version"], "action": action})
        samples.append(time.perf_counter() - t0)
        if status != 200:
            conflicts.append(status)
            v = await client.get(f"/api/games/{gid}", token=tokens[seat])
            continue
        v = body
        done += 1


async def run(base: str, games: int, actions: int, seed: int, think: float) -> dict[str, object]:
    client = Client(base, games + 10)
    try:
        made = []
        for i in range(games):
            _, g = await client.post("/api/games", {"game": "skirmish", "seed": seed + i,
                                                    "seats": {"blue": "human", "red": "human"}})
            made.append((g["id"], {s: v["token"] for s, v in g["seats"].items()}))  # type: ignore[attr-defined]
        samples: list[float] = []
        conflicts: list[int] = []
        t0 = time.perf_counter()
        await asyncio.gather(*(play(client, str(gid), toks, actions, random.Random(seed + k), samples, conflicts,
                                    think) for k, (gid, toks) in enumerate(made)))
        wall = time.perf_counter() - t0
    finally:
        await client.close()
    ms = sorted(x * 1000 for x in samples)
    return {
        "figure": "server_action_roundtrip", "games": games, "think_s": think, "actions": len(ms),
        "p50_ms": round(statistics.median(ms), 2), "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2),
        "p99_ms": round(ms[int(0.99 * (len(ms) - 1))], 2), "max_ms": round(ms[-1], 2),
        "actions_per_s": round(len(ms) / wall, 1), "non_200": len(conflicts), "db": "sqlite (WAL)",
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--actions", type=int, default=40, help="actions per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=0.5,
                    help="mean seconds a player takes per decision (0: every client fires back to back, "
                         "which measures saturation throughput, not latency)")
    ap.add_argument("--url", help="benchmark a running server instead of starting one")
    args = ap.parse_args()
    proc = None
    tmp = tempfile.TemporaryDirectory()
    base = args.url
    if base is None:
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        proc = subprocess.Popen([sys.executable, "-m", "westfront", "serve", "--port", str(port),
                                 "--db", f"sqlite:///{tmp.name}/bench.db"], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(base + "/api/catalog", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
    try:
        print(json.dumps(asyncio.run(run(base, args.games, args.actions, args.seed, args.think))))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        tmp.cleanup()


if __name__ == "__main__":
    main()
