"""The toy's priors: the toggle first, then a pick's back-out, then progress; ``done`` last."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from westfront.core.actions import Action

PRIORS = {"strategic": 1.0, "normal": 1.0, "cancel": 0.9, "pick": 0.8, "march": 0.5, "go": 0.2, "done": -1.0}


def score_actions(state: Any, side: str, actions: Sequence[Action]) -> list[float]:
    return [PRIORS[a.verb] for a in actions]


def evaluate(state: Any, side: str) -> float:
    m = state.g["marches"]
    other = "south" if side == "north" else "north"
    return max(-1.0, min(1.0, 0.1 * (m[side] - m[other])))
