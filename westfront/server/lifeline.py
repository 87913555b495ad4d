"""AI worker processes die with the server that started them.

A worker process of the AI pool (westfront.server.ai_seats) is started with
:func:`die_with` as its initializer: a daemon thread looks every quarter second whether
the server process is still its parent, and ends the worker at once when it is not — a
``kill -9`` of the server leaves no orphan computing on. A pipe or the pool's queue would
only be read between tasks, and Linux's parent-death signal (``PR_SET_PDEATHSIG``) fires
when the *thread* that started the child ends, which in a thread pool is not when the
server ends; so the worker watches its parent itself.
"""

from __future__ import annotations

import os
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
