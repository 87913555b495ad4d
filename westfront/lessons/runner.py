"""Play a lesson: the position after its set-up, then only the example's moves.

Anything else is refused without touching the state: an action the rules forbid gets the engine's own
rule-citing refusal, a legal one that is not the example's gets the lesson's; both add a hint. The dice of a
step go through the game's RNG (``Rng.forced``), so the position after step n is the same every time: the
server keeps nothing and rebuilds a lesson from its id and a step number."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import api
from ..core.errors import IllegalAction, WestfrontError
from ..core.state import State
from .format import Check, Lesson, Step
from .setup import apply_setup, walk


class LessonError(WestfrontError):
    """A lesson whose script does not match the engine (a content bug, or a rules change broke the example)."""


@dataclass
class Attempt:
    ok: bool
    refusal: str = ""
    hint: str = ""
    events: list[Any] = field(default_factory=list)


def build(lesson: Lesson) -> State:
    s = api.load(lesson.game, lesson.scenario, lesson.options or None, lesson.seed)
    apply_setup(s, lesson.game, lesson.setup)
    return s


def read(s: State, c: Check) -> Any:
    if c.path is not None:
        node, last = walk(s.g, c.path)
        return node[last]
    if c.preview is not None:
        p = s.preview(c.preview) or {}
        return p.get(c.key) if c.key else p
    if c.call is not None:
        return getattr(s, c.call)(*c.args)
    if c.legal:
        return sorted(str(a) for a in s.legal_actions())
    if c.result:
        r = s.result()
        return r.winner if r else None
    raise LessonError(f"check {c.says!r} reads nothing")


def judge(s: State, c: Check) -> dict[str, Any]:
    """The check as the player sees it: what the rulebook says, what the engine has, and whether they agree."""
    try:
        value = read(s, c)
    except (KeyError, IndexError, TypeError) as e:
        return {"says": c.says, "value": None, "ok": False, "error": f"{type(e).__name__}: {e}"}
    if c.contains is not None:
        ok = c.contains in value if value is not None else False
    else:
        ok = value == c.eq
    return {"says": c.says, "value": value, "ok": bool(ok)}


class Run:
    """A lesson in progress: the state and the index of the next step."""

    def __init__(self, lesson: Lesson, state: State | None = None, at: int = 0, start_log: int = 0):
        """From the start, or from ``state`` after ``at`` steps (a copy the server kept; ``start_log`` is
        where the lesson's own log begins, after the set-up's events)."""
        self.lesson = lesson
        self.state = build(lesson) if state is None else state
        self.start_log = len(self.state.log) if state is None else start_log
        self.at = at
        self.last: list[dict[str, Any]] = []

    @property
    def done(self) -> bool:
        return self.at >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.at]

    def hint(self, st: Step) -> str:
        return st.hint or (f"the example's move now is '{st.action}'" if st.action else "press Next to go on")

    def attempt(self, text: str | None) -> Attempt:
        """Try the player's action; only the example's is applied."""
        st = self.step
        if st is None:
            return Attempt(False, f"{self.lesson.section}: the lesson is over", "open another lesson")
        wanted = st.action
        if (text or None) != wanted:
            if wanted is None:
                return Attempt(False, f"{st.section}: read this step first, nothing is played here", self.hint(st))
            if not text:
                return Attempt(False, f"{st.section}: this step needs a move", self.hint(st))
            try:
                self.state.parse(text)
            except IllegalAction as e:
                return Attempt(False, e.reason, self.hint(st))
            return Attempt(False, f"{st.section}: legal, but not what the example does here", self.hint(st))
        return Attempt(True, events=self._play(st))

    def advance(self) -> list[Any]:
        """Play the example's own move (the "show me" button, and the tests)."""
        st = self.step
        if st is None:
            raise LessonError(f"{self.lesson.id}: no step left")
        return self._play(st)

    def _play(self, st: Step) -> list[Any]:
        s = self.state
        events: list[Any] = []
        if st.action is not None:
            s._forced = list(st.dice)  # the example's dice, consumed by the game's Rng before its generator
            try:
                events = s.apply(st.action)
                left = list(s._forced)
            except IllegalAction as e:
                raise LessonError(f"{self.lesson.id} step {self.at + 1}: the engine refuses '{st.action}': "
                                  f"{e.reason}") from None
            finally:
                s._forced = None
            if left:
                raise LessonError(f"{self.lesson.id} step {self.at + 1}: dice {left} were not rolled")
        self.at += 1
        self.last = [judge(s, c) for c in st.after]
        if self.done:
            self.last += [judge(s, c) for c in self.lesson.final]
        return events

    def judge(self, c: Check) -> dict[str, Any]:
        return judge(self.state, c)

    def before(self) -> list[dict[str, Any]]:
        st = self.step
        return [judge(self.state, c) for c in st.before] if st else []

    def viewer(self) -> str | None:
        return self.state.current_player() or self.state.INFO.players[0]


def run_to(lesson: Lesson, at: int) -> Run:
    """The lesson after ``at`` of its steps (the server's stateless frames)."""
    r = Run(lesson)
    for _ in range(max(0, min(at, len(lesson.steps)))):
        r.advance()
    return r


def play_through(lesson: Lesson) -> list[dict[str, Any]]:
    """Every step's checks, in order, from start to finish (what the tests assert)."""
    r = Run(lesson)
    out: list[dict[str, Any]] = []
    while not r.done:
        out += [dict(j, step=r.at + 1, when="before") for j in r.before()]
        r.advance()
        out += [dict(j, step=r.at, when="after") for j in r.last]
    return out
