"""Computer seats die with the server (issue 33): after ``kill -9`` of ``westfront serve`` no process it
started lives on — for each AI pool (threads, worker processes, a local Ray cluster) and for uvicorn's
``--workers N`` supervisor. AI workers used to keep computing for minutes, orphaned; a local Ray left
its ``ray::DashboardAgent`` and ``ray::RuntimeEnvAgent`` behind; uvicorn's workers outlived their
supervisor.

Everything a server starts stays below this test process when orphaned (tests/conftest.py makes the test
run their subreaper), so the processes that are new since the test began are exactly the server's."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from ..procs import alive, cmdline, descendants, parent
from .conftest import free_port, wait_for

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")

ROOT = Path(__file__).resolve().parents[2]
SURVIVAL_S = 5.0
# two searching seats on a big game: the AI is busy thinking when the server dies
BUSY = {"game": "dday-3rd", "seats": {"allied": "ai:hard", "german": "ai:hard"}, "seed": 3}


def _kill_and_count(args: list[str], ready: Callable[[int, str], bool], db: str, timeout: float = 120) -> dict[int, str]:
    """Start ``westfront serve`` with ``args``, start a game of computer seats, wait until
    ``ready(server pid, url)``, SIGKILL the server and return what is still alive 5 s later."""
    before = descendants(os.getpid())
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RAY_USAGE_STATS_ENABLED": "0"}
    env.pop("RAY_ADDRESS", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "westfront", "serve", "--port", str(port), "--db", db, "--ai-time", "5",
         "--ai-delay", "0", *args], env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    started: set[int] = set()
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for(lambda: _up(url), timeout=timeout, every=0.2)
        r = httpx.post(f"{url}/api/games", json=BUSY, timeout=30)
        assert r.status_code == 200, r.text
        wait_for(lambda: ready(server.pid, url), timeout=timeout, every=0.2)
        started = descendants(server.pid)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
        deadline = time.monotonic() + SURVIVAL_S
        while time.monotonic() < deadline and _left(started, before):
            time.sleep(0.1)
        return {p: cmdline(p) for p in _left(started, before)}
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
        # only what this test started: the session's browser is a descendant of this process too
        for p in _left(started, before):
            os.kill(p, signal.SIGKILL)


def _left(started: set[int], before: set[int]) -> set[int]:
    """The server's processes still running: the ones seen below it, and any new process below this one
    that was not started by a process older than the test (a PostgreSQL backend, a browser's helper)."""
    me = os.getpid()
    new = descendants(me) - before
    ours = set()
    for p in new:
        q = p
        while q in new:
            q = parent(q)
        if q == me:  # started by the server (orphans are adopted by this process, tests/conftest.py)
            ours.add(p)
    return {p for p in started | ours if alive(p)}


def _up(url: str) -> bool:
    try:
        return httpx.get(f"{url}/api/catalog", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def _thinking(url: str) -> bool:
    """The computer has started on its first decision (the game says so, or it has moved)."""
    games = httpx.get(f"{url}/api/games", timeout=5).json()
    return any(g.get("thinking") or g.get("version", 0) > 0 for g in games)


def _grandchildren(pid: int, word: str) -> set[int]:
    """Processes below ``pid``'s children whose command line names ``word``."""
    kids = descendants(pid)
    return {p for p in kids if word in cmdline(p)} - {p for p in kids if parent(p) == pid}


def test_no_thread_outlives_a_killed_server(tmp_path):
    """Threads end with their process; the server starts no other process for them."""
    left = _kill_and_count(["--ai-pool", "thread"], lambda pid, url: _thinking(url), f"sqlite:///{tmp_path / 'w.db'}")
    assert not left, f"processes survived the server by {SURVIVAL_S:.0f} s: {left}"


def test_no_ai_worker_outlives_a_killed_server(tmp_path):
    def ready(pid: int, url: str) -> bool:
        workers = {p for p in descendants(pid) if "multiprocessing" in cmdline(p) and "resource_tracker" not in cmdline(p)}
        return bool(workers) and _thinking(url)

    left = _kill_and_count(["--ai-pool", "process"], ready, f"sqlite:///{tmp_path / 'w.db'}")
    assert not left, f"AI workers survived the server by {SURVIVAL_S:.0f} s: {left}"


def test_no_ray_process_outlives_a_killed_server(tmp_path):
    """A local Ray cluster (gcs_server, raylet, its agents and workers) ends with the server that started it."""
    pytest.importorskip("ray")

    def ready(pid: int, url: str) -> bool:  # a Ray worker is running a decision
        return any(cmdline(p).startswith("ray::think") for p in descendants(pid))

    left = _kill_and_count(["--ai-pool", "ray"], ready, f"sqlite:///{tmp_path / 'w.db'}", timeout=180)
    assert not left, f"Ray processes survived the server by {SURVIVAL_S:.0f} s: {left}"


def test_no_worker_outlives_a_killed_supervisor(pg_url):
    """``--workers 2``: a SIGKILL of uvicorn's supervisor ends its server processes and their AI workers."""
    def ready(pid: int, url: str) -> bool:  # an AI worker below one of the server processes
        return bool(_grandchildren(pid, "multiprocessing.spawn")) and _thinking(url)

    left = _kill_and_count(["--workers", "2", "--ai-pool", "process"], ready, pg_url)
    assert not left, f"server processes or AI workers survived the supervisor by {SURVIVAL_S:.0f} s: {left}"


RUNNER = """
import os, subprocess, sys
os.environ["WESTFRONT_EXIT_WITH"] = str(os.getpid())
p = subprocess.Popen([sys.executable, "-m", "westfront", "serve", "--port", sys.argv[1], "--db", sys.argv[2]],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(p.pid, flush=True)
p.wait()
"""


def test_a_server_ends_with_the_test_run_that_started_it(tmp_path):
    """A test run killed before its fixtures stop their servers (SIGTERM, no clean-up) takes them with it:
    ``WESTFRONT_EXIT_WITH`` (set by tests/conftest.py) names the process whose end ends the server, whoever
    its parent is by then. Before, such servers served on, orphaned."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runner = subprocess.Popen([sys.executable, "-c", RUNNER, str(port), f"sqlite:///{tmp_path / 'w.db'}"],
                              env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert runner.stdout is not None
    server_pid = int(runner.stdout.readline())
    try:
        wait_for(lambda: _up(f"http://127.0.0.1:{port}"), timeout=60, every=0.2)
        runner.send_signal(signal.SIGTERM)  # a killed test run: nothing stops the server on its way out
        runner.wait(timeout=10)
        deadline = time.monotonic() + SURVIVAL_S
        while time.monotonic() < deadline and alive(server_pid):
            time.sleep(0.1)
        assert not alive(server_pid), f"the server outlived the run that started it by {SURVIVAL_S:.0f} s"
    finally:
        if alive(server_pid):
            os.kill(server_pid, signal.SIGKILL)
        if runner.poll() is None:
            runner.kill()
            runner.wait(timeout=10)


def test_exit_with_a_process_already_gone_exits_at_once():
    """The watcher's first look: a server told to end with a process that has already ended does not start."""
    code = ("from westfront.server.lifeline import exit_with\nimport time\nexit_with(%d)\ntime.sleep(30)\n"
            "raise SystemExit(3)")
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, "-c", code % gone.pid], env={**os.environ, "PYTHONPATH": str(ROOT)},
                       timeout=30)
    assert r.returncode == 0 and time.monotonic() - t0 < 10
