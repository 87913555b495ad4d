"""Winning chances over a finished game and its turning points (issue 36).

The record (scenario, options, seed, actions) is replayed; at each decision point (the position
before an action, and the final one) every side's chance is read from the game's fitted
evaluation (``westfront.ai.learned``, from that side's own view) and the chances are scaled to
sum to 1, so two-sided charts are mirror images and a multi-seat race shares one whole. A
finished position gives the result itself (1 to the winner, equal shares for a draw).

Long games are read at most ``max_points`` times: every ``stride``-th position first, then the
steps of the biggest moves again action by action, so the three turning points are single
actions either way. A turning point's ``swing`` is the total change of the chances the action
made (half the sum over sides of the absolute changes: the change of either side's chance in a
two-sided game).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from .. import api
from ..ai.learned import EvalModel, load_model
from ..core.errors import IllegalAction, SaveError, UnknownGame, WestfrontError
from ..core.savefile import parse_save
from ..core.state import State
from .track import Track, losses_by_side, victory_track

FORMAT = "westfront-analysis/1"
MAX_POINTS = 400  # evaluations in the first pass; a 1944 position costs ~5 ms for both sides
TURNING_POINTS = 3
REFINE = 2 * TURNING_POINTS  # coarse steps read again action by action


class AnalysisError(WestfrontError):
    """A record that cannot be analysed (no model for its game, not over, does not replay)."""


@dataclass(frozen=True)
class Point:
    at: int  # actions played before this position (0: the start); a replay's frame number
    turn: int | None
    chances: dict[str, float]


@dataclass(frozen=True)
class TurningPoint:
    at: int  # the position after the action: the replay frame that shows it
    action: str
    actor: str | None
    turn: int | None
    turn_label: str | None
    before: dict[str, float]
    after: dict[str, float]
    swing: float
    gainer: str  # the side whose chance rose most


@dataclass
class Analysis:
    game: str
    scenario: str
    sides: tuple[str, ...]
    n_actions: int
    stride: int
    points: list[Point]
    turning_points: list[TurningPoint]
    result: dict[str, Any] | None
    model: dict[str, Any]
    victory: Track | None = None
    losses: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "scenario": self.scenario, "sides": list(self.sides),
                "n_actions": self.n_actions, "stride": self.stride,
                "points": [asdict(p) for p in self.points],
                "turning_points": [asdict(t) for t in self.turning_points],
                "result": self.result, "model": self.model,
                "victory": self.victory.to_dict() if self.victory else None, "losses": self.losses}


def turn_of(s: State) -> int | None:
    """The game turn: ``g["turn"]`` when the game keeps it as a number, else the view's."""
    t = s.g.get("turn")
    if isinstance(t, int) and not isinstance(t, bool):
        return t
    v = s.view(None).get("turn")
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def chances(model: EvalModel, s: State, sides: Sequence[str]) -> dict[str, float]:
    """Each side's chance in ``s``, scaled to sum to 1; a finished game gives its result."""
    r = s.result()
    if r is not None:
        if r.winner is None:
            return {side: 1.0 / len(sides) for side in sides}
        return {side: 1.0 if side == r.winner else 0.0 for side in sides}
    raw = {side: model.win_probability(s, side) for side in sides}
    total = sum(raw.values())
    return {side: raw[side] / total if total > 0 else 1.0 / len(sides) for side in sides}


def swing(a: dict[str, float], b: dict[str, float]) -> float:
    return 0.5 * sum(abs(b[k] - a[k]) for k in a)


def _rounded(c: dict[str, float]) -> dict[str, float]:
    return {k: round(v, 4) for k, v in c.items()}


def _start(game: str, scenario: str | None, options: dict[str, Any] | None, seed: int) -> State:
    try:
        return api.load(game, scenario, options, seed)
    except UnknownGame as e:
        raise AnalysisError(str(e)) from None


def _apply(s: State, i: int, text: str) -> None:
    try:
        s.apply(text)
    except IllegalAction as e:
        raise AnalysisError(f"action {i + 1} of the record ({text!r}) is illegal: {e.reason}") from None


