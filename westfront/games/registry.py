"""Which games exist. Game modules are imported lazily so the CLI starts fast.

To add a game: create ``westfront/games/<pkg>/`` whose ``__init__.py`` exposes
``INFO`` (a :class:`GameInfo`), ``RULE_SECTIONS`` and ``GameState`` (a
:class:`State` subclass), and list it in ``GAMES`` below. A listed game counts as
registered once its package exists; the contract tests pick it up at once.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from ..core.errors import UnknownGame
from ..core.state import GameInfo, State

# game id (contract) -> python module
GAMES: dict[str, str] = {
    "dday-to-the-rhine": "westfront.games.dday_to_the_rhine",
    "onslaught": "westfront.games.onslaught",
    "second-front-now": "westfront.games.second_front_now",
    "dday-3rd": "westfront.games.dday_3rd",
    "race-to-the-rhine": "westfront.games.race_to_the_rhine",
    "skirmish": "westfront.games.skirmish",
}

# The lobby's title of a listed game whose package is not written yet ("coming soon"); a
# registered game's title is its GameInfo.title, never repeated here.
PLANNED_TITLES: dict[str, str] = {}

_loaded: dict[str, ModuleType] = {}


def register(game_id: str, module: str) -> None:
    """Register an out-of-tree game module (plugins, tests)."""
    GAMES[game_id] = module
    _loaded.pop(game_id, None)


def unregister(game_id: str) -> None:
    """Forget a game registered with :func:`register` (tests that add a toy game take it out again)."""
    GAMES.pop(game_id, None)
    _loaded.pop(game_id, None)


def _present(game_id: str) -> bool:
    try:
        spec = importlib.util.find_spec(GAMES[game_id])
    except ModuleNotFoundError:
        return False
    return spec is not None and spec.origin is not None and spec.origin.endswith("__init__.py")


def module(game_id: str) -> ModuleType:
    if game_id not in GAMES or not _present(game_id):
        raise UnknownGame(f"unknown game {game_id!r}; registered games: {', '.join(game_ids())}")
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
    """Registered games whose package is present, in the order listed."""
    return [g for g in GAMES if _present(g)]


def planned() -> list[tuple[str, str]]:
    """Listed games whose package is not there yet: (id, title), for the lobby's "coming soon"."""
    return [(g, PLANNED_TITLES.get(g, g)) for g in GAMES if not _present(g)]
