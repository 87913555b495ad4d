"""A map marker shows its whole label (issue 35 item 6): 1944's beach-head marker "BH 21" was cut to "BH "
by a three-character limit, losing the number that tells one beach-head from another."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from .test_board import start

pytestmark = pytest.mark.browser


def test_a_beachhead_marker_keeps_its_number(page, server):
    # 1944 6.2: a landing makes a beach-head; its marker names it (BH and its number)
    url = start(server, "dday-to-the-rhine", "allied", seed=1)
    gid, token = url.split("/play/")[1].split("?invite=")
    labels: list[str] = []
    for action in ("land 1014", "land 0913"):  # the two landings of the set-up (6.2)
        p = httpx.get(f"{server.url}/api/games/{gid}", params={"token": token}).json()
        r = httpx.post(f"{server.url}/api/games/{gid}/actions",
                       json={"token": token, "version": p["version"], "action": action})
        assert r.status_code == 200, r.text
    p = httpx.get(f"{server.url}/api/games/{gid}", params={"token": token}).json()
    labels = [m["label"] for m in p["view"]["markers"] if m["kind"] == "beachhead"]
    page.goto(url)  # the invite is claimed by the page from here on
    page.wait_for_selector("svg.map .counter")
    assert labels and labels[0].startswith("BH ") and len(labels[0]) > 3
    marker = page.locator("svg.map .marker.m-beachhead .marker-t").first
    expect(marker).to_have_text(labels[0].replace(" ", ""))
