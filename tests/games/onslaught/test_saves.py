"""Saves written before the stages of the sequence had names still load and play on."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import westfront
from westfront.games.onslaught import GameState
from westfront.testing.kit import legal, play

DATA = Path(__file__).parent / "data"
# what the saves showed when they were written (before named stages and renamed keys)
SAVED = {
    "save_midturn": ("german", "German replacements (2 points): rebuild or refit a division, or done"),
    "save_midcombat": ("allied", "Retreat from 1120 (6th Airborne): choose where each division ends"),
}


@pytest.mark.parametrize("name", sorted(SAVED))
def test_old_format_saves_load_and_play_on(name):
    # onslaught 4.0: a save from before named stages (integer stage counters, short g keys) loads at the
    # decision it was saved at and plays on; the flow's stages turn into names as the steps resume
    old = westfront.from_json((DATA / f"{name}.json").read_text(encoding="utf-8"))
    assert isinstance(old, GameState)
    assert any(isinstance(f.get("stage"), int) for f in old.g["flow"])
    player, prompt = SAVED[name]
    assert old.current_player() == player and old.prompt().startswith(prompt)
    assert "supply_points" in old.g and "sp" not in old.g
    for side in ("allied", "german", None):
        old.view(side)
    rnd = random.Random(1)
    turn = old.turn
    for _ in range(3000):
        if old.turn > turn or old.is_terminal():
            break
        play(old, rnd.choice(legal(old)))
    assert old.turn == turn + 1 or old.is_terminal()
    assert all(isinstance(f.get("stage", ""), str) for f in old.g["flow"])


def test_old_saves_name_their_stages_once_resumed():
    # onslaught 4.0: the integer stages of the old save map onto the named stages of the turn
    s = westfront.from_json((DATA / "save_midturn.json").read_text(encoding="utf-8"))
    stages = {f["step"]: f["stage"] for f in s.g["flow"] if "stage" in f}
    assert stages == {"turn": 4, "reinforcement_step": 4}  # as saved: waiting in German replacements
    play(s, "done")  # the German replacements end: the step goes on by name
    assert next(f for f in s.g["flow"] if f["step"] == "reinforcement_step")["stage"] == "allied_replacements"
