"""The learned evaluation: fitted by logistic regression on simulated positions, stored as JSON,
read only from the side's own view, and used by MCTS as its leaf value (issue 21)."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import westfront
from westfront.ai import get_agent
from westfront.ai.learned import EvalModel, features, fit, load_model
from westfront.cli import app


def test_fit_learns_the_direction_of_a_feature():
    rnd = random.Random(1)
    rows, labels = [], []
    for _ in range(400):
        x = rnd.uniform(-0.5, 0.5)
        rows.append({"lead": x, "noise": rnd.uniform(-1, 1)})
        labels.append(1.0 if x + rnd.gauss(0, 0.15) > 0 else 0.0)
    m = fit("skirmish", rows, labels)
    w = dict(zip(m.names, m.weights, strict=True))
    assert w["lead"] > 1.0 and abs(w["noise"]) < 0.5 * w["lead"]


def test_a_term_fixed_by_hand_is_fitted_around():
    # the offset carries a term whose weight is set by hand; the fit then gives the rest only what is left
    rnd = random.Random(2)
    rows, labels, offset = [], [], []
    for _ in range(600):
        x, y = rnd.uniform(-0.5, 0.5), rnd.uniform(-0.5, 0.5)
        rows.append({"x": x})
        offset.append(4.0 * y)
        labels.append(1.0 if rnd.random() < 1 / (1 + 2.718281828 ** -(4.0 * x + 4.0 * y)) else 0.0)
    free = fit("skirmish", rows, labels, l2=0.0)
    held = fit("skirmish", rows, labels, l2=0.0, offset=offset)
    w_free = free.weights[0] / free.scale[0]
    w_held = held.weights[0] / held.scale[0]
    assert 2.5 < w_held < 5.5  # the true 4 once the other term is accounted for
    assert w_free < w_held  # without it the unexplained variation shrinks the fitted weight


def test_model_round_trips_and_a_foreign_file_is_refused():
    m = fit("skirmish", [{"a": 0.0}, {"a": 1.0}, {"a": 0.2}, {"a": 0.9}], [0, 1, 0, 1])
    again = EvalModel.from_json(m.to_json())
    assert again.names == m.names and again.weights == pytest.approx(m.weights, abs=1e-6)
    with pytest.raises(ValueError, match="not a westfront-eval"):
        EvalModel.from_json(json.dumps({"format": "other"}))


def test_committed_skirmish_model_scores_positions_in_range():
    model = load_model("skirmish")
    assert model is not None
    s = westfront.load("skirmish", seed=3)
    for side in s.INFO.players:
        assert -1.0 < model.evaluate(s, side) < 1.0
    # the two sides' chances are read from their own views; they need not sum to one, but they disagree
    assert model.win_probability(s, "blue") != model.win_probability(s, "red")


def test_features_come_from_the_view_only():
    s = westfront.load("dday-to-the-rhine", seed=1)
    f = features(s, "allied")
    assert set(f) >= {"strength_share", "units_share", "progress"} and all(isinstance(v, float) for v in f.values())


def test_learned_agent_plays_and_refuses_games_without_a_model():
    s = westfront.load("skirmish", seed=2)
    a = get_agent("learned@8", seed=1).choose(s, s.current_player())
    assert a in s.legal_actions()
    # every registered game has a model now (issue 36); the toy loop game has none
    from westfront.ai.hooks import hooks_for
    from westfront.games import registry

    had = "loop-toy" in registry.GAMES
    registry.register("loop-toy", "tests.ai.loopgame")
    hooks_for.cache_clear()
    try:
        o = westfront.load("loop-toy", seed=2)
        assert load_model("loop-toy") is None
        with pytest.raises(ValueError, match="no fitted evaluation model"):
            get_agent("learned@2", seed=1).choose(o, o.current_player())
    finally:
        if not had:
            registry.unregister("loop-toy")
        hooks_for.cache_clear()
        load_model.cache_clear()


def test_fit_eval_command_writes_a_model(tmp_path):
    runner = CliRunner()
    out = tmp_path / "sim"
    r = runner.invoke(app, ["simulate", "skirmish", "--agents", "heuristic,random", "--games", "10", "--out", str(out),
                            "--no-report"])
    assert r.exit_code == 0, r.output
    model = tmp_path / "m.json"
    r = runner.invoke(app, ["fit-eval", str(out), "--out", str(model), "--every", "5"])
    assert r.exit_code == 0, r.output
    assert "hand-written evaluate there" in " ".join(r.output.split())  # the yardstick on held-out games
    assert EvalModel.from_json(model.read_text()).game == "skirmish"
    r = runner.invoke(app, ["fit-eval", str(tmp_path / "nothing")])
    assert r.exit_code != 0 and "no records file" in r.output


def test_committed_1944_model_reads_the_plan_features_and_plays():
    # issue 21: the campaign's fitted model uses the game's own features (objectives, exits, supply)
    model = load_model("dday-to-the-rhine")
    assert model is not None and any(n.startswith("game_") for n in model.names)
    assert model.trained_on["games"] >= 100
    s = westfront.load("dday-to-the-rhine", seed=4)
    assert all(-1.0 < model.evaluate(s, side) < 1.0 for side in s.INFO.players)
    side = s.current_player()
    assert get_agent("normal-learned@4", seed=1).choose(s, side) in s.legal_actions()


def test_committed_onslaught_model_reads_the_victory_point_features_and_plays():
    # issue 21: onslaught 13.3 - the fitted model weighs the divisions that score and the gap bonuses
    model = load_model("onslaught")
    assert model is not None and {"game_german_points", "game_allied_points", "game_allied_gap"} <= set(model.names)
    assert model.trained_on["games"] >= 100
    s = westfront.load("onslaught", seed=4)
    assert all(-1.0 < model.evaluate(s, side) < 1.0 for side in s.INFO.players)
    side = s.current_player()
    assert get_agent("normal-learned@4", seed=1).choose(s, side) in s.legal_actions()
    # every German division that scores (in supply west of the Rhine) counts: half of them gone, his chances fall
    before = model.win_probability(s, "german")
    for u in s.on_map("german")[::2]:
        s.g["units"][u].update(hex=None, box="removed")
    s.touch()
    assert model.win_probability(s, "german") < before - 0.2


def test_fit_report_gives_the_hand_written_yardstick():
    from westfront.sim.evaltrain import sign_accuracy

    assert sign_accuracy([0.3, -0.2, 0.1, 0.0], [1.0, 0.0, 0.0, 0.5]) == 2 / 3  # draws are left out
