"""The A/B bench: a revision and this tree measured in turns, with the same work on both sides."""

from __future__ import annotations

import shutil

import pytest

from westfront.testing import bench_worker
from westfront.testing.bench_ab import HERE, compare


@pytest.mark.skipif(shutil.which("git") is None or not (HERE / ".git").exists(), reason="needs the git checkout")
def test_against_head_runs_both_sides_and_reports_ratios():
    rows = list(compare("HEAD", repeats=2, parts=["play"], games=["skirmish"], quick=True))
    by = {(r["figure"], r["metric"]): r for r in rows}
    row = by[("random_play skirmish", "actions_per_cpu_s")]
    assert row["repeats"] == 2 and row["base"] > 0 and row["new"] > 0
    assert 0.3 < row["speedup"] < 3  # the same code on both sides
    assert not any(r.get("work_differs") for r in rows)  # same games, same actions
    assert {"legal_us", "apply_us", "clone_us", "view_us"} <= {m for _, m in by}


def test_worker_splits_an_mcts_iteration_into_its_parts():
    fig = bench_worker.mcts("skirmish", 2, 8, split=True)
    parts = fig["us_per_iteration"]
    assert fig["iterations"] == 16
    assert {"clone", "legal", "apply", "score_actions", "evaluate", "search"} <= set(parts)
    assert all(v >= 0 for v in parts.values())


def _same_choices():
    import importlib.util

    spec = importlib.util.spec_from_file_location("mcts_same_choices", HERE / "bench" / "mcts_same_choices.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_choice_check_records_one_line_per_decision_the_same_twice_and_sees_a_changed_prior(monkeypatch):
    # issue 34: a speed-up of the AI must leave every choice, visit count and value as it was; the check
    # (bench/mcts_same_choices.py) is only worth something if it is reproducible and notices a change
    mod = _same_choices()
    first = mod.record("skirmish", 6, seed=3)
    assert len(first) == 6 and first == mod.record("skirmish", 6, seed=3)
    from westfront.games.skirmish import ai

    orig = ai.score_actions
    monkeypatch.setattr(ai, "score_actions", lambda s, side, acts: [x + 1e-12 for x in orig(s, side, acts)])
    from westfront.ai.hooks import hooks_for

    hooks_for.cache_clear()
    try:
        changed = mod.record("skirmish", 6, seed=3)
    finally:
        monkeypatch.undo()
        hooks_for.cache_clear()
    assert changed != first  # a prior off by 1e-12 shows in the digest even where the choice survives
