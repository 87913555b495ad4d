"""westfront: board wargames of the 1943-45 Western Front, as a rules engine and more.

    import westfront
    s = westfront.load("onslaught", scenario="campaign", seed=7)
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
"""

from .api import from_json, list_games, load, replay
from .core.actions import Action
from .core.errors import IllegalAction, MapError, SaveError, UnknownGame, WestfrontError
from .core.state import GameInfo, OptionInfo, Result, ScenarioInfo, State

__version__ = "0.1.0"

__all__ = [
    "Action",
    "GameInfo",
    "IllegalAction",
    "MapError",
    "OptionInfo",
    "Result",
    "SaveError",
    "ScenarioInfo",
    "State",
    "UnknownGame",
    "WestfrontError",
    "from_json",
    "list_games",
    "load",
    "replay",
]
