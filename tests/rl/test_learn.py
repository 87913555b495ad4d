"""The NumPy learner and the worked example run end to end (a smoke run: a few short episodes)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

import westfront.rl as rl
from westfront.rl.learn import Features, LinearPolicy, train

ROOT = Path(__file__).resolve().parents[2]


def test_features_read_the_indexed_location():
    sp = rl.spaces_for("skirmish")
    f = Features(sp.layout, sp.codec)
    e = rl.env("skirmish")
    e.reset(seed=0)
    e.step(e.index_of("blue", "move b-inf-1"))
    obs = e.observe("blue")
    legal = np.flatnonzero(obs["action_mask"])
    phi = f(obs, legal)
    assert phi.shape == (len(legal), f.size)
    to = [k for k, i in enumerate(legal) if sp.codec.describe(int(i)).verb == "to"]
    assert to and all(phi[k, sp.codec.n_verbs + 1] > 0 for k in to)  # located on the map
    assert len({tuple(phi[k]) for k in to}) == len(to)  # different hexes, different features


def test_training_smoke_run_changes_the_policy():
    policy, curve = train("skirmish", episodes=3, eval_every=3, eval_games=2, eval_opponents=("random",),
                          reward="shaped", options={"turns": 4}, seed=1)
    assert isinstance(policy, LinearPolicy) and np.abs(policy.theta).sum() > 0
    assert [c.episode for c in curve] == [0, 3] and 0.0 <= curve[-1].win_rate["random"] <= 1.0


def test_example_script(tmp_path):
    out = tmp_path / "curve"
    subprocess.run([sys.executable, str(ROOT / "examples" / "train_numpy.py"), "--episodes", "2", "--eval-every", "2",
                    "--eval-games", "1", "--eval-opponents", "random", "--option", "turns=4", "--out", str(out)],
                   check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": ""}, capture_output=True, timeout=120)
    doc = json.loads(out.with_suffix(".json").read_text())
    assert [c["episode"] for c in doc["curve"]] == [0, 2]
