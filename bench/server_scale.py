"""Scale-out load test: many concurrent games against 1 and 2 server processes on PostgreSQL.

Starts a throw-away PostgreSQL cluster (Debian's binaries, run as the postgres
user; needs root like tests/server/test_postgres.py), then for each worker count
starts ``westfront serve --workers N`` on loopback and drives ``--games``
concurrent hotseat games (no AI):

* **latency**: each player thinks a random time (exponential, mean ``--think``)
  before each move; samples are ``POST …/actions`` round trips (with
  ``"diff": true``, so answers are view patches);
* **saturation**: ``--think 0`` — every client fires back to back; moves/s is
  the throughput.

The load generator is kept cheap so that it measures the server, not itself:
every game's moves are computed beforehand with the engine (a chosen seed makes
the server's game the same game), each seat is one keep-alive connection (as a
browser is) speaking raw HTTP/1.1 over asyncio streams, and answers are read,
not parsed. ``--ws`` also opens each seat's websocket (with patches), so every
move is pushed to both seats as in the browser.

Each run reports the CPU it cost per move — the server processes, PostgreSQL,
this load generator — next to what the whole machine did meanwhile (other
agents share its cores) and the load average, so a limit set by the cores can
be told from one set by the server. Every run is bounded by ``--seconds`` of
play, stays on 127.0.0.1 and stops by itself.

    python bench/server_scale.py                         # 200 games, 1 s think, 1 and 2 workers
    python bench/server_scale.py --games 50 --seconds 20 --workers 1

Prints one JSON line per run: {"figure": "server_scale", "workers", "think_s", "p50_ms", "p95_ms",
"p99_ms", "moves_per_s", "cpu_ms_per_move": {...}, "load_avg": [...], ...}.
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import json
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from westfront import api  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    url: str
    data: str

    def postmaster(self) -> int:
        return int(Path(self.data, "db", "postmaster.pid").read_text().split()[0])


@contextmanager
def postgres(cpus: set[int] | None = None) -> Iterator[Cluster]:
    """A throw-away PostgreSQL cluster on loopback (fsync on, as deployed)."""
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
    as_pg(*pinned(cpus), f"{bindir}/pg_ctl", "-D", f"{data}/db", "-w", "-l", f"{data}/log",
          "-o", f"-p {port} -k {data} -h 127.0.0.1 -c max_connections=300", "start")
    try:
        yield Cluster(f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", data)
    finally:
        as_pg(f"{bindir}/pg_ctl", "-D", f"{data}/db", "-m", "immediate", "stop")
        shutil.rmtree(data, ignore_errors=True)


def pinned(cpus: set[int] | None) -> list[str]:
    """A command prefix running it (and its children) on ``cpus`` only (None: anywhere)."""
    return ["taskset", "-c", ",".join(map(str, sorted(cpus)))] if cpus else []


@contextmanager
def server(url: str, workers: int, root: Path = ROOT, cpus: set[int] | None = None) -> Iterator[tuple[str, int]]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(root), "WESTFRONT_DATABASE_URL": url}
    proc = subprocess.Popen([*pinned(cpus), sys.executable, "-m", "westfront", "serve", "--port", str(port), "--workers",
                             str(workers), "--ai-pool", "thread"], cwd=root, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if httpx.get(base + "/api/catalog", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base, proc.pid
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(30)


# ----- CPU accounting ---------------------------------------------------------------
def _children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            with suppress(OSError):
                if int((d / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(d.name))
    return out


def tree_cpu(pid: int | None) -> float:
    """CPU seconds (user + system) of ``pid`` and its children now, counting children that
    have ended (a PostgreSQL backend, an autovacuum worker) through the parent's totals."""
    if pid is None:
        return 0.0
    total = 0.0
    for p in [pid, *_children(pid)]:
        with suppress(OSError):
            f = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])) / TICK
    return total


def machine_busy() -> float:
    """CPU seconds the whole machine has spent busy since boot (every process, every agent)."""
    f = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = f[3] + f[4]
    return (sum(f[:8]) - idle) / TICK


def own_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


# ----- the games, computed beforehand ------------------------------------------------
def plan_game(game: str, seed: int, n: int) -> list[tuple[str, str]]:
    """``n`` random legal (side, action) pairs from the start of ``game`` with ``seed``."""
    s = api.load(game, None, None, seed)
    rnd = random.Random(seed)
    out: list[tuple[str, str]] = []
    while len(out) < n and not s.is_terminal():
        side = s.current_player()
        text = str(rnd.choice(s.legal_actions()))
        s.apply(text)
        out.append((str(side), text))
    return out


