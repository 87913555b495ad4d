"""Small synthetic boards and hand-built positions for 1944 rule tests.

Rules are checked on tiny maps whose every hex the test names, so a test
keeps meaning the same thing whichever real map the game is played on.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any

from westfront.core.hexgrid import COLROW
from westfront.core.mapdata import GameMap
from westfront.core.rng import seed_state
from westfront.games.dday_to_the_rhine import GameState
from westfront.games.dday_to_the_rhine import units as U
from westfront.games.dday_to_the_rhine.board import Board, use_board
from westfront.games.dday_to_the_rhine.scenarios import init_position


def synthetic_board(width: int = 10, height: int = 8, terrain: dict[str, str] | None = None,
                    sides: dict[tuple[str, str], list[str]] | None = None,
                    places: list[dict[str, Any]] | None = None, country: dict[str, str] | None = None,
                    default_country: str = "france", zones: dict[str, list[str]] | None = None) -> Board:
    terrain = terrain or {}
    country = country or {}
    hexes = {}
    for c in range(1, width + 1):
        for r in range(1, height + 1):
            lab = f"{c:02d}{r:02d}"
            t = terrain.get(lab, "clear")
            hexes[lab] = {"terrain": t, "country": None if t == "sea" else country.get(lab, default_country),
                          "features": []}
    doc = {"schema": "westfront-map/1", "game": "dday-to-the-rhine", "grid": {"scheme": "colrow"}, "hexes": hexes,
           "hexsides": {COLROW.side_id(a, b): {"features": f} for (a, b), f in (sides or {}).items()},
           "places": places or [], "zones": {k: {"hexes": v} for k, v in (zones or {}).items()}}
    return Board(GameMap.from_dict(doc))


def position(turn: int = 2, units: dict[str, tuple[str, int] | str] | None = None, control: list[str] | None = None,
             rp: tuple[int, int] = (10, 10), options: dict[str, Any] | None = None,
             scenario: str = "campaign", flow: list[dict[str, Any]] | None = None) -> GameState:
    """A position with only the named units on the map: ``{uid: (hex, sp)}`` or ``{uid: hex}``."""
    opts = {"objectives": "off", "free_invasions": False, "accelerated_dragoon": False, "phantoms": False}
    opts.update(options or {})
    g: dict[str, Any] = {"game": "dday-to-the-rhine", "meta": {"scenario": scenario, "options": opts, "seed": 0},
                         "rng": seed_state(0), "flow": list(flow or []), "result": None}
    init_position(g, scenario, opts)
    g["turn"] = turn
    for u in g["units"].values():
        u["box"] = U.GONE
    for uid, where in (units or {}).items():
        hx, sp = (where, U.max_strength(uid)) if isinstance(where, str) else where
        g["units"][uid].update({"hex": hx, "box": None, "strength": sp})
    g["control"] = sorted(control or [])
    g["rp"] = {"german": rp[0], "allied": rp[1]}
    return GameState(g)


@contextmanager
def on(board: Board):
    with use_board(board):
        yield board
