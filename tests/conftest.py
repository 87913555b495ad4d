"""Shared fixtures. Every registered game gets the contract suite."""

from __future__ import annotations

import pytest

from westfront.games import registry


def all_games() -> list[str]:
    return registry.game_ids()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", all_games())
