"""Issue 35 item 10: the two seats of a friend game chat; a message is shown as text, never as HTML."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from .conftest import shot

pytestmark = pytest.mark.browser


def test_two_pages_of_a_friend_game_exchange_messages(page, browser_context, server):
    r = httpx.post(f"{server.url}/api/games", json={"game": "skirmish", "seats": {"blue": "human", "red": "human"}})
    g = r.json()
    gid, tb, tr = g["id"], g["seats"]["blue"]["token"], g["seats"]["red"]["token"]
    page.goto(f"{server.url}/play/{gid}?token={tb}")
    # the friend on another origin of the same server: its own localStorage, i.e. only the red seat
    friend = browser_context.new_page()
    friend.goto(f"{server.url.replace('127.0.0.1', 'localhost')}/play/{gid}?token={tr}")
    try:
        expect(friend.locator(".seat.tomove")).to_contain_text("Blue")
        page.fill("[data-testid=chat-input]", "hello <b>html</b>")
        page.click("[data-testid=chat-send]")
        got = friend.locator("[data-testid=chat-text]")
        expect(got).to_have_text(["hello <b>html</b>"])  # pushed over the socket, shown as text
        assert friend.locator("[data-testid=chat-list] b").count() == 0
        friend.fill("[data-testid=chat-input]", "hi blue")
        friend.press("[data-testid=chat-input]", "Enter")
        expect(page.locator("[data-testid=chat-text]")).to_have_text(["hello <b>html</b>", "hi blue"])
        expect(page.locator("[data-testid=chat-message]").last).to_contain_text("Red")
        shot(page, "35-chat")
    finally:
        friend.close()
    assert httpx.get(f"{server.url}/api/games/{gid}/chat").status_code == 403  # no token: no chat


def test_a_game_against_the_computer_has_no_chat_box(page, server):
    r = httpx.post(f"{server.url}/api/games", json={"game": "skirmish", "seats": {"blue": "human", "red": "ai:random"}})
    g = r.json()
    page.goto(f"{server.url}/play/{g['id']}?token={g['seats']['blue']['token']}")
    expect(page.locator("[data-testid=prompt]")).to_contain_text("Blue turn 1")
    assert page.locator("[data-testid=chat]").count() == 0
