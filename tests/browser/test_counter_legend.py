"""Counters carry their NATO size and the legend explains everything the map draws (the board,
second pass, item 6): 1944, Onslaught and D-Day (3rd Edition) counters show XXXX/XXX/XX marks from
their unit data; the legend names every marker a game can put on the map (with the rule), what the
numbers on a counter and its pips mean; Onslaught's supply table shows its last column whole."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.sync_api import expect

from westfront import api

from .conftest import start_from_lobby

pytestmark = pytest.mark.browser

GAMES = ["dday-to-the-rhine", "onslaught", "dday-3rd", "second-front-now", "race-to-the-rhine", "skirmish"]

# the marks each game's counters must show: 1944 3.0 (armies and corps), onslaught 2.3 (divisions),
# D-Day 3rd §2.2 Table 2 (the counter's echelon: divisions, army HQs, ...), SFN 2.5/6.6 (divisions, army
# HQs, corps artillery, the Fast Brigades; a fortress garrison has none)
SIZES = {
    "dday-to-the-rhine": ({"XXXX", "XXX"}, {"XXXX", "XXX"}),
    "onslaught": ({"XX"}, {"XX"}),
    "dday-3rd": ({"XX"}, {"XXXXXX", "XXXXX", "XXXX", "XX", "X", "III"}),
    "second-front-now": ({"XX", "XXX"}, {"XXXX", "XXX", "XX", "X", ""}),
}

# what the legend must say about a counter's numbers and pips, per game (the rule's words)
COUNTER_WORDS = {
    "dday-to-the-rhine": ["dice rolled in combat", "strength points", "movement points", "XXXX army", "XXX corps"],
    "onslaught": ["combat strength", "movement points", "depleted", "XX division"],
    "dday-3rd": ["attack", "defence", "movement", "XX division", "XXXX army", "out of supply"],
    "second-front-now": ["anti-armour", "anti-infantry", "movement", "strength steps", "XX division"],
    "race-to-the-rhine": ["Fuel", "Ammo", "Food", "supply slots"],
    "skirmish": ["attack", "defence", "movement"],
}

# marker labels the legend must show for each game, whether or not one is on the map yet
MARKER_LABELS = {
    "dday-to-the-rhine": {"A", "BH"},
    "onslaught": {"4", "A", "G", "X"},
    "dday-3rd": {"A", "M", "V", "U", "CAD", "RI"},
    "second-front-now": {"A"},
    "race-to-the-rhine": {"C", "A", "FFI", "T"},
    "skirmish": {"B", "R"},
}


def open_legend(page) -> None:
    if page.locator("[data-testid=tabs]").is_visible():
        page.click("[data-testid=tabs] [data-tab=legend]")
    else:
        page.click(".legendcard summary")


@pytest.mark.parametrize("game", sorted(SIZES))
@pytest.mark.parametrize("width", [390, 1440])
def test_counters_show_their_nato_size_from_the_unit_data(page, server, game, width):
    page.set_viewport_size({"width": width, "height": 844 if width < 500 else 900})
    start_from_lobby(page, server, game)
    page.wait_for_selector(".counter", state="attached")  # SFN opens on its landing choice, counters in boxes
    if not page.locator(".boxes .box").count():  # a phone folds the boxes to one line: open them
        page.click("[data-testid=boxes-toggle]")
        page.wait_for_selector(".boxes .counter", state="attached")
    marks = page.evaluate("""() => [...document.querySelectorAll('svg.map .counter, .boxes .counter')]
      .filter((c) => !c.querySelector('.hidden-q'))
      .map((c) => (c.querySelector('.sizemark') || {}).textContent || '')""")
    on_map, allowed = SIZES[game]
    bare = 4 if game == "second-front-now" else 0  # SFN 2.8: the four fortress garrisons
    assert marks and marks.count("") <= bare, f"{game}: counters without a size mark: {marks.count('')} of {len(marks)}"
    assert on_map <= set(marks) <= allowed, (game, sorted(set(marks)))
    # the legend says what the marks mean
    open_legend(page)
    size_line = page.locator("[data-testid=counter-legend] [data-part=size]")
    for mark in on_map:
        expect(size_line).to_contain_text(mark)


def marker_kinds_in_play(game: str, actions: int = 400) -> dict[str, set[str]]:
    """Every marker kind (with its labels' first letters) a game's views show over random play, from
    each default scenario and option set: what the legend must be ready to explain."""
    seen: dict[str, set[str]] = {}
    info = api.registry.info(game)
    for k, sc in enumerate(info.scenarios[:2]):
        s = api.load(game, sc.id, {}, 11 + k)
        rnd = random.Random(5 + k)
        for _ in range(actions):
            if s.is_terminal():
                break
            s.apply(rnd.choice(s.legal_actions()))
            for side in (*s.INFO.players, None):
                for m in s.view(side).get("markers") or []:
                    seen.setdefault(m["kind"], set()).add(str(m.get("label", ""))[:1])
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_the_legend_explains_every_marker_and_the_counter(page, server, game):
    start_from_lobby(page, server, game)
    page.wait_for_selector(".counter", state="attached")
    open_legend(page)
    legend = page.locator("[data-testid=marker-legend]")
    expect(legend).to_be_visible()
    rows = page.evaluate("""() => [...document.querySelectorAll('[data-testid=marker-legend] [data-marker]')]
      .map((r) => [r.dataset.marker, r.querySelector('.marker-t').textContent, r.innerText.trim()])""")
    labels = {label for _, label, _ in rows}
    assert MARKER_LABELS[game] <= labels, (game, labels)
    assert all(len(text) > 12 for _, _, text in rows), rows  # each says what it is, not just its letter
    # every marker now on the map has its row
    on_map = page.evaluate("""() => [...document.querySelectorAll('svg.map .marker')]
      .map((m) => [...m.classList].find((c) => c.startsWith('m-')).slice(2))""")
    kinds = {k for k, _, _ in rows}
    assert set(on_map) <= kinds, (game, set(on_map) - kinds)
    # and so has every kind the game's views showed in random play, with the same first letters
    for kind, firsts in marker_kinds_in_play(game).items():
        assert kind in kinds, f"{game}: the legend does not explain the '{kind}' marker"
        shown = {label[:1] for k, label, _ in rows if k == kind}
        if kind not in ("beach", "supply_source"):  # beach names and supply numbers vary; the letters do not
            assert firsts <= shown, (game, kind, firsts, shown)
    counter = page.locator("[data-testid=counter-legend]")
    for words in COUNTER_WORDS[game]:
        expect(counter).to_contain_text(words)
    expect(counter.locator("svg .counter")).to_have_count(1)


def sfn_with_replacements(server) -> str:
    """A Second Front Now! game in which both Allied nationalities have replacement points (SFN 8.0): the
    widest budget table (CP, VP, US, Commonwealth), imported with the Allies to move."""
    info = api.registry.info("second-front-now")
    s = api.load("second-front-now", info.scenarios[0].id, {}, 3)
    rnd = random.Random(1)
    while not ("commonwealth" in (s.view("allied")["budgets"].get("replacements") or {})
               and s.current_player() == "allied"):
        s.apply(rnd.choice(s.legal_actions()))
    r = httpx.post(server.url + "/api/games/import", timeout=60,
                   json={"save": s.to_json(), "seats": {"allied": "human", "german": "ai:random"}})
    assert r.status_code == 200, r.text
    return r.json()["seats"]["allied"]["url"]


@pytest.mark.parametrize(("game", "width"), [("onslaught", 390), ("onslaught", 1440), ("second-front-now", 360),
                                             ("second-front-now", 1440), ("race-to-the-rhine", 390)])
def test_the_budget_table_shows_every_column(page, server, game, width):
    # onslaught 8.1: supply, income, replacement and the track's maximum, for both sides; SFN 6.1/8.0: command
    # points, VP and each nationality's replacements — none cut off at the sidebar's edge
    page.set_viewport_size({"width": width, "height": 844 if width < 500 else 900})
    if game == "second-front-now":
        page.goto(sfn_with_replacements(server))
        page.wait_for_selector("svg.map .base [data-hex]")
    else:
        start_from_lobby(page, server, game)
    if width < 500:
        page.click("[data-testid=tabs] [data-tab=status]")
    table = page.locator("[data-testid=budgets]")
    expect(table).to_be_visible()
    expect(table).to_contain_text({"onslaught": "Max Supply", "second-front-now": "Commonwealth"}.get(game, "Medals"))
    m = table.evaluate("""(t) => {
      const box = t.getBoundingClientRect();
      const out = [...t.querySelectorAll('th, td')].filter((c) => c.getBoundingClientRect().right > box.right + 1)
        .map((c) => c.textContent);
      return {cut: out, scroll: t.scrollWidth, client: t.clientWidth, right: box.right, screen: innerWidth};
    }""")
    assert not m["cut"] and m["scroll"] <= m["client"] + 1, m
    assert m["right"] <= width, m
