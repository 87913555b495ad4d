"""The committed board geometry (``data/geometry.json``) agrees with its map.

No geography package needed: these read the committed files. The geometry is
presentation only, but it must sit in the same grid units as the map (the
hexes inside its frame, its rivers the map's rivers, its towns the map's
places where it has them) and stay small.
"""

from __future__ import annotations

import base64
import io
import json

import numpy as np
import pytest
from PIL import Image

from westfront.core.hexgrid import grid_for
from westfront.geo.spec import HEX_GAMES, geometry_path, map_path
from westfront.server.mapview import render_map


def _load(game: str) -> tuple[dict, dict]:
    return (json.loads(map_path(game).read_text(encoding="utf-8")),
            json.loads(geometry_path(game).read_text(encoding="utf-8")))


@pytest.mark.parametrize("game", HEX_GAMES)
def test_geometry_matches_its_map(game: str) -> None:
    m, g = _load(game)
    assert g["schema"] == "westfront-geometry/1" and g["game"] == game
    grid = grid_for(m["grid"]["scheme"])
    centres = np.array([grid.center(grid.to_axial(h), 1.0) for h in m["hexes"]])
    x0, y0, x1, y1 = g["frame"]
    assert (centres[:, 0] > x0).all() and (centres[:, 0] < x1).all()
    assert (centres[:, 1] > y0).all() and (centres[:, 1] < y1).all()
    # the water rings are closed and inside the frame
    assert g["water"]
    for ring in g["water"]:
        assert ring[0] == ring[-1]
        xs, ys = [p[0] for p in ring], [p[1] for p in ring]
        e = 0.006  # coordinates are rounded to 0.01
        assert x0 - e <= min(xs) and max(xs) <= x1 + e and y0 - e <= min(ys) and max(ys) <= y1 + e
    # every drawn river is one of the map's rivers, and its course runs near its hexsides
    assert set(g["rivers"]) <= set(m["extra"]["rivers"])
    for name, r in g["rivers"].items():
        mids = []
        for chain in m["extra"]["rivers"][name]:
            for sid in chain:
                a, b = (np.array(grid.center(grid.to_axial(h), 1.0)) for h in sid.split("|"))
                mids.append((a + b) / 2)
        pts = np.array([p for line in r["lines"] for p in line])
        d = np.sqrt(((pts[:, None, :] - np.array(mids)[None, :, :]) ** 2).sum(-1)).min(axis=1)
        assert np.median(d) < 1.0, f"{game}: {name} course strays from its hexsides (median {np.median(d):.2f} hexes)"
    # towns: the map's towns are there, each at a real size
    names = {t["name"] for t in g["towns"]}
    towns = [p["name"] for p in m["places"] if p["kind"] in ("town", "city", "major_city", "port", "fortress")]
    assert set(towns) <= names
    assert all(t["population"] >= 0 for t in g["towns"])
    # the relief decodes to its stated size
    with Image.open(io.BytesIO(base64.b64decode(g["relief"]["png"]))) as im:
        assert list(im.size) == g["relief"]["size"] and im.mode == "LA"
    assert geometry_path(game).stat().st_size < 300_000


@pytest.mark.parametrize("game", HEX_GAMES)
def test_the_board_serves_the_geometry_in_pixels(game: str) -> None:
    view = render_map(game)
    geo = view["geometry"]
    assert geo["water"].startswith("M") and geo["water"].count("Z") >= 1
    assert geo["relief"]["href"].startswith("data:image/png;base64,")
    b = view["bounds"]
    f = geo["frame"]
    assert abs(f[0] - b[0]) < 1 and abs(f[2] - b[2]) < 1  # the frame is the board's own bounds
