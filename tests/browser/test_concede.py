"""A player concedes from the board (SFN 1.1, 4.1: either side may concede; every game offers it)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_player_concedes_against_the_computer(page, server):  # SFN 1.1, 4.1
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=start]")
    page.select_option("#ng-game", "skirmish")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/play/"))
    prompt = page.locator("[data-testid=prompt]")
    expect(prompt).to_contain_text("Blue turn 1")
    asked: list[str] = []
    page.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    page.click("[data-testid=concede]")
    expect(prompt).to_contain_text("Game over", timeout=10_000)
    expect(prompt).to_contain_text("Red wins")
    assert asked and "Concede the game" in asked[0]
    expect(page.locator("[data-testid=concede]")).to_be_hidden()
    expect(page.locator("[data-testid=log]")).to_contain_text("concedes")
