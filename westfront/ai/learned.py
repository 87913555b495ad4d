"""A learned evaluation: the probability of winning, fitted on positions from simulated games.

Features come only from ``view(side)`` (what the side may see) and are relative to
the side: its share of the visible strength on the map, of the units out of supply,
of the eliminated units, its budgets against the opponent's, the turn. A game may add
its own through ``features(state, side) -> dict[str, float]`` in its ``ai.py``
(objectives held, supply, distance to the goal), and those are learned too.

The model is a logistic regression (NumPy, L2-regularised, Newton steps), small
enough to commit as JSON beside a game's data (``data/eval_model.json``) and to
read without extra dependencies. ``westfront fit-eval RUN_DIR`` fits one from the
``records.jsonl`` of ``westfront simulate`` (see docs/ai.md).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ..core.state import State
from ..games import registry
from .hooks import hooks_for

FORMAT = "westfront-eval/1"
MODEL_FILE = "eval_model.json"

GameFeatures = Callable[[State, str], dict[str, float]]


def _share(mine: float, theirs: float) -> float:
    """mine / (mine + theirs) centred on 0: +0.5 all mine, -0.5 all theirs, 0 even or none."""
    total = mine + theirs
    return mine / total - 0.5 if total > 0 else 0.0


def _steps(u: dict[str, Any]) -> float:
    s = u.get("steps")
    return float(s) if isinstance(s, int | float) else 1.0


def generic_features(state: State, side: str) -> dict[str, float]:
    """Side-relative facts every game's view carries (docs/view-contract.md)."""
    v = state.view(side)
    units = v.get("units") or []
    on_map = [u for u in units if u.get("hex")]
    mine = [u for u in on_map if u.get("side") == side]
    theirs = [u for u in on_map if u.get("side") != side]
    gone = [u for u in units if not u.get("hex") and str(u.get("box", "")).lower() in ("eliminated", "dead", "removed")]
    oos = [u for u in on_map if "oos" in (u.get("flags") or [])]
    budgets = v.get("budgets") or {}

    def budget(s: str | None, want_mine: bool) -> float:
        total = 0.0
        for who, b in budgets.items():
            if (who == s) == want_mine and isinstance(b, dict):
                total += sum(float(x) for x in b.values() if isinstance(x, int | float))
        return total

    turn, last = v.get("turn"), v.get("max_turns")
    return {
        "strength_share": _share(sum(map(_steps, mine)), sum(map(_steps, theirs))),
        "units_share": _share(len(mine), len(theirs)),
        "eliminated_share": _share(sum(1 for u in gone if u.get("side") != side), sum(1 for u in gone if u.get("side") == side)),
        "supply_share": _share(sum(1 for u in oos if u.get("side") != side), sum(1 for u in oos if u.get("side") == side)),
        "budget_share": _share(budget(side, True), budget(side, False)),
        "progress": float(turn) / float(last) if isinstance(turn, int) and isinstance(last, int) and last else 0.0,
        "first_player": 1.0 if state.INFO.players and side == state.INFO.players[0] else 0.0,
    }


def game_features(game_id: str) -> GameFeatures | None:
    return hooks_for(game_id).features


def features(state: State, side: str) -> dict[str, float]:
    out = generic_features(state, side)
    extra = game_features(state.INFO.id)
    if extra is not None:
        out.update({f"game_{k}": float(v) for k, v in extra(state, side).items()})
    return out


@dataclass(frozen=True)
class EvalModel:
    """P(win) = sigmoid(w · standardised features + b); ``evaluate`` maps it to [-1, 1]."""

    game: str
    names: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    trained_on: dict[str, Any]

    def win_probability(self, state: State, side: str) -> float:
        return self.probability(features(state, side))

    def probability(self, f: dict[str, float]) -> float:
        """P(win) for a row of features (missing ones count as 0)."""
        z = self.bias
        for name, w, m, s in zip(self.names, self.weights, self.mean, self.scale, strict=True):
            z += w * (f.get(name, 0.0) - m) / s
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def evaluate(self, state: State, side: str) -> float:
        r = state.result()
        if r is not None:
            return 0.0 if r.winner is None else (1.0 if r.winner == side else -1.0)
        return 2.0 * self.win_probability(state, side) - 1.0

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "game": self.game, "features": list(self.names),
                           "weights": [round(w, 6) for w in self.weights], "bias": round(self.bias, 6),
                           "mean": [round(x, 6) for x in self.mean], "scale": [round(x, 6) for x in self.scale],
                           "trained_on": self.trained_on}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> EvalModel:
        d = json.loads(text)
        if d.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} evaluation model")
        n = len(d["features"])
        if not (len(d["weights"]) == len(d["mean"]) == len(d["scale"]) == n):
            raise ValueError("evaluation model: features, weights, mean and scale differ in length")
        return cls(d["game"], tuple(d["features"]), tuple(map(float, d["weights"])), float(d["bias"]),
                   tuple(map(float, d["mean"])), tuple(map(float, d["scale"])), dict(d.get("trained_on", {})))


def fit(game: str, rows: Sequence[dict[str, float]], labels: Sequence[float], *, l2: float = 1.0,
        steps: int = 25, trained_on: dict[str, Any] | None = None,
        offset: Sequence[float] | None = None) -> EvalModel:
    """Logistic regression by Newton's method with an L2 penalty; labels are 1 win, 0 loss, 0.5 draw.

    ``offset`` (log-odds per row) is a part of the model held fixed: terms whose weight is set by hand."""
    if not rows:
        raise ValueError("no positions to fit on")
    names = tuple(sorted({k for r in rows for k in r}))
    x = np.array([[r.get(k, 0.0) for k in names] for r in rows], dtype=float)
    y = np.asarray(labels, dtype=float)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    xs = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    w = np.zeros(xs.shape[1])
    base = np.zeros(len(x)) if offset is None else np.asarray(offset, dtype=float)
    reg = np.full(xs.shape[1], l2)
    reg[-1] = 0.0  # the bias is not penalised
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(xs @ w + base, -30, 30)))
        grad = xs.T @ (p - y) + reg * w
        hess = (xs * (p * (1 - p))[:, None]).T @ xs + np.diag(reg + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return EvalModel(game, names, tuple(float(v) for v in w[:-1]), float(w[-1]), tuple(float(v) for v in mean),
                     tuple(float(v) for v in scale), dict(trained_on or {}))


def model_path(game: str) -> Path:
    return Path(registry.module(game).__file__ or "").parent / "data" / MODEL_FILE


@cache
def load_model(game: str) -> EvalModel | None:
    """The committed model of a game, or None when it has none."""
    path = model_path(game)
    if not path.exists():
        return None
    return EvalModel.from_json(path.read_text())
