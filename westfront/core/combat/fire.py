"""Aimed fire with steps (Second Front Now 13.2–14.3).

A unit fires one shot per step it has; each shot picks a target and hits on a
d10 roll at or below the firing value for the target's class (anti-armour
against armour, anti-infantry otherwise), after modifiers. A value of zero or
less cannot hit (14.1). A hit flips a full-strength two-step unit, or
eliminates a one-step or reduced unit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .odds_crt import Modifier


@dataclass(frozen=True)
class Shooter:
    id: str
    anti_armor: int
    anti_infantry: int
    steps: int
    artillery: bool = False


def shots(steps: int) -> int:
    """13.2: a two-step unit fires twice, a one-step (or reduced) unit once."""
    return max(0, steps)


def fire_value(base: int, modifiers: Sequence[Modifier]) -> int:
    return base + sum(m.amount for m in modifiers)


def hits(roll: int, value: int) -> bool:
    """13.2 / 14.1: a shot hits on a roll at or below the modified value; 0 or less never hits."""
    return value > 0 and roll <= value


def hit_chance(value: int, sides: int = 10) -> float:
    return max(0, min(sides, value)) / sides


def apply_step_loss(steps: int) -> int:
    """Remaining steps after one hit (0 = eliminated)."""
    return max(0, steps - 1)


def legal_targets(targets: Sequence[tuple[str, bool]]) -> list[str]:
    """13.5: artillery may be targeted only when no non-artillery target remains.

    ``targets`` holds (id, is_artillery) of surviving enemy units.
    """
    front = [t for t, art in targets if not art]
    return front if front else [t for t, _ in targets]
