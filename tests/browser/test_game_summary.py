"""The end of a game (the board, second pass, item 8): a summary says who won and by which
rule, the status no longer names the phase the game stopped in, and the replay, a rematch
and the lobby are one click away."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_board import start

pytestmark = pytest.mark.browser


def test_a_finished_game_shows_a_summary_and_a_rematch_starts_the_same_game_again(page, server):
    page.goto(start(server, "skirmish", "blue"))
    page.wait_for_selector("svg.map .counter[data-unit=b-inf-1]")
    page.on("dialog", lambda d: d.accept())
    page.click("[data-testid=concede]")  # SFN 1.1/4.1 reading: a player may concede in every game
    summary = page.locator("[data-testid=summary]")
    expect(summary).to_contain_text("Red wins")
    expect(summary).to_contain_text("concession")
    expect(summary).to_contain_text("Blue concedes")
    expect(page.locator("[data-testid=phase]")).to_have_text("Game over")
    expect(summary.locator("a:has-text('Watch the replay')")).to_have_attribute("href", f"/replay/{page.url.split('/play/')[1].split('?')[0]}")
    first = page.url
    page.click("[data-testid=rematch]")
    page.wait_for_url(lambda u: "/play/" in u and u != first)
    expect(page.locator("[data-testid=prompt]")).to_contain_text("Blue turn 1")
    expect(page.locator(".seat.tomove")).to_contain_text("Blue (you)")
    expect(page.locator("[data-testid=summary]")).to_have_count(0)
