"""Fuzz where games are won: agents of different strength on each side, every invariant checked.

Random-vs-random play ends the same way every time in the campaigns (the side that
only has to hold wins), so it never walks the other side's victory paths. Seating a
heuristic agent on one side and a random one on the other, both ways round,
exercises the attacker's sudden-death exits, late-game victory levels and the
defender's collapse, with the same checks as :mod:`.fuzz` after every action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import api
from ..ai import get_agent
from ..core.errors import IllegalAction
from ..core.state import State, checking_cache
from .fuzz import FuzzFailure, check_invariants, verify_replay


@dataclass
class MixedReport:
    game: str
    games: int = 0
    actions: int = 0
    results: dict[str, int] = field(default_factory=dict)  # "strong=<side> -> winner:level" counts


def play_agents(game: str, seed: int, specs: dict[str, str], *, scenario: str | None = None,
                max_actions: int = 30_000) -> State:
    """One game with ``specs`` (side -> agent spec), invariants checked after every action."""
    s = api.load(game, scenario=scenario, seed=seed)
    agents = {side: get_agent(spec, seed=seed * 31 + i) for i, (side, spec) in enumerate(sorted(specs.items()))}
    n = 0
    while not s.is_terminal():
        check_invariants(s)
        side = s.current_player()
        assert side is not None
        before = s.hash()
        a = agents[side].choose(s, side)
        if s.hash() != before:
            raise FuzzFailure(f"choosing changed the game ({specs[side]} as {side}, seed {seed})")
        try:
            s.apply(a)
        except IllegalAction as e:
            raise FuzzFailure(f"{specs[side]} chose an illegal action {a}: {e}") from None
        n += 1
        if n > max_actions:
            raise FuzzFailure(f"runaway: {max_actions} actions without the game ending (seed {seed}, {specs})")
    check_invariants(s)
    verify_replay(s)
    return s


def fuzz_mixed(game: str, games: int, *, seed: int = 0, strong: str = "heuristic", weak: str = "random",
               max_actions: int = 30_000, check_cache: bool = True) -> MixedReport:
    """``games`` games per side: the strong agent plays each side in turn against the weak one.

    By default in the cache debug mode (``State.CHECK_CACHE``, docs/performance.md): agents
    clone and search, so memos shared by clones get exercised."""
    with checking_cache(check_cache):
        return _fuzz_mixed(game, games, seed, strong, weak, max_actions)


def _fuzz_mixed(game: str, games: int, seed: int, strong: str, weak: str, max_actions: int) -> MixedReport:
    rep = MixedReport(game)
    players = api.registry.info(game).players
    for k in range(games):
        for side in players:
            specs = {p: (strong if p == side else weak) for p in players}
            s = play_agents(game, seed + k, specs, max_actions=max_actions)
            r = s.result()
            key = f"strong={side} -> {r.winner}:{r.level}" if r else f"strong={side} -> none"
            rep.results[key] = rep.results.get(key, 0) + 1
            rep.games += 1
            rep.actions += len(s.history)
    return rep
