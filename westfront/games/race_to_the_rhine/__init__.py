"""1944: Race to the Rhine with the Patch-Devers (Dragoon) expansion — see README.md.

A competitive logistics race for 1-4 Allied commanders on a point-to-point map:
Corps need Fuel, Ammo and Food trucked forward from supply bases; Axis markers
placed after every turn are the clock; crossing the Rhine into a Victory space
with an unbroken chain of one's own Control markers wins at once, else Medals.
"""

from .rules import INFO, MAP_FILE, RULE_SECTIONS, GameState

__all__ = ["INFO", "MAP_FILE", "RULE_SECTIONS", "GameState"]
