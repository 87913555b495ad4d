"""Saves written before the stages of the sequence had names still load and play on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import westfront
from westfront.games.onslaught import GameState
from westfront.testing.kit import legal, play

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("name", ["save_midturn", "save_midcombat"])
def test_old_format_saves_load_and_match_a_replay(name):
    # onslaught 4.0: a save from before named stages (integer stage counters, short g keys) loads,
    # shows the same decision as a replay of its actions, and plays on identically
    text = (DATA / f"{name}.json").read_text(encoding="utf-8")
    old = westfront.from_json(text)
    assert isinstance(old, GameState)
    doc = json.loads(text)
    replay = westfront.replay("onslaught", doc["scenario"], doc["options"], doc["seed"], doc["actions"])
    assert any(isinstance(f.get("stage"), int) for f in old.g["flow"])
    assert all(isinstance(f.get("stage", ""), str) for f in replay.g["flow"])
    assert old.current_player() == replay.current_player() and old.prompt() == replay.prompt()
    assert legal(old) == legal(replay)
    assert old.view("allied") == replay.view("allied")
    # play the same ten actions in both and compare again
    for _ in range(10):
        if replay.is_terminal():
            break
        a = legal(replay)[0]
        play(old, a)
        play(replay, a)
        assert legal(old) == legal(replay) and old.view(None) == replay.view(None)
    assert old.view("german") == replay.view("german")


def test_old_saves_name_their_stages_once_resumed():
    # onslaught 4.0: the integer stages of the old save map onto the named stages of the turn
    s = westfront.from_json((DATA / "save_midturn.json").read_text(encoding="utf-8"))
    stages = {f["step"]: f["stage"] for f in s.g["flow"] if "stage" in f}
    assert stages == {"turn": 4, "reinforcement_step": 4}  # as saved
    play(s, "done")  # the German replacements end: the step goes on by name
    assert next(f for f in s.g["flow"] if f["step"] == "reinforcement_step")["stage"] == "allied_replacements"
    while s.turn == 2:
        play(s, legal(s)[-1])
    assert s.g["flow"][0] == {"step": "turn", "stage": "bulge"} or s.g["flow"][0]["stage"] == "action_step"
