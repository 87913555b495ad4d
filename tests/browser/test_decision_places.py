"""The map goes to the decision (the board, second pass, item 2): a prompt about places that its
buttons name by word ("Calais or Dieppe?", the coastal sector to invade, a region) marks those
places on the map, hovering a choice fills its hexes, and a decision taken from the whole-theatre
view zooms in to where its counters can be read."""

from __future__ import annotations

import httpx
import pytest

from .conftest import shot
from .test_labels import caught_up, quick_server  # noqa: F401 - the fixture

pytestmark = pytest.mark.browser

READABLE = """() => {
  const m = window.westfrontPlay.map;
  return { k: m.vb[2] / m.root.clientWidth, readable: m.readableScale(), vb: m.vb.slice() };
}"""

INSIDE = """(ids) => {
  const m = window.westfrontPlay.map;
  const [x, y, w, h] = m.vb;
  return ids.filter((id) => { const [px, py] = m.pos.get(id); return px >= x && py >= y && px <= x + w && py <= y + h; });
}"""


def open_game(page, server, game: str, width: int) -> tuple[str, str]:
    page.set_viewport_size({"width": width, "height": 900 if width > 800 else 800})
    r = httpx.post(server.url + "/api/games", json={"game": game, "seats": {"allied": "human", "german": "ai:random"},
                                                   "seed": 1})
    assert r.status_code == 200, r.text
    made = r.json()
    gid, token = made["id"], made["seats"]["allied"]["token"]
    page.goto(f"{server.url}/play/{gid}?token={token}")
    page.wait_for_selector("svg.map .base [data-hex]")
    return gid, token


def marked(page, cls: str) -> set[str]:
    return set(page.eval_on_selector_all(f"svg.map .highlights .{cls}", "ns => ns.map((n) => n.dataset.hex)"))


def theatre(page) -> None:
    """The whole map in view, as a player who zoomed out to look at the theatre would have it."""
    page.evaluate("() => window.westfrontPlay.map.fit()")
    look = page.evaluate(READABLE)
    assert look["k"] > look["readable"] * 1.15, "the whole map should be too small to read"


@pytest.mark.parametrize("width", [360, 390, 1440])
def test_calais_or_dieppe_marks_the_beaches_and_the_next_decision_is_zoomed_to(page, quick_server, width):  # noqa: F811
    # SFN 3.2: the Allied player picks the invasion area, Calais or Dieppe beaches
    server = quick_server
    gid, token = open_game(page, server, "second-front-now", width)
    beaches = httpx.get(f"{server.url}/api/labels/second-front-now").json()["places"]
    assert set(beaches) == {"calais", "dieppe"}
    page.wait_for_selector("button[data-action=calais]")
    # both areas' beaches are outlined while the question stands
    assert marked(page, "placemark") == set(beaches["calais"]) | set(beaches["dieppe"])
    # and the opening view shows them all, closer than the whole theatre
    look = page.evaluate(READABLE)
    page.evaluate("() => window.westfrontPlay.map.fit()")
    whole = page.evaluate(READABLE)
    page.evaluate("(vb) => { const m = window.westfrontPlay.map; m.vb = vb; m.applyView(); }", look["vb"])
    assert look["k"] < whole["k"] / 2, (look, whole)
    assert set(page.evaluate(INSIDE, beaches["calais"] + beaches["dieppe"])) == set(beaches["calais"] + beaches["dieppe"])
    # a choice under the pointer fills its own beaches
    page.hover("button[data-action=calais]")
    assert marked(page, "placehover") == set(beaches["calais"])
    page.hover("button[data-action=dieppe]")
    assert marked(page, "placehover") == set(beaches["dieppe"])
    shot(page, f"places-sfn-{width}")
    # the airborne drop (SFN 15.6): its hex is picked region first; each region button marks its hexes
    page.click("button[data-action=dieppe]")
    p = my_turn(page, server, gid, token, "Plot airborne drops")
    plan = next(a for a in p["actions"] if a.startswith("plan "))
    p = act(page, server, gid, token, p, plan)
    assert "choose a region" in p["prompt"], p["prompt"]
    regions = {a: p["places"][a] for a in p["actions"] if a.startswith("region ")}
    assert regions and all(regions.values()), p["places"]
    assert marked(page, "placemark") == {h for hs in regions.values() for h in hs}
    first = sorted(regions)[0]
    page.hover(f"button[data-action='{first}']")
    assert marked(page, "placehover") == set(regions[first])
    # from the whole theatre, the hexes of the region chosen are zoomed to (all of them in view)
    theatre(page)
    whole = page.evaluate(READABLE)
    p = act(page, server, gid, token, p, first)
    hexes = [a.split()[1] for a in p["actions"] if a.startswith("hex ")]
    assert set(hexes) == set(regions[first]), p["prompt"]
    page.wait_for_function("(k) => window.westfrontPlay.map.vb[2] / window.westfrontPlay.map.root.clientWidth < k",
                           arg=whole["k"] / 1.5)
    assert set(page.evaluate(INSIDE, hexes)) == set(hexes)
    # "Day of the drop on <hex>": the hex the prompt names is marked and in view
    theatre(page)
    p = act(page, server, gid, token, p, f"hex {hexes[0]}")
    assert p["prompt"].startswith("Day of the drop on"), p["prompt"]
    page.wait_for_function("(h) => [...document.querySelectorAll('svg.map .highlights .placemark')].some((n) => n.dataset.hex === h)",
                           arg=hexes[0])
    assert page.evaluate(INSIDE, [hexes[0]]) == [hexes[0]]
    look = page.evaluate(READABLE)
    assert look["k"] <= look["readable"] * 1.15 + 1e-6, look


