"""The AI explains itself (issue 21): after the game, the computer's plan in the sidebar and in the replay."""

from __future__ import annotations

import time

import httpx
import pytest
from playwright.sync_api import expect

from .conftest import shot

pytestmark = pytest.mark.browser


def play_out(c: httpx.Client, gid: str, tok: str) -> None:
    """Blue ends every turn until the game is over; red is the AI seat."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        p = c.get(f"/api/games/{gid}", params={"token": tok}).json()
        if p.get("result"):
            return
        if p["your_turn"]:
            assert c.post(f"/api/games/{gid}/actions",
                          json={"token": tok, "version": p["version"], "action": "end"}).status_code == 200
        time.sleep(0.2)
    raise AssertionError("the game did not end")


def test_the_computers_plan_is_shown_once_the_game_is_over(page, server):
    with httpx.Client(base_url=server.url) as c:
        g = c.post("/api/games", json={"game": "skirmish", "seed": 5, "options": {"turns": 4},
                                       "seats": {"blue": "human", "red": "ai:heuristic"}}).json()
        gid, tb = g["id"], g["seats"]["blue"]["token"]
        page.goto(f"{server.url}/play/{gid}?token={tb}")
        expect(page.locator("[data-testid=status]")).to_be_visible()
        expect(page.locator("[data-testid=ai-plan]")).to_have_count(0)  # private while the game is on
        play_out(c, gid, tb)
    page.reload()
    card = page.locator("[data-testid=ai-plan]")
    expect(card).to_contain_text("Red (heuristic)", timeout=20_000)
    expect(card).to_contain_text("Ostburg")
    shot(page, "ai-plan-after-the-game")
    page.goto(f"{server.url}/replay/{gid}")
    expect(page.locator("[data-testid=replay-slider]")).to_be_visible()
    page.locator("[data-testid=replay-slider]").fill("0")
    expect(page.locator("[data-testid=replay-pos]")).to_contain_text("0 /")
    expect(page.locator("[data-testid=ai-plan]")).to_contain_text("Ostburg")
