"""The computer German must finish its movement phase even when its agent is built afresh for every decision (the
server does that): no choice that only toggles a mode may be preferred twice from the same position."""

from __future__ import annotations

from westfront.ai import get_agent
from westfront.testing.kit import new


def _to_german_movement(seed: int):
    s = new("dday-3rd", seed)
    allied = get_agent("heuristic", seed=seed)
    while s.g.get("phase") != "German movement":
        assert not s.is_terminal()
        s.apply(allied.choose(s, s.current_player()))
    return s


def test_a_fresh_heuristic_german_finishes_week_one_movement():
    # D-Day §9.1.5 (strategic movement is a choice made once per move) and §9: with a fresh agent per decision the
    # German week-1 movement phase ends within a bounded number of actions
    for seed in (0, 1):
        s = _to_german_movement(seed)
        german_units = len(s.on_map("german"))
        n = 0
        while s.g.get("phase") == "German movement" and not s.is_terminal():
            agent = get_agent("heuristic", seed=1000 + n)  # fresh: no memory of earlier decisions
            s.apply(agent.choose(s, s.current_player()))
            n += 1
            assert n <= 4 * german_units + 20, f"seed {seed}: the German movement phase did not end ({n} actions)"


def test_no_mode_toggle_and_a_stay_is_not_offered_again():
    # D-Day §9.1.5: the hexes only strategic movement reaches are offered with the others (no strategic/normal
    # switch that changes nothing on the map); `stay` leaves the unit where it is and it is not offered again (§9.1)
    from westfront.games.dday_3rd import movement

    from .helpers import empty, labels, put, start

    s = empty(week=3)
    put(s, "DE-21-AD", "X30")
    start(s, "movement", side="german")
    s.apply("move DE-21-AD")
    acts = labels(s.legal_actions())
    assert "strategic" not in acts and "normal" not in acts and "stay" in acts
    far = movement.destinations(s, "DE-21-AD", True)
    assert far and all(f"to {h}" in acts for h in far)
    s.apply(f"to {far[0]}")
    assert s.log[-1]["strategic"] is True and s.unit("DE-21-AD")["hex"] == far[0]
    put(s, "DE-116-AD", "X30")
    s.apply("move DE-116-AD")
    s.apply("stay")
    assert "move DE-116-AD" not in labels(s.legal_actions()) and s.unit("DE-116-AD")["hex"] == "X30"


def test_move_refusal_names_the_actual_cause():
    # D-Day §9.1, §9.1.4: a refused destination names its own reason
    import pytest

    from westfront.core.errors import IllegalAction

    from .helpers import empty, put, start

    s = empty(week=3)
    put(s, "DE-352-ID", "X30")
    put(s, "US-1-ID", "X32")
    start(s, "movement", side="german")
    s.apply("move DE-352-ID")
    with pytest.raises(IllegalAction, match=r"D-Day 9.1.4: X32 is occupied by enemy units"):
        s.apply("to X32")
    with pytest.raises(IllegalAction, match=r"D-Day 9.1: A1 is 29 hexes away by land, more than 3 \(DE 352 ID: MF 3\)"):
        s.apply("to A1")
