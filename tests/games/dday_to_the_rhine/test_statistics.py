"""Statistical checks (slow: run with -m slow; the full runs live in bench/)."""

from __future__ import annotations

import pytest

from bench.dday_to_the_rhine_invasion import simulate


@pytest.mark.slow
def test_invasion_failure_rates_match_the_rulebook():
    # 1944 6.2: a landing fails 1/16 of the time ("just over 5 percent"), both about 0.4% ("less than 1 percent")
    r = simulate(8000, seed=1000)
    assert r["per_attack_ok"] and r["both_ok"]
    assert 0.05 < r["p_fail_per_attack"] < 0.075 and r["p_both_fail"] < 0.01
    # 1944 6.2: 16,000 landings: failure rate 1/16 +- 0.01 and the beach defence's mean step loss 1.0 +- 0.1
    assert abs(r["p_fail_per_attack"] - 1 / 16) < 0.01
    assert abs(r["mean_army_step_loss"] - 1.0) < 0.1
