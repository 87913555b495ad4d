"""AI worker processes die with the server that started them.

A worker process of the AI pool (westfront.server.ai_seats) is started with
:func:`die_with` as its initializer: a daemon thread looks every quarter second whether
the server process is still its parent, and ends the worker at once when it is not — a
``kill -9`` of the server leaves no orphan computing on. A pipe or the pool's queue would
only be read between tasks, and Linux's parent-death signal (``PR_SET_PDEATHSIG``) fires
when the *thread* that started the child ends, which in a thread pool is not when the
server ends; so the worker watches its parent itself.

:func:`exit_with` is the same promise for a whole server: ``westfront serve`` started with
``WESTFRONT_EXIT_WITH=<pid>`` in its environment ends when that process does, whoever its parent is
(the test suite sets it, so servers its tests start do not outlive a test run killed mid-way).
"""

from __future__ import annotations

import os
import select
import threading
import time

EVERY_S = 0.25


def die_with(parent: int, every: float = EVERY_S) -> None:
    """Worker initializer: exit this process as soon as ``parent`` is no longer its parent."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)  # the server is gone: nobody will read this worker's answer

    threading.Thread(target=watch, name="westfront-lifeline", daemon=True).start()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False  # it exists, owned by somebody else
    return False


def exit_with(pid: int, every: float = EVERY_S) -> None:
    """Exit this process as soon as process ``pid`` (any process, not only the parent) has ended.

    Linux's pidfd (readable once the process ends; immune to the pid being reused) when available,
    else a check every ``every`` seconds. A ``pid`` already gone exits at once."""

    def watch() -> None:
        fd = -1
        try:
            fd = os.pidfd_open(pid)
        except (AttributeError, OSError):
            fd = -1
        if fd >= 0:
            select.select([fd], [], [])
        else:
            while not _gone(pid):
                time.sleep(every)
        os._exit(0)

    if _gone(pid):
        os._exit(0)
    threading.Thread(target=watch, name="westfront-exit-with", daemon=True).start()
