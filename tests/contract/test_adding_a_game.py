"""docs/ARCHITECTURE.md "Adding a game", checked against reality (issue 34).

``tests/contract/recipe_game`` is a toy game (Patrols) written by following the recipe and nothing else: a
position on the position kit (``core.pieces.Pieces``, copy-on-write records, ``SHARE_G``), ``INFO``,
``RULE_SECTIONS``, ``GameState`` with ``setup``/``view``, steps with ``on_<verb>`` handlers, ``MAP_FILE``.
The recipe promises that once listed in the registry, the contract suite, the AI and the simulation run on
it: these tests register it (``registry.register``, the plugin route) and run them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import westfront
from westfront.ai.base import get_agent
from westfront.games import registry
from westfront.testing.kit import walk_on_the_position_kit

from . import test_contract as contract

GAME = "patrols"


@pytest.fixture(autouse=True)
def patrols() -> Iterator[None]:
    registry.register(GAME, "tests.contract.recipe_game")
    yield
    registry.unregister(GAME)


CONTRACT = [name for name in dir(contract) if name.startswith("test_") and name != "test_corrupt_saves_are_refused"]


@pytest.mark.parametrize("name", CONTRACT)
def test_the_contract_suite_runs_on_a_game_made_by_the_recipe(name: str) -> None:
    getattr(contract, name)(GAME)


@pytest.mark.parametrize("corrupt", ["truncate", "hash", "actions", "meta"])
def test_corrupt_saves_of_the_recipe_game_are_refused(corrupt: str) -> None:
    contract.test_corrupt_saves_are_refused(GAME, corrupt)


def test_the_recipe_game_is_listed_with_its_info_title() -> None:
    assert GAME in registry.game_ids()
    assert registry.info(GAME).title == "Patrols (the recipe's toy game)"
    assert {g.id for g in westfront.list_games()} >= {GAME}


def test_the_kit_keeps_the_recipe_games_pieces() -> None:
    # patrols 2: moves and eliminations go through the kit's vocabulary; kept placement == rebuilt one
    walk_on_the_position_kit(GAME, seeds=(1, 2, 3), actions=120)


def test_an_agent_plays_the_recipe_game_to_the_end() -> None:
    # patrols 3: every game ends with a result; the AI needs no game-specific hook to play it
    s = westfront.load(GAME, seed=4)
    agents = {side: get_agent("mcts@16", seed=k) for k, side in enumerate(s.INFO.players)}
    for _ in range(200):
        if s.is_terminal():
            break
        side = s.current_player()
        assert side is not None
        s.apply(agents[side].choose(s, side))
    assert s.is_terminal() and s.result() is not None
