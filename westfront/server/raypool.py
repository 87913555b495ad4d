"""A local Ray cluster that dies with the server that started it (issue 33).

``ray.init()`` in the server made the server the parent of the head node's processes, tied to it
only by Linux's parent-death signal: after a ``kill -9`` of the server the raylet and GCS went, but
the agents the raylet starts (``ray::DashboardAgent``, ``ray::RuntimeEnvAgent``) were orphaned and
lived on. So the server starts its local Ray through a *guardian*: ``python -m
westfront.server.raypool PARENT`` starts a session of its own, becomes the subreaper of everything
below it, starts the cluster (``ray.init(address="local")``) and prints its address. It looks four
times a second whether the server is still its parent; when not (or on SIGTERM, a clean stop) it
kills every process of its session and below it — every process of the cluster — and ends.

The cluster demands a token (``RAY_AUTH_MODE=token``) that the server makes and hands to the
guardian, so only the server can use it. A cluster at ``$RAY_ADDRESS`` is someone else's: the
server only connects to it, and Ray ends the server's job there when the server goes.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

EVERY_S = 0.25
GRACE_S = 1.0  # a cluster process gets this long after SIGTERM, then SIGKILL
PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h


class LocalRay:
    """A guardian process and the local cluster it keeps (see the module docstring)."""

    def __init__(self, parent: int | None = None, timeout: float = 180.0):
        self.token = secrets.token_hex(32)
        env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": self.token, "RAY_USAGE_STATS_ENABLED": "0"}
        env.pop("RAY_ADDRESS", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "westfront.server.raypool", str(parent or os.getpid())],
                                     env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, start_new_session=True, text=True)
        self.address = self._address(timeout)

    def _address(self, timeout: float) -> str:
        """The cluster's address, as the guardian prints it once the cluster is up."""
        assert self.proc.stdout is not None
        timer = threading.Timer(timeout, self.stop)  # a cluster that never comes up is ended
        timer.start()
        try:
            for line in self.proc.stdout:  # Ray may print before the address line
                if line.startswith('{"address":'):
                    return str(json.loads(line)["address"])
        finally:
            timer.cancel()
        self.stop()
        raise RuntimeError("the local Ray cluster did not start")

    def driver_env(self) -> dict[str, str]:
        """What a process connecting to this cluster needs in its environment."""
        return {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": self.token}

    def stop(self, timeout: float = 10.0) -> None:
        """End the cluster and its guardian (the guardian kills the cluster on SIGTERM)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# ----- the guardian ----------------------------------------------------------------------------------

def _stats() -> Iterator[tuple[int, int, int]]:
    """(pid, parent pid, session id) of every living process (/proc, Linux)."""
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            text = Path(f"/proc/{d}/stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        if fields[0] not in ("Z", "X"):
            yield int(d), int(fields[1]), int(fields[3])


def cluster_of(me: int) -> set[int]:
    """The processes of ``me``'s session and below ``me``, without ``me``: the whole cluster."""
    stats = list(_stats())
    out = {p for p, _, sid in stats if sid == me}
    frontier = {me}
    while frontier:
        frontier = {p for p, pp, _ in stats if pp in frontier} - out
        out |= frontier
    out.discard(me)
    return out


def _kill_all(me: int) -> None:
    """SIGTERM the cluster, give it a moment, then SIGKILL what is left (a new process started meanwhile too)."""
    for sig, wait in ((signal.SIGTERM, GRACE_S), (signal.SIGKILL, 0.0), (signal.SIGKILL, 0.0)):
        for p in cluster_of(me):
            with contextlib.suppress(OSError):
                os.kill(p, sig)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline and cluster_of(me):
            time.sleep(0.05)


def guard(parent: int) -> None:
    """The guardian's life: watch ``parent``, start the cluster, and take it down when ``parent`` goes."""
    me = os.getpid()
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    end = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: end.set())

    def watch() -> None:  # from the start: the server may die while the cluster is still starting
        while os.getppid() == parent and not end.is_set():
            time.sleep(EVERY_S)
        _kill_all(me)
        os._exit(0)

    threading.Thread(target=watch, name="westfront-ray-guardian", daemon=True).start()
    import ray

    ctx = ray.init(address="local", include_dashboard=False, log_to_driver=False, configure_logging=False)
    signal.signal(signal.SIGTERM, lambda *_: end.set())  # again: ray.init may have set its own
    print(json.dumps({"address": ctx.address_info["gcs_address"]}), flush=True)  # type: ignore[attr-defined]
    end.wait()
    time.sleep(10 * EVERY_S)  # the watcher ends the process


if __name__ == "__main__":
    guard(int(sys.argv[1]))
