"""The watchdog of the computer seats: a seat never plays one phase for ever.

The agents' loop guard (westfront.ai.cycles) stops every loop that returns to a position; a
game whose bookkeeping makes each pass of a loop a new position, or an agent that dithers
through hundreds of legal but useless moves, would still keep the turn. So the runner asks
the watchdog before each decision of a computer seat. It bounds, per seat and *phase* — the
run of consecutive actions of that seat in the game's record, until another seat moves — the
number of actions and the seconds spent (the level's promise, :data:`PROMISE_S`). Past either
bound the seat plays the phase's *safe exit* instead of thinking: the legal action that ends
the phase or backs out of a sub-decision (``done``, ``end``, ``pass``, ``cancel``…, found among
the legal actions by verb, :func:`safe_exit`), and so on until the turn passes; a decision that
has none gets the heuristic's instant move. Each time a seat is cut short the operator sees a
warning in the log and the counters of :meth:`Watchdog.metrics` (``GET /api/metrics``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from ..ai.base import parse_spec

log = logging.getLogger("westfront.server")

PHASE_ACTIONS = 1000  # actions a seat may play in one phase: the longest phases measured are ~200 (issue 33)
# seconds a computer seat may spend in one phase before it hands back; docs/play.md
PROMISE_S = {"random": 30.0, "heuristic": 30.0, "easy": 30.0, "normal": 180.0, "hard": 900.0}
OTHER_PROMISE_S = 600.0  # search levels without a promise of their own (mcts, learned, ...)

# verbs that end a phase, then verbs that back out of a sub-decision, in the order they are preferred
SAFE_VERBS = ("done", "end", "pass", "finish", "skip", "stop", "cancel", "back", "decline", "none", "no")


def promise(kind: str) -> float:
    """Seconds the level of seat ``kind`` ("ai:normal") promises to hand back within, per phase."""
    try:
        name, _ = parse_spec(kind)
    except ValueError:
        name = kind
    return PROMISE_S.get(name, OTHER_PROMISE_S)


def safe_exit(legal: Sequence[str]) -> str | None:
    """The legal action that ends the phase (or leaves the sub-decision) with the least consequence."""
    by_verb: dict[str, str] = {}
    for text in legal:
        verb = text.split(" ", 1)[0]
        if verb in SAFE_VERBS and (verb not in by_verb or text == verb):
            by_verb[verb] = text
    return next((by_verb[v] for v in SAFE_VERBS if v in by_verb), None)


@dataclass
class Run:
    """A seat's current phase: where it began in the record, when this process first saw it."""

    start: int  # ordinal of the phase's first action (or the next one, before it has any)
    since: float
    tripped: str | None = None  # why it is being cut short


class Watchdog:
    """Bounds per computer seat and phase; see the module docstring."""

    def __init__(self, actions: int = PHASE_ACTIONS, seconds: float | None = None, keep: int = 10_000):
        self.actions = actions
        self.seconds = seconds  # None: the level's promise
        self.keep = keep
        self._runs: OrderedDict[tuple[str, str], Run] = OrderedDict()
        self._lock = threading.Lock()
        self.counts: Counter[str] = Counter()  # trips and forced moves, by level

    def limit_s(self, kind: str) -> float:
        return self.seconds if self.seconds is not None else promise(kind)

    def forced(self, game_id: str, side: str, kind: str, run_len: int, start: int,
               legal: Sequence[str]) -> str | None:
        """None while the seat may think; past a bound, the move it must play instead: its safe exit,
        or "" when this decision has none (the caller plays a quick move).

        ``run_len``: the seat's actions in this phase so far; ``start``: the ordinal its phase began at."""
        now = time.monotonic()
        with self._lock:
            run = self._runs.get((game_id, side))
            if run is None or run.start != start:
                run = Run(start, now)
            self._runs[(game_id, side)] = run
            self._runs.move_to_end((game_id, side))
            while len(self._runs) > self.keep:
                self._runs.popitem(last=False)
            if run.tripped is None:
                spent, limit_s = now - run.since, self.limit_s(kind)
                if run_len >= self.actions:
                    run.tripped = f"{run_len} actions in one phase (limit {self.actions})"
                elif spent >= limit_s:
                    run.tripped = f"{spent:.0f} s in one phase (limit {limit_s:.0f} s)"
                else:
                    return None
                self.counts[f"trips {kind}"] += 1
                log.warning("AI WATCHDOG: seat %s (%s) of game %s spent %s; it plays its safe exits until "
                            "the turn passes", side, kind, game_id, run.tripped)
        exit_ = safe_exit(legal)
        with self._lock:
            self.counts[f"forced {kind}"] += 1
        return exit_ or ""  # "": no safe exit here, the caller plays a quick move

    def metrics(self) -> dict[str, int]:
        """Trips (a seat cut short) and forced moves since the start, by level, for the operator."""
        with self._lock:
            return dict(self.counts)
