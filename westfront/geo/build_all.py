"""One entry point per game: build the committed map file's exact text."""

from __future__ import annotations

from .spec import HEX_GAMES, P2P_GAMES
from .writer import dumps_map


def build_game(game: str) -> str:
    if game in HEX_GAMES:
        from .build import build_map

        return dumps_map(build_map(game))
    if game in P2P_GAMES:
        from .p2p_build import build_p2p

        return dumps_map(build_p2p(game))
    raise KeyError(f"unknown game {game!r}")
