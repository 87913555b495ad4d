"""A player may concede any game at any moment (SFN 1.1/4.1 say so; every game offers it).

A concession is an action like any other in the record (``concede <side>``), so replays
reproduce it, but it is never among ``legal_actions()``: agents, the RL action space and
golden games never see it.
"""

from __future__ import annotations

import random

import pytest

import westfront
from westfront.testing.fuzz import verify_replay


def _mid_game(game_id: str, n: int = 25, seed: int = 3) -> westfront.State:
    s = westfront.load(game_id, seed=seed)
    rnd = random.Random(seed)
    for _ in range(n):
        if s.is_terminal():
            break
        s.apply(rnd.choice(s.legal_actions()))
    return s


def test_each_seated_side_may_concede_and_the_others_win(game_id):  # SFN 1.1, 4.1
    base = _mid_game(game_id)
    assert not base.is_terminal()
    seated = base.INFO.seated(base.options)
    assert all(a.verb != "concede" for a in base.legal_actions())
    for side in seated:
        s = base.clone()
        events = s.apply(f"concede {side}")
        assert s.is_terminal() and s.current_player() is None
        r = s.result()
        assert r is not None and r.level == "concession"
        rest = [x for x in seated if x != side]
        if len(rest) == 1:
            assert r.winner == rest[0]
        assert r.winner != side
        assert any(e["type"] == "concession" and e["side"] == side for e in events)
        assert s.history[-1] == f"concede {side}"
        verify_replay(s)  # the concession replays from the record like any action


def test_a_concession_naming_no_seated_side_or_after_the_end_changes_nothing(game_id):
    s = _mid_game(game_id)
    before, hist = s.hash(), list(s.history)
    for bad in ("concede", "concede nobody", f"concede {s.INFO.players[0]} extra"):
        with pytest.raises(westfront.IllegalAction, match="concede"):
            s.apply(bad)
        assert s.hash() == before and s.history == hist
    s.apply(f"concede {s.INFO.seated(s.options)[0]}")
    over = s.hash()
    with pytest.raises(westfront.IllegalAction, match="over"):
        s.apply(f"concede {s.INFO.seated(s.options)[-1]}")
    assert s.hash() == over
