"""The odds preview shows the attack being built, not the choice under the pointer: after
"Add X to the attack" the pointer lands on "Take out X", and the card must still say what
the attack as built does, with the hover shown apart as "if you …" (the board, second pass,
item 4; core AttackBuilder's add/remove/resolve)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_board import open_game, start

pytestmark = pytest.mark.browser


def test_the_preview_keeps_the_attack_as_built_while_hovering_take_out(page, server):
    open_game(page, start(server, "onslaught", "allied", seed=3))  # onslaught 7.0: attacks are built unit by unit
    page.click("button[data-action=combat]")
    page.wait_for_selector("button[data-action^='attack ']", state="attached")
    if page.locator("details.allchoices:not([open]) summary").count():
        page.click("details.allchoices summary")
    page.locator("button[data-action^='attack ']").first.click()
    page.locator("button[data-action^='add ']").first.click()
    built = page.locator("[data-testid=attack-built]")
    expect(built).to_contain_text("Odds")
    odds = built.locator("[data-testid=odds]").inner_text()
    # the pointer on "take out": the attack as built stays, the hover is a separate "if you …"
    page.locator("button[data-action^='remove ']").first.hover()
    hover = page.locator("[data-testid=preview] .pv:not(.pv-built)")
    expect(hover.first).to_contain_text("If you choose")
    expect(built.locator("[data-testid=odds]")).to_have_text(odds)
    assert page.locator("[data-testid=preview] .pv").first.get_attribute("data-testid") == "attack-built"
