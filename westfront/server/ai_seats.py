"""AI seats move on their own, on worker threads, never on a request thread.

Each seat is played by one agent kept between decisions (westfront.server.ai_minds): in this
process with ``ai_pool="thread"``; in a worker process with ``ai_pool="process"`` (what
``westfront serve`` uses), where every game goes to the same worker, so its seats' minds stay
there; with ``ai_pool="ray"`` each decision is a Ray task (on the cluster at ``RAY_ADDRESS``
when set, else on a local Ray started at the first AI move through a guardian that ends it with
this process, westfront.server.raypool) and the Ray worker that runs it keeps or rebuilds the mind. A decision ships what a rebuild needs (the position at the start
of the decision sequence and the actions since), so a move never depends on which process
decides it. With processes the thinking itself runs outside the server: the thread only waits
for the answer, so a searching agent never holds the interpreter lock that request handling needs.

When a game reaches a decision of an AI seat, :meth:`AIRunner.poke` queues the
game. A worker copies the position under the game's lock, lets the agent think
on the copy *without* the lock (players can still load the page, which shows
"AI is thinking"), then takes the lock again and plays the move through the
same commit path as a human move — unless the game changed meanwhile (an
undo), in which case it thinks again.

The runner is handed a :class:`SeatHost` (the game service) rather than importing it: the
service builds the runner, the runner only needs these few calls back.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
import sys
import threading
import time
import zlib
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import AbstractContextManager
from typing import Any, Protocol

from ..ai import get_agent
from ..core.errors import IllegalAction
from ..core.state import State
from .ai_minds import Decision, Minds, think
from .lifeline import die_with
from .live import LiveGame
from .raypool import LocalRay
from .watchdog import Watchdog

log = logging.getLogger("westfront.server")


class ClaimsAI(Protocol):
    def claim_ai(self, game_id: str) -> AbstractContextManager[bool]:
        """Whether this process may run the game's AI now (one process at a time on a shared database)."""
        ...


class SeatHost(Protocol):
    """What the AI runner needs from the game service."""

    @property
    def store(self) -> ClaimsAI: ...

    def fresh(self, g: LiveGame) -> LiveGame:
        """``g`` as stored now (another process may have moved)."""
        ...

    def evicted(self, g: LiveGame) -> bool:
        """Whether ``g`` is no longer the copy the service serves."""
        ...

    def publish(self, g: LiveGame) -> None:
        """Push every connected seat its view (the AI started thinking)."""
        ...

    def commit(self, g: LiveGame, side: str, text: str) -> None:
        """Play ``text`` for ``side`` as a move is played (call with ``g.lock`` held)."""
        ...


def phase_run(live: LiveGame, side: str) -> tuple[int, int]:
    """How many actions ``side`` has played since another seat last moved, and the ordinal that run began at."""
    n = 0
    for rec in reversed(live.actions):
        if rec.side != side:
            break
        n += 1
    return n, len(live.actions) - n + 1


def decision_of(live: LiveGame, side: str, time_budget: float) -> Decision:
    """The decision ``side`` faces now in ``live`` (call with ``live.lock`` held)."""
    anchor, anchor_n = live.sequence_start()
    last = live.actions[-1].hash if live.actions else live.setup_hash
    return Decision(live.game, live.id, side, live.seats[side].kind, live.seed, anchor.g, anchor_n,
                    tuple(live.state.history), last, time_budget)


