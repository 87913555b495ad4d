"""Skirmish: a tiny built-in game that exercises every kit of ``westfront.core``.

It is not a historical game. It exists so the engine contract, the server, the
AI and the simulator can be tested before (and besides) the real games, and as
the smallest complete example of a game module: read it before writing one.

Rules in brief (cited as ``skirmish N`` in tests):
1. Two sides, blue (moves first) and red, alternate player turns for
   ``turns`` game turns on a 12×9 hex map.
2. Movement: select a unit, then a destination among the reachable hexes. Terrain
   costs: clear 1, forest/hill 2, marsh 2 and stop; +1 MP across a river; a major
   river may only be crossed as a unit's whole move; sea is impassable.
   Enemy ZOC follows the ``zoc`` option: ``stop`` (stop on entry, no ZOC to ZOC),
   ``cost2`` (entering costs at least 2 MP), ``engage`` (stop on entry, may leave
   and re-engage a different enemy).
3. Supply is traced at the start of each player turn, unlimited range, from the
   side's map edge, through hexes free of enemy units and enemy ZOC (friendly
   units negate ZOC). Unsupplied units have 1 MP.
4. Combat: choose an enemy hex, add adjacent friendly units that have not
   attacked, resolve with the ``combat`` option: ``odds`` (a small CRT),
   ``dice`` (symbol dice pools) or ``fire`` (aimed d10 fire with steps).
5. Retreats are chosen by the defending player; the attacker may advance into a
   vacated hex (armour one hex further).
6. Victory: a side with no units left loses; otherwise, after the last turn,
   whoever holds Ostburg wins (red if nobody does).
"""

from .rules import INFO, MAP_FILE, RULE_SECTIONS, GameState

__all__ = ["INFO", "MAP_FILE", "RULE_SECTIONS", "GameState"]
