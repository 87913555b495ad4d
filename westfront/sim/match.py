"""One game between agents, recorded so it can be re-created exactly.

``play_game`` is the unit of work of tournaments and simulations (westfront.sim):
it returns a JSON-able :class:`GameRecord` with the result, timing per side,
the action list, the final hash and per-turn statistics. Agent seeds are
derived from the game seed, so seed + agents + actions are the whole story and
``replay(record)`` rebuilds the final position and checks its hash.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from .. import api
from ..ai.base import Agent, get_agent
from ..core.errors import WestfrontError
from ..core.state import State
from ..games import registry
from .stats import hook_for

DEFAULT_MAX_ACTIONS = 50_000
# fields that depend on the machine, not on the seeds: left out of determinism checks
TIMING_FIELDS = ("seconds", "decisions")


class MatchError(WestfrontError):
    """A match that cannot start (bad agents for the game's sides) or a record that does not replay."""


def derive_seed(seed: int, label: str) -> int:
    """A stable 63-bit seed for ``label`` (a side) from the game seed; not Python's salted hash()."""
    d = hashlib.sha256(f"{seed}:{label}".encode()).digest()
    return int.from_bytes(d[:8], "big") >> 1


def turn_of(state: State) -> int | None:
    """The game turn if the game keeps one: ``g["turn"]``, else ``view(None)["turn"]``."""
    t = state.g.get("turn")
    if isinstance(t, int) and not isinstance(t, bool):
        return t
    v = state.view(None).get("turn")
    return v if isinstance(v, int) and not isinstance(v, bool) else None


@dataclass
class DecisionStats:
    count: int = 0
    total_s: float = 0.0
    max_s: float = 0.0

    def add(self, dt: float) -> None:
        self.count += 1
        self.total_s += dt
        self.max_s = max(self.max_s, dt)

    @property
    def mean_s(self) -> float:
        return self.total_s / self.count if self.count else 0.0


@dataclass
class GameRecord:
    """Everything about one finished (or capped) game; ``to_dict``/``from_dict`` round-trip through JSON."""

    game: str
    scenario: str
    options: dict[str, Any]
    seed: int
    agents: dict[str, str]
    winner: str | None
    level: str | None
    reason: str
    scores: dict[str, float]
    n_actions: int
    turns: int | None
    decisions: dict[str, dict[str, float]]
    actions: list[str]
    hash: str
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    combats: list[list[Any]] = field(default_factory=list)  # [turn, hex] per combat
    decided_turn: int | None = None
    truncated: bool = False
    error: str | None = None
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def deterministic_dict(self) -> dict[str, Any]:
        """The record without wall-clock fields: equal for equal seeds on any machine or worker count."""
        d = self.to_dict()
        for k in TIMING_FIELDS:
            d.pop(k, None)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameRecord:
        return cls(**{k: d[k] for k in cls.__dataclass_fields__ if k in d})

    @property
    def finished(self) -> bool:
        return not self.truncated and self.error is None


def check_sides(game_id: str, agents: dict[str, str], options: dict[str, Any] | None = None) -> None:
    """Every side taking part (with these options) has exactly one agent spec."""
    players = registry.info(game_id).seated(options)
    missing = [p for p in players if p not in agents]
    extra = [s for s in agents if s not in players]
    if missing or extra:
        raise MatchError(f"{game_id} is played by {', '.join(players)}; agents given for {', '.join(agents) or 'none'}")


def make_agents(game_id: str, seed: int, agents: dict[str, str],
                options: dict[str, Any] | None = None) -> dict[str, Agent]:
    """One agent per side, seeded from the game seed and the side; MatchError for a bad side or agent name."""
    check_sides(game_id, agents, options)
    try:
        return {side: get_agent(spec, seed=derive_seed(seed, side)) for side, spec in agents.items()}
    except ValueError as e:
        raise MatchError(str(e)) from None


def check_agents(game_id: str, agents: dict[str, str], options: dict[str, Any] | None = None) -> None:
    """Every side taking part has exactly one agent spec, and every spec names a known agent."""
    make_agents(game_id, 0, agents, options)


def decided_turn(snapshots: list[dict[str, Any]], winner: str | None, end_turn: int | None) -> int | None:
    """The first turn from which the eventual winner led at every later snapshot (hooks report ``leader``);
    the last turn when no snapshot names a leader; None for draws."""
    if winner is None:
        return None
    if not any(s.get("leader") for s in snapshots):
        return end_turn
    decided = end_turn
    for snap in reversed(snapshots):
        if snap.get("leader") != winner:
            break
        decided = snap.get("turn")
    return decided


def play_game(
    game_id: str,
    *,
    scenario: str | None = None,
    options: dict[str, Any] | None = None,
    seed: int,
    agents: dict[str, str],
    time_budget: float | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    stats: bool = True,
) -> GameRecord:
    """Play one game to its end (or ``max_actions``) and record it.

    An agent that raises ends the game with ``error`` set rather than losing the
    whole batch; bad set-up (unknown game, scenario, option or agent) raises.
    """
    t_start = time.perf_counter()
    state = api.load(game_id, scenario=scenario, options=options, seed=seed)
    players = make_agents(game_id, seed, agents, state.options)
    timing = {side: DecisionStats() for side in agents}
    hook = hook_for(game_id) if stats else None
    combat_types = set(hook.combat_events) if hook else set()
    turn = turn_of(state)
    turn_in_g = isinstance(state.g.get("turn"), int)
    snapshots: list[dict[str, Any]] = []
    combats: list[list[Any]] = []

    def snap() -> None:
        if hook is not None:
            snapshots.append({"turn": turn, "action": len(state.history), **hook.snapshot(state)})

    snap()
    truncated = False
    error: str | None = None
    n = 0
    while not state.is_terminal():
        if n >= max_actions:
            truncated = True
            break
        side = state.current_player()
        assert side is not None
        t0 = time.perf_counter()
        try:
            action = players[side].choose(state, side, time_budget=time_budget)
        except Exception as e:  # noqa: BLE001 - one broken game is reported in its record, not fatal to a batch
            error = f"{side} agent {agents[side]!r} failed at action {n + 1}: {type(e).__name__}: {e}"
            break
        timing[side].add(time.perf_counter() - t0)
        try:
            events = state.apply(action)
        except Exception as e:  # noqa: BLE001
            error = f"{side} agent {agents[side]!r} chose {action} at action {n + 1}: {type(e).__name__}: {e}"
            break
        n += 1
        if combat_types:
            for ev in events:
                if ev.get("type") in combat_types and ev.get("hex"):
                    combats.append([turn, ev["hex"]])
        # a game keeping g["turn"] is checked every action; the view() fallback only when the player changes
        if hook is not None and (turn_in_g or state.current_player() != side or state.is_terminal()):
            t = turn_of(state)
            if t != turn or state.is_terminal():
                turn = t
                snap()
    if (truncated or error) and hook is not None:
        snap()
    turn = turn_of(state)
    r = state.result()
    reason = r.reason if r else (f"stopped after {max_actions} actions" if truncated else f"error: {error}")
    winner = r.winner if r else None
    return GameRecord(
        game=game_id, scenario=state.scenario, options=dict(state.options), seed=seed, agents=dict(agents),
        winner=winner, level=r.level if r else None, reason=reason, scores=dict(r.scores) if r else {},
        n_actions=len(state.history), turns=turn,
        decisions={s: {"count": d.count, "total_s": round(d.total_s, 6), "max_s": round(d.max_s, 6)}
                   for s, d in timing.items()},
        actions=list(state.history), hash=state.hash(), snapshots=snapshots, combats=combats,
        decided_turn=decided_turn(snapshots, winner, turn) if r else None,
        truncated=truncated, error=error, seconds=round(time.perf_counter() - t_start, 6),
    )


def replay(record: GameRecord | dict[str, Any]) -> State:
    """Re-create the game from scenario, options, seed and actions; raise MatchError if the hash differs."""
    rec = record if isinstance(record, GameRecord) else GameRecord.from_dict(record)
    s = api.replay(rec.game, rec.scenario, rec.options, rec.seed, rec.actions)
    if s.hash() != rec.hash:
        raise MatchError(f"{rec.game} seed {rec.seed}: the record's {len(rec.actions)} actions replay to "
                         f"hash {s.hash()}, not the recorded {rec.hash}")
    return s
