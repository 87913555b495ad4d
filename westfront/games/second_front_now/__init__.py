"""Second Front Now! (game id ``second-front-now``): a hypothetical Allied invasion of the Pas de
Calais in September 1943, 80 daily turns, command points and aimed d10 fire. See README.md."""

from .rules import INFO, MAP_FILE, RULE_SECTIONS, GameState

__all__ = ["INFO", "MAP_FILE", "RULE_SECTIONS", "GameState"]
