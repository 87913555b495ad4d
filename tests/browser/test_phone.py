"""Every page fits a phone: the lobby and every game's board at 360 and 390 px wide (and a
1440 px desktop) scroll nothing sideways, and what a phone player is about to do is
previewed in the prompt bar, where they act — not only in the drawer behind the Status tab.
(Issue: the board, second pass, item 1.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from .conftest import shot, start_from_lobby
from .test_board import open_game, start

pytestmark = pytest.mark.browser

# Strips that scroll sideways on purpose (their own scrollbar), and the map itself.
SCROLLERS = "svg, .boxes, .budgets, .choicelist, .seatbar, .mapbox"

OVERFLOW = """(scrollers) => {
  const w = document.documentElement.clientWidth;
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest(scrollers) || getComputedStyle(e).position === 'fixed' || e.closest('[hidden]')) continue;
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 1) out.push(`${e.tagName.toLowerCase()}.${e.className}: right ${Math.round(r.right)}`);
  }
  return {width: w, scroll: document.documentElement.scrollWidth, wide: out.slice(0, 6)};
}"""


@pytest.fixture
def sized(browser_context: Any) -> Iterator[Any]:
    pg = browser_context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    pg.close()
    assert not errors, errors


def assert_fits(page: Any, what: str) -> None:
    m = page.evaluate(OVERFLOW, SCROLLERS)
    assert m["scroll"] <= m["width"], f"{what}: the page scrolls sideways ({m})"
    assert not m["wide"], f"{what}: elements run off the {m['width']} px screen: {m['wide']}"


@pytest.mark.parametrize("width", [360, 390, 1440])
def test_the_lobby_and_every_board_fit_the_screen(sized, server, width):
    sized.set_viewport_size({"width": width, "height": 844 if width < 500 else 900})
    # the games the server under test offers (this process's registry may hold test-only games)
    games = [g["id"] for g in httpx.get(server.url + "/api/catalog").json()["games"]]
    sized.goto(server.url + "/")
    sized.wait_for_selector("[data-testid=start]")
    for game in games:  # the longest descriptions and options are the ones that overflowed
        sized.select_option("#ng-game", game)
        assert_fits(sized, f"lobby with {game}")
    for game in games:  # started as a new player would, with the lobby's default seats
        start_from_lobby(sized, server, game)
        sized.wait_for_function("() => document.querySelector('[data-testid=prompt]').innerText.trim() !== ''")
        sized.wait_for_timeout(500)
        assert_fits(sized, game)
        if width < 500:  # the drawer's tabs and the prompt stay on the screen
            for sel in ("[data-testid=tabs]", ".promptbar", ".topbar"):
                box = sized.locator(sel).bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (game, sel, box)
                assert box["y"] + box["height"] <= 844 + 1, (game, sel, box)
        shot(sized, f"phone-{width}-{game}")


def test_a_phone_player_sees_the_odds_where_they_act(sized, server):
    sized.set_viewport_size({"width": 390, "height": 844})
    open_game(sized, start(server, "onslaught", "allied", seed=3))
    sized.click("button[data-action=combat]")
    strip = sized.locator("[data-testid=preview-strip]")
    expect(strip).to_contain_text("odds")
    # it sits in the prompt bar, on the screen, not in the closed drawer
    bar, box = sized.locator(".promptbar").bounding_box(), strip.bounding_box()
    assert bar and box and bar["y"] <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"] + 1
    if sized.locator("summary:has-text('choices as buttons')").count():
        sized.click("summary:has-text('choices as buttons')")
    sized.locator("button[data-action^='attack ']").first.click()
    # building the attack: tapping a unit adds it, and the strip says what that would do
    expect(strip).to_contain_text("If you choose Add")
    sized.click("[data-testid=preview-details]")
    expect(sized.locator("[data-testid=preview]")).to_be_visible()
    expect(sized.locator("[data-testid=preview]")).to_contain_text("Odds")
    shot(sized, "phone-preview-strip")


def test_the_desktop_keeps_the_strip_hidden_and_the_words_on_the_buttons(page, server):
    open_game(page, start(server, "onslaught", "allied", seed=3))
    page.click("button[data-action=combat]")
    expect(page.locator("[data-testid=preview-strip]")).to_be_hidden()
    expect(page.locator("[data-testid=undo]")).to_contain_text("Undo")
