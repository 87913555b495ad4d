"""Wilson intervals and maximum-likelihood Elo against known values."""

from __future__ import annotations

import math

import pytest

from westfront.sim.stats_math import elo_ratings, expected_score, wilson


@pytest.mark.parametrize(("k", "n", "lo", "hi"), [
    (8, 10, 0.4902, 0.9433),  # the textbook example (Newcombe 1998, Wilson without continuity correction)
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (1, 20, 0.0089, 0.2361),
])
def test_wilson_known_values(k, n, lo, hi):
    a, b = wilson(k, n)
    assert a == pytest.approx(lo, abs=1e-4) and b == pytest.approx(hi, abs=1e-4)


def test_wilson_without_games_is_uninformative():
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_two_agents_75_percent_is_191_points():
    games = [("a", "b", 1.0)] * 75 + [("a", "b", 0.0)] * 25
    r = elo_ratings(["a", "b"], games, prior_games=0)
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(3), abs=1e-6)  # 190.85
    assert (r["a"] + r["b"]) / 2 == pytest.approx(1500)
    assert expected_score(r["a"], r["b"]) == pytest.approx(0.75)


def test_elo_three_agents_consistent_results_are_recovered_exactly():
    games = ([("a", "b", 1.0)] * 75 + [("a", "b", 0.0)] * 25 + [("b", "c", 1.0)] * 75 + [("b", "c", 0.0)] * 25
             + [("a", "c", 1.0)] * 90 + [("a", "c", 0.0)] * 10)
    r = elo_ratings(["a", "b", "c"], games, prior_games=0)
    assert r["a"] - r["b"] == pytest.approx(190.85, abs=0.01)
    assert r["b"] - r["c"] == pytest.approx(190.85, abs=0.01)


def test_elo_draws_count_half():
    r = elo_ratings(["a", "b"], [("a", "b", 0.5)] * 10 + [("a", "b", 1.0), ("a", "b", 0.0)], prior_games=0)
    assert r["a"] == pytest.approx(r["b"])
    r = elo_ratings(["a", "b"], [("a", "b", 0.5)] * 2 + [("a", "b", 1.0)], prior_games=0)  # 2 of 3
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(2), abs=1e-6)


def test_elo_prior_keeps_a_perfect_score_finite():
    r = elo_ratings(["a", "b"], [("a", "b", 1.0)] * 10, prior_games=1.0)
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(21), abs=1e-6)  # 10.5 of 11 points
