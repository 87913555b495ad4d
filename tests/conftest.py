"""Shared fixtures. Every registered game gets the contract suite."""

from __future__ import annotations

import os

import pytest

from westfront.games import registry

# test servers (in this process and the ones the browser tests start) may choose the seed of a game with
# two human seats and hidden information, for repeatable games; tests/server/test_seeds.py checks the
# refusal with the setting off
os.environ.setdefault("WESTFRONT_CHOSEN_SEEDS", "1")


def all_games() -> list[str]:
    return registry.game_ids()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", all_games())
