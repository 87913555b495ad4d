"""Which games exist. Game modules are imported lazily so the CLI starts fast.

To add a game: create ``westfront/games/<pkg>/`` whose ``__init__.py`` exposes
``INFO`` (a :class:`GameInfo`) and ``GameState`` (a :class:`State` subclass),
then add one line to ``GAMES`` below. The contract tests pick it up at once.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..core.errors import UnknownGame
from ..core.state import GameInfo, State

# game id (contract) -> python module
GAMES: dict[str, str] = {
    "skirmish": "westfront.games.skirmish",
}

_loaded: dict[str, ModuleType] = {}


def register(game_id: str, module: str) -> None:
    """Register an out-of-tree game module (plugins, tests)."""
    GAMES[game_id] = module
    _loaded.pop(game_id, None)


def module(game_id: str) -> ModuleType:
    if game_id not in GAMES:
        raise UnknownGame(f"unknown game {game_id!r}; registered games: {', '.join(sorted(GAMES))}")
    mod = _loaded.get(game_id)
    if mod is None:
        mod = importlib.import_module(GAMES[game_id])
        _loaded[game_id] = mod
    return mod


def info(game_id: str) -> GameInfo:
    return module(game_id).INFO


def state_class(game_id: str) -> type[State]:
    return module(game_id).GameState


def game_ids() -> list[str]:
    return list(GAMES)