class AIRunner:
    def __init__(self, service: SeatHost, time_budget: float, delay: float, workers: int = 2,
                 pool: str = "thread", watchdog: Watchdog | None = None):
        self.service = service
        self.watchdog = watchdog or Watchdog()
        self.time_budget = time_budget
        self.delay = delay  # minimum seconds per AI move, so a person can follow the moves
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="westfront-ai")
        self.minds = Minds()  # the seats' agents when they think on this process's threads
        # one single-process pool per worker, a game always on the same one (its minds stay there);
        # "spawn": a fork of a threaded server process could inherit a held lock
        self._procs = [ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                           initializer=die_with, initargs=(os.getpid(),))
                       for _ in range(max(1, workers))] if pool == "process" else []
        self._ray = pool == "ray"
        self._ray_think: Any = None
        self._ray_lock = threading.Lock()
        self._ray_started = False  # this runner connected to Ray (and disconnects)
        self._local_ray: LocalRay | None = None  # the local cluster it started (and stops)
        self._pending: set[str] = set()
        self._lock = threading.Lock()
        self._stop = threading.Event()

    def poke(self, live: LiveGame) -> None:
        """Start the AI on this game if an AI seat must decide and nobody is on it yet."""
        if self._stop.is_set() or live.ai_to_move() is None:
            return
        with self._lock:
            if live.id in self._pending:
                return
            self._pending.add(live.id)
        self._pool.submit(self._run, live)

    def busy(self, game_id: str) -> bool:
        with self._lock:
            return game_id in self._pending

    def stop(self) -> None:
        self._stop.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
        for procs in self._procs:
            procs.shutdown(wait=False, cancel_futures=True)
        if self._ray_started:
            import ray

            ray.shutdown()
        if self._local_ray is not None:
            self._local_ray.stop()
            for key in self._local_ray.driver_env():  # its token is no use to anyone now
                os.environ.pop(key, None)
            _reload_ray_auth()  # a later Ray in this process (a test's) runs without it

    def metrics(self) -> dict[str, Any]:
        """The watchdog's counters (seats cut short, moves forced, by level) and this process's mind rebuilds."""
        return {"watchdog": self.watchdog.metrics(), "minds_rebuilt_here": self.minds.rebuilds,
                "pool": "process" if self._procs else "ray" if self._ray else "thread"}

    def worker_of(self, game_id: str) -> ProcessPoolExecutor:
        """The worker process that decides for this game (the same one every time)."""
        return self._procs[zlib.crc32(game_id.encode()) % len(self._procs)]

    def _run(self, live: LiveGame) -> None:
        with self.service.store.claim_ai(live.id) as mine:
            if not mine:  # another server process is thinking for this game; it will play on
                with self._lock:
                    self._pending.discard(live.id)
                return
            self._think_and_play(live)

    def _think_and_play(self, live: LiveGame) -> None:
        try:
            while not self._stop.is_set():
                live = self.service.fresh(live)  # another process may have moved meanwhile
                with live.lock:
                    side = live.ai_to_move()
                    if side is None or self.service.evicted(live):
                        return
                    version = live.version
                    position = live.state.clone()
                    kind = live.seats[side].kind
                    forced = self.watchdog.forced(live.id, side, kind, *phase_run(live, side),
                                                  [str(a) for a in position.legal_actions()])
                    decision = decision_of(live, side, self.time_budget) if forced is None else None
                    live.thinking = side
                self.service.publish(live)
                started = time.monotonic()
                if decision is not None:
                    text = self._choose(live, decision, position)
                else:  # the watchdog cut this phase short: its safe exit, else the heuristic's instant move
                    text = forced or str(get_agent("heuristic", seed=live.version).choose(position, side))
                wait = self.delay - (time.monotonic() - started)
                if wait > 0 and self._stop.wait(wait):
                    return  # the server is shutting down: leave the move to the next one
                with live.lock:
                    live.thinking = None
                    if live.version != version:
                        continue  # the game changed while we thought (undo): look again
                    try:
                        self.service.commit(live, side, text)
                    except Exception:  # noqa: BLE001 - keep the worker alive; the game stays where it was
                        log.exception("AI move %r failed to commit in game %s", text, live.id)
                        return
        finally:
            live.thinking = None
            with self._lock:
                self._pending.discard(live.id)
            # a human move may have arrived between our last check and now
            if not self._stop.is_set() and live.ai_to_move() is not None and not self.service.evicted(live):
                self.poke(live)

    def _on_ray(self, d: Decision) -> str:
        """One decision as a Ray task (Ray comes with the ``sim`` extra)."""
        with self._ray_lock:
            if self._ray_think is None:
                self._ray_think = self._ray_connect()
        import ray

        return str(ray.get(self._ray_think.remote(d)))

    def _ray_connect(self) -> Any:
        """``think`` as a Ray task: on the cluster at ``$RAY_ADDRESS``, else on a local cluster started
        through a guardian that takes it down when this process ends, however it ends (server.raypool)."""
        address = os.environ.get("RAY_ADDRESS") or None
        if address is None and not ("ray" in sys.modules and sys.modules["ray"].is_initialized()):
            self._local_ray = LocalRay()
            if self._stop.is_set():  # the server stopped while the cluster started
                self._local_ray.stop()
                raise RuntimeError("the server is stopping")
            os.environ.update(self._local_ray.driver_env())
            _reload_ray_auth()  # when Ray is imported already (a test process): let it read them again
            address = self._local_ray.address
        import ray  # optional (the sim extra) and slow to import: only when configured

        if not ray.is_initialized():
            self._ray_started = True
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False, configure_logging=False)
        return ray.remote(think)

    def _choose(self, live: LiveGame, d: Decision, position: State) -> str:
        """The seat's move as text; a crashing or cheating agent is logged and replaced by a random move."""
        legal = [str(a) for a in position.legal_actions()]
        try:
            if self._procs:
                text = self.worker_of(live.id).submit(think, d).result()
            elif self._ray:
                text = self._on_ray(d)
            else:
                text = self.minds.decide(d)
            if text in legal:
                return text
            log.error("AI %s in game %s chose an illegal action %r; playing a random move instead",
                      d.kind, live.id, text)
        except (Exception, IllegalAction):  # noqa: BLE001
            log.exception("AI %s crashed in game %s; playing a random move instead", d.kind, live.id)
        return random.Random(live.version).choice(legal)


def _reload_ray_auth() -> None:
    """Make an imported Ray see the token settings just changed in the environment (it caches them)."""
    if "ray" not in sys.modules:
        return
    try:
        from ray._raylet import AuthenticationTokenLoader, Config  # type: ignore[attr-defined]

        Config.initialize("")
        AuthenticationTokenLoader.instance().reset_cache()
    except (ImportError, AttributeError):  # another Ray version: it reads the environment at init
        pass