# ----- a raw HTTP/1.1 keep-alive connection -----------------------------------------
class Conn:
    """One keep-alive connection: a request is one write, an answer is read but not parsed.
    Reopened before a request when it has been idle longer than the server keeps it (uvicorn: 5 s)."""

    IDLE = 4.0

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.used = 0.0

    async def open(self) -> None:
        self.close()
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.used = time.perf_counter()

    async def ready(self) -> None:
        if self.writer is None or time.perf_counter() - self.used > self.IDLE:
            await self.open()

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        assert self.reader is not None and self.writer is not None
        self.writer.write(b"POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"
                          b"Content-Length: %d\r\n\r\n%s" % (path.encode(), self.host.encode(), len(body), body))
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        low = head.lower()
        i = low.index(b"content-length:") + 15
        data = await self.reader.readexactly(int(head[i:low.index(b"\r\n", i)]))
        self.used = time.perf_counter()
        return status, data

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None


@dataclass
class Stats:
    samples: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    pushes: int = 0
    push_bytes: int = 0
    answer_bytes: int = 0
    measuring: bool = False


async def play(host: str, port: int, gid: str, tokens: dict[str, str], moves: list[tuple[str, str]],
               deadline: float, think: float, rnd: random.Random, st: Stats, one_conn: bool = False) -> int:
    shared = Conn(host, port)
    conns = {side: shared if one_conn else Conn(host, port) for side in tokens}
    path = f"/api/games/{gid}/actions"
    done = 0
    try:
        for version, (side, text) in enumerate(moves):
            if think:
                await asyncio.sleep(min(rnd.expovariate(1 / think), max(0.0, deadline - time.perf_counter())))
            if time.perf_counter() >= deadline:
                break
            body = json.dumps({"token": tokens[side], "version": version, "action": text, "diff": True}).encode()
            await conns[side].ready()
            t0 = time.perf_counter()
            status, data = await conns[side].post(path, body)
            if st.measuring:
                st.samples.append(time.perf_counter() - t0)
                st.answer_bytes += len(data)
            if status != 200:
                st.errors.append(f"{status} {data[:200]!r}")
                break
            done += 1
    finally:
        for c in conns.values():
            c.close()
    return done


async def watch(host: str, port: int, gid: str, token: str, stop: asyncio.Event, st: Stats) -> None:
    """One seat's websocket with patches: count what is pushed, decode nothing."""
    from websockets.asyncio.client import connect

    async with connect(f"ws://{host}:{port}/ws/games/{gid}?token={token}&diff=1", max_size=None) as ws:
        while not stop.is_set():
            try:
                msg = await asyncio.wait_for(ws.recv(), 0.5)
            except TimeoutError:
                continue
            if st.measuring:
                st.pushes += 1
                st.push_bytes += len(msg)


async def drive(base: str, server_pid: int | None, cluster: Cluster | None, games: list[tuple[str, dict[str, str]]],
                plans: list[list[tuple[str, str]]], seconds: float, warmup: float, think: float, ws: bool,
                seed: int, one_conn: bool = False) -> dict[str, object]:
    host, port = base.removeprefix("http://").split(":")
    st = Stats()
    stop = asyncio.Event()
    watchers = [asyncio.create_task(watch(host, int(port), gid, tok, stop, st))
                for gid, toks in games for tok in toks.values()] if ws else []
    await asyncio.sleep(1.0 if ws else 0.0)
    t0 = time.perf_counter()
    deadline = t0 + warmup + seconds
    players = [asyncio.create_task(play(host, int(port), gid, toks, plan, deadline, think,
                                        random.Random(seed + k), st, one_conn))
               for k, ((gid, toks), plan) in enumerate(zip(games, plans, strict=True))]
    await asyncio.sleep(warmup)
    st.measuring = True
    pg = cluster.postmaster() if cluster else None
    cpu0 = (tree_cpu(server_pid), tree_cpu(pg), own_cpu(), machine_busy())
    load0 = os.getloadavg()
    m0 = time.perf_counter()
    done = await asyncio.gather(*players)
    wall = time.perf_counter() - m0
    cpu1 = (tree_cpu(server_pid), tree_cpu(pg), own_cpu(), machine_busy())
    load1 = os.getloadavg()
    st.measuring = False
    stop.set()
    for w in watchers:
        with suppress(Exception):
            await w
    n = len(st.samples)
    used = [b - a for a, b in zip(cpu0, cpu1, strict=True)]
    ms = sorted(x * 1000 for x in st.samples) or [0.0]
    per = {name: round(1000 * u / max(n, 1), 2) for name, u in zip(("server", "postgres", "load_generator"),
                                                                     used[:3], strict=True)}
    ours = sum(used[:3])
    return {
        "p50_ms": round(statistics.median(ms), 1), "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 1),
        "p99_ms": round(ms[int(0.99 * (len(ms) - 1))], 1), "moves": n, "moves_per_s": round(n / wall, 1),
        "errors": len(st.errors), "first_error": st.errors[0] if st.errors else None,
        "games_out_of_moves": sum(d == len(p) for d, p in zip(done, plans, strict=True)),
        "answer_bytes_per_move": round(st.answer_bytes / max(n, 1)),
        "pushes_per_move": round(st.pushes / max(n, 1), 2), "push_bytes_per_move": round(st.push_bytes / max(n, 1)),
        "cpu_ms_per_move": per,
        "cores_used": {"server": round(used[0] / wall, 2), "postgres": round(used[1] / wall, 2),
                       "load_generator": round(used[2] / wall, 2),
                       "other_processes": round(max(0.0, used[3] - ours) / wall, 2),
                       "available": os.cpu_count()},
        "load_avg": [round(load0[0], 2), round(load1[0], 2)],
    }


