"""Second Front Now! in the browser (issue 15): from the lobby against the computer, the
Allied player chooses the landing area, sees the Dieppe landing roll, and fights a battle
on the battle board, which names the number each shot needs before the die is rolled and
lists the roll and its result after."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import shot

pytestmark = pytest.mark.browser

# answers that keep the game moving towards a battle without spending anything
PASSIVE = ("continue", "decline", "stand", "later", "done", "resolve", "end")

DECISION = """() => !!(document.querySelector('[data-testid=choices] button[data-action]:not([disabled])')
  || document.querySelector('[data-testid=battle-shots] button'))"""


def actions(page) -> list[str]:
    return page.eval_on_selector_all("[data-testid=choices] button[data-action]:not([disabled])",
                                     "bs => bs.map(b => b.dataset.action)")


def open_all_choices(page) -> None:
    more = page.locator("[data-testid=choices] details.allchoices:not([open]) summary")
    if more.count():
        more.click()


def fire_one_shot(page) -> None:
    """SFN 13.2: a shot's hit number is on the board before the roll; the roll and the result after."""
    board = page.locator("[data-testid=battle]")
    expect(board).to_be_visible()
    expect(board.locator("h3")).to_contain_text("Battle at")
    button = board.locator("[data-testid=battle-shots] button").first
    expect(button).to_be_visible()
    need = button.get_attribute("data-hit-on")
    assert need is not None and re.fullmatch(r"-?\d+", need), need
    expect(button).to_contain_text(f"hits on {need} or less")
    shooter, target = button.get_attribute("data-shot").split()[1:3]
    button.hover()  # the preview card says the same in words, with the modifiers
    expect(page.locator("[data-testid=preview] [data-testid=hit-on]")).to_have_text(f"{need} or less")
    results = board.locator("[data-testid=battle-results] li")
    fired = results.count()
    shot(page, "sfn-battle-before-shot")
    button.click()
    expect(results).to_have_count(fired + 1, timeout=30_000)
    last = results.nth(fired)
    assert last.get_attribute("data-shooter") == shooter and last.get_attribute("data-target") == target
    roll = int(last.get_attribute("data-roll"))
    assert 1 <= roll <= 10
    text = last.inner_text()
    if last.get_attribute("data-need"):  # an extra-hit shot (13.7) names no number
        assert last.get_attribute("data-need") == need
        assert f"rolls {roll} (needs {need})" in text
        assert ("miss" in text) == (roll > int(need)), text
    shot(page, "sfn-battle-after-shot")


def test_landing_and_a_battle_on_the_battle_board(page, server):
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=start]")
    page.select_option("#ng-game", "second-front-now")
    page.check("input[name=opponent][value=ai]")
    page.select_option("#ng-level", "random")
    page.select_option("#ng-side", "allied")
    page.click("details summary:has-text('Advanced')")
    page.fill("#ng-seed", "4")
    page.click("[data-testid=start]")
    page.wait_for_url("**/play/**")
    prompt = page.locator("[data-testid=prompt]")
    log = page.locator("[data-testid=log]")

    # SFN 3.2: the Allied first decision is the landing area
    expect(prompt).to_contain_text("invasion area", timeout=60_000)
    page.click("button[data-action=dieppe]")
    expect(log).to_contain_text("The Allies land in the Dieppe area")
    # SFN 3.5: the landing roll for the 1st Canadian at Dieppe: even full strength, odd reduced
    landing = log.locator("li", has_text="1st Canadian lands")
    expect(landing).to_have_count(1)
    rolled = int(re.search(r"rolled (\d+)", landing.inner_text()).group(1))
    assert ("reduced" in landing.inner_text()) == bool(rolled % 2)
    shot(page, "sfn-landing")

    shots = 0
    for _ in range(400):
        page.wait_for_function(DECISION, timeout=90_000)
        acts = actions(page)
        if any(a.startswith("fire ") for a in acts) or page.locator("[data-testid=battle-shots] button").count():
            fire_one_shot(page)
            shots += 1
            if shots >= 3:
                break
            continue
        open_all_choices(page)
        attack = page.locator("[data-testid=choices] button[data-action^='attack ']:not([disabled])")
        if attack.count():
            attack.first.click()
            continue
        pick = next((a for a in PASSIVE if a in acts), None)
        if pick is None:
            pick = acts[0]
        page.click(f"[data-testid=choices] button[data-action='{pick}']")
        confirm = page.locator(f"[data-confirm='{pick}']")
        if confirm.count():
            confirm.click()
        page.wait_for_timeout(50)
    assert shots >= 1, "no battle was fought"
