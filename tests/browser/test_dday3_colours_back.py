"""D-Day (3rd Edition) in the browser (issue 30, what a player reads): each nation's counters are drawn in the
colour the legend's swatch gives that nation (the game names nations by their codes, DE, SS, US, BR, CA, FR), and
the two-step hex choice of an airborne drop (§8) has a Back that returns from a region's hexes to the regions.

Hotseat with a fixed seed; the Allied units wait in the Britain box, the German ones are on the map."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import end_phase
from .test_dday_3rd import choose, prompt

pytestmark = pytest.mark.browser

LEGEND_NAME = {"DE": "German (Heer)", "SS": "Waffen-SS", "US": "US", "BR": "British", "CA": "Canadian",
               "FR": "Free French", "PL": "Polish"}


def start_hotseat(page, server) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=start]")
    page.select_option("#ng-game", "dday-3rd")
    page.check("input[name=opponent][value=hotseat]")
    page.click("summary:has-text('Advanced')")
    page.fill("#ng-seed", "7")
    page.click("[data-testid=start]")
    page.wait_for_url("**/play/**")
    expect(prompt(page)).to_contain_text("Choose the coastal sector to invade", timeout=30_000)


def rgb(css: str) -> str:
    """A colour as the browser computes it (rgb(r, g, b)), from a hex or rgb string."""
    m = re.fullmatch(r"#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})", css.strip().lower())
    return f"rgb({int(m[1], 16)}, {int(m[2], 16)}, {int(m[3], 16)})" if m else css.strip()


def test_counter_colours_match_the_legend_swatches(page, server):
    # D-Day §2.2: the counters by nation; the legend names each nation's colour
    start_hotseat(page, server)
    page.click(".legendcard summary")
    swatches = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.legendcard .lg-row')]
        .filter((r) => r.querySelector('.lg-swatch'))
        .map((r) => [r.textContent.trim(), getComputedStyle(r.querySelector('.lg-swatch')).backgroundColor]))""")
    fills = page.evaluate("""() => [...document.querySelectorAll('.counter[data-unit]')]
        .map((c) => [c.dataset.unit.split('-')[0], c.querySelector('rect.body').getAttribute('fill')])""")
    seen: dict[str, set[str]] = {}
    for nation, fill in fills:
        seen.setdefault(nation, set()).add(rgb(fill))
    assert {"DE", "SS", "US", "BR"} <= set(seen), seen
    wrong = {n: (sorted(f), swatches.get(LEGEND_NAME[n])) for n, f in seen.items()
             if f != {swatches.get(LEGEND_NAME[n])}}
    assert not wrong, f"counters whose colour is not their nation's legend swatch: {wrong}"


def test_region_menu_back_returns_to_the_regions(page, server):
    # D-Day §8: a drop's hex is chosen in two steps (region, then hex); Back returns to the regions
    start_hotseat(page, server)
    choose(page, "invade north_sea")
    choose(page, "land US-1-ID")
    choose(page, "at K20")
    end_phase(page, "done")
    expect(prompt(page)).to_contain_text("Airborne drops")
    drop = page.locator("[data-testid=choices] button[data-action^='drop ']").first
    choose(page, drop.get_attribute("data-action"))
    expect(prompt(page)).to_contain_text("choose a region")
    regions = page.locator("[data-testid=choices] button[data-action^='region ']")
    first = regions.first.get_attribute("data-action")
    n_regions = regions.count()
    assert n_regions >= 2
    choose(page, first)
    expect(page.locator("[data-testid=choices] button[data-action^='hex ']").first).to_be_attached()
    back = page.locator("[data-testid=choices] button[data-action=back]")
    expect(back).to_be_visible()
    expect(back).to_have_text(re.compile("back", re.I))
    back.click()
    expect(prompt(page)).to_contain_text("choose a region")
    expect(page.locator("[data-testid=choices] button[data-action^='region ']")).to_have_count(n_regions)
    choose(page, first)
    choose(page, page.locator("[data-testid=choices] button[data-action^='hex ']").first.get_attribute("data-action"))
    expect(prompt(page)).to_contain_text("Airborne drops")
