"""Small in-memory maps for kit tests (``grid_map`` lives in the public test kit)."""

from __future__ import annotations

from westfront.core.mapdata import GameMap
from westfront.testing.kit import grid_map

__all__ = ["costs", "grid_map"]


def costs(m: GameMap, table: dict[str, int]) -> list[int]:
    return [table.get(t, -1) if lab else -1 for t, lab in zip(m.terrain, m.labels, strict=True)]
