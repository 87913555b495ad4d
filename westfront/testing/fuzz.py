"""Random legal play with invariant checks after every action.

Like Rally the Troops' fuzzer: it looks for crashes, dead ends (a live game with
no legal action), runaways (games that never end), replay drift (the record does
not rebuild the same position) and broken saves (to_json/from_json round trip).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from .. import api
from ..core.errors import IllegalAction
from ..core.state import State, checking_cache


class FuzzFailure(AssertionError):
    pass


@dataclass
class FuzzReport:
    game: str
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    results: dict[str, int] = field(default_factory=dict)

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


def check_invariants(s: State) -> None:
    if s.is_terminal():
        if s.result() is None:
            raise FuzzFailure("terminal state without a result")
        if s.legal_actions():
            raise FuzzFailure("terminal state still offers actions")
        return
    if s.current_player() not in s.INFO.players:
        raise FuzzFailure(f"current player {s.current_player()!r} is not one of {s.INFO.players}")
    if not s.legal_actions():
        raise FuzzFailure(f"dead end: no legal action at {s.prompt()!r}")
    if not isinstance(s.prompt(), str) or not s.prompt():
        raise FuzzFailure("empty prompt")


def play_random(game: str, seed: int, *, scenario: str | None = None, options: dict[str, Any] | None = None,
                max_actions: int = 20_000, check_every: int = 1, deep_every: int = 0,
                check_cache: bool = False) -> State:
    """Play one random game, checking invariants; ``deep_every`` > 0 also checks save round trips.

    ``check_cache`` runs it in the cache debug mode (``State.CHECK_CACHE``): every memoised
    derived fact is recomputed after every action, and every 8th position is cloned and the
    clone must offer the same actions (memos are shared by clones)."""
    if check_cache:
        with checking_cache():
            return _play_random(game, seed, scenario, options, max_actions, check_every, deep_every, 8)
    return _play_random(game, seed, scenario, options, max_actions, check_every, deep_every, 0)


def _play_random(game: str, seed: int, scenario: str | None, options: dict[str, Any] | None, max_actions: int,
                 check_every: int, deep_every: int, clone_every: int) -> State:
    s = api.load(game, scenario=scenario, options=options, seed=seed)
    rnd = random.Random(seed * 7919 + 1)
    n = 0
    while not s.is_terminal():
        if n % check_every == 0:
            check_invariants(s)
        acts = s.legal_actions()
        a = rnd.choice(acts)
        try:
            s.apply(a)
        except IllegalAction as e:
            raise FuzzFailure(f"legal action {a} was refused: {e}") from None
        except Exception as e:  # noqa: BLE001 - report any crash with its context
            raise FuzzFailure(f"crash applying {a} after {n} actions (seed {seed}): {e!r}") from e
        n += 1
        if deep_every and n % deep_every == 0:
            round_trip(s)
        if clone_every and n % clone_every == 0:
            check_clone(s)
        if n > max_actions:
            raise FuzzFailure(f"runaway: {max_actions} actions without the game ending (seed {seed})")
    check_invariants(s)
    return s


def round_trip(s: State) -> None:
    text = s.to_json()
    t = api.from_json(text)
    if t.hash() != s.hash():
        raise FuzzFailure("to_json/from_json changed the position hash")
    if [str(a) for a in t.legal_actions()] != [str(a) for a in s.legal_actions()]:
        raise FuzzFailure("a reloaded save offers different legal actions")


def check_clone(s: State) -> None:
    """A clone (sharing the memo) offers the same actions and hashes the same."""
    c = s.clone()
    if c.hash() != s.hash():
        raise FuzzFailure("clone() changed the position hash")
    if [str(a) for a in c.legal_actions()] != [str(a) for a in s.legal_actions()]:
        raise FuzzFailure("a clone offers different legal actions")


def verify_replay(s: State) -> None:
    meta = s.g["meta"]
    r = api.replay(s.INFO.id, meta["scenario"], meta["options"], meta["seed"], s.history)
    if r.hash() != s.hash():
        raise FuzzFailure("replaying the action record gives a different position hash")


def fuzz(game: str, games: int, *, seed: int = 0, scenario: str | None = None, options: dict[str, Any] | None = None,
         max_actions: int = 20_000, deep_every: int = 0, replay: bool = True, check_cache: bool = True) -> FuzzReport:
    """``games`` random games; by default in the cache debug mode (see :func:`play_random`)."""
    rep = FuzzReport(game)
    t0 = time.perf_counter()
    for k in range(games):
        s = play_random(game, seed + k, scenario=scenario, options=options, max_actions=max_actions,
                        deep_every=deep_every, check_cache=check_cache)
        if replay:
            verify_replay(s)
        rep.games += 1
        rep.actions += len(s.history)
        r = s.result()
        key = f"{r.winner}:{r.level}" if r else "none"
        rep.results[key] = rep.results.get(key, 0) + 1
    rep.seconds = time.perf_counter() - t0
    return rep
