"""Fit the learned evaluation (westfront.ai.learned) on positions from simulated games.

Every finished game of a ``records.jsonl`` is replayed; every ``every`` actions the
position is turned into features from each side's own view and labelled with how the
game ended for that side (1 won, 0 lost, 0.5 drawn). Positions from the same game are
correlated, so the report also gives the accuracy on held-out games (every fifth seed),
and, as the yardstick, the accuracy of the game's hand-written ``evaluate`` on the same
held-out positions (the side it rates above 0 should be the eventual winner).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .. import api
from ..ai.hooks import hooks_for
from ..ai.learned import EvalModel, features, fit
from ..core.state import State
from .match import GameRecord


@dataclass
class FitReport:
    model: EvalModel
    games: int
    positions: int
    train_accuracy: float
    holdout_accuracy: float | None
    hand_holdout_accuracy: float | None = None  # the hand-written evaluate on the same held-out positions
    holdout_log_loss: float | None = None
    # the yardstick for both: each position given its side's win rate in the training games ("who usually wins")
    prior_holdout_log_loss: float | None = None
    prior_holdout_accuracy: float | None = None


def held_out(rec: GameRecord) -> bool:
    """Whether a game is kept out of the fit to check it: every fifth seed (4 mod 5). Positions of one game
    are correlated, so the check holds out whole games, not positions."""
    return rec.seed % 5 == 4


def outcome(rec: GameRecord, side: str) -> float:
    """How the game ended for ``side``: 1 won, 0 lost, 0.5 drawn."""
    return 0.5 if rec.winner is None else (1.0 if rec.winner == side else 0.0)


def sampled(rec: GameRecord, every: int) -> Iterator[State]:
    """The recorded game replayed, yielding the position before every ``every``-th action.

    The same state object is yielded each time and changed after it: read it before the next one."""
    s = api.load(rec.game, rec.scenario, rec.options, rec.seed)
    for i, text in enumerate(rec.actions):
        if i % every == 0:
            yield s
        s.apply(text)


def hand_values(rec: GameRecord, every: int) -> list[float]:
    """The game's hand-written ``evaluate`` at the positions :func:`positions` samples, in the same order."""
    evaluate = hooks_for(rec.game).evaluate
    return [evaluate(s, side) for s in sampled(rec, every) for side in s.INFO.players]


def sign_accuracy(values: Sequence[float], labels: Sequence[float]) -> float:
    """Share of decided positions where a value above 0 goes with a win (and below 0 with a loss)."""
    decided = [(v, y) for v, y in zip(values, labels, strict=True) if y != 0.5]
    return sum((v > 0) == (y > 0.5) for v, y in decided) / len(decided) if decided else 0.0


def positions(rec: GameRecord, every: int) -> tuple[list[dict[str, float]], list[float]]:
    """Features and labels along one recorded game, for both sides."""
    rows: list[dict[str, float]] = []
    labels: list[float] = []
    for s in sampled(rec, every):
        for side in s.INFO.players:
            rows.append(features(s, side))
            labels.append(outcome(rec, side))
    return rows, labels


def accuracy(model: EvalModel, rows: Sequence[dict[str, float]], labels: Sequence[float]) -> float:
    """Share of decided positions whose side the model gives the better chance to the eventual winner."""
    decided = [(r, y) for r, y in zip(rows, labels, strict=True) if y != 0.5]
    hits = sum((model.probability(r) > 0.5) == (y > 0.5) for r, y in decided)
    return hits / len(decided) if decided else 0.0


def log_loss(probs: Sequence[float], labels: Sequence[float]) -> float:
    """Mean cross-entropy of the predicted win probabilities (draws count as half a win)."""
    eps = 1e-6
    total = 0.0
    for p, y in zip(probs, labels, strict=True):
        p = min(1 - eps, max(eps, p))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(labels) if labels else 0.0


def side_prior(rows: Sequence[dict[str, float]], labels: Sequence[float]) -> dict[float, float]:
    """The training games' win rate of the first player and of the others (the ``first_player`` feature)."""
    out: dict[float, list[float]] = {}
    for r, y in zip(rows, labels, strict=True):
        out.setdefault(r.get("first_player", 0.0), []).append(y)
    return {k: sum(v) / len(v) for k, v in out.items()}


def fit_records(records: Sequence[GameRecord], *, every: int = 25, l2: float = 1.0) -> FitReport:
    done = [r for r in records if r.error is None and not r.truncated]
    if not done:
        raise ValueError("no finished game in these records")
    games = {r.game for r in done}
    if len(games) != 1:
        raise ValueError(f"records of several games ({', '.join(sorted(games))}): fit one game at a time")
    train_x: list[dict[str, float]] = []
    train_y: list[float] = []
    hold_x: list[dict[str, float]] = []
    hold_y: list[float] = []
    hand: list[float] = []
    for r in done:
        xs, ys = positions(r, every)
        if held_out(r):
            hold_x += xs
            hold_y += ys
            hand += hand_values(r, every)
        else:
            train_x += xs
            train_y += ys
    agents = sorted({f"{k}={v}" for r in done for k, v in r.agents.items()})
    model = fit(done[0].game, train_x or hold_x, train_y or hold_y, l2=l2,
                trained_on={"games": len(done), "positions": len(train_x), "every": every, "agents": agents})
    rep = FitReport(model, len(done), len(train_x) + len(hold_x), accuracy(model, train_x, train_y),
                    accuracy(model, hold_x, hold_y) if hold_x else None,
                    sign_accuracy(hand, hold_y) if hold_x else None)
    if hold_x:
        prior = side_prior(train_x or hold_x, train_y or hold_y)
        guess = [prior.get(r.get("first_player", 0.0), 0.5) for r in hold_x]
        rep.holdout_log_loss = log_loss([model.probability(r) for r in hold_x], hold_y)
        rep.prior_holdout_log_loss = log_loss(guess, hold_y)
        rep.prior_holdout_accuracy = sign_accuracy([g - 0.5 for g in guess], hold_y)
    model.trained_on.update({k: round(v, 4) for k, v in (
        ("train_accuracy", rep.train_accuracy), ("holdout_accuracy", rep.holdout_accuracy),
        ("holdout_log_loss", rep.holdout_log_loss), ("prior_holdout_log_loss", rep.prior_holdout_log_loss),
        ("prior_holdout_accuracy", rep.prior_holdout_accuracy),
        ("hand_holdout_accuracy", rep.hand_holdout_accuracy)) if v is not None})
    return rep
