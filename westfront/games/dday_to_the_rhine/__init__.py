"""1944: D-Day to the Rhine (Worthington, 2022) as a westfront game module.

The whole rulebook, sections 1.0-20.0 and the optional rules 18.1-18.5, on the
engine contract; see README.md for rule-by-rule coverage and every
reconstruction decision (order of battle, set-up charts, the missing Allied RP
value, the garbled terrain rows). Rule citations in tests read ``# 1944 12.0``.
"""

from .rules import INFO, MAP_FILE, RULE_SECTIONS, GameState
from .twins import hidden_twins

__all__ = ["INFO", "MAP_FILE", "RULE_SECTIONS", "GameState", "hidden_twins"]
