"""D-Day 3rd on the position kit (core/pieces.py, issue 34): the placement kept move by move is the one rebuilt from
the unit table, and clones share unit records without a write leaking between them, along random games."""

from __future__ import annotations

from westfront.testing.kit import walk_on_the_position_kit


def test_kept_placement_and_clones_along_random_games():
    # D-Day §3/§4.1: stacking and ZOC read the kit's index and occupied hexes, so they must match the unit table
    walk_on_the_position_kit("dday-3rd")
