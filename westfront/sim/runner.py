"""Run many games: in-process, on a local process pool, or on a Ray cluster.

The same task function (:func:`run_task`) runs everywhere, so a user who
outgrows one machine adds machines, not code. Results stream back as games
finish (with a Rich progress bar); callers sort by ``task.index`` when order
matters, so outputs do not depend on the number of workers.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import socket
import time
import traceback
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from ..core.errors import WestfrontError
from .match import DEFAULT_MAX_ACTIONS, GameRecord, play_game


class RunnerError(WestfrontError):
    """The runner could not start (bad worker count, Ray not reachable)."""


@dataclass(frozen=True)
class GameTask:
    """One game to play: everything ``play_game`` needs, plus its position in the batch."""

    index: int
    game: str
    seed: int
    agents: dict[str, str]
    scenario: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    time_budget: float | None = None
    max_actions: int = DEFAULT_MAX_ACTIONS


def run_task(task: GameTask) -> GameRecord:
    """Play one task. Unexpected failures come back as a record with ``error`` set (and the seed to rerun it)."""
    try:
        return play_game(task.game, scenario=task.scenario, options=task.options, seed=task.seed,
                         agents=task.agents, time_budget=task.time_budget, max_actions=task.max_actions)
    except Exception as e:  # noqa: BLE001 - reported per game so one bad seed does not sink a batch
        tb = traceback.format_exc(limit=3)
        return GameRecord(game=task.game, scenario=task.scenario or "", options=dict(task.options), seed=task.seed,
                          agents=dict(task.agents), winner=None, level=None, reason=f"error: {e}", scores={},
                          n_actions=0, turns=None, decisions={}, actions=[], hash="",
                          error=f"{type(e).__name__}: {e}\n{tb}")


def _progress(console: Console | None, enabled: bool) -> Progress:
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[status]}"), TimeElapsedColumn(), TimeRemainingColumn(),
                    console=console or Console(stderr=True), disable=not enabled, transient=False)


def run_tasks(
    tasks: Sequence[GameTask],
    *,
    workers: int = 1,
    ray_address: str | None = None,
    progress: bool = True,
    description: str = "games",
    console: Console | None = None,
) -> Iterator[tuple[GameTask, GameRecord]]:
    """Yield (task, record) as games finish.

    ``workers=1`` plays in this process; ``workers=K`` uses a process pool of K;
    ``ray_address`` ("local", "auto", "ray://host:10001", "host:6379") runs on Ray
    (``workers`` > 1 caps the CPUs of a ``local`` instance; a cluster uses all of its CPUs).
    """
    # checked and connected now, not at the first next(): errors come before any output or file
    if workers < 1:
        raise RunnerError(f"workers must be at least 1, got {workers}")
    if ray_address is not None:
        source = _ray_stream(tasks, ray_init(ray_address, workers))
    elif workers == 1 or len(tasks) <= 1:
        source = ((t, run_task(t)) for t in tasks)
    else:
        source = _pool_stream(tasks, workers)
    return _with_progress(source, len(tasks), progress, description, console)


def _with_progress(source: Iterator[tuple[GameTask, GameRecord]], total: int, progress: bool, description: str,
                   console: Console | None) -> Iterator[tuple[GameTask, GameRecord]]:
    wins: dict[str, int] = {}
    with _progress(console, progress) as bar:
        tid = bar.add_task(description, total=total, status="")
        for task, rec in source:
            key = "error" if rec.error else ("cap" if rec.truncated else (rec.winner or "draw"))
            wins[key] = wins.get(key, 0) + 1
            bar.update(tid, advance=1, status=" ".join(f"{k}:{v}" for k, v in sorted(wins.items())))
            yield task, rec


def _pool_stream(tasks: Sequence[GameTask], workers: int) -> Iterator[tuple[GameTask, GameRecord]]:
    # submitted eagerly, so the workers fork before the progress bar starts its refresh thread
    ex = ProcessPoolExecutor(max_workers=min(workers, len(tasks)))
    futs: dict[Future[GameRecord], GameTask] = {ex.submit(run_task, t): t for t in tasks}

    def stream() -> Iterator[tuple[GameTask, GameRecord]]:
        try:
            for f in as_completed(futs):
                yield futs[f], f.result()
        finally:
            ex.shutdown(wait=True, cancel_futures=True)

    return stream()


def ray_init(address: str, workers: int) -> bool:
    """Connect to Ray (``local`` starts a private local instance). True when this call started it."""
    try:
        import ray
    except ImportError as e:  # pragma: no cover - ray is a declared dependency
        raise RunnerError(f"--ray needs the ray package: pip install 'ray[default]' ({e})") from None
    if ray.is_initialized():
        return False
    hostport = _host_port(address)
    if hostport is not None:
        try:
            socket.create_connection(hostport, timeout=5).close()
        except OSError as e:  # ray.init itself would retry for minutes
            raise RunnerError(f"cannot reach Ray at {address!r}: {e}") from None
    try:
        if address == "local":
            # --workers caps the CPUs of a local instance; the default (1) means "all of this machine's cores"
            ray.init(num_cpus=workers if workers > 1 else None, include_dashboard=False, log_to_driver=False,
                     logging_level=logging.ERROR)
        else:
            ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
    except Exception as e:  # noqa: BLE001 - ray raises ConnectionError, RuntimeError, ValueError...
        raise RunnerError(f"cannot connect to Ray at {address!r}: {type(e).__name__}: {e}") from None
    return True


def _host_port(address: str) -> tuple[str, int] | None:
    """(host, port) of an explicit Ray address ("host:6379", "ray://host:10001"); None for "local"/"auto"."""
    rest = address.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not port.isdigit():
        return None
    return host, int(port)


def _ray_stream(tasks: Sequence[GameTask], started: bool) -> Iterator[tuple[GameTask, GameRecord]]:
    import ray

    try:
        remote = ray.remote(run_task)
        refs = {remote.remote(t): t for t in tasks}
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield refs[ref], ray.get(ref)
    finally:
        if started:
            ray.shutdown()


class RecordWriter:
    """Streams full records to a JSONL file as games finish and keeps only light copies (no action list) in memory.

    A 10,000-game Onslaught run holds ~15 million action strings; written as they
    arrive, memory stays flat. On close the file is rewritten in task order, so it
    does not depend on the number of workers.
    """

    def __init__(self, path: Path):
        self.path = path
        self._part = path.with_name(path.name + ".part")
        self._f: BinaryIO | None = None  # opened by the first record: a batch that fails to start leaves no file
        self._where: dict[int, tuple[int, int]] = {}

    def add(self, index: int, rec: GameRecord) -> GameRecord:
        if self._f is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._f = self._part.open("wb")
        line = (json.dumps(rec.to_dict(), separators=(",", ":")) + "\n").encode()
        self._where[index] = (self._f.tell(), len(line))
        self._f.write(line)
        return dataclasses.replace(rec, actions=[])

    def close(self) -> None:
        if self._f is None:
            return
        self._f.close()
        with self._part.open("rb") as src, self.path.open("wb") as dst:
            for index in sorted(self._where):
                pos, n = self._where[index]
                src.seek(pos)
                dst.write(src.read(n))
        self._part.unlink()


def collect(tasks: Sequence[GameTask], *, records_path: Path | None = None,
            **kw: Any) -> tuple[list[GameRecord], float]:
    """All records in task order and the wall-clock seconds the batch took.

    With ``records_path`` the full records go to that JSONL file as they arrive and
    the returned records are light copies without their action lists.
    """
    t0 = time.perf_counter()
    stream = run_tasks(tasks, **kw)
    writer = RecordWriter(records_path) if records_path is not None else None
    got: dict[int, GameRecord] = {}
    try:
        for task, rec in stream:
            got[task.index] = writer.add(task.index, rec) if writer else rec
    finally:
        if writer is not None:
            writer.close()
    return [got[t.index] for t in tasks if t.index in got], time.perf_counter() - t0
