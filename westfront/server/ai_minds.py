"""The computer seats' minds: one agent per (game, seat), kept in this process between decisions.

An agent keeps things between its decisions — its loop guard (westfront.ai.cycles), ``normal``'s
and ``hard``'s search tree reused along the atomic decisions of one move — so a seat must be
played by the same agent from one decision to the next. :class:`Minds` holds that agent with
its own copy of the position. A decision (:class:`Decision`) carries everything needed to
*rebuild* the mind when this process has none or an outdated one (a restart, another worker
process, a Ray task on another node, an undo): a fresh agent seeded from the game's seed and the
side, shown the actions of the current decision sequence (everything since the last barrier:
dice, a reveal or a hand-over) as if it had chosen them. So what the guard knows never depends
on where the decision runs. Every decision re-seeds the agent's generator from the game's seed,
the side and the action count, so the moves are reproducible too; the one thing a rebuild does
not bring back is a kept search tree, a warm start that the next search grows again.

The mind's position copy is the game's real position, as the agent contract hands it to every
agent (agents must determinise what the side cannot see: westfront.ai.base); what an agent
*keeps* is built from the positions its side passed through in its own decision sequence.
"""

from __future__ import annotations

import random
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ..ai import Agent, get_agent
from ..core.state import State
from ..games import registry

MINDS_KEPT = 32  # minds per process; the least recently used is dropped (and rebuilt when needed)


def agent_seed(seed: int, side: str) -> int:
    """The seat's agent seed: from the game's seed and the side, the same in every process."""
    return (seed * 31 + zlib.crc32(side.encode())) & 0xFFFFFFFF


def decision_seed(seed: int, side: str, n_actions: int) -> int:
    """The generator seed of one decision: the same move whichever process decides it."""
    return (agent_seed(seed, side) + 7919 * n_actions) & 0xFFFFFFFF


@dataclass(frozen=True)
class Decision:
    """One decision of a computer seat, as shipped to a worker (thread, process or Ray task)."""

    game: str  # the registered game id
    game_id: str
    side: str
    kind: str  # the seat, "ai:<level>"
    seed: int  # the game's seed
    anchor_g: dict[str, Any]  # the position after the last barrier (the start of this decision sequence)
    anchor_n: int  # how many actions led to it
    history: tuple[str, ...]  # every action of the game so far
    hash: str  # the position now (the record's hash): a kept mind must be exactly there
    time_budget: float

    @property
    def key(self) -> tuple[str, str, str]:
        return self.game_id, self.side, self.kind


@dataclass
class Mind:
    """A seat's agent and the position it last decided in (its own copy)."""

    agent: Agent
    state: State
    rebuilt_at: int  # the action count at which this mind was (re)built
    decisions: int = 0
    last: tuple[int, str] | None = None  # (action count, text) of its last choice: already in its memory


def observe(agent: Agent, state: State, side: str, action: str) -> None:
    """Show ``agent`` an action its seat played from ``state`` (a rebuilt mind catching up)."""
    fn = getattr(agent, "observe", None)
    if fn is not None:
        fn(state, side, action)


class Minds:
    """The minds of the computer seats this process decides for (thread-safe, bounded)."""

    def __init__(self, limit: int = MINDS_KEPT):
        self.limit = limit
        self._minds: OrderedDict[tuple[str, str, str], Mind] = OrderedDict()
        self._lock = threading.Lock()
        self.rebuilds = 0  # how many minds were built from a decision's record (metrics, tests)

    def decide(self, d: Decision) -> str:
        """The seat's move in the position ``d`` describes, by its kept (or rebuilt) agent."""
        mind = self.mind(d)
        rng = getattr(mind.agent, "rng", None)
        if isinstance(rng, random.Random):
            rng.seed(decision_seed(d.seed, d.side, len(d.history)))
        text = str(mind.agent.choose(mind.state.clone(), d.side, time_budget=d.time_budget))
        mind.decisions += 1
        mind.last = (len(d.history), text)
        return text

    def mind(self, d: Decision) -> Mind:
        """The kept mind brought up to ``d``'s position, or a new one rebuilt from ``d``."""
        with self._lock:
            mind = self._minds.pop(d.key, None)
        if mind is None or not self._catch_up(mind, d):
            mind = self._rebuild(d)
        with self._lock:
            self._minds[d.key] = mind
            while len(self._minds) > self.limit:
                self._minds.popitem(last=False)
        return mind

    def mind_of(self, key: tuple[str, str, str]) -> Mind:
        with self._lock:
            return self._minds[key]

    def held(self) -> list[tuple[str, str, str]]:
        with self._lock:
            return list(self._minds)

    def forget(self, game_id: str) -> None:
        with self._lock:
            for k in [k for k in self._minds if k[0] == game_id]:
                del self._minds[k]

    @staticmethod
    def _catch_up(mind: Mind, d: Decision) -> bool:
        """Play the actions made since the mind last decided (its own move, the other seats' turns);
        the ones of this decision sequence it did not choose itself are shown to its agent, as a rebuild
        would. False when the game is not an extension of what the mind saw (an undo) or ends elsewhere."""
        s = mind.state
        n = len(s.history)
        if n > len(d.history) or list(d.history[:n]) != s.history:
            return False
        for i, text in enumerate(d.history[n:], start=n):
            if i >= d.anchor_n and mind.last != (i, text):
                observe(mind.agent, s, d.side, text)
            s.apply(text)
        return s.hash() == d.hash

    def _rebuild(self, d: Decision) -> Mind:
        """A fresh agent, shown this decision sequence's actions from its start (the anchor)."""
        self.rebuilds += 1
        agent = get_agent(d.kind, seed=agent_seed(d.seed, d.side))
        s = registry.state_class(d.game)(d.anchor_g, history=list(d.history[:d.anchor_n]))
        for text in d.history[d.anchor_n:]:
            observe(agent, s, d.side, text)
            s.apply(text)
        if s.hash() != d.hash:
            raise RuntimeError(f"game {d.game_id}: the decision's anchor and actions do not lead to its position")
        return Mind(agent, s, rebuilt_at=len(d.history))


MINDS = Minds()  # this process's minds (a worker process or a Ray worker has its own)


def think(d: Decision) -> str:
    """One decision in a worker process or a Ray task, by that process's minds."""
    return MINDS.decide(d)


def minds_held() -> list[tuple[str, str, str]]:
    """The minds this worker process keeps (tests, diagnostics)."""
    return MINDS.held()
