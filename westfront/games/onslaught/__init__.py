"""Onslaught (TSR/SPI, 1987): the Allied campaign from Normandy to the Rhine.

Two players alternate *actions* paid for with supply points; a die roll after
each action decides who acts next. Layers, imports only downward (see
``RULE_SECTIONS`` and the README): static data (:mod:`.data`, :mod:`.board`),
the position (:mod:`.position`), rules as functions of it (:mod:`.supply`,
:mod:`.movement`, :mod:`.activation`, :mod:`.combat`, :mod:`.reinforcements`,
:mod:`.victory`, :mod:`.setup`), the steps (:mod:`.sequence` and the
``steps_*`` modules), then :mod:`.view`, :mod:`.ai` and :mod:`.rules`.
Cite rules in tests as ``# onslaught 7.3``.
"""

from .rules import INFO, MAP_FILE, RULE_SECTIONS, GameState

__all__ = ["INFO", "MAP_FILE", "RULE_SECTIONS", "GameState"]
