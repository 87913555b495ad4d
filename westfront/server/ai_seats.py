"""AI seats move on their own, on worker threads, never on a request thread.

With ``ai_pool="ray"`` the same decision is a Ray task instead: on the cluster
at ``RAY_ADDRESS`` when set, else on a local Ray started at the first AI move.

With ``ai_pool="process"`` (what ``westfront serve`` uses) the thinking itself
runs in a pool of separate worker processes: the thread only waits for the
answer, so a searching agent never holds the interpreter lock that request
handling needs. Each decision ships the position (``g`` and the action
history) to a worker, which rebuilds the state and asks a fresh agent seeded
from the game's seed, the side and the version — reproducible, and nothing
lives in the worker between decisions.

When a game reaches a decision of an AI seat, :meth:`AIRunner.poke` queues the
game. A worker copies the position under the game's lock, lets the agent think
on the copy *without* the lock (players can still load the page, which shows
"AI is thinking"), then takes the lock again and plays the move through the
same commit path as a human move — unless the game changed meanwhile (an
undo), in which case it thinks again.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
import threading
import time
import zlib
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from ..ai import get_agent
from ..core.errors import IllegalAction
from ..core.state import State
from ..games import registry

if TYPE_CHECKING:
    from .live import LiveGame
    from .service import GameService

log = logging.getLogger("westfront.server")


def think(game: str, g: dict[str, Any], history: list[str], kind: str, seed: int, side: str,
          time_budget: float) -> str:
    """One AI decision, in a worker process: rebuild the position, ask a fresh agent."""
    position = registry.state_class(game)(g, history=list(history))
    return str(get_agent(kind, seed=seed).choose(position, side, time_budget=time_budget))


class AIRunner:
    def __init__(self, service: GameService, time_budget: float, delay: float, workers: int = 2,
                 pool: str = "thread"):
        self.service = service
        self.time_budget = time_budget
        self.delay = delay  # minimum seconds per AI move, so a person can follow the moves
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="westfront-ai")
        # "spawn": a fork of a threaded server process could inherit a held lock
        self._procs = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) \
            if pool == "process" else None
        self._ray = pool == "ray"
        self._ray_think: Any = None
        self._ray_lock = threading.Lock()
        self._ray_started = False  # a local Ray this runner started (and stops)
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
        if self._procs is not None:
            self._procs.shutdown(wait=False, cancel_futures=True)
        if self._ray_started:
            import ray

            ray.shutdown()

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
                    live.thinking = side
                self.service.publish(live)
                started = time.monotonic()
                text = self._choose(live, side, position)
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

    def _on_ray(self, job: tuple[Any, ...]) -> str:
        """One decision as a Ray task (Ray comes with the ``sim`` extra)."""
        import ray  # optional (the sim extra) and slow to import: only when configured

        with self._ray_lock:
            if self._ray_think is None:
                if not ray.is_initialized():
                    self._ray_started = True
                    ray.init(address=os.environ.get("RAY_ADDRESS") or None, ignore_reinit_error=True,
                             include_dashboard=False, log_to_driver=False, configure_logging=False)
                self._ray_think = ray.remote(think)
        return str(ray.get(self._ray_think.remote(*job)))

    def _choose(self, live: LiveGame, side: str, position: object) -> str:
        """The agent's move as text; a crashing or cheating agent is logged and replaced by a random move."""
        assert isinstance(position, State)
        legal = [str(a) for a in position.legal_actions()]
        try:
            seed = (live.seed * 31 + zlib.crc32(side.encode()) + 7919 * live.version) & 0xFFFFFFFF
            job = (live.game, position.g, list(position.history), live.seats[side].kind, seed, side, self.time_budget)
            if self._procs is not None:
                text = self._procs.submit(think, *job).result()
            elif self._ray:
                text = self._on_ray(job)
            else:
                text = str(live.agent(side).choose(position, side, time_budget=self.time_budget))
            if text in legal:
                return text
            log.error("AI %s in game %s chose an illegal action %r; playing a random move instead",
                      live.seats[side].kind, live.id, text)
        except (Exception, IllegalAction):  # noqa: BLE001
            log.exception("AI %s crashed in game %s; playing a random move instead", live.seats[side].kind, live.id)
        return random.Random(live.version).choice(legal)
