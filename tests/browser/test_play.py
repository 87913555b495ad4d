"""A person plays in the browser: lobby → game against the AI → clicks on the map →
undo → reload → server restart → replay. Screenshots land in test-artifacts/browser/."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

from .conftest import end_phase, shot

pytestmark = pytest.mark.browser


def prompt(page):
    return page.locator("[data-testid=prompt]")


def test_play_a_game_against_the_ai(page, server):
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=start]")
    page.select_option("#ng-game", "skirmish")
    shot(page, "01-lobby")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/play/"))
    expect(prompt(page)).to_contain_text("Blue turn 1")
    game_id = page.url.rstrip("/").split("/")[-1]
    expect(page.locator("svg.map .counter")).to_have_count(6)
    shot(page, "02-game-start")

    # select a unit on the map, see its destinations with costs, click one
    page.click("svg.map .counter[data-unit=b-inf-1]")
    expect(prompt(page)).to_contain_text("Move Blue infantry 1")  # the name, never the id (issue 19.9)
    expect(page.locator("polygon.legal[data-hex='0303']")).to_be_visible()
    expect(page.locator(".highlights text.cost").first).to_be_visible()  # skirmish 2: costs from previews
    page.hover("polygon.legal[data-hex='0302']")
    expect(page.locator(".maptip")).to_contain_text("cost 2")
    shot(page, "03-move-destinations")
    page.click("polygon.legal[data-hex='0303']")
    expect(page.locator("svg.map .counter[data-unit=b-inf-1]")).to_have_attribute("data-hex", "0303")
    expect(page.locator("[data-testid=log]")).to_contain_text("Blue infantry 1 moves 0304 → 0303")

    # undo twice: back before the move, then redo it by clicking
    page.click("[data-testid=undo]")
    expect(prompt(page)).to_contain_text("Move Blue infantry 1")  # the name, never the id (issue 19.9)
    expect(page.locator("svg.map .counter[data-unit=b-inf-1]")).to_have_attribute("data-hex", "0304")
    page.click("[data-testid=undo]")
    expect(prompt(page)).to_contain_text("Blue turn 1")
    expect(page.locator("[data-testid=undo]")).to_be_disabled()
    page.click("svg.map .counter[data-unit=b-arm-1]")
    page.click("polygon.legal[data-hex='0405']")
    expect(page.locator("svg.map .counter[data-unit=b-arm-1]")).to_have_attribute("data-hex", "0405")

    # end the turn: the AI thinks (and says so), moves, and hands back
    end_phase(page)
    expect(page.locator("[data-testid=thinking]")).to_be_visible(timeout=10_000)
    shot(page, "04-ai-thinking")
    expect(prompt(page)).to_contain_text("Blue turn 2", timeout=60_000)
    expect(page.locator("[data-testid=log]")).to_contain_text("Red ends the turn")  # words, not ids (issue 35 item 5)
    shot(page, "05-ai-answered")

    # reload: the game is as it was
    page.reload()
    expect(prompt(page)).to_contain_text("Blue turn 2")
    expect(page.locator("svg.map .counter[data-unit=b-arm-1]")).to_have_attribute("data-hex", "0405")

    # restart the server (kill -9): still there
    server.restart()
    page.reload()
    expect(prompt(page)).to_contain_text("Blue turn 2")
    expect(page.locator("svg.map .counter[data-unit=b-arm-1]")).to_have_attribute("data-hex", "0405")
    expect(page.locator("[data-testid=turn]")).to_have_text("Turn 2 of 6")

    # the lobby lists it under "your games"
    page.goto(server.url + "/")
    expect(page.locator(f"[data-testid=my-games] tr[data-game='{game_id}']")).to_be_visible()

    # the replay viewer: slide back to the start
    page.goto(f"{server.url}/replay/{game_id}")
    slider = page.locator("[data-testid=replay-slider]")
    expect(slider).to_be_visible()
    slider.fill("0")
    expect(page.locator("[data-testid=replay-pos]")).to_contain_text("0 /")
    expect(page.locator("svg.map .counter[data-unit=b-arm-1]")).to_have_attribute("data-hex", "0205")
    slider.fill("2")
    expect(page.locator("svg.map .counter[data-unit=b-arm-1]")).to_have_attribute("data-hex", "0405")
    shot(page, "06-replay")


def test_attack_with_an_odds_preview_and_dice(page, server):
    with httpx.Client(base_url=server.url) as c:
        g = c.post("/api/games", json={"game": "skirmish", "seed": 5,
                                       "seats": {"blue": "human", "red": "human"}}).json()
        gid, tb, tr = g["id"], g["seats"]["blue"]["token"], g["seats"]["red"]["token"]
        for tok, a in ((tb, "move b-arm-1"), (tb, "to 0605"), (tb, "end"),
                       (tr, "move r-inf-1"), (tr, "to 0705"), (tr, "end")):
            v = c.get(f"/api/games/{gid}", params={"token": tok}).json()["version"]
            assert c.post(f"/api/games/{gid}/actions", json={"token": tok, "version": v, "action": a}).status_code == 200
    page.goto(f"{server.url}/play/{gid}?token={tb}")
    expect(prompt(page)).to_contain_text("Blue turn 2")
    # the enemy stack is a legal attack target: click it, add the attacker by clicking it
    expect(page.locator("polygon.legal[data-hex='0705']")).to_have_count(1)
    page.click("svg.map .counter[data-unit=r-inf-1]")
    expect(prompt(page)).to_contain_text("Attack 0705")
    page.click("svg.map .counter[data-unit=b-arm-1]")
    expect(page.locator("[data-testid=preview]")).to_contain_text("Odds")  # skirmish 4: odds before resolving
    expect(page.locator("[data-testid=odds]")).to_have_text(re.compile(r"\d:\d"))
    page.click(".inspector h3")  # keep the pointer off the map
    shot(page, "07-attack-preview")
    page.click("button[data-action=resolve]")
    expect(page.locator("[data-testid=log]")).to_contain_text("Attack on 0705")
    expect(page.locator("[data-testid=log] .die").first).to_be_visible()
    shot(page, "08-combat-result")
