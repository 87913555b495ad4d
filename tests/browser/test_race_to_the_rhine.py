"""Race to the Rhine in the browser: a solitaire Patch-Devers game (seed 2) played by clicking — a turn with
Take Trucks, a Move into Toulon with its combat and the FFI step, then a turn that trucks Ammo to the Corps:
the Truck is drawn along its link in the commander's colour, supplies and cards read in the status."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from .conftest import shot

pytestmark = pytest.mark.browser


def start_solitaire(server, seed: int) -> str:
    r = httpx.post(server.url + "/api/games", json={"game": "race-to-the-rhine", "options": {"players": 1},
                                                    "seed": seed, "seats": {"patch_devers": "human"}})
    assert r.status_code == 200, r.text
    return r.json()["seats"]["patch_devers"]["url"]


def act(page, text: str) -> None:
    """Click the choice ``text``: a button, or one in the folded list of all choices."""
    button = page.locator(f"[data-testid=choices] button[data-action='{text}']")
    expect(button).to_have_count(1)
    if not button.is_visible():
        page.click("[data-testid=choices] details.allchoices:not([open]) summary")
    before = page.locator("[data-testid=log] li").count()
    prompt = page.locator("[data-testid=prompt]").inner_text()
    button.click()
    confirm = page.locator(f"[data-confirm='{text}']")
    if confirm.count():  # ending a step that could still do something is confirmed first
        confirm.click()
    page.wait_for_function(
        "([p, n]) => document.querySelector('[data-testid=prompt]').innerText !== p"
        " || document.querySelectorAll('[data-testid=log] li').length > n",
        arg=[prompt, before], timeout=30_000)


def test_a_full_turn_with_a_combat_then_a_truck_route(page, server):
    page.goto(start_solitaire(server, 2))
    page.wait_for_selector("svg.map .counter")
    prompt = page.locator("[data-testid=prompt]")
    expect(prompt).to_contain_text("action 1 of 2")
    expect(page.locator("[data-testid=status]")).to_contain_text("commander card Patch")
    # turn 1: Take Trucks, then VI US into Toulon (Fortified: 1 Ammo) against the Axis card, and pay it
    act(page, "trucks 2")
    act(page, "move VI-US")  # three Corps stack on the Landing Zone: the choice list picks the one underneath
    expect(prompt).to_contain_text("Move VI-US")
    act(page, "to toulon")
    expect(prompt).to_contain_text("against the Kampfgruppe in Toulon")
    shot(page, "rtr-01-combat")
    act(page, "pay")
    expect(page.locator("[data-testid=log]")).to_contain_text("VI-US beats the Kampfgruppe")
    expect(page.locator("svg.map .counter[data-unit=VI-US]")).to_have_attribute("data-hex", "toulon")
    act(page, "stop")
    expect(prompt).to_contain_text("FFI movement")
    act(page, "pass")
    # the Axis reaction is automatic; turn 2: a Truck on Landing Zone - Toulon carries Ammo to VI US
    expect(prompt).to_contain_text("action 1 of 2")
    act(page, "truck landing_zone")
    act(page, "link landing_zone toulon")
    truck = page.locator("svg.map .marker.m-truck[data-link='landing_zone|toulon']")
    expect(truck).to_have_count(1)
    expect(truck.locator("line.linkband")).to_have_attribute("stroke", "#2f7d32")  # Patch-Devers green
    act(page, "load ammo VI-US")
    act(page, "done")
    expect(prompt).to_contain_text("action 2 of 2")
    expect(page.locator("[data-testid=log]")).to_contain_text("1 ammo trucked from Landing Zone")
    shot(page, "rtr-02-truck-route")


def test_the_lobby_offers_the_base_game_and_the_expansion_with_their_seats(page, server):
    # rttr 10.2 / rttr 1: option patch_devers switches between the base game and the expansion; the side list
    # follows the game's seatings (base 2 players: Montgomery and Patton; with Patch-Devers: Patch-Devers, Patton)
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=start]")
    page.select_option("#ng-game", "race-to-the-rhine")
    page.select_option("#opt-players", "2")
    sides = page.locator("#ng-side option")
    expect(sides).to_have_text(["Patch Devers", "Patton"])
    page.uncheck("#opt-patch_devers")
    expect(sides).to_have_text(["Patton", "Montgomery"])
    page.select_option("#opt-players", "1")
    expect(sides).to_have_text(["Bradley"])


def test_the_base_game_board_leaves_the_patch_devers_board_out(page, server):
    # rttr 1 Components: the Patch-Devers side board is attached only 'if playing with Patch-Devers'; in the base
    # game its spaces, names and links are hidden (view.out_of_play), the rest of the map is drawn as before
    r = httpx.post(server.url + "/api/games", json={"game": "race-to-the-rhine",
                                                    "options": {"players": 1, "patch_devers": False},
                                                    "seed": 3, "seats": {"bradley": "human"}})
    assert r.status_code == 200, r.text
    page.goto(r.json()["seats"]["bradley"]["url"])
    page.wait_for_selector("svg.map .counter")
    for sid in ("freiburg", "landing_zone", "marseille"):
        expect(page.locator(f"svg.map circle.node[data-hex={sid}]")).to_be_hidden()
        expect(page.locator(f"svg.map text.placename[data-space={sid}]")).to_be_hidden()
    expect(page.locator("svg.map line.link[data-a=freiburg], svg.map line.link[data-b=freiburg]").first).to_be_hidden()
    expect(page.locator("svg.map circle.node[data-hex=paris]")).to_be_visible()
    expect(page.locator("svg.map circle.node[data-hex=remagen]")).to_be_visible()
    shot(page, "rtr-03-base-game")
