"""Issue 19 item 4: a map that looks like a map. The board draws the real geography
its hex map was built from (westfront/geo/geometry.py → data/geometry.json): the
smooth coast over the sea, rivers along their real courses, other streams, towns
sized by population, hill shading, terrain texture and a subtle hex grid — all
under the hexsides and counters, all letting clicks through to the hexes, and
drawn once (redrawing counters never rebuilds them). Screenshots of the default
view land in test-artifacts/browser/ (docs/img/board keeps the README's)."""

from __future__ import annotations

import pytest

from .conftest import shot
from .test_board import open_game, start

pytestmark = pytest.mark.browser

ART = """() => {
  const q = (s) => document.querySelector('svg.map ' + s);
  const all = (s) => [...document.querySelectorAll('svg.map ' + s)];
  const water = q('.mapart-over .art-water');
  const layers = [...document.querySelector('svg.map .viewport').children].map((g) => g.getAttribute('class'));
  return {
    water: water ? water.getAttribute('d').length : 0,
    waterRings: water ? (water.getAttribute('d').match(/M/g) || []).length : 0,
    coast: Boolean(q('.mapart-over .art-water.art-coast')),
    rivers: Object.fromEntries(all('.art-river').map((p) => [p.dataset.river, (p.getAttribute('d').match(/L/g) || []).length])),
    streams: q('.art-stream') ? q('.art-stream').getAttribute('d').length : 0,
    relief: q('.art-relief') ? q('.art-relief').getAttribute('href').slice(0, 22) : null,
    grid: q('.art-grid') ? (q('.art-grid').getAttribute('d').match(/Z/g) || []).length : 0,
    hexes: all('.hex').length,
    towns: all('.art-town').map((c) => ({ name: c.dataset.town, r: +c.getAttribute('r'), place: c.classList.contains('place') })),
    textures: all('.art-texture .tex').length,
    ruleRivers: all('.hexsides .side.s-river, .hexsides .side.s-major_river').length,
    layers,
  };
}"""


RIVERS = {
    "dday-to-the-rhine": {"Rhine", "Seine", "Meuse", "Moselle"},
    "onslaught": {"Rhine", "Seine", "Meuse", "Moselle"},
    "second-front-now": {"Seine", "Somme", "Oise", "Marne"},
    "dday-3rd": {"Rhine", "Seine", "Meuse", "Moselle"},
}


@pytest.mark.parametrize("game", sorted(RIVERS))
def test_the_map_draws_its_geography_under_the_rules(page, server, game):
    page.goto(start(server, game, "allied"))  # Second Front Now opens with no counter on the map
    page.wait_for_selector("svg.map .hex")
    page.wait_for_timeout(300)
    art = page.evaluate(ART)
    # the sea and lakes as one even-odd path whose outline is the coast
    assert art["water"] > 3000 and art["waterRings"] >= 3, art["water"]
    assert art["coast"]
    # rivers along their real courses (many points, not one straight segment per hexside)
    assert RIVERS[game] <= set(art["rivers"]), art["rivers"]
    assert art["rivers"]["Seine"] >= 10, art["rivers"]
    assert art["streams"] > 500
    # hill shading, terrain texture, a subtle grid over every hex
    assert art["relief"] == "data:image/png;base64,"
    assert art["textures"] >= 1
    assert art["grid"] == art["hexes"]
    # towns with sizes: Paris is drawn bigger than the smallest towns
    towns = {t["name"]: t for t in art["towns"]}
    assert len(towns) >= 20
    assert towns["Paris"]["place"] and towns["Paris"]["r"] > min(t["r"] for t in art["towns"])
    # the rules stay where they were: hexside rivers drawn over the art, counters over both
    assert art["ruleRivers"] > 20
    order = art["layers"]
    assert order.index("base") < order.index("mapart mapart-over") < order.index("hexsides") < order.index("units")


def test_the_art_lets_clicks_through_and_is_drawn_once(page, server):
    open_game(page, start(server, "dday-to-the-rhine", "allied"))
    # a hex without counters, inside the view: what the pointer finds there is the hex itself
    hit = page.evaluate("""() => {
      const svgEl = document.querySelector('svg.map'); const box = svgEl.getBoundingClientRect();
      const taken = new Set([...document.querySelectorAll('svg.map .stack')].map((s) => s.dataset.hex));
      for (const h of document.querySelectorAll('svg.map .hex')) {
        if (taken.has(h.dataset.hex) || h.classList.contains('t-sea')) continue;
        const r = h.getBoundingClientRect(); const x = r.x + r.width / 2, y = r.y + r.height / 2;
        if (x < box.left + 40 || x > box.right - 40 || y < box.top + 40 || y > box.bottom - 40) continue;
        const e = document.elementFromPoint(x, y);
        if (e && e.closest('.labels')) continue;  // a place name printed over the centre
        return { hex: h.dataset.hex, found: e && e.closest('[data-hex]') ? e.closest('[data-hex]').dataset.hex : null,
                 art: Boolean(e && e.closest('.mapart')) };
      }
      return null;
    }""")
    assert hit is not None
    assert hit["found"] == hit["hex"] and not hit["art"], hit
    page.evaluate("() => { window.__art = document.querySelector('svg.map .mapart-over'); }")
    at = page.evaluate("""() => {
      const box = document.querySelector('svg.map').getBoundingClientRect();
      for (const c of document.querySelectorAll('svg.map .units .counter')) {
        const r = c.getBoundingClientRect(); const x = r.x + r.width / 2, y = r.y + r.height / 2;
        if (x > box.left + 20 && x < box.right - 20 && y > box.top + 20 && y < box.bottom - 20) return [x, y];
      }
      return null;
    }""")
    assert at is not None
    page.mouse.click(*at)  # the counters redraw (highlights, maybe a spread stack)
    page.wait_for_timeout(300)
    page.locator("svg.map").hover()
    page.mouse.wheel(0, -200)
    page.wait_for_timeout(200)
    assert page.evaluate("() => document.querySelector('svg.map .mapart-over') === window.__art")


@pytest.fixture
def phone(browser_context):
    pg = browser_context.new_page()
    pg.set_viewport_size({"width": 390, "height": 844})
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    pg.close()
    assert not errors, errors


@pytest.mark.parametrize("game", ["dday-to-the-rhine", "onslaught"])
def test_screenshots_of_the_default_view(page, phone, server, game):
    for pg, kind in ((page, "desktop"), (phone, "phone")):
        open_game(pg, start(server, game, "allied"))
        pg.wait_for_timeout(500)
        assert pg.locator("svg.map .art-water").count() == 1
        shot(pg, f"map-look-{game}-{kind}")
    page.click("button[aria-label='fit map']")
    page.wait_for_timeout(300)
    shot(page, f"map-look-{game}-whole")
