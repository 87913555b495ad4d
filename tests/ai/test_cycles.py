"""No loops, by construction (issue 33): the agents' guard never returns to a position of the current
decision sequence but by backing out, so fresh agents — and minds rebuilt from the record at every
decision, as the server's workers may — finish a game built to trap them (tests/ai/loopgame)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from westfront import api
from westfront.ai import get_agent
from westfront.ai.cycles import position_key
from westfront.ai.hooks import hooks_for
from westfront.core.state import State, is_undo_barrier
from westfront.games import registry
from westfront.server.ai_minds import Decision, Minds

LOOP = "loop-toy"
# a phase has at most: 2 mode positions x (marches 0..3) entered once each, one pick entered per
# position and left once, and done: far under this bound; a looping agent never gets there
BOUND = 200


@pytest.fixture(scope="module")
def loop_game() -> Iterator[str]:
    registry.register(LOOP, "tests.ai.loopgame")
    hooks_for.cache_clear()
    yield LOOP
    registry.unregister(LOOP)
    hooks_for.cache_clear()


def greedy_without_guard(s: State) -> str:
    """The toy's best prior, with no memory: what an agent without the guard plays."""
    acts = s.legal_actions()
    scores = hooks_for(LOOP).score_actions(s, s.current_player() or "", acts)
    return str(acts[max(range(len(acts)), key=scores.__getitem__)])


def test_the_toy_traps_an_agent_without_the_guard(loop_game):
    s = api.load(loop_game, None, {"turns": 1}, 0)
    for _ in range(BOUND):
        s.apply(greedy_without_guard(s))
    assert not s.is_terminal() and s.history[-4:] == ["strategic", "normal", "strategic", "normal"]


@pytest.mark.parametrize("kind", ["heuristic", "easy", "normal", "hard"])
def test_fresh_agents_do_not_cycle(loop_game, kind):
    # loop 1: a toggle that changes nothing (D-Day's strategic <-> normal switch) and a pick that is cancelled
    s = api.load(loop_game, None, {"turns": 2}, 0)
    agents = {side: get_agent(kind, seed=3) for side in s.INFO.players}
    n = 0
    while not s.is_terminal():
        side = s.current_player()
        assert side is not None
        s.apply(agents[side].choose(s, side, time_budget=0.2))
        n += 1
        assert n < BOUND, f"{kind} is walking a loop: {s.history[-8:]}"
    assert s.result() is not None
    if kind != "easy":  # easy samples, and may be done early; the others make every march: the guard
        assert s.g["marches"] == {"north": 6, "south": 6}  # forbids loops, not progress


def test_no_position_is_entered_twice_in_a_sequence(loop_game):
    s = api.load(loop_game, None, {"turns": 1}, 0)
    agent = get_agent("heuristic", seed=1)
    path: list[str] = []
    entered: Counter[str] = Counter()
    while not s.is_terminal():
        side = s.current_player()
        assert side is not None
        key = position_key(s, side)
        if key in path:
            del path[path.index(key) + 1:]  # backed out to a position it came through
        else:
            path.append(key)
            entered[key] += 1
        before = s.current_player()
        events = s.apply(agent.choose(s, side))
        if is_undo_barrier(events, before, s.current_player()):
            path = []
    assert entered and max(entered.values()) == 1
    assert "cancel" in s.history and "normal" in s.history  # it did back out (once each), it never re-entered


def test_minds_rebuilt_at_every_decision_do_not_cycle(loop_game):
    """The server's worst case: every decision by a mind rebuilt from the record (a new worker each time)."""
    s = api.load(loop_game, None, {"turns": 2}, 0)
    anchor, anchor_n = s.clone(), 0
    while not s.is_terminal():
        side = s.current_player()
        assert side is not None
        d = Decision(LOOP, "t", side, "ai:normal", 0, anchor.clone().g, anchor_n, tuple(s.history), s.hash(), 0.2)
        text = Minds().decide(d)
        events = s.apply(text)
        if is_undo_barrier(events, side, s.current_player()):
            anchor, anchor_n = s.clone(), len(s.history)
        assert len(s.history) < BOUND, f"rebuilt minds are walking a loop: {s.history[-8:]}"
    assert s.g["marches"] == {"north": 6, "south": 6}
