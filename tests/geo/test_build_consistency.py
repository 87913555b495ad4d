"""What the builder must keep consistent between parts of a map (no geo extra needed).

These guard the failures the hand-patched maps had: river chains that kept
sides an override took the river off, port capacities that disagreed with the
supply arrows, and a warp whose result depended on a point's place in a batch
(GEOS then rejected unclosed rings and the SFN and D-Day 3rd builds failed).
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from westfront.geo.project import ThinPlate
from westfront.geo.spec import HEX_GAMES, map_path

RIVER = {"river", "major_river"}


def _load(game: str) -> dict:
    return json.loads(map_path(game).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", HEX_GAMES)
def test_river_chains_run_only_along_river_hexsides(game: str) -> None:
    m = _load(game)
    sides = m["hexsides"]
    for name, chains in m["extra"]["rivers"].items():
        for chain in chains:
            for sid in chain:
                assert sid in sides, f"{game}: river {name} runs along {sid}, which is not a hexside entry"
                assert RIVER & set(sides[sid]["features"]), f"{game}: river {name} runs along {sid}, no river there"


@pytest.mark.parametrize("game", HEX_GAMES)
def test_every_river_hexside_is_drawn(game: str) -> None:
    m = _load(game)
    drawn = {sid for chains in m["extra"]["rivers"].values() for ch in chains for sid in ch}
    drawn |= {sid for line in m["lines"].values() for sid in line["hexsides"]}  # Onslaught's Scheldt estuary
    missing = [sid for sid, s in m["hexsides"].items() if RIVER & set(s["features"]) and sid not in drawn]
    assert not missing, f"{game}: river hexsides in no chain of extra.rivers: {missing[:8]}"


def test_dday3rd_port_capacity_is_its_arrow() -> None:
    """D-Day 3rd §6.2: a port's printed capacity is the supply number of its
    arrow (or in-land supply); the place attribute must not disagree."""
    m = _load("dday-3rd")
    cap: dict[str, int] = {}
    for a in m["extra"]["invasion"]:
        cap[a["coast"]] = max(cap.get(a["coast"], 0), a["supply"])
    for a in m["extra"]["inland_supply"]:
        cap[a["hex"]] = max(cap.get(a["hex"], 0), a["supply"])
    for p in m["places"]:
        if "supply" in p["attrs"]:
            assert p["attrs"]["supply"] == cap.get(p["hex"]), p["name"]


def test_warp_is_the_same_wherever_the_point_sits_in_a_batch() -> None:
    rng = np.random.default_rng(7)
    ctrl = rng.uniform(-20, 20, (16, 2))
    tp = ThinPlate.fit(ctrl, rng.normal(0, 0.5, (16, 2)))
    p = np.array([[3.25, -7.5]])
    alone = tp(p)[0]
    for n in (1, 2, 3, 5, 8, 17, 64, 257):
        batch = np.vstack([rng.uniform(-20, 20, (n, 2)), p, rng.uniform(-20, 20, (n % 5, 2))])
        assert np.array_equal(tp(batch)[n], alone), n
