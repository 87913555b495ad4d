"""Post-game analysis in the browser (issue 36; issue 35 item 8): after a finished game the summary
shows each side's winning chances with the three turning points, losses by side, and a turning point
opens the replay at that action; in the replay, a click on a turning point moves the replay there."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from .conftest import end_phase, shot
from .test_board import start

pytestmark = pytest.mark.browser


def test_chart_after_a_finished_game_and_turning_points_move_the_replay(page, server):
    # skirmish 4: the game ends after its last turn (4 here); blue ends each turn, the computer plays red
    page.goto(start(server, "skirmish", "blue", options={"turns": 4}, seed=5))
    page.wait_for_selector("svg.map .counter[data-unit=b-inf-1]")
    summary = page.locator("[data-testid=summary]")
    for _ in range(40):
        if summary.count():
            break
        page.wait_for_selector("button[data-action=end], [data-testid=summary]", timeout=20000)
        if page.locator("button[data-action=end]").count() and not summary.count():
            end_phase(page)
            page.wait_for_timeout(150)
    expect(summary).to_be_visible()
    card = summary.locator("[data-testid=analysis]")
    expect(card.locator("[data-testid=analysis-chart] polyline.chance")).to_have_count(2)  # one line per side
    marks = card.locator("[data-testid=turning-mark]")
    expect(marks).to_have_count(3)
    expect(card.locator("[data-testid=turning-point]")).to_have_count(3)
    expect(card.locator("[data-testid=losses]")).to_contain_text("Blue")
    # the computer's plan drawn on the map: its objective (Ostburg, skirmish 6) outlined and numbered
    expect(page.locator("svg.map .planmark[data-hex='0905']")).to_have_count(1)
    expect(page.locator("[data-testid=ai-plan] li[data-objective='1']")).to_contain_text("Ostburg")
    gid = page.url.split("/play/")[1].split("?")[0]
    a = httpx.get(f"{server.url}/api/games/{gid}/analysis").json()
    ats = [t["at"] for t in a["turning_points"]]
    shot(page, "analysis-summary")

    card.locator("[data-testid=turning-point]").nth(1).click()  # a turning point opens the replay there
    page.wait_for_url(f"**/replay/{gid}?at={ats[1]}")
    pos = page.locator("[data-testid=replay-pos]")
    expect(pos).to_have_text(f"{ats[1]} / {a['n_actions']}")
    replay_card = page.locator(".sidebar [data-testid=analysis]")
    expect(replay_card.locator("[data-testid=turning-mark]")).to_have_count(3)  # the chart is in the replay too
    replay_card.locator("[data-testid=turning-mark]").nth(2).click()  # a mark on the chart moves the replay
    expect(pos).to_have_text(f"{ats[2]} / {a['n_actions']}")
    expect(page.locator("[data-testid=replay-slider]")).to_have_value(str(ats[2]))
    expect(page.locator("svg.map .planmark[data-hex='0905']")).to_have_count(1)  # every frame: its plan then
    replay_card.locator("[data-testid=turning-point]").nth(0).click()
    expect(pos).to_have_text(f"{ats[0]} / {a['n_actions']}")
    shot(page, "analysis-replay")


def test_no_chart_while_the_game_is_on(page, server):
    page.goto(start(server, "skirmish", "blue"))
    page.wait_for_selector("svg.map .counter[data-unit=b-inf-1]")
    page.wait_for_timeout(500)
    expect(page.locator("[data-testid=analysis]")).to_have_count(0)
    expect(page.locator("svg.map .planmark")).to_have_count(0)  # the computer's intent stays private
