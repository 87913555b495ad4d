"""Shared fixtures. Every registered game gets the contract suite."""

from __future__ import annotations

import os
import sys
import time

import pytest

from westfront.games import registry

# test servers (in this process and the ones the browser tests start) may choose the seed of a game with
# two human seats and hidden information, for repeatable games; tests/server/test_seeds.py checks the
# refusal with the setting off
os.environ.setdefault("WESTFRONT_CHOSEN_SEEDS", "1")
# and send turn notices to receivers on loopback (tests/server/test_notify.py checks the refusal with it off)
os.environ.setdefault("WESTFRONT_NOTIFY_PRIVATE", "1")


def all_games() -> list[str]:
    return registry.game_ids()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", all_games())


# ----- no process outlives the test run (issue 33) ----------------------------------------
# pools shut down without waiting: their workers get this long to finish
LEFTOVER_GRACE_S = float(os.environ.get("WESTFRONT_LEFTOVER_GRACE_S", "15"))
# the tracker multiprocessing starts once per process ends with this process (its pipe closes); pytest-xdist
# workers (execnet gateways) are shut down after this hook runs
EXEMPT = ("multiprocessing.resource_tracker", "execnet", "xdist", "exec(eval(sys.stdin.readline()))")
PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h


def pytest_configure(config: pytest.Config) -> None:
    """Make this process the subreaper of everything it starts (Linux): a grandchild orphaned by a test
    (an AI worker of a server killed with -9) is then still below this process, so the check below sees it."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    # every server a test starts ends with this test run, even one killed before its fixtures clean up
    # (westfront.server.lifeline.exit_with; tests/server/test_lifeline.py checks it)
    os.environ.setdefault("WESTFRONT_EXIT_WITH", str(os.getpid()))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run when a test left a child process behind (an AI worker, a server, a browser)."""
    if not os.path.exists("/proc/self/stat"):
        return
    from .procs import cmdline, descendants

    deadline = time.monotonic() + LEFTOVER_GRACE_S
    while True:
        left = {p: cmdline(p) for p in descendants(os.getpid())}
        left = {p: c for p, c in left.items() if not any(x in c for x in EXEMPT)}
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    if left:
        lines = "\n".join(f"  {p}: {c[:200]}" for p, c in sorted(left.items()))
        session.config.get_terminal_writer().line(f"\nthe test run left {len(left)} child process(es):\n{lines}",
                                                  red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
