"""Small in-memory maps for kit tests."""

from __future__ import annotations

from westfront.core.mapdata import GameMap


def grid_map(width: int = 8, height: int = 8, terrain: dict[str, str] | None = None,
             sides: dict[str, list[str]] | None = None, scheme: str = "colrow", **extra) -> GameMap:
    terrain = terrain or {}
    hexes = {}
    for c in range(1, width + 1):
        for r in range(1, height + 1):
            lab = f"{c:02d}{r:02d}"
            hexes[lab] = {"terrain": terrain.get(lab, "clear")}
    doc = {"schema": "westfront-map/1", "game": "test", "grid": {"scheme": scheme}, "hexes": hexes,
           "hexsides": {k: {"features": v} for k, v in (sides or {}).items()}}
    doc.update(extra)
    return GameMap.from_dict(doc)


def costs(m: GameMap, table: dict[str, int]) -> list[int]:
    return [table.get(t, -1) if lab else -1 for t, lab in zip(m.terrain, m.labels, strict=True)]
