"""Skirmish on the position kit (core/pieces.py, issue 34): the placement kept move by move is the one rebuilt from
the unit table, and a clone's move leaves the original alone, along random games of both scenarios and every ZOC
rule and combat system."""

from __future__ import annotations

import pytest

from westfront.testing.kit import walk_on_the_position_kit


@pytest.mark.parametrize(("scenario", "zoc", "combat"), [
    ("meeting", "stop", "odds"), ("river", "cost2", "dice"), ("river", "engage", "fire"), ("meeting", "engage", "dice"),
])
def test_kept_placement_and_clones_along_random_games(scenario, zoc, combat):
    # skirmish 2/4/5: moves, step losses, eliminations, retreats and advances all go through the kit's vocabulary
    walk_on_the_position_kit("skirmish", seeds=(5, 6, 7), actions=300, scenario=scenario, zoc=zoc, combat=combat)
