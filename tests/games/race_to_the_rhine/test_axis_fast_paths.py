"""The Axis reaction's one-pass sets (issue 34) give the answers of the per-space floods they replace."""

from __future__ import annotations

import random

from westfront import api
from westfront.games.race_to_the_rhine import axis
from westfront.games.race_to_the_rhine.board import board, static_sets


def test_chained_to_is_every_space_chained_on_random_sets():  # rttr Place Axis marker (chain of Axis markers)
    g = board().graph
    rnd = random.Random(7)
    n = len(g)
    for _ in range(300):
        through = sum(1 << i for i in range(n) if rnd.random() < rnd.choice((0.05, 0.2, 0.5)))
        targets = sum(1 << i for i in range(n) if rnd.random() < 0.03)
        fast = axis.chained_to(g, through, targets)
        assert fast == sum(1 << i for i, sid in enumerate(g.ids) if g.chained(sid, through, targets))


def _candidates_plain(s) -> list[str]:
    """rttr Place Axis marker read space by space: placeable, no printed flag, chained to a flag."""
    g = s.graph
    sets = s.sets()
    flags = static_sets()["axis_flag"] & ~sets["control"] & s.on_board()
    return [sid for sid in g.names(s.on_board())
            if not s.board.has_flag(sid, "axis_flag") and axis.placeable(s, sid)
            and g.chained(sid, sets["axis_markers"], flags)]


def _counter_plain(s, sid: str) -> bool:
    """rttr Counter-attack read with its own flood."""
    g = s.graph
    if s.controller(sid) is None or s.gg["ffi"].get(sid, 0) or any(sid in s.board.areas[c].start for c in s.seats):
        return False
    sets = s.sets()
    i = g.index[sid]
    corps = g.bb(c["space"] for c in s.gg["corps"].values())
    if (corps >> i) & 1 or g.nbr_bits[i] & corps:
        return False
    unc = s.on_board() & ~sets["control"]
    return bool(g.nbr_bits[i] & g.flood(s.axis_sources() & unc, unc))


def test_axis_candidates_and_counter_attacks_agree_with_the_plain_reading():  # rttr Counter-attack
    seen = 0
    for seed in range(6):
        s = api.load("race-to-the-rhine", seed=seed)
        rnd = random.Random(seed)
        while not s.is_terminal():
            assert axis.candidates(s) == _candidates_plain(s)
            for sid in s.gg["control"]:
                assert axis.counter_attackable(s, sid) == _counter_plain(s, sid)
                seen += 1
            acts = s.legal_actions()
            s.apply(acts[rnd.randrange(len(acts))])
    assert seen > 100
