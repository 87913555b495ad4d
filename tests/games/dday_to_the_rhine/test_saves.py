"""Saves written before the reshaping (integer stages, ``sp``/``att`` keys) still load and play on."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import westfront
from westfront.testing.kit import legal

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("name", ["legacy_mid_month", "legacy_mid_combat"])
def test_old_save_loads_with_named_stages_and_plays_like_a_replay(name):
    # 1944 7.0: the month (and 12.0 the combat) resume where the old save stopped
    text = (DATA / f"{name}.json").read_text()
    old = json.loads(text)
    assert any(isinstance(f.get("stage"), int) for f in old["state"]["flow"])  # really the old format
    s = westfront.from_json(text)
    fresh = westfront.replay(old["game"], old["scenario"], old["options"], old["seed"], old["actions"])
    assert legal(s) == legal(fresh) and s.prompt() == fresh.prompt()
    for side in ("german", "allied", None):
        assert s.view(side) == fresh.view(side)
    rnd = random.Random(5)
    for _ in range(60):
        if s.is_terminal():
            break
        a = rnd.choice(legal(s))
        s.apply(a)
        fresh.apply(a)
        assert legal(s) == legal(fresh)
    stages = [f["stage"] for f in s.g["flow"] if "stage" in f and f["step"] in ("month", "combat")]
    assert all(isinstance(x, str) for x in stages)
    assert all("sp" not in u and "att" not in u for u in s.g["units"].values())


def test_old_combat_save_names_its_stage():
    # 1944 12.0: the combat waiting on hit allocation is in its allocation stage
    s = westfront.from_json((DATA / "legacy_mid_combat.json").read_text())
    combat = next(f for f in s.g["flow"] if f["step"] == "combat")
    assert s.STEPS["combat"].stage_of(combat) == "allocate_hits"
    month = next(f for f in s.g["flow"] if f["step"] == "month")
    assert s.STEPS["month"].stage_of(month) == "allied_activation"