def my_turn(page, server, gid: str, token: str, prompt: str) -> dict:
    """Wait (the computer plays its part) until this seat is asked ``prompt``, and the page has it."""
    for _ in range(300):
        p = httpx.get(f"{server.url}/api/games/{gid}", params={"token": token}).json()
        if p["your_turn"] and p["prompt"].startswith(prompt):
            caught_up(page, p["version"])
            return p
        page.wait_for_timeout(100)
    raise AssertionError(f"never asked {prompt!r}; last: {p['prompt']!r}")


def act(page, server, gid: str, token: str, p: dict, action: str) -> dict:
    r = httpx.post(f"{server.url}/api/games/{gid}/actions", json={"token": token, "version": p["version"], "action": action})
    assert r.status_code == 200, r.text
    nxt = httpx.get(f"{server.url}/api/games/{gid}", params={"token": token}).json()
    caught_up(page, nxt["version"])
    page.wait_for_timeout(200)
    return nxt


@pytest.mark.parametrize("width", [390, 1440])
def test_the_sector_to_invade_is_marked_and_the_landing_is_zoomed_to(page, quick_server, width):  # noqa: F811
    # D-Day §7 (invasion): the Allied player names a coastal sector; each button marks its coast
    server = quick_server
    gid, token = open_game(page, server, "dday-3rd", width)
    sectors = httpx.get(f"{server.url}/api/labels/dday-3rd").json()["places"]
    page.wait_for_selector("button[data-action='invade normandy']")
    page.hover("button[data-action='invade normandy']")
    assert marked(page, "placehover") == set(sectors["normandy"])
    page.hover("button[data-action='invade brittany']")
    assert marked(page, "placehover") == set(sectors["brittany"])
    assert set(sectors["normandy"]) <= marked(page, "placemark")
    # from the whole map, invading Normandy zooms in on it ("Land units in Normandy")
    theatre(page)
    whole = page.evaluate(READABLE)
    v = httpx.get(f"{server.url}/api/games/{gid}", params={"token": token}).json()["version"]
    page.click("button[data-action='invade normandy']")
    caught_up(page, v + 1)
    # readable where the sector fits the screen at that zoom (the desktop); all of it on a phone
    page.wait_for_function("(k) => window.westfrontPlay.map.vb[2] / window.westfrontPlay.map.root.clientWidth < k",
                           arg=whole["k"] / 2)
    look = page.evaluate(READABLE)
    if width >= 1440:
        assert look["k"] <= look["readable"] * 1.15 + 1e-6, look
    assert set(page.evaluate(INSIDE, sectors["normandy"])) == set(sectors["normandy"]), "Normandy is in view"
    shot(page, f"places-dday3-{width}")
