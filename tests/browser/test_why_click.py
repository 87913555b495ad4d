"""A click on something that is not highlighted says why, with the rule (the board, second
pass, item 3): the engine's refusal through POST /why, never silence."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_board import start

pytestmark = pytest.mark.browser


def test_clicking_a_hex_out_of_reach_names_the_rule_and_the_reason(page, server):
    page.goto(start(server, "skirmish", "blue"))
    page.wait_for_selector("svg.map .counter[data-unit=b-inf-1]")
    expect(page.locator("[data-testid=prompt]")).to_contain_text("Blue turn 1")
    page.click("svg.map .counter[data-unit=b-inf-1]")
    expect(page.locator("[data-testid=prompt]")).to_contain_text("choose a destination")
    before = page.locator("[data-testid=prompt]").inner_text()
    page.click(".maptools button[aria-label='fit map']")  # the whole board, far hexes included
    page.wait_for_timeout(300)
    # a hex on screen, not highlighted, with nobody in it: skirmish 2, beyond the unit's movement
    target = page.evaluate("""() => {
      const svg = document.querySelector('svg.map').getBoundingClientRect();
      const legal = new Set([...document.querySelectorAll('svg.map .highlights .legal')].map((e) => e.dataset.hex));
      const taken = new Set([...document.querySelectorAll('svg.map .counter')].map((e) => e.dataset.hex));
      const free = [...document.querySelectorAll('svg.map .base [data-hex]')].map((e) => [e.dataset.hex, e.getBoundingClientRect()])
        .filter(([h, r]) => !legal.has(h) && !taken.has(h) && r.left > svg.left + 10 && r.right < svg.right - 60
          && r.top > svg.top + 10 && r.bottom < svg.bottom - 10);
      free.sort((a, b) => b[0].localeCompare(a[0]));  // the far (east) side of the board
      const [h, r] = free[0];
      return {hex: h, x: r.left + r.width / 2, y: r.top + r.height / 2};
    }""")
    page.mouse.click(target["x"], target["y"])
    toast = page.locator("[data-testid=refusal]")
    expect(toast).to_contain_text("skirmish 2")
    expect(toast).to_contain_text(f"cannot reach {target['hex']}")
    assert page.locator("[data-testid=prompt]").inner_text() == before  # nothing happened