def make_games(base: str, game: str, sides: list[str], seeds: list[int]) -> list[tuple[str, dict[str, str]]]:
    out = []
    with httpx.Client(base_url=base, timeout=60) as c:
        for sd in seeds:
            g = c.post("/api/games", json={"game": game, "seed": sd, "seats": dict.fromkeys(sides, "human")}).json()
            out.append((g["id"], {s: v["token"] for s, v in g["seats"].items()}))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="dday-to-the-rhine")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--seconds", type=float, default=30.0, help="measured play time per run (bounded)")
    ap.add_argument("--warmup", type=float, default=3.0, help="seconds of play before measuring")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--saturate", type=int, default=40,
                    help="games for the saturation runs (think 0); 0 skips them")
    ap.add_argument("--skip-latency", action="store_true", help="only the saturation runs")
    ap.add_argument("--sat-moves", type=int, default=400, help="moves planned per game for saturation runs")
    ap.add_argument("--ws", action="store_true", help="also hold each seat's websocket (patches pushed)")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--url", help="drive a server already running here instead (its CPU is not measured)")
    ap.add_argument("--against", metavar="DIR",
                    help="A/B: also run the server from this exported source tree (e.g. `git archive REV westfront"
                         " | tar -x -C DIR`), alternating with this one, on the same games")
    ap.add_argument("--server-cpus", help="pin the server processes to these CPUs (e.g. 0) — with --rest-cpus, "
                                           "to measure a worker that has a core to itself")
    ap.add_argument("--rest-cpus", help="pin PostgreSQL and this load generator to these CPUs (e.g. 1)")
    ap.add_argument("--one-conn", action="store_true",
                    help="both seats of a game share one connection, so one process serves the whole game (as a "
                         "load balancer with game affinity would): no process replays another's moves")
    a = ap.parse_args()
    server_cpus = {int(x) for x in a.server_cpus.split(",")} if a.server_cpus else None
    rest_cpus = {int(x) for x in a.rest_cpus.split(",")} if a.rest_cpus else None
    if rest_cpus:
        os.sched_setaffinity(0, rest_cpus)
    sides = list(api.registry.info(a.game).players)
    runs = [] if a.skip_latency else [(a.games, a.think, int((a.seconds + a.warmup) / max(a.think, 0.05) * 2) + 20)]
    if a.saturate:
        runs.append((a.saturate, 0.0, a.sat_moves))
    plans: dict[tuple[int, int], list[list[tuple[str, str]]]] = {}
    for games, _, n in runs:
        if (games, n) not in plans:
            plans[(games, n)] = [plan_game(a.game, a.seed + i, n) for i in range(games)]
    if a.url:
        for games, think, n in runs:
            made = make_games(a.url, a.game, sides, [a.seed + i for i in range(games)])
            out = asyncio.run(drive(a.url, None, None, made, plans[(games, n)], a.seconds, a.warmup, think, a.ws,
                                    a.seed))
            print(json.dumps({"figure": "server_scale", "game": a.game, "url": a.url, "games": games,
                              "think_s": think, "seconds": a.seconds, "websockets": a.ws, **out}), flush=True)
        return
    trees = [("this", ROOT)] + ([("against", Path(a.against).resolve())] if a.against else [])
    with postgres(rest_cpus) as cluster:
        for _ in range(a.repeat):
            for workers in a.workers:
                for games, think, n in runs:
                    for label, root in trees:
                        with server(cluster.url, workers, root, server_cpus) as (base, pid):
                            made = make_games(base, a.game, sides, [a.seed + i for i in range(games)])
                            out = asyncio.run(drive(base, pid, cluster, made, plans[(games, n)], a.seconds,
                                                    a.warmup, think, a.ws, a.seed, a.one_conn))
                        print(json.dumps({"figure": "server_scale", "game": a.game, "server": label,
                                          "workers": workers, "games": games, "think_s": think,
                                          "seconds": a.seconds, "websockets": a.ws, "db": "postgresql",
                                          "server_cpus": a.server_cpus, "rest_cpus": a.rest_cpus, "one_conn": a.one_conn,
                                          **out}),
                              flush=True)


if __name__ == "__main__":
    main()
