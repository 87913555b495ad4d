"""Onslaught on the position kit (core/pieces.py, issue 34): the placement kept move by move is the one rebuilt from
the unit table, and clones share unit records without a write leaking between them, along random games."""

from __future__ import annotations

import random

from westfront import api
from westfront.core.pieces import build_placement
from westfront.core.state import checking_cache


def test_kept_placement_and_clones_along_random_games():
    # onslaught 6.2/7.0: ZOC and stacking read the kit's index and occupied hexes, so they must match the unit table
    with checking_cache():  # also holds shared records read-only: a write behind the kit raises
        for seed in (5, 6):
            s = api.load("onslaught", seed=seed)
            rnd = random.Random(seed)
            for n in range(400):
                if s.is_terminal():
                    break
                if n % 25 == 0:
                    before = s.hash()
                    c = s.clone()
                    c.apply(rnd.choice(c.legal_actions()))
                    assert s.hash() == before  # the clone's move changed nothing of the original
                s.apply(rnd.choice(s.legal_actions()))
                assert s.placement() == build_placement(s.roster(), s.g["units"])