def analyse(game: str, scenario: str | None, options: dict[str, Any] | None, seed: int, actions: Sequence[str],
            *, max_points: int = MAX_POINTS, require_over: bool = True) -> Analysis:
    """The chances over the game, its turning points, victory track and losses. Deterministic: the same
    record gives the same analysis. Raises AnalysisError for a record that cannot be analysed."""
    s = _start(game, scenario, options, seed)
    model = load_model(game)
    if model is None:
        raise AnalysisError(f"{s.INFO.title} has no fitted evaluation model (westfront fit-eval, docs/ai.md)")
    sides = s.INFO.seated(s.options)
    n = len(actions)
    stride = max(1, math.ceil(n / max(1, max_points)))
    marks = {i for i in range(0, n, stride)} | {n}
    coarse: dict[int, Point] = {}
    track = victory_track(s)
    actors: list[str | None] = []
    for i in range(n + 1):
        if i in marks:
            coarse[i] = Point(i, turn_of(s), chances(model, s, sides))
            if track is not None:
                track.note(s, i, coarse[i].turn)
        if i == n:
            break
        if s.is_terminal():
            raise AnalysisError(f"the game is over after action {i}, but the record goes on to {n} actions")
        actors.append(s.current_player())
        _apply(s, i, actions[i])
    if require_over and not s.is_terminal():
        raise AnalysisError(f"the game is not over after its {n} actions: the analysis is for finished games "
                            "(it reads every side's view of every position)")
    final = s
    points = dict(coarse)
    if stride > 1:
        points.update(_refine(game, scenario, options, seed, actions, model, sides, coarse))
    ordered = [points[k] for k in sorted(points)]
    turning = _turning(ordered, actions, actors, game, scenario, options, seed)
    r = final.result()
    return Analysis(game, final.scenario, tuple(sides), n, stride,
                    [Point(p.at, p.turn, _rounded(p.chances)) for p in ordered], turning,
                    r.to_dict() if r else None, {"trained_on": model.trained_on},
                    track.finish(final, n) if track is not None else None, losses_by_side(final, sides))


def _refine(game: str, scenario: str | None, options: dict[str, Any] | None, seed: int, actions: Sequence[str],
            model: EvalModel, sides: Sequence[str], coarse: dict[int, Point]) -> dict[int, Point]:
    """Every position inside the ``REFINE`` coarse steps that moved the chances most (a second replay)."""
    keys = sorted(coarse)
    steps = sorted(zip(keys, keys[1:], strict=False), key=lambda ab: (-swing(coarse[ab[0]].chances, coarse[ab[1]].chances), ab[0]))
    inside = {i for a, b in steps[:REFINE] for i in range(a + 1, b)}
    out: dict[int, Point] = {}
    if not inside:
        return out
    s = _start(game, scenario, options, seed)
    last = max(inside)
    for i, text in enumerate(actions):
        if i in inside:
            out[i] = Point(i, turn_of(s), chances(model, s, sides))
        if i >= last:
            break
        _apply(s, i, text)
    return out


def _turning(points: Sequence[Point], actions: Sequence[str], actors: Sequence[str | None], game: str,
             scenario: str | None, options: dict[str, Any] | None, seed: int) -> list[TurningPoint]:
    """The single actions (consecutive points) that moved the chances most, in the order they were played."""
    moves = [(swing(a.chances, b.chances), b.at, a, b) for a, b in zip(points, points[1:], strict=False)
             if b.at == a.at + 1]
    moves.sort(key=lambda m: (-m[0], m[1]))
    picked = sorted(moves[:TURNING_POINTS], key=lambda m: m[1])
    labels = _turn_labels(game, scenario, options, seed, actions, [m[1] - 1 for m in picked])
    out = []
    for size, at, a, b in picked:
        gain = max(b.chances, key=lambda k: (b.chances[k] - a.chances[k], k))
        out.append(TurningPoint(at, actions[at - 1], actors[at - 1], a.turn, labels.get(at - 1), _rounded(a.chances),
                                _rounded(b.chances), round(size, 4), gain))
    return out


def _turn_labels(game: str, scenario: str | None, options: dict[str, Any] | None, seed: int,
                 actions: Sequence[str], before: Sequence[int]) -> dict[int, str | None]:
    """The turn label (the view's words, e.g. "Turn 4 (July 1944)") before each of a few actions."""
    want = set(before)
    out: dict[int, str | None] = {}
    if not want:
        return out
    s = _start(game, scenario, options, seed)
    for i, text in enumerate(actions):
        if i in want:
            label = s.view(None).get("turn_label")
            out[i] = label if isinstance(label, str) else None
            if len(out) == len(want):
                break
        s.apply(text)
    return out


def analyse_save(text: str | bytes, *, max_points: int = MAX_POINTS) -> Analysis:
    """The analysis of a save file's record (checked as a save is on loading; SaveError when it is not one)."""
    doc = parse_save(text)
    try:
        return analyse(doc["game"], doc["scenario"], doc["options"], doc["seed"], doc["actions"], max_points=max_points)
    except AnalysisError as e:
        if str(e).startswith("action "):
            raise SaveError(f"the save's action list does not replay: {e}") from None
        raise
