"""The browser client rebuilds views from patches (issue 18, item 9): pushes and move answers carry
only what changed, the page applies them to the view it holds, and resyncs when it lacks the base."""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

GAME = "dday-to-the-rhine"  # views of ~20 KB, a few hundred bytes change per move


def until(page: Any, pred: Any, timeout: float = 20.0) -> None:
    """Wait for ``pred()``, letting Playwright deliver its events (frames, responses) meanwhile."""
    end = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < end, "condition not met in time"
        page.wait_for_timeout(100)


def client_view(page: Any, side: str) -> Any:
    return page.evaluate(f"JSON.stringify((window.westfrontPlay.payloads[{json.dumps(side)}] || {{}}).view)")


def client_version(page: Any, side: str) -> int:
    return int(page.evaluate(f"(window.westfrontPlay.payloads[{json.dumps(side)}] || {{version: -1}}).version"))


def test_the_board_is_rebuilt_from_view_patches_and_resyncs_on_a_gap(page, server):
    received: list[str] = []
    sent: list[str] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda f: received.append(f if isinstance(f, str) else f.decode()))
        ws.on("framesent", lambda f: sent.append(f if isinstance(f, str) else f.decode()))

    page.on("websocket", on_socket)
    answers: list[bytes] = []
    page.on("response", lambda r: answers.append(r.body()) if r.url.endswith("/actions") else None)
    with httpx.Client(base_url=server.url, timeout=30) as c:
        g = c.post("/api/games", json={"game": GAME, "seed": 5,
                                       "seats": {"german": "human", "allied": "human"}}).json()
        gid = g["id"]
        tok = {side: s["token"] for side, s in g["seats"].items()}
        mine = "allied"  # the page holds the Allied seat; the test plays the Germans (and the Allies, by API)

        def current() -> dict[str, Any]:
            for side in tok:
                p = c.get(f"/api/games/{gid}", params={"token": tok[side]}).json()
                if p["your_turn"] or p["status"] != "active":
                    return p
            raise AssertionError("nobody to move")

        def server_view() -> Any:
            return c.get(f"/api/games/{gid}", params={"token": tok[mine]}).json()["view"]

        page.goto(f"{server.url}/play/{gid}?token={tok[mine]}")
        expect(page.locator("[data-testid=prompt]")).to_be_visible()
        until(page, lambda: received, 20)
        rng = random.Random(5)
        version = 0
        for _ in range(24):
            p = current()
            r = c.post(f"/api/games/{gid}/actions", json={"token": tok[p["seat"]], "version": p["version"],
                                                            "action": rng.choice(p["actions"])})
            assert r.status_code == 200, r.text
            version = r.json()["version"]
        until(page, lambda: client_version(page, mine) == version, 20)
        assert json.loads(client_view(page, mine)) == server_view()
        first, pushes = json.loads(received[0]), [json.loads(f) for f in received[1:]]
        assert "view" in first and all("view_patch" in m for m in pushes) and len(pushes) >= 20
        full = len(received[0])
        assert statistics.median(len(f) for f in received[1:]) < full / 5, (full, [len(f) for f in received])
        assert page.evaluate("window.westfrontPlay.patched") >= 20
        assert page.evaluate("window.westfrontPlay.resyncs") == 0

        # a gap: the page forgets the views it held; the next patch cannot apply, so it resyncs
        page.evaluate("window.westfrontPlay.views.clear()")
        p = current()
        assert c.post(f"/api/games/{gid}/actions", json={"token": tok[p["seat"]], "version": p["version"],
                                                         "action": rng.choice(p["actions"])}).status_code == 200
        version = p["version"] + 1
        until(page, lambda: "resync" in sent, 20)
        until(page, lambda: client_version(page, mine) == version, 20)
        until(page, lambda: json.loads(client_view(page, mine)) == server_view(), 10)
        assert page.evaluate("window.westfrontPlay.resyncs") == 1

        # the page's own move: its answer is a patch too, and the board follows it
        deadline = time.monotonic() + 60
        while not c.get(f"/api/games/{gid}", params={"token": tok[mine]}).json()["your_turn"]:
            assert time.monotonic() < deadline, "the Allies never got a decision"
            p = current()
            c.post(f"/api/games/{gid}/actions", json={"token": tok[p["seat"]], "version": p["version"],
                                                      "action": rng.choice(p["actions"])})
        mine_now = c.get(f"/api/games/{gid}", params={"token": tok[mine]}).json()
        until(page, lambda: client_version(page, mine) == mine_now["version"], 20)
        page.evaluate(f"window.westfrontPlay.submit({json.dumps(rng.choice(mine_now['actions']))})")
        until(page, lambda: answers, 20)
        answer = json.loads(answers[-1])
        assert "view_patch" in answer and "view" not in answer and answer["view_base"] == mine_now["version"]
        until(page, lambda: client_version(page, mine) == mine_now["version"] + 1, 20)
        assert json.loads(client_view(page, mine)) == server_view()
