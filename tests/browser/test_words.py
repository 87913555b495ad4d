"""Ids never reach the page as text (the board, second pass, item 5): status columns and the
waiting prompt name sides as people do."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .test_board import start

pytestmark = pytest.mark.browser


def test_status_columns_and_the_waiting_prompt_read_as_words(page, server):
    page.goto(start(server, "second-front-now", "allied", opponent="human"))
    page.wait_for_selector("svg.map .base [data-hex]")
    head = page.locator("[data-testid=budgets] th")
    expect(head.first).to_be_attached()
    words = [t.strip() for t in head.all_inner_texts() if t.strip()]
    assert words and not [w for w in words if re.match(r"[a-z]", w)], words  # SFN: German, not german


@pytest.mark.parametrize("game", ["dday-to-the-rhine", "onslaught"])
def test_the_waiting_prompt_names_the_side_as_people_do(page, server, game):
    # the Allies move first in both campaigns: the German seat waits (1944 3.0, onslaught 3.0)
    page.goto(start(server, game, "german", opponent="human"))
    page.wait_for_selector("svg.map .base [data-hex]")
    expect(page.locator("[data-testid=prompt]")).to_have_text("Waiting for Allied")
