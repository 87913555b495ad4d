"""Agent-mixed fuzz: a heuristic side against a random side, both ways round, on every game,
with the fuzz harness's invariants after every action and a replay check at the end."""

from __future__ import annotations

import pytest

import westfront
from westfront.testing.agent_fuzz import fuzz_mixed


def test_mixed_agents_play_every_game_to_a_valid_end(game_id):
    rep = fuzz_mixed(game_id, games=1, seed=5)
    sides = westfront.api.registry.info(game_id).players
    assert rep.games == len(sides) == sum(rep.results.values())  # the strong agent on each side once
    assert all(k.startswith("strong=") for k in rep.results) and rep.actions > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", ["dday-to-the-rhine", "onslaught"])
def test_mixed_fuzz_campaigns_at_length(game):
    rep = fuzz_mixed(game, games=10, seed=100)
    assert rep.games == 20
