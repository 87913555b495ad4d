"""One entry point per game: build the committed map file's exact text."""

from __future__ import annotations

from pathlib import Path

from .spec import HEX_GAMES, P2P_GAMES, geometry_path, map_path
from .writer import dumps_geometry, dumps_map


def build_game(game: str) -> str:
    """The text of ``map.json`` (the rules' map)."""
    if game in HEX_GAMES:
        from .build import build_map

        return dumps_map(build_map(game))
    if game in P2P_GAMES:
        from .p2p_build import build_p2p

        return dumps_map(build_p2p(game))
    raise KeyError(f"unknown game {game!r}")


def build_game_files(game: str) -> dict[Path, str]:
    """Every file a build writes: ``map.json`` and, for hex maps, ``geometry.json``."""
    if game in HEX_GAMES:
        from .build import build_map_and_geometry

        m, geo = build_map_and_geometry(game)
        out = {map_path(game): dumps_map(m)}
        if geo is not None:
            out[geometry_path(game)] = dumps_geometry(geo)
        return out
    return {map_path(game): build_game(game)}
