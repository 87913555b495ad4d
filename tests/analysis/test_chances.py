"""Post-game analysis (issue 36): winning chances over a finished game from the learned evaluation,
the turning points, the victory track and losses by side (issue 35 item 8)."""

from __future__ import annotations

import pytest

from westfront import api
from westfront.ai import get_agent
from westfront.ai.learned import load_model
from westfront.analysis import analyse, analyse_save
from westfront.analysis.chances import AnalysisError, swing
from westfront.core.errors import SaveError
from westfront.games import registry


def finished(game: str = "skirmish", seed: int = 3, agent: str = "heuristic"):
    s = api.load(game, seed=seed)
    players = {p: get_agent(agent, seed) for p in s.INFO.players}
    while not s.is_terminal():
        s.apply(players[s.current_player()].choose(s, s.current_player()))
    return s


@pytest.fixture(scope="module")
def game():
    return finished()


@pytest.fixture(scope="module")
def report(game):
    return analyse("skirmish", game.scenario, game.options, 3, list(game.history))


def test_every_game_has_a_fitted_evaluation():
    # issue 36: the analysis needs a learned evaluation for every game (westfront fit-eval)
    for g in registry.game_ids():
        m = load_model(g)
        assert m is not None, g
        assert m.trained_on.get("games", 0) >= 40, g


def test_one_point_per_decision_point_and_the_end(game, report):
    # skirmish 4 (the game ends on the objective or the turn limit): every position is read once
    n = len(game.history)
    assert report.stride == 1
    assert [p.at for p in report.points] == list(range(n + 1))
    for p in report.points:
        assert set(p.chances) == {"blue", "red"}
        assert abs(sum(p.chances.values()) - 1) < 1e-3
        assert all(0 <= v <= 1 for v in p.chances.values())
    winner = game.result().winner
    assert report.points[-1].chances[winner] == 1.0  # the finished position gives the result


def test_turning_points_are_the_three_biggest_moves(game, report):
    moves = sorted(((swing(a.chances, b.chances), b.at) for a, b in zip(report.points, report.points[1:], strict=False)),
                   key=lambda m: (-m[0], m[1]))
    tps = report.turning_points
    assert len(tps) == 3
    assert [t.at for t in tps] == sorted(t.at for t in tps)  # in the order they were played
    assert {t.at for t in tps} == {at for _, at in moves[:3]}
    smallest = min(t.swing for t in tps)
    assert all(s <= smallest + 1e-3 for s, at in moves[3:])
    for t in tps:
        assert t.action == game.history[t.at - 1]
        assert t.after[t.gainer] > t.before[t.gainer]


def test_deterministic(game, report):
    again = analyse("skirmish", game.scenario, game.options, 3, list(game.history))
    assert again.to_dict() == report.to_dict()


def test_a_long_game_is_sampled_then_refined_to_single_actions(game, report):
    coarse = analyse("skirmish", game.scenario, game.options, 3, list(game.history), max_points=10)
    assert coarse.stride == -(-len(game.history) // 10)
    assert len(coarse.points) < len(report.points)
    exact = {p.at: p.chances for p in report.points}
    for t in coarse.turning_points:  # still single actions, with the same chances as reading every position
        assert t.before == pytest.approx(exact[t.at - 1], abs=1e-4)
        assert t.after == pytest.approx(exact[t.at], abs=1e-4)


def test_losses_by_side_count_the_eliminated_events(game, report):
    # skirmish 4: a unit that loses its last step is eliminated; the event names its side
    want = {"blue": 0, "red": 0}
    for e in game.log:
        if e.get("type") == "eliminated":
            want[game.g["units"][e["unit"]]["side"]] += 1
            assert e["side"] == game.g["units"][e["unit"]]["side"]
    assert report.losses == want
    assert sum(want.values()) > 0


def test_no_victory_track_where_the_game_keeps_none(report):
    assert report.victory is None  # skirmish is won on Ostburg, not on points


def test_victory_track_per_turn_onslaught():
    # Onslaught 13.3: victory points per side; one entry at the start of each turn
    s = api.load("onslaught", seed=1)
    rnd = get_agent("random", 1)
    while s.view(None)["turn"] < 3:
        s.apply(rnd.choose(s, s.current_player()))
    a = analyse("onslaught", s.scenario, s.options, 1, list(s.history), require_over=False, max_points=40)
    turns = a.victory.turns
    assert [t["turn"] for t in turns[:3]] == [1, 2, 3]
    assert set(turns[0]["values"]) == {"allied", "german"}
    assert "13.3" in a.victory.label


def test_victory_track_sfn_is_the_german_vp():
    # SFN 4.2: one VP total, the German's
    from westfront.analysis.track import victory_track

    s = api.load("second-front-now", seed=1)
    t = victory_track(s)
    t.note(s, 0, 1)
    assert list(t.turns[0]["values"]) == ["german"]
    assert t.turns[0]["values"]["german"] == s.vp()


def test_refuses_unfinished_and_broken_records(game):
    with pytest.raises(AnalysisError, match="not over"):
        analyse("skirmish", game.scenario, game.options, 3, list(game.history)[:10])
    with pytest.raises(AnalysisError, match="action 2 of the record"):
        analyse("skirmish", game.scenario, game.options, 3, [game.history[0], "fly to the moon"])
    with pytest.raises(AnalysisError, match="no-such-game"):
        analyse("no-such-game", None, None, 0, [])


def test_analyse_save(game, report):
    assert analyse_save(game.to_json()).to_dict() == report.to_dict()
    with pytest.raises(SaveError, match="not a westfront save"):
        analyse_save("{}")
