"""Lessons in the browser (issue 36): from the lobby's Learn list, one lesson per game is walked to its end
on a desktop (1440) and a phone (390): our text and the section on every step, a wrong move refused with
the rule-citing reason and a hint (the board unchanged), the example's moves taken, the rulebook's numbers
shown ticked, and the stated outcome at the end; nothing wider than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from westfront import lessons

from .conftest import shot

pytestmark = pytest.mark.browser

# the lesson walked per game: its worked example with the most steps (the Learn list shows all of them)
WALK = {g: max(lessons.lessons_for(g)[1:] or lessons.lessons_for(g), key=lambda x: len(x.steps)).id
        for g in lessons.MODULES}


@pytest.mark.parametrize("width", [1440, 390])
@pytest.mark.parametrize("game", sorted(WALK))
def test_walk_a_lesson_from_the_learn_list(page, server, game, width):
    page.set_viewport_size({"width": width, "height": 844 if width < 500 else 900})
    lesson = lessons.get(WALK[game])
    page.goto(server.url + "/")
    page.select_option("#ng-game", game)
    learn = page.locator("[data-testid=learn-list]")
    expect(learn.locator("a[data-lesson]")).to_have_count(len(lessons.lessons_for(game)))
    expect(learn.locator("a[data-lesson]").first).to_contain_text("sequence of play", ignore_case=True)
    learn.locator(f"a[data-lesson='{lesson.id}']").click()
    page.wait_for_url(f"**/learn/{lesson.id}")
    page.wait_for_selector("svg.map .counter")
    text = page.locator("[data-testid=lesson-text]")
    refused = False
    for n, st in enumerate(lesson.steps, 1):
        expect(page.locator("[data-testid=lesson-pos]")).to_have_text(f"Step {n} of {len(lesson.steps)}")
        expect(text).to_contain_text(st.section)
        if st.action is None:
            page.click("[data-testid=lesson-next]")
            continue
        buttons = page.locator("[data-testid=lesson-choices] button.choice")
        others = [b for b in buttons.evaluate_all("bs => bs.map(b => b.dataset.action)") if b != st.action]
        if others and not refused:  # a legal move that is not the example's: refused, with a hint, nothing moves
            pieces = page.locator("svg.map .counter").evaluate_all("cs => cs.map(c => c.dataset.unit + '@' + c.dataset.hex)")
            page.locator(f"[data-testid=lesson-choices] button[data-action='{others[0]}']").click()
            expect(page.locator("[data-testid=lesson-refusal]")).to_be_visible()
            expect(page.locator("[data-testid=lesson-hint]")).to_contain_text("Hint")
            assert page.locator("svg.map .counter").evaluate_all(
                "cs => cs.map(c => c.dataset.unit + '@' + c.dataset.hex)") == pieces
            expect(page.locator("[data-testid=lesson-pos]")).to_have_text(f"Step {n} of {len(lesson.steps)}")
            refused = True
        page.locator(f"[data-testid=lesson-choices] button[data-action='{st.action}']").click()
    expect(page.locator("[data-testid=lesson-outcome]")).to_have_text(lesson.outcome)
    expect(page.locator("[data-testid=lesson-pos]")).to_have_text("Done")
    assert page.locator("li.bad[data-testid=lesson-check]").count() == 0
    if lesson.final or lesson.steps[-1].after:
        expect(page.locator("[data-testid=lesson-said] li.ok").first).to_be_visible()
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the lesson page is {wide}px wide on a {width}px screen"
    shot(page, f"lesson-{game}-{width}")
