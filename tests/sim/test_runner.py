"""The task runner: 1 worker, 2 workers and Ray local mode give the same records for the same seeds."""

from __future__ import annotations

import pytest

from westfront.sim import simulate as S
from westfront.sim import tournament as T
from westfront.sim.runner import GameTask, RunnerError, collect, run_tasks


def _tasks() -> list[GameTask]:
    tasks = S.schedule("skirmish", {"blue": "random", "red": "random"}, 6, seed=40)
    tasks += [GameTask(index=6 + k, game="onslaught", seed=k, agents={"allied": "random", "german": "random"},
                       max_actions=250) for k in range(2)]
    return tasks


def _det(records):
    return [r.deterministic_dict() for r in records]


def test_one_and_two_workers_give_identical_records():
    tasks = _tasks()
    one, _ = collect(tasks, workers=1, progress=False)
    two, _ = collect(tasks, workers=2, progress=False)
    assert [r.seed for r in one] == [t.seed for t in tasks]
    assert _det(one) == _det(two)
    assert all(r.error is None for r in one)


def test_results_stream_as_they_finish():
    tasks = _tasks()[:3]
    seen = [t.index for t, _ in run_tasks(tasks, workers=2, progress=False)]
    assert sorted(seen) == [0, 1, 2]


def test_ray_local_mode_gives_the_same_records():
    pytest.importorskip("ray")
    # random only: Ray workers are fresh interpreters, so agents registered at run time (random-b) are unknown there
    tasks = S.schedule("skirmish", {"blue": "random", "red": "random"}, 4, seed=7)
    local, _ = collect(tasks, workers=1, progress=False)
    on_ray, _ = collect(tasks, workers=2, ray_address="local", progress=False)
    assert all(r.error is None for r in on_ray)
    assert _det(local) == _det(on_ray)


def test_bad_worker_count():
    with pytest.raises(RunnerError, match="at least 1"):
        list(run_tasks(_tasks(), workers=0, progress=False))


def test_tournament_schedule_swaps_sides_on_the_same_seed():
    tasks = T.schedule("skirmish", ["random", "random-b", "x"], 4, seed=10)
    assert len(tasks) == 3 * 4
    first = tasks[:4]
    assert [t.seed for t in first] == [10, 10, 11, 11]
    assert first[0].agents == {"blue": "random", "red": "random-b"}
    assert first[1].agents == {"blue": "random-b", "red": "random"}


def test_unreachable_ray_address_fails_fast():
    pytest.importorskip("ray")
    with pytest.raises(RunnerError, match="cannot reach Ray at 'ray://127.0.0.1:1'"):
        list(run_tasks(_tasks()[:1], ray_address="ray://127.0.0.1:1", progress=False))


def test_streamed_records_file_is_in_task_order_and_memory_keeps_light_copies(tmp_path):
    from westfront.sim.simulate import read_records

    tasks = _tasks()
    path = tmp_path / "r.jsonl"
    light, _ = collect(tasks, workers=2, progress=False, records_path=path)
    full = read_records(path)
    assert [r.seed for r in full] == [t.seed for t in tasks] == [r.seed for r in light]
    assert all(r.actions == [] for r in light) and all(r.actions for r in full)
    assert [r.hash for r in full] == [r.hash for r in light]
    assert not (tmp_path / "r.jsonl.part").exists()
