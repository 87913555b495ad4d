"""Opponents other than the AI: hotseat at one screen, and a friend with an invite link."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from .conftest import end_phase, shot

pytestmark = pytest.mark.browser


def test_hotseat_hides_the_board_while_the_device_changes_hands(page, server):
    page.goto(server.url + "/")
    page.select_option("#ng-game", "skirmish")
    page.check("input[name=opponent][value=hotseat]")
    page.click("[data-testid=start]")
    expect(page.locator("[data-testid=prompt]")).to_contain_text("Blue turn 1")
    end_phase(page)
    curtain = page.locator(".curtain")
    expect(curtain).to_be_visible()
    expect(curtain).to_contain_text("Red to play")
    shot(page, "10-hotseat-curtain")
    page.click("[data-testid=curtain-ok]")
    expect(curtain).to_be_hidden()
    expect(page.locator("[data-testid=prompt]")).to_contain_text("Red turn 1")
    page.click("svg.map .counter[data-unit=r-inf-1]")
    expect(page.locator("[data-testid=prompt]")).to_contain_text("Move Red infantry 1")


def test_a_friend_joins_with_the_invite_link(page, server):
    page.goto(server.url + "/")
    page.select_option("#ng-game", "skirmish")
    page.check("input[name=opponent][value=friend]")
    page.click("[data-testid=start]")
    link = page.locator("[data-testid=invite-red]")
    expect(link).to_be_visible()
    invite = link.input_value()
    assert "/play/" in invite and "invite=" in invite
    page.click("text=Go to your game")
    expect(page.locator("[data-testid=prompt]")).to_contain_text("Blue turn 1")
    end_phase(page)
    expect(page.locator("[data-testid=prompt]")).to_contain_text("Waiting for Red")
    # the friend: another browser profile, i.e. no seats remembered
    page.evaluate("localStorage.clear()")
    page.goto(invite)
    expect(page.locator("[data-testid=prompt]")).to_contain_text("Red turn 1")
    expect(page.locator(".seat.tomove")).to_contain_text("Red (you)")
    assert "token=" not in page.url and "invite=" not in page.url  # the secret leaves the address bar
    # the friend's browser claimed the seat (issue 38): the link's token, which the creator saw, is dead
    link_token = invite.split("invite=", 1)[1]
    assert httpx.get(f"{server.url}/api/games/{invite.split('/play/')[1].split('?')[0]}",
                     params={"token": link_token}).status_code == 403
    end_phase(page)
    expect(page.locator("[data-testid=prompt]")).to_contain_text("Waiting for Blue")


def test_the_invite_link_comes_into_view_selected(page, server):
    # the board, second pass, item 9: after Start the link appeared below the fold
    page.goto(server.url + "/")
    page.select_option("#ng-game", "dday-to-the-rhine")  # the longest New-game form
    page.check("input[name=opponent][value=friend]")
    page.click("[data-testid=start]")
    link = page.locator("[data-testid=invite-german]")
    expect(link).to_be_in_viewport()
    expect(link).to_be_focused()
    assert page.evaluate("() => document.activeElement.selectionEnd - document.activeElement.selectionStart") > 20
