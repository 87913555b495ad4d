"""Every registered game can be started from the lobby against the AI and played by
clicking: the map draws, the counters show, the prompt offers choices, a click on a
choice is accepted, and the page raises no JavaScript error."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from westfront.games import registry

from .conftest import shot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", registry.game_ids())
def test_start_each_game_against_the_ai_and_click_a_choice(page, server, game):
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=start]")
    page.select_option("#ng-game", game)
    page.check("input[name=opponent][value=ai]")
    page.click("[data-testid=start]")
    page.wait_for_url("**/play/**")
    expect(page.locator("svg.map")).to_be_visible()
    assert page.locator("svg.map .base [data-hex]").count() > 50, "the map did not draw"
    # the player acts once it is their decision (the AI may move first)
    buttons = page.locator("[data-testid=choices] button[data-action]")
    expect(buttons.first).to_be_visible(timeout=60_000)
    logs_before = page.locator("[data-testid=log] li").count()
    prompt_before = page.locator("[data-testid=prompt]").inner_text()
    first = buttons.first.get_attribute("data-action")
    buttons.first.click()
    confirm = page.locator(f"[data-confirm='{first}']")
    if confirm.count():  # ending a phase with units that could act is confirmed first
        confirm.click()
    # accepted: the prompt changes or the log grows
    page.wait_for_function(
        "([p, n]) => document.querySelector('[data-testid=prompt]').innerText !== p"
        " || document.querySelectorAll('[data-testid=log] li').length > n",
        arg=[prompt_before, logs_before], timeout=30_000)
    shot(page, f"game-{game}")
