"""Every page of every game reads as words (the board, second pass, item 5): the lobby and its
New-game card, the board through a few dozen decisions (prompt, choices, status, the stack
inspector, log, legend, counter and marker tooltips), the rules reference, the replay and the
lobby's "Your games" — and no text a person reads there may be a snake_case key
(``supply_source``, ``major_city``, ``steps_combat``), a side's id in lower case (``german``,
``patch_devers``), a place or sector id (``normandy``, ``avranches``), a scenario id
(``ardennes-learning``) or the game's id."""

from __future__ import annotations

import random
import re

import httpx
import pytest

from .conftest import shot
from .test_labels import caught_up, quick_server  # noqa: F401 - the fixture

pytestmark = pytest.mark.browser

# What a person reads: the text on screen, and the tooltips (title attributes, SVG <title>s).
SEEN = """() => {
  const parts = [document.body.innerText];
  for (const e of document.querySelectorAll('[title]')) parts.push(e.getAttribute('title'));
  for (const t of document.querySelectorAll('svg title')) parts.push(t.textContent);
  for (const o of document.querySelectorAll('option')) parts.push(o.textContent);
  return parts.join('\\n');
}"""

SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")


def id_words(server, game: str) -> tuple[re.Pattern[str], set[str]]:
    """A pattern for the ids that are plain words in lower case: the sides, the places and sectors
    the game's labels declare as such (``normandy`` is Normandy), and scenario ids."""
    cat = httpx.get(f"{server.url}/api/labels/{game}").json()
    words = set(cat["players"]) | set(cat.get("words", []))
    info = next(g for g in httpx.get(server.url + "/api/catalog").json()["games"] if g["id"] == game)
    words |= {s["id"] for s in info["scenarios"] if "-" in s["id"]}
    alts = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(r"(?<![\w/.-])(?:" + alts + r")(?![\w-])"), words


