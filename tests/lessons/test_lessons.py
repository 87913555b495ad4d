"""Every lesson is a test named after it: its scripted solution plays through the engine and every number the
rulebook states (odds, costs, losses, retreat hexes, the winner) must come out (issue 36; docs/lessons.md)."""

from __future__ import annotations

import pytest

from westfront import lessons
from westfront.games import registry
from westfront.lessons.runner import Run

ALL = lessons.all_lessons()


@pytest.mark.parametrize("lesson", ALL, ids=[x.id for x in ALL])
def test_lesson_reproduces_the_rulebook(lesson):
    # SFN 5.0, 12.5, 14.3 (and each lesson's own section, docs/lessons.md)
    checks = lessons.play_through(lesson)
    wrong = [c for c in checks if not c["ok"]]
    assert not wrong, wrong
    assert checks or lesson.steps, "a lesson checks something"


@pytest.mark.parametrize("lesson", ALL, ids=[x.id for x in ALL])
def test_lesson_refuses_everything_but_the_example(lesson):
    # the standard: an action off the script is refused with a reason and a hint, state unchanged
    r = Run(lesson)
    while not r.done:
        st = r.step
        assert st is not None
        before = r.state.hash()
        others = [str(a) for a in r.state.legal_actions() if str(a) != st.action]
        for off in others[:2] + ["no-such-move 0000"]:
            att = r.attempt(off)
            assert not att.ok and att.refusal and att.hint
            assert r.state.hash() == before
        if st.action is not None:
            att = r.attempt("no-such-move 0000")
            assert att.refusal  # the engine's own refusal
        assert r.attempt(st.action).ok
    assert r.attempt(None).refusal.endswith("the lesson is over")


def test_every_lesson_names_a_real_game_and_a_section():
    games = set(registry.game_ids())
    seen = set()
    for x in ALL:
        assert x.game in games and x.id not in seen
        seen.add(x.id)
        assert x.section and all(st.section and st.text for st in x.steps)


def test_every_game_opens_with_the_sequence_of_play():
    for game in lessons.MODULES:
        first = lessons.lessons_for(game)[0]
        assert "sequence" in first.title.lower(), game


def test_off_script_legal_move_is_refused_with_a_hint():
    # SFN 14.3: the example's artillery fires at the 9th SS; at the 276th is legal but not the example
    r = Run(lessons.get("sfn-14-3-abbeville"))
    r.advance()
    before = r.state.hash()
    att = r.attempt("fire cw-i g-276")
    assert not att.ok and "not what the example does" in att.refusal and "fire cw-i g-9ss" in att.hint
    assert r.state.hash() == before
    # SFN 13.1: the artillery fires first; the engine's own refusal, with the hint
    att = r.attempt("fire cw-gds g-9ss")
    assert not att.ok and att.refusal.startswith("SFN 13.1") and "fire cw-i g-9ss" in att.hint
    assert r.state.hash() == before
