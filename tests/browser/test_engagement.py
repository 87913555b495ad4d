"""Attacks and choices explained on the board (issue 19, items 5 and 11): the units committed to
an attack are marked on the map while it is built; the defender asked a question during the
opponent's attack sees the attacked hex and the attackers; defensive naval gunfire comes with a
preview; move and motor say what each costs. Positions are reached by replaying a fixed policy
in Python and importing the result as a save (both seats human, so nothing moves on its own)."""

from __future__ import annotations

import random
from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import expect

from westfront import api
from westfront.core.state import State

from .conftest import shot
from .test_board import open_game, start

pytestmark = pytest.mark.browser


def german_attacks(s: State, rng: random.Random) -> str:
    """Random play in which the Germans attack whenever they can (and the Allies never do)."""
    acts = [str(a) for a in s.legal_actions()]
    if s.current_player() == "german":
        for pref in ("resolve", "add ", "attack "):
            c = [a for a in acts if a.startswith(pref)]
            if c:
                return rng.choice(c)
    return rng.choice([a for a in acts if not a.startswith("attack ")] or acts)


def reach(game: str, scenario: str, seed: int, until: Callable[[State], bool], cap: int = 600) -> State:
    s = api.load(game, scenario=scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(cap):
        if until(s):
            return s
        s.apply(german_attacks(s, rng))
    raise AssertionError(f"{game} seed {seed}: the position was not reached in {cap} actions")


def open_save(server, page, s: State, side: str) -> None:
    seats = dict.fromkeys(s.INFO.players, "human")
    r = httpx.post(server.url + "/api/games/import", json={"save": s.to_json(), "seats": seats})
    assert r.status_code == 200, r.text
    page.goto(r.json()["seats"][side]["url"])
    page.wait_for_selector("svg.map .counter")
    page.wait_for_timeout(400)


def keep(page, name: str) -> None:
    """A screenshot in the test artifacts (copied by hand to docs/img/board when the look changes)."""
    shot(page, f"board-{name}")


def committed(page) -> list[str]:
    return page.eval_on_selector_all("svg.map .counter.committed", "ns => ns.map(n => n.dataset.unit)")


def test_units_committed_to_an_attack_are_marked_while_it_is_built(page, server):
    open_game(page, start(server, "onslaught", "allied", seed=3))
    page.click("button[data-action=combat]")
    page.wait_for_timeout(300)
    if page.locator("summary:has-text('choices as buttons')").count():
        page.click("summary:has-text('choices as buttons')")
    target = page.locator("button[data-action^='attack ']").first.get_attribute("data-action").split()[1]
    page.locator(f"button[data-action='attack {target}']").click()
    expect(page.locator(f"svg.map .highlights .engaged[data-hex='{target}']")).to_have_count(1)
    assert committed(page) == []  # nobody committed yet
    if page.locator("summary:has-text('choices as buttons')").count():
        page.click("summary:has-text('choices as buttons')")
    add = page.locator("button[data-action^='add ']").first
    unit = add.get_attribute("data-action").split()[1]
    add.click()
    expect(page.locator(f"svg.map .counter.committed[data-unit='{unit}']")).to_have_count(1)
    assert committed(page) == [unit]
    expect(page.locator("svg.map .highlights .attackline")).to_have_count(1)
    status = page.locator("[data-testid=engagement]")
    expect(status).to_contain_text("Building an attack on")
    name = page.evaluate("(u) => document.querySelector(`svg.map .counter[data-unit='${u}'] .ulabel`)?.textContent", unit)
    assert name and name in status.inner_text()
    keep(page, "onslaught-attack")
    # taken back out: the mark goes with it
    if page.locator("summary:has-text('choices as buttons')").count():
        page.click("summary:has-text('choices as buttons')")
    page.locator(f"[data-testid=choices] button[data-action='remove {unit}']").click()
    expect(page.locator("svg.map .counter.committed")).to_have_count(0)


def test_the_defender_sees_the_attack_and_a_naval_gunfire_preview(page, server):
    # 1944 4.1: the Germans attack a coast hex held by US troops; the Allies may add naval gunfire
    s = reach("dday-to-the-rhine", "campaign", 2, lambda s: (s.frame() or {}).get("step") == "naval_defence")
    combat = next(f for f in reversed(s.frames()) if f["step"] == "combat")
    open_save(server, page, s, "allied")
    prompt = page.locator("[data-testid=prompt]")
    expect(prompt).to_contain_text("The Germans attack")
    expect(page.locator(f"svg.map .highlights .engaged[data-hex='{combat['target']}']")).to_have_count(1)
    assert sorted(committed(page)) == sorted(combat["attackers"])
    expect(page.locator("[data-testid=engagement]")).to_contain_text("Attack on")
    # the choice comes with what it changes: dice and the chance of each number of hits
    buttons = page.locator("[data-testid=choices] button[data-action]")
    labels = buttons.all_inner_texts()
    assert any("Western Task Force" in t or "Eastern Task Force" in t for t in labels), labels
    assert "No naval gunfire" in labels
    support = page.locator("[data-testid=choices] button[data-action^='support ']").first
    support.hover()
    preview = page.locator("[data-testid=preview]")
    expect(preview).to_contain_text("Defender rolls")
    with_gunfire = preview.inner_text()
    assert "Attacker loses" in with_gunfire and "%" in with_gunfire
    keep(page, "dday-to-the-rhine-naval-defence")
    page.locator("[data-testid=choices] button[data-action=decline]").hover()
    expect(preview).to_contain_text("Defend without naval gunfire")
    without = preview.inner_text()
    dice = [int(t.split("Defender rolls ")[1].split()[0]) for t in (with_gunfire, without)]
    assert dice[0] == dice[1] + 1, dice  # the task force adds one die


def test_move_and_motor_say_what_each_costs(page, server):
    def both(s: State) -> bool:
        acts = [str(a) for a in s.legal_actions()]
        return s.current_player() == "allied" and any(a.startswith("motor ") and "move " + a.split()[1] in acts
                                                      for a in acts)

    s = reach("dday-to-the-rhine", "campaign", 2, both)
    acts = [str(a) for a in s.legal_actions()]
    v = s.view("allied")
    alone = {h for h in [u["hex"] for u in v["units"]] if [u["hex"] for u in v["units"]].count(h) == 1}
    unit = next(a.split()[1] for a in acts if a.startswith("motor ") and "move " + a.split()[1] in acts
                and next(u["hex"] for u in v["units"] if u["id"] == a.split()[1]) in alone)
    open_save(server, page, s, "allied")
    page.locator(f"svg.map .counter[data-unit='{unit}']").click(force=True)
    menu = page.locator(".prompt-extra")
    expect(menu.locator(f"button[data-action='motor {unit}']")).to_contain_text("(strategic)")
    expect(menu.locator(f"button[data-action='move {unit}']")).to_contain_text("(tactical)")
    assert "twice" in menu.locator(f"button[data-action='motor {unit}']").get_attribute("title")
    helps = page.locator("[data-testid=preview] [data-testid=action-help]").all_inner_texts()
    assert any("Tactical move, 1 RP" in h for h in helps) and any("twice the unit's MP" in h for h in helps), helps
    keep(page, "dday-to-the-rhine-move-or-motor")
    # the menu stands alone in the fixed-height prompt bar: nothing below it to scroll to; cancel brings back the rest
    bar = page.locator(".promptbar")
    assert bar.evaluate("b => b.scrollHeight <= b.clientHeight + 1"), "the menu overflows the prompt bar"
    assert page.locator("[data-testid=choices] button").count() == 0
    page.locator("[data-testid=menu-cancel]").click()
    expect(menu.locator(f"button[data-action='motor {unit}']")).to_have_count(0)
    expect(page.locator("[data-testid=choices] button").first).to_be_visible()