def raw(text: str, pattern: re.Pattern[str]) -> dict[str, str]:
    """Each id found, with the line it was found on."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        for m in [*SNAKE.finditer(line), *pattern.finditer(line)]:
            out.setdefault(m.group(0), line.strip()[:160])
    return out


class Walk:
    def __init__(self, page, server, game: str):
        self.page, self.server, self.game = page, server, game
        self.pattern, self.words = id_words(server, game)
        self.found: dict[str, str] = {}
        self.pages: list[str] = []

    def look(self, where: str) -> None:
        self.page.wait_for_timeout(150)
        text = self.page.evaluate(SEEN)
        self.pages.append(where)
        for w, line in raw(text, self.pattern).items():
            self.found.setdefault(f"{where}: {w}", line)

    def forbid(self, where: str, word: str) -> None:
        text = self.page.evaluate(SEEN)
        line = next((ln for ln in text.splitlines() if word in ln), None)
        if line is not None:
            self.found.setdefault(f"{where}: {word}", line.strip()[:160])


def walk_board(w: Walk, gid: str, token: str, side: str, actions: int) -> None:
    """Play ``actions`` random decisions of ``side`` through the API, looking at the board at each."""
    page, server = w.page, w.server
    rng = random.Random(7)
    done = looked = 0
    prompts: set[str] = set()
    while done < actions:
        p = httpx.get(f"{server.url}/api/games/{gid}", params={"token": token}).json()
        if p["status"] != "active":
            break
        if not p["your_turn"]:
            page.wait_for_timeout(150)
            continue
        caught_up(page, p["version"])
        key = re.sub(r"\d+", "#", p.get("prompt") or "")
        if key not in prompts or looked < 3:
            prompts.add(key)
            if page.locator("details.allchoices").count():
                page.locator("details.allchoices").evaluate("d => d.open = true")
            w.look(f"board ({p.get('prompt')!r})")
            looked += 1
        acts = p["actions"]
        enders = [a for a in acts if a in ("end", "done", "pass", "end-phase")]
        pick = rng.choice(enders) if enders and rng.random() < 0.35 else rng.choice(acts)
        r = httpx.post(f"{server.url}/api/games/{gid}/actions",
                       json={"token": token, "version": p["version"], "action": pick})
        assert r.status_code in (200, 409), r.text
        done += 1
    assert looked >= 3, f"the walk through {w.game} saw too few decisions"


GAMES = ["dday-to-the-rhine", "onslaught", "second-front-now", "dday-3rd", "race-to-the-rhine", "skirmish"]


@pytest.mark.parametrize("game", GAMES)
def test_every_page_of_the_game_shows_words_not_ids(page, quick_server, game):  # noqa: F811 - the fixture
    server = quick_server
    page.set_viewport_size({"width": 1440, "height": 900})
    w = Walk(page, server, game)
    info = next(g for g in httpx.get(server.url + "/api/catalog").json()["games"] if g["id"] == game)
    # lobby: the New-game card with this game (its scenarios, options, sides)
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=start]")
    page.select_option("#ng-game", game)
    for sc in info["scenarios"]:
        page.select_option("#ng-scenario", sc["id"])
        w.look(f"lobby ({sc['id']})")
    scenario = info["scenarios"][-1]["id"]  # 1944: the learning scenario, whose id is the longest
    side = (info.get("first_player") or {}).get(scenario) or info["players"][0]
    players = info["players"][:2]
    if side not in players:
        players = [side, *[p for p in info["players"] if p != side][:1]]
    seats = {p: ("human" if p == side else "ai:random") for p in players}
    options = {"phantoms": True} if game == "dday-to-the-rhine" else {}
    if game == "race-to-the-rhine":
        options = {"players": 2}
    r = httpx.post(server.url + "/api/games", json={"game": game, "scenario": scenario, "seats": seats,
                                                   "seed": 5, "options": options})
    assert r.status_code == 200, r.text
    made = r.json()
    gid, token = made["id"], made["seats"][side]["token"]
    page.goto(f"{server.url}/play/{gid}?token={token}")
    page.wait_for_selector("svg.map .base [data-hex]")
    page.locator(".legendcard").evaluate("d => d.open = true")
    walk_board(w, gid, token, side, 40)
    # the stack inspector of a few places: with units, with map features
    hexes = page.evaluate("""() => {
      const m = window.westfrontPlay.map;
      const withUnits = [...m.unitsAt.keys()].slice(0, 3);
      const withFeatures = [...m.info.entries()].filter(([, i]) => (i.features || []).length).map(([h]) => h).slice(0, 8);
      return [...withUnits, ...withFeatures];
    }""")
    for h in hexes:
        page.evaluate("(h) => window.westfrontPlay.inspect(h)", h)
        w.look(f"inspector ({h})")
    w.forbid("board", gid)
    shot(page, f"walk-{game}")
    # on a phone the seats, status and prompt are written shorter: they read as words too
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(200)
        w.look(f"board at {width} px")
    page.set_viewport_size({"width": 1440, "height": 900})
    # the rules reference, whole
    page.evaluate("(g) => import('/static/js/rules.js').then((m) => m.openRules(g, ''))", game)
    page.wait_for_selector("[data-testid=rules-panel] li")
    w.look("rules reference")
    # the replay: at the end and half-way
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector("[data-testid=replay-slider]")
    w.look("replay")
    w.forbid("replay", gid)
    page.locator("[data-testid=replay-slider]").evaluate("s => { s.value = Math.floor(s.max / 2); s.dispatchEvent(new Event('input')); }")
    w.look("replay half-way")
    # the lobby's "Your games" (the seat is remembered in this browser)
    page.goto(server.url + "/")
    page.wait_for_selector(f"[data-testid=my-games] tr[data-game='{gid}']")
    w.look("your games")
    row = page.locator(f"[data-testid=my-games] tr[data-game='{gid}']").inner_text()
    if scenario not in info["scenarios"][-1]["title"] and re.search(rf"(?<![\w-]){re.escape(scenario)}(?![\w-])", row):
        w.found[f"your games: {scenario}"] = row
    assert not w.found, f"{game}: ids shown where a person reads: {w.found}"
