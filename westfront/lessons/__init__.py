"""Lessons: the rulebooks' worked examples and figures as positions on the real board that a player plays
through, and that the tests play through to check the rulebooks' numbers (docs/lessons.md)."""

from __future__ import annotations

from importlib import import_module

from .format import Check, Lesson, Step
from .runner import Attempt, LessonError, Run, play_through, run_to

# the game id -> its lesson module (rulebook order inside each)
MODULES = {
    "second-front-now": "second_front_now",
    "dday-3rd": "dday_3rd",
    "race-to-the-rhine": "race_to_the_rhine",
    "dday-to-the-rhine": "dday_to_the_rhine",
    "onslaught": "onslaught",
}

_cache: dict[str, tuple[Lesson, ...]] = {}


def lessons_for(game: str) -> tuple[Lesson, ...]:
    """A game's lessons in rulebook order (the sequence of play first); none for a game without any."""
    if game not in _cache:
        mod = MODULES.get(game)
        _cache[game] = tuple(import_module(f"{__name__}.{mod}").LESSONS) if mod else ()
    return _cache[game]


def all_lessons() -> list[Lesson]:
    return [x for g in MODULES for x in lessons_for(g)]


def get(lesson_id: str) -> Lesson:
    for x in all_lessons():
        if x.id == lesson_id:
            return x
    raise KeyError(lesson_id)


__all__ = ["Attempt", "Check", "Lesson", "LessonError", "Run", "Step", "all_lessons", "get", "lessons_for",
           "play_through", "run_to"]
