"""AI workers die with the server (issue 33): after ``kill -9`` of ``westfront serve`` no AI worker
process lives on (they used to keep computing for minutes, orphaned)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from ..procs import alive, cmdline, descendants
from .conftest import free_port, wait_for

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def test_no_ai_worker_outlives_a_killed_server(tmp_path):
    port = free_port()
    workers: set[int] = set()
    server = subprocess.Popen(
        [sys.executable, "-m", "westfront", "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'w.db'}",
         "--ai-pool", "process", "--ai-time", "5", "--ai-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for(lambda: _up(url), timeout=60, every=0.2)
        # two searching seats on a big game: the workers are busy thinking when the server dies
        r = httpx.post(f"{url}/api/games", json={"game": "dday-3rd", "seats": {"allied": "ai:hard", "german": "ai:hard"},
                                                  "seed": 3}, timeout=30)
        assert r.status_code == 200, r.text
        workers |= wait_for(lambda: {p for p in descendants(server.pid) if "multiprocessing" in cmdline(p)},
                            timeout=60, every=0.2)
        time.sleep(1.0)  # let them get into a search
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
        deadline = time.monotonic() + 5.0
        while time.monotonic() < deadline and any(alive(p) for p in workers):
            time.sleep(0.1)
        left = {p: cmdline(p) for p in workers if alive(p)}
        assert not left, f"AI workers survived the server by 5 s: {left}"
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
        # nothing this test started may stay — but only what it started: the session's browser is a
        # descendant too, and its command line names its westfront-chromium profile
        for p in workers | descendants(os.getpid()):
            if alive(p) and (p in workers or "multiprocessing.spawn" in cmdline(p)):
                os.kill(p, signal.SIGKILL)


def _up(url: str) -> bool:
    try:
        return httpx.get(f"{url}/api/catalog", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False
