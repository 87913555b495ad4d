"""The off-map boxes fold to one line so the map gets the room (the board, second pass, item 7):
the fold is remembered, a phone starts folded, and the boxes open by themselves while the
decision is about a unit in them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_board import start

pytestmark = pytest.mark.browser


def open_sfn(page, server) -> None:
    page.goto(start(server, "second-front-now", "allied", seed=1))  # a seed whose turn 1 has airborne drops to plot
    page.wait_for_selector("svg.map .base [data-hex]")
    expect(page.locator("[data-testid=boxes-toggle]")).to_be_visible()


def test_folding_the_boxes_gives_the_map_the_height_and_is_remembered(page, server):
    open_sfn(page, server)
    page.evaluate("localStorage.removeItem('westfront.boxes.second-front-now')")
    page.reload()
    page.wait_for_selector("svg.map .base [data-hex]")
    expect(page.locator(".boxes .box").first).to_be_visible()
    before = page.locator("svg.map").bounding_box()["height"]
    page.click("[data-testid=boxes-toggle]")
    expect(page.locator(".boxes .box")).to_have_count(0)
    expect(page.locator("[data-testid=boxes-toggle]")).to_contain_text("England")  # the folded line names the boxes
    page.wait_for_timeout(200)
    after = page.locator("svg.map").bounding_box()["height"]
    assert after > before + 60, (before, after)
    page.reload()
    page.wait_for_selector("svg.map .base [data-hex]")
    expect(page.locator(".boxes .box")).to_have_count(0)
    page.click("[data-testid=boxes-toggle]")
    expect(page.locator(".boxes .box").first).to_be_visible()


def test_a_phone_starts_folded_and_the_boxes_open_when_the_decision_needs_them(page, server):
    page.set_viewport_size({"width": 390, "height": 844})
    open_sfn(page, server)
    page.evaluate("localStorage.removeItem('westfront.boxes.second-front-now')")
    page.reload()
    page.wait_for_selector("svg.map .base [data-hex]")
    expect(page.locator(".boxes .box")).to_have_count(0)
    # SFN 3.2, 15.6: after the invasion area and the German set-up, airborne drops are plotted from the England box
    page.click("button[data-action=calais]")
    expect(page.locator(".boxes .chipbtn.legal").first).to_be_visible()
    expect(page.locator("[data-testid=boxes-toggle]")).to_be_disabled()
