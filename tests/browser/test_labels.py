"""No internal ids where a person reads (issue 19, item 9): every game is walked for a few
turns in the browser, and no prompt, choice, sidebar or log text may show an id such as
``bomber-1``, ``lower_normandy``, ``hm163``, ``us-7c`` or ``DE-2-AD``. Actions keep their ids for
the API (``data-action``); the page shows the names of the game's labels catalog."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from westfront.games import registry

from .conftest import ARTIFACTS, ServerProcess, shot

pytestmark = pytest.mark.browser

# ids by their shape, whatever the catalog says: snake_case keys, lower-case nation-dash-number
# counters, the 3rd edition's upper-case counter ids, hidden markers and fog-of-war placeholders
GENERIC = [
    r"\b[a-z]+_[a-z0-9_]+\b",                 # lower_normandy, patch_devers, rows08_cols16, 59_inf
    r"\b[a-z]{1,3}-[a-z]*\d[a-z0-9]*\b",      # us-7c, ge-2sspc, g-719, cw-1cdn, de-276, ph-1
    r"\b[a-z]-(?:inf|arm)-\d\b",              # b-inf-1 (skirmish)
    r"\b[A-Z]{2}-\d+-[A-Z]+\b",               # DE-2-AD (D-Day 3rd)
    r"\bhm\d{3}\b",                           # a hidden marker (1944, 18.5)
    r"\ballied-\d{4}-\d+\b",                  # an unidentified Allied unit (SFN 10.6)
    r"\bcols\d\d-\d\d\b",                     # a column band (SFN)
    r"\b(?:naval|bomber|ab)-[a-z0-9-]+\b",    # 1944 support counters
]
READ = """() => {
  const parts = [];
  const take = (sel) => document.querySelectorAll(sel).forEach((root) => {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) parts.push(n.nodeValue);
  });
  take('[data-testid=prompt]'); take('.prompt-extra'); take('[data-testid=choices]');
  take('.topbar'); take('.sidebar'); take('.boxes');
  document.querySelectorAll('[data-testid=choices] button, .prompt-extra button, .chipbtn').forEach((b) => parts.push(b.title || ''));
  return parts.join('\\n');
}"""


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """The AI answers at once: a walk of several turns fits the time of a test."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    srv = ServerProcess(tmp_path / "labels.db", ai_delay=0.0).start()
    yield srv
    srv.kill()


def id_patterns(server: ServerProcess, game: str) -> list[re.Pattern[str]]:
    """The shapes above, plus every id of the game's catalog that would read differently named."""
    cat = httpx.get(f"{server.url}/api/labels/{game}").json()
    assert cat["names"], f"{game} has no labels catalog"
    keys = [k for k, v in cat["names"].items() if k != v and re.search(r"[_\d-]", k) and not k.isdigit()]
    keys += [p for p in cat["players"] if "_" in p]
    out = [re.compile(p) for p in GENERIC]
    if keys:
        out.append(re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True))
                              + r")(?![\w-])"))
    return out


def raw_ids(text: str, patterns: list[re.Pattern[str]]) -> list[str]:
    return sorted({m.group(0) for p in patterns for m in p.finditer(text)})


def caught_up(page, version: int) -> None:
    page.wait_for_function("(v) => +document.querySelector('.promptbar').dataset.version >= v", arg=version,
                           timeout=30_000)


@pytest.mark.parametrize("game", registry.game_ids())
def test_no_internal_id_is_shown_in_a_walk_of_each_game(page, quick_server, game):
    server = quick_server
    info = next(g for g in httpx.get(server.url + "/api/catalog").json()["games"] if g["id"] == game)
    side = info["first_player"] if isinstance(info.get("first_player"), str) else info["players"][0]
    seats = {p: ("human" if p == side else "ai:random") for p in info["players"][:2]}
    options = {"phantoms": True} if game == "dday-to-the-rhine" else {}
    r = httpx.post(server.url + "/api/games", json={"game": game, "seats": seats, "seed": 5, "options": options})
    assert r.status_code == 200, r.text
    made = r.json()
    token = made["seats"][side]["token"]
    page.goto(f"{server.url}/play/{made['id']}?token={token}")  # the token stays valid (an invite would claim it)
    page.wait_for_selector("svg.map")
    patterns = id_patterns(server, game)
    rng = random.Random(5)
    seen: dict[str, str] = {}
    actions = 0
    looked = 0
    while actions < 45:
        p = httpx.get(f"{server.url}/api/games/{made['id']}", params={"token": token}).json()
        if p["status"] != "active":
            break
        if not p["your_turn"]:
            page.wait_for_timeout(150)
            continue
        caught_up(page, p["version"])
        page.wait_for_timeout(120)  # previews and the labels have arrived
        text = page.evaluate(READ)
        looked += 1
        for w in raw_ids(text, patterns):
            seen.setdefault(w, next(line for line in text.splitlines() if w in line)[:160])
        # mostly moves that stay in the phase; now and then the phase ends, so turns go by
        acts = p["actions"]
        enders = [a for a in acts if a in ("end", "done", "pass", "end-phase")]
        pick = rng.choice(enders) if enders and rng.random() < 0.3 else rng.choice(acts)
        res = httpx.post(f"{server.url}/api/games/{made['id']}/actions",
                         json={"token": token, "version": p["version"], "action": pick})
        assert res.status_code in (200, 409), res.text
        actions += 1
    assert looked >= 5, f"the walk through {game} saw too few decisions"
    shot(page, f"labels-{game}")
    assert not seen, f"internal ids shown in {game}: {seen}"
