"""The AI hooks: evaluation, priors and determinisation respect what each side may know."""

from __future__ import annotations

import random
import time

import westfront
from westfront.games.dday_to_the_rhine import ai
from westfront.games.dday_to_the_rhine.board import board
from westfront.games.dday_to_the_rhine.hidden import hidden_pieces

GAME = "dday-to-the-rhine"


def played(seed, n, **options):
    s = westfront.load(GAME, scenario="quick-start", options=options, seed=seed)
    rnd = random.Random(seed)
    for _ in range(n):
        if s.is_terminal():
            break
        s.apply(rnd.choice(s.legal_actions()))
    return s


def test_evaluate_is_bounded_and_antisymmetric():
    # 1944 17.0: the evaluation estimates the victory prospects of each side, one the negative of the other
    for seed in range(3):
        s = played(seed, 150)
        a, g = ai.evaluate(s, "allied"), ai.evaluate(s, "german")
        assert -1 <= a <= 1 and abs(a + g) < 1e-9


def test_evaluate_prefers_the_side_that_holds_more():
    # 1944 14.0 / 17.2: liberated cities and the Ruhr raise the Allied evaluation
    s = played(1, 40)
    base = ai.evaluate(s, "allied")
    for name in ("Paris", "Brussels", "Essen", "Dusseldorf", "Dortmund", "Lille"):
        s.set_control(board().find(name), "allied")
    assert ai.evaluate(s, "allied") > base


def test_priors_are_cheap_and_one_per_action():
    # 1944 12.0: attack priors use the same dice arithmetic as the preview; well under 1 ms per action
    total = n = 0.0
    for seed in range(3):
        s = played(seed, 120)
        side = s.current_player()
        acts = s.legal_actions()
        t0 = time.perf_counter()
        scores = ai.score_actions(s, side, acts)
        total += time.perf_counter() - t0
        n += len(acts)
        assert len(scores) == len(acts) and all(isinstance(x, float) for x in scores)
    assert total / n < 0.001


def test_determinize_keeps_the_view_and_hides_the_secrets():
    # 1944 18.5 / 18.2: a determinised copy looks the same to the side it is for
    shuffled = False
    for seed in range(6):
        s = played(seed, 200, phantoms=True, objectives="random")
        for side in ("allied", "german"):
            c = ai.determinize(s, side, random.Random(seed))
            va, vb = s.view(side), c.view(side)
            # what stands where is the same (derived flags such as supply may differ: phantoms have no ZOC)
            key = [(u["id"], u["hex"], u["kind"], u["steps"]) for u in va["units"]]
            assert key == [(u["id"], u["hex"], u["kind"], u["steps"]) for u in vb["units"]]
            assert va.get("objective") == vb.get("objective")
        shuffled |= len(hidden_pieces(s)) > 1
    assert shuffled
