"""D-Day (3rd Edition) in the browser, from the lobby (issue 16): the week-1 invasion by clicks, a declared-then-
resolved combat round against the beach defender, the German turn at the same screen, and a move in week 2.

Hotseat with a fixed dice seed, so the German replies (and the dice) are the same every run."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import end_phase, shot

pytestmark = pytest.mark.browser


def prompt(page):
    return page.locator("[data-testid=prompt]")


def hand_over(page, to):
    """Hotseat: the curtain hides the board while the device changes hands; the next player dismisses it."""
    curtain = page.locator(".curtain")
    expect(curtain).to_be_visible(timeout=30_000)
    expect(curtain).to_contain_text(f"{to} to play")
    page.click("[data-testid=curtain-ok]")
    expect(curtain).to_be_hidden()


def choose(page, action):
    """Click a choice's button, opening the "all choices" list first when it is folded away."""
    button = page.locator(f"[data-testid=choices] button[data-action='{action}']")
    expect(button).to_have_count(1)
    if not button.is_visible():
        page.click("[data-testid=choices] details.allchoices:not([open]) summary")
    button.click()


def test_dday_3rd_invasion_combat_and_a_move(page, server):
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=start]")
    page.select_option("#ng-game", "dday-3rd")
    page.check("input[name=opponent][value=hotseat]")
    page.click("summary:has-text('Advanced')")
    page.fill("#ng-seed", "7")
    page.click("[data-testid=start]")
    page.wait_for_url("**/play/**")
    expect(prompt(page)).to_contain_text("Choose the coastal sector to invade", timeout=30_000)

    # the invasion (§7): the sector, then each landing unit and its sea invasion hex on the map
    choose(page, "invade north_sea")
    for unit, sea in (("US-1-ID", "K20"), ("US-2-ID", "J19"), ("BR-3-ID", "J19")):
        choose(page, f"land {unit}")
        expect(prompt(page)).to_contain_text("Sea invasion hex")
        choose(page, f"at {sea}")
        expect(page.locator(f"svg.map .counter[data-unit={unit}]")).to_have_attribute("data-hex", sea)
    shot(page, "dday3-01-invasion")
    end_phase(page, "done")  # invasion
    expect(prompt(page)).to_contain_text("Airborne drops")
    end_phase(page, "done")  # airborne
    expect(prompt(page)).to_contain_text("Allied movement")
    # US 1 ID landed unopposed at L20 (§7.1); the other two stay at sea and must attack K19
    expect(page.locator("svg.map .counter[data-unit=US-1-ID]")).to_have_attribute("data-hex", "L20")
    end_phase(page, "done")  # movement

    # the combat round (§10): declare the attack on the beach defender, see the odds, then resolve
    expect(prompt(page)).to_contain_text("Declare attacks")
    choose(page, "attack K19")
    expect(prompt(page)).to_contain_text("Attack K19")
    expect(page.locator("button[data-action=declare]")).to_be_visible()
    page.hover("button[data-action=declare]")
    expect(page.locator("[data-testid=odds]")).to_have_text("4:1")
    page.click("button[data-action=declare]")
    expect(prompt(page)).to_contain_text("1 declared")
    shot(page, "dday3-02-declared")
    page.click("button[data-action=done]")
    # §10: every enemy unit next to an attacker must be attacked, so ending the declarations adds
    # US 1 ID's attack on DE 48 ID at M21 (it is next to both); then the player orders the combats
    log = page.locator("[data-testid=log]")
    expect(log).to_contain_text("Attack on K19 (DE 70 ST) by US 2 ID, BR 3 ID at 4:1")
    expect(log).to_contain_text("Attack on M21 (DE 48 ID) by US 1 ID at 1:1")
    choose(page, "resolve 1")
    expect(log).to_contain_text("Attack on K19 at 4:1: rolled 3")
    expect(log).to_contain_text("storms ashore at K19")
    expect(page.locator("svg.map .counter[data-unit=US-2-ID]")).to_have_attribute("data-hex", "K19")
    expect(log).to_contain_text("Attack on M21 at 1:1: rolled 3")  # an exchange (§10.4)
    expect(prompt(page)).to_contain_text("Exchange")
    choose(page, "lose US-1-ID")
    expect(log).to_contain_text("US 1 ID is eliminated (EX)")
    shot(page, "dday3-03-resolved")
    expect(prompt(page)).to_contain_text("Tactical air")
    end_phase(page, "done")

    # the German turn at the same screen: nobody in contact, so no moves and no combat
    hand_over(page, "German")
    expect(prompt(page)).to_contain_text("German movement")
    end_phase(page, "done")
    hand_over(page, "Allied")

    # week 2: a move (§9): US 2 ID, then a destination (highlighted on the map, listed as buttons)
    expect(prompt(page)).to_contain_text("Airborne drops")
    end_phase(page, "done")
    expect(prompt(page)).to_contain_text("Allied movement")
    choose(page, "move US-2-ID")
    expect(prompt(page)).to_contain_text("US 2 ID")
    move = page.locator("[data-testid=choices] button[data-action^='to ']").first
    dest = move.get_attribute("data-action").split()[1]
    choose(page, f"to {dest}")
    expect(page.locator("svg.map .counter[data-unit=US-2-ID]")).to_have_attribute("data-hex", dest)
    shot(page, "dday3-04-moved")
