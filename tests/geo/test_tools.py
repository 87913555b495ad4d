"""Renderer, CLI and the pure helpers of westfront.geo (no geography package)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from westfront.core.hexgrid import grid_for
from westfront.geo.checks import run_checks
from westfront.geo.project import LAEA, GridTransform, ThinPlate, pixel_to_axial
from westfront.geo.render import render_any
from westfront.geo.show import load_map_json, show_json, summary
from westfront.geo.spec import PACKAGES, map_path


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_render_produces_a_sane_png(game: str, tmp_path: Path) -> None:
    m = load_map_json(game)
    out = render_any(m, tmp_path / f"{game}.png", hex_px=10)
    with Image.open(out) as im:
        assert im.format == "PNG"
        assert 400 < im.width < 4000 and 400 < im.height < 4000
    assert out.stat().st_size < 1_500_000


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_show_json_has_the_promised_fields(game: str) -> None:
    out = show_json(load_map_json(game))
    json.dumps(out)  # serialisable
    if "hexes" in out:
        h = out["hexes"][0]
        assert {"label", "terrain", "country", "name", "features"} <= set(h)
        assert {"zones", "boxes", "hexsides", "grid"} <= set(out)
    else:
        assert {"spaces", "links", "areas"} <= set(out)
    assert summary(load_map_json(game))


def test_cli_show_check_render(tmp_path: Path) -> None:
    typer = pytest.importorskip("typer")
    from typer.testing import CliRunner

    from westfront.cli.map import register

    app = typer.Typer()
    register(app)

    @app.callback()
    def _root() -> None:  # a group, as the real CLI is
        pass

    r = CliRunner()
    res = r.invoke(app, ["map", "show", "second-front-now", "--hex", "1414"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["name"] == "Rouen"
    res = r.invoke(app, ["map", "show", "onslaught", "--json"])
    assert res.exit_code == 0 and json.loads(res.output)["game"] == "onslaught"
    res = r.invoke(app, ["map", "check", "all"])
    assert res.exit_code == 0, res.output
    png = tmp_path / "sfn.png"
    res = r.invoke(app, ["map", "render", "second-front-now", str(png), "--hex-px", "8"])
    assert res.exit_code == 0 and png.exists()


def test_laea_round_trip() -> None:
    p = LAEA(2.5, 49.0)
    lon = np.array([-4.5, 2.35, 10.0])
    lat = np.array([48.4, 48.85, 53.5])
    x, y = p.forward(lon, lat)
    lo2, la2 = p.inverse(x, y)
    assert np.allclose(lo2, lon, atol=1e-9) and np.allclose(la2, lat, atol=1e-9)
    # Paris-Brest great-circle distance is about 505 km
    assert abs(np.hypot(x[1] - x[0], y[1] - y[0]) - 505) < 10


def test_thin_plate_interpolates_and_inverse_undoes_it() -> None:
    src = np.array([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0], [10.0, 10.0], [5.0, 5.0]])
    disp = np.array([[0.3, 0.0], [0.0, -0.4], [0.2, 0.2], [0.0, 0.0], [-0.5, 0.1]])
    tps = ThinPlate.fit(src, disp)
    assert np.allclose(tps(src), disp, atol=1e-9)
    tf = GridTransform.north_up(LAEA(2.0, 49.0), 15.0)
    tf.warp = tps
    ll = np.array([[2.0, 49.0], [2.5, 49.3]])
    assert np.allclose(tf.inverse(tf(ll)), ll, atol=1e-6)


def test_pixel_to_axial_matches_grid_centres() -> None:
    for scheme, labels in (("colrow", ["1414", "0101", "3100"]), ("letterrow", ["A1", "R34", "LL44"])):
        g = grid_for(scheme)
        pts = np.array([g.center(g.to_axial(lab), 1.0) for lab in labels])
        assert [g.label(a) for a in pixel_to_axial(g, pts)] == labels


def test_a_broken_calibration_fact_is_reported() -> None:
    m = json.loads(map_path("second-front-now").read_text(encoding="utf-8"))
    cal = {"check": [{"what": "place", "name": "Rouen", "hex": "1415", "rule": "test"}]}
    (r,) = run_checks(m, cal)
    assert not r.ok and "1414" in r.detail


def test_render_draws_the_maps_geography(tmp_path: Path) -> None:
    """`westfront map render` draws geometry.json (towns, rivers) as the browser's board does."""
    from westfront.geo.render import _Frame, render_map
    from westfront.geo.render_art import load_geometry

    m = load_map_json("onslaught")
    geo = load_geometry(map_path("onslaught"))
    assert geo is not None
    hex_px = 12.0
    fr = _Frame(grid_for(m["grid"]["scheme"]), list(m["hexes"]), hex_px, margin=hex_px * 2, legend_w=hex_px * 16)
    with Image.open(render_map(m, tmp_path / "art.png", hex_px=hex_px, geometry=geo)) as im:
        art = np.asarray(im.convert("RGB")).astype(int)
    with Image.open(render_map(m, tmp_path / "plain.png", hex_px=hex_px)) as im:
        plain = np.asarray(im.convert("RGB")).astype(int)

    def at(img: np.ndarray, x: float, y: float) -> np.ndarray:
        px, py = fr.pt(x, y)
        return img[round(py), round(px)]

    def blue_near(img: np.ndarray, x: float, y: float) -> bool:  # a 2-pixel line near a vertex
        px, py = (round(v) for v in fr.pt(x, y))
        box = img[py - 1:py + 2, px - 1:px + 2]
        return bool((box[..., 2] > box[..., 0] + 60).any())

    london = next(t for t in geo["towns"] if t["name"] == "London")  # off the map, on England's backdrop
    assert abs(at(art, london["x"], london["y"]) - np.array([143, 133, 118])).max() < 40  # a town dot
    assert abs(at(plain, london["x"], london["y"]) - np.array([0xeb, 0xe7, 0xdc])).max() < 30  # bare land
    line = max(geo["rivers"]["Rhine"]["lines"], key=len)
    blue = sum(blue_near(art, x, y) for x, y in line)
    assert len(line) > 20 and blue >= 0.7 * len(line)  # the Rhine's course, drawn blue
    assert sum(blue_near(plain, x, y) for x, y in line) < blue  # not only the river hexsides
    assert (art != plain).any(axis=2).mean() > 0.2  # relief, coast and water change much of the board
