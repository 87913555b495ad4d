"""Onslaught (TSR/SPI, 1987): the Allied campaign from Normandy to the Rhine.

Two players alternate *actions* paid for with supply points; a die roll after
each action decides who acts next. Rules are implemented by section in small
modules (see ``RULE_SECTIONS`` and the README): :mod:`.sequence` (turn and
Action Step), :mod:`.actions` (activating, moving, paradrops), :mod:`.combat`,
:mod:`.reinforce` (reinforcements, replacements, supply income),
:mod:`.victory`; data in ``data/``. Cite rules in tests as ``# onslaught 7.3``.
"""

from .rules import INFO, MAP_FILE, RULE_SECTIONS, GameState

__all__ = ["INFO", "MAP_FILE", "RULE_SECTIONS", "GameState"]
