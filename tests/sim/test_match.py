"""play_game records, replay, per-game statistics hooks (issue 7: simulation at scale)."""

from __future__ import annotations

import json

import pytest

import westfront
from westfront.sim.match import GameRecord, MatchError, check_agents, decided_turn, derive_seed, play_game, replay
from westfront.sim.stats import generic_snapshot, hook_for

SK = {"blue": "random", "red": "random"}


def test_skirmish_record_is_complete_json_and_replays():
    rec = play_game("skirmish", seed=11, agents=SK)
    assert rec.finished and rec.winner in ("blue", "red") and rec.level == "marginal"
    assert rec.n_actions == len(rec.actions) > 0 and rec.turns == 6
    assert sum(d["count"] for d in rec.decisions.values()) == rec.n_actions
    assert all(d["max_s"] <= d["total_s"] for d in rec.decisions.values())
    assert [s["turn"] for s in rec.snapshots][:6] == [1, 2, 3, 4, 5, 6]
    assert rec.snapshots[-1]["leader"] == rec.winner  # the holder of Ostburg wins (skirmish victory)
    back = GameRecord.from_dict(json.loads(json.dumps(rec.to_dict())))
    assert back == rec
    s = replay(back)
    assert s.hash() == rec.hash and s.is_terminal()


def test_same_seed_same_game_and_agents_get_derived_seeds():
    a = play_game("skirmish", seed=5, agents=SK)
    b = play_game("skirmish", seed=5, agents=SK)
    assert a.deterministic_dict() == b.deterministic_dict()
    assert "seconds" not in a.deterministic_dict()
    assert derive_seed(5, "blue") != derive_seed(5, "red") and derive_seed(5, "blue") == derive_seed(5, "blue")
    assert play_game("skirmish", seed=6, agents=SK).actions != a.actions


def test_tampered_record_does_not_replay():
    rec = play_game("skirmish", seed=2, agents=SK)
    rec.actions = rec.actions[:-1]
    with pytest.raises(MatchError, match="replay to hash"):
        replay(rec)


def test_action_cap_stops_a_long_game_and_still_replays():
    rec = play_game("onslaught", seed=1, agents={"allied": "random", "german": "random"}, max_actions=300)
    assert rec.truncated and not rec.finished and rec.winner is None and rec.n_actions == 300
    assert "stopped after 300 actions" in rec.reason
    assert rec.snapshots[-1]["action"] == 300
    assert replay(rec).hash() == rec.hash


def test_bad_agents_are_refused_before_play():
    with pytest.raises(MatchError, match="played by blue, red"):
        check_agents("skirmish", {"blue": "random"})
    with pytest.raises(MatchError, match="unknown agent 'nobody'"):
        play_game("skirmish", seed=0, agents={"blue": "random", "red": "nobody"})


def test_decided_turn():
    snaps = [{"turn": 1, "leader": "a"}, {"turn": 2, "leader": "b"}, {"turn": 3, "leader": "a"}, {"turn": 4, "leader": "a"}]
    assert decided_turn(snaps, "a", 4) == 3
    assert decided_turn(snaps, "b", 4) == 4  # never led at the end: decided on the last turn
    assert decided_turn([{"turn": 1}, {"turn": 2}], "a", 2) == 2  # no leader reported
    assert decided_turn(snaps, None, 4) is None  # draws are never decided


@pytest.mark.parametrize("game", ["skirmish", "onslaught", "dday-to-the-rhine"])
def test_stats_hooks_report_per_side_numbers(game):
    hook = hook_for(game)
    assert not hook.generic
    s = westfront.load(game, seed=3)
    snap = hook.snapshot(s)
    for side in s.INFO.players:
        assert snap[f"{side}_units"] >= 0 and snap[f"{side}_out_of_supply"] >= 0
    assert sum(snap[f"{side}_units"] for side in s.INFO.players) > 0  # 1944: the Allies start off the map
    assert "leader" in snap
    json.dumps(snap)
    assert s.hash() == westfront.load(game, seed=3).hash()  # reading statistics changes nothing


def test_generic_snapshot_matches_the_skirmish_hook():
    s = westfront.load("skirmish", seed=1)
    gen, own = generic_snapshot(s), hook_for("skirmish").snapshot(s)
    for side in ("blue", "red"):
        assert gen[f"{side}_units"] == own[f"{side}_units"]
        assert gen[f"{side}_steps"] == own[f"{side}_steps"]


def test_dday_short_game_records_combat_hexes_and_turns():
    rec = play_game("dday-to-the-rhine", scenario="campaign", seed=4,
                    agents={"german": "random", "allied": "random"}, max_actions=400)
    assert rec.turns is not None and rec.turns >= 1
    assert rec.combats and all(isinstance(h, str) and len(h) == 4 for _, h in rec.combats)  # the landings at least
    assert replay(rec).hash() == rec.hash


@pytest.fixture
def hookless_game():
    """The server tests' fog-of-war skirmish: a real registered game whose package has no stats hook."""
    from westfront.games import registry

    had = "fog-skirmish" in registry.GAMES  # the server tests' session fixture may have registered it already
    registry.register("fog-skirmish", "tests.server.foggame")
    yield "fog-skirmish"
    if not had:
        registry.unregister("fog-skirmish")


def test_a_game_without_a_hook_gets_generic_statistics(hookless_game):
    assert hook_for(hookless_game).generic
    rec = play_game(hookless_game, seed=1, agents=SK)
    assert rec.finished and len(rec.snapshots) >= 6
    assert rec.snapshots[0]["blue_units"] == 3 and rec.snapshots[0]["leader"] is None
    assert rec.decided_turn == rec.turns  # no leader reported: decided on the last turn
    assert replay(rec).hash() == rec.hash


def test_simulations_and_tournaments_seat_only_the_sides_that_take_part():
    # rttr 10.2: a two-player Race to the Rhine is a two-sided match
    from westfront.sim.simulate import agents_for_sides
    from westfront.sim.tournament import schedule

    assert agents_for_sides("race-to-the-rhine", ["heuristic", "random"], {"players": 2}) == {
        "patch_devers": "heuristic", "patton": "random"}
    assert len(schedule("race-to-the-rhine", ["heuristic", "random"], 2, options={"players": 2})) == 2
    with pytest.raises(ValueError, match="players=2"):
        schedule("race-to-the-rhine", ["heuristic", "random"], 2, options={"players": 4})
    rec = play_game("race-to-the-rhine", options={"players": 2}, seed=1,
                    agents={"patch_devers": "random", "patton": "random"}, max_actions=300)
    assert set(rec.agents) == {"patch_devers", "patton"}
