"""D-Day (3rd Edition)'s unit types are drawn as NATO symbols and explained in the legend — not
letter codes (st, i, a, abi) that nothing explains (D-Day 3rd §3 counters; the board, second pass,
item 6)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import start_from_lobby

pytestmark = pytest.mark.browser


def test_unit_types_are_symbols_with_a_legend(page, server):
    start_from_lobby(page, server, "dday-3rd")
    page.wait_for_selector("svg.map .counter")
    codes = page.evaluate("() => [...document.querySelectorAll('svg.map .counter .kindtext')].map((t) => t.textContent)")
    assert not [c for c in codes if c in ("st", "i", "a", "abi", "m")], codes
    page.click(".legendcard summary")
    legend = page.locator("[data-testid=kind-legend]")
    for words in ("infantry", "armour", "airborne", "static (coastal) infantry"):
        expect(legend).to_contain_text(words)
