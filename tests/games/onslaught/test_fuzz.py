"""Random play with every optional rule (the contract suite fuzzes the default options)."""

from __future__ import annotations

import pytest

from westfront.testing.fuzz import fuzz

ALL = {"allied_cooperation": True, "free_french": True, "infantry_breakthrough": True, "emergency_supplies": True}


def test_random_games_with_all_optional_rules_end_legally():
    # onslaught 14.0: the optional rules together; onslaught 13.0: every game ends with a legal result
    rep = fuzz("onslaught", games=1, seed=500, options=ALL, deep_every=400)
    assert rep.games == 1 and sum(rep.results.values()) == 1


@pytest.mark.slow
def test_many_random_games():
    # onslaught 13.0: a longer statistical run (bench/random_games.py onslaught does 1,000)
    rep = fuzz("onslaught", games=40, seed=1000, options=ALL)
    assert rep.games == 40
