"""Step pips stay on their counter, however many a unit has (the board, second pass, item 6:
Race to the Rhine's supply pips spilled out of the counter onto the place name)."""

from __future__ import annotations

import pytest

from .conftest import start_from_lobby
from .test_board import open_game

pytestmark = pytest.mark.browser

SPILL = """() => {
  const out = [];
  for (const c of document.querySelectorAll('svg.map .counter')) {
    const body = c.querySelector('.body');
    if (!body) continue;
    const b = body.getBoundingClientRect();
    for (const pip of c.querySelectorAll('.pip')) {
      const r = pip.getBoundingClientRect();
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) {
        out.push(c.dataset.unit);
        break;
      }
    }
  }
  return {counters: document.querySelectorAll('svg.map .counter .pip').length, spilled: out};
}"""


@pytest.mark.parametrize("game", ["race-to-the-rhine", "onslaught", "dday-to-the-rhine"])
def test_every_pip_is_inside_its_counter(page, server, game):
    start_from_lobby(page, server, game)
    page.wait_for_timeout(800)
    open_game(page, page.url)
    m = page.evaluate(SPILL)
    assert m["counters"] > 0, f"{game}: no pips drawn: the test proves nothing"
    assert not m["spilled"], f"{game}: pips outside their counter: {m['spilled'][:8]}"
