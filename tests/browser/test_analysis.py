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


@pytest.mark.parametrize("width", [360, 390])
def test_replay_chart_fits_a_phone(page, server, width):
    # a finished hotseat game (skirmish 4: the turn limit), its replay on a phone: the chart fits the
    # screen (issue 35 item 1's rule) and its turning points still move the replay
    from .test_phone import assert_fits

    r = httpx.post(server.url + "/api/games", json={"game": "skirmish", "seats": {"blue": "human", "red": "human"},
                                                     "seed": 11, "options": {"turns": 4}}).json()
    toks = {s: r["seats"][s]["token"] for s in ("blue", "red")}
    for _ in range(60):
        views = {s: httpx.get(f"{server.url}/api/games/{r['id']}", params={"token": t}).json() for s, t in toks.items()}
        if views["blue"]["view"].get("result"):
            break
        s = next(s for s, v in views.items() if v["your_turn"])
        httpx.post(f"{server.url}/api/games/{r['id']}/actions",
                   json={"token": toks[s], "version": views[s]["version"], "action": "end"}).raise_for_status()
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{server.url}/replay/{r['id']}")
    chart = page.locator("[data-testid=analysis-chart]")
    page.click("[data-testid=replay-tabs] [data-tab=analysis]")  # the sidebar is a drawer on phones
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= width
    assert_fits(page, f"replay with analysis at {width}")
    shot(page, f"analysis-phone-{width}")
    mark = page.locator("[data-testid=turning-mark]").first
    at = mark.get_attribute("data-at")
    mark.click()
    expect(page.locator("[data-testid=replay-pos]")).to_have_text(f"{at} / 8")
