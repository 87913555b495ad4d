"""Patrols: a toy game written by following docs/ARCHITECTURE.md "Adding a game" step by step.

It exists to check that recipe against reality (issue 34): tests/contract/test_adding_a_game.py registers it
and runs the engine contract on it. Rules, cited as ``patrols N``:
1. North and South each have two patrols on skirmish's 12x9 map (reused: a toy needs no map of its own);
   they alternate turns, North first, for ``turns`` game turns.
2. On its turn a side moves one patrol to an adjacent empty land hex, fires one patrol at an adjacent enemy
   patrol (a d6: 5 or 6 eliminates it), or passes.
3. The side with more patrols left at the end wins; equal numbers are a draw. A side with none left loses
   at once.
"""

from .rules import INFO, MAP_FILE, RULE_SECTIONS, GameState

__all__ = ["INFO", "MAP_FILE", "RULE_SECTIONS", "GameState"]
