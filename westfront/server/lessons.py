"""Lessons over HTTP (issue 36, docs/lessons.md): the lobby's Learn list and a lesson's frames.

A lesson keeps no state on the server: a frame is the lesson's position after ``at`` of its steps, rebuilt
from the lesson's data (positions are kept in a small cache, as building one replays a set-up). A move is
tried against the frame it was made on; only the example's is taken, anything else is refused with the
engine's rule-citing reason (or the lesson's) and a hint, and the frame stays as it was."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from .. import lessons
from ..core.state import State
from ..lessons import Lesson, Run
from .errors import NotFound
from .labels import choice_places, engagement

_KEEP = 64  # positions kept: a lesson has up to ~15 steps, a few lessons open at once
_cache: OrderedDict[tuple[str, int], tuple[State, int]] = OrderedDict()
_lock = threading.Lock()


def catalog() -> dict[str, Any]:
    """Every game's lessons in rulebook order, the sequence of play first."""
    return {"games": {g: [x.to_dict() for x in lessons.lessons_for(g)] for g in lessons.MODULES}}


def lesson(lesson_id: str) -> Lesson:
    try:
        return lessons.get(lesson_id)
    except KeyError:
        raise NotFound(f"no lesson {lesson_id!r}; the lessons are listed at /api/lessons") from None


def run_at(x: Lesson, at: int) -> Run:
    """The lesson after ``at`` steps (clamped), from the cache or built, as an independent copy."""
    at = max(0, min(at, len(x.steps)))
    with _lock:
        hit = _cache.get((x.id, at))
        if hit is not None:
            _cache.move_to_end((x.id, at))
    if hit is not None:
        return Run(x, hit[0].clone(), at, hit[1])
    r = Run(x)
    while r.at < at:
        r.advance()
    keep(r)
    return Run(x, r.state.clone(), at, r.start_log)


def keep(r: Run) -> None:
    with _lock:
        _cache[(r.lesson.id, r.at)] = (r.state.clone(), r.start_log)
        while len(_cache) > _KEEP:
            _cache.popitem(last=False)


def frame(r: Run) -> dict[str, Any]:
    """What the lesson page shows at this step: the board from the side to move, our text, the highlights,
    the choices (all legal actions: the refusal of a wrong one is part of the lesson), the rulebook's
    numbers beside the engine's, and at the end the stated outcome."""
    x, s = r.lesson, r.state
    viewer = r.viewer()
    view = s.view(viewer)
    st = r.step
    acts = s.legal_actions() if st is not None and st.action is not None else []
    prev = x.steps[r.at - 1] if r.at else None
    results = [] if prev is None else [r.judge(c) for c in prev.after]
    if r.done:
        results += [r.judge(c) for c in x.final]
    return {
        "lesson": x.to_dict() | {"outcome": x.outcome, "highlight": list(x.highlight)},
        "at": r.at,
        "n_steps": len(x.steps),
        "done": r.done,
        "step": None if st is None else {"text": st.text, "section": st.section, "highlight": list(st.highlight),
                                         "needs_move": st.action is not None},
        "previous": None if prev is None else {"text": prev.text, "section": prev.section},
        "viewer": viewer,
        "view": view,
        "actions": [str(a) for a in acts],
        "places": choice_places(s, acts) if acts else {},
        "engagement": engagement(s, viewer, view),
        "checks": r.before(),
        "results": results,
        "log": s.visible_log(viewer)[r.start_log:][-200:],
        "outcome": x.outcome if r.done else None,
    }


def open_frame(lesson_id: str, at: int) -> dict[str, Any]:
    return frame(run_at(lesson(lesson_id), at))


def attempt(lesson_id: str, at: int, action: str | None, show: bool) -> dict[str, Any]:
    """Try ``action`` on the frame after ``at`` steps (``show``: play the example's own move)."""
    x = lesson(lesson_id)
    r = run_at(x, at)
    if show and not r.done:
        r.advance()
        keep(r)
        return {"ok": True, "refusal": None, "hint": None, "frame": frame(r)}
    got = r.attempt(action)
    if not got.ok:
        return {"ok": False, "refusal": got.refusal, "hint": got.hint, "frame": None}
    keep(r)
    return {"ok": True, "refusal": None, "hint": None, "frame": frame(r)}
