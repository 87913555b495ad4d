"""Race to the Rhine on the position kit (issue 34): the Corps are ``core.pieces`` pieces on a point-to-point map."""

from __future__ import annotations

import pytest

from westfront.testing.kit import walk_on_the_position_kit


@pytest.mark.parametrize("pd,players", [(True, 1), (True, 2), (True, 4), (False, 3)])
def test_kept_placement_and_clones_along_random_games(pd: bool, players: int) -> None:
    # rttr 10.2 seatings: every seating's table is a sub-sequence of the kit's roster; the placement kept move by
    # move equals the one rebuilt from g["corps"], and a clone's move (its supplies replaced on the shared
    # copy-on-write record, never changed in place) leaves the original's hash unchanged
    walk_on_the_position_kit("race-to-the-rhine", seeds=(5, 6), actions=300,
                             patch_devers=pd, players=players)


def test_corps_queries_follow_the_table_order() -> None:
    # rttr 10.2 (base game, 3 players): corps_of / corps_at are the kit's lists, in g["corps"] order
    from westfront import api

    s = api.load("race-to-the-rhine", seed=3, options={"patch_devers": False, "players": 3})
    corps = s.g["corps"]
    for cmd in s.seats:  # type: ignore[attr-defined]
        assert [c["id"] for c in s.corps_of(cmd)] == [k for k, c in corps.items() if c["commander"] == cmd]  # type: ignore[attr-defined]
    for sid in {c["space"] for c in corps.values()}:
        assert [c["id"] for c in s.corps_at(sid)] == [k for k, c in corps.items() if c["space"] == sid]  # type: ignore[attr-defined]
    assert "patch_devers" not in s.seats and s.corps_of("patch_devers") == []  # type: ignore[attr-defined]
