"""Where each game's map inputs live and how they are read.

Per game three small files drive the builder:

* ``westfront/geo/specs/<game>.toml`` — grid, extent, projection, terrain
  classes and thresholds, rivers and places (what geography decides);
* ``westfront/games/<pkg>/data/map_overrides.toml`` — what geography cannot
  decide: beaches, fortifications, port areas, zones, lines, boxes, hex and
  hexside corrections, each with its reason;
* ``westfront/games/<pkg>/data/calibration.toml`` — every place and hex the
  rulebook names, with the rule it comes from. The builder fits the projection
  to these and the tests check that the committed map still honours them.

This module has no heavy imports so tests and the CLI can use it without the
``geo`` extra.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

GEO_DIR = Path(__file__).parent
SPECS = GEO_DIR / "specs"
GAMES_DIR = GEO_DIR.parent / "games"

# game id (contract) -> package directory under westfront/games
PACKAGES: dict[str, str] = {
    "dday-to-the-rhine": "dday_to_the_rhine",
    "onslaught": "onslaught",
    "second-front-now": "second_front_now",
    "dday-3rd": "dday_3rd",
    "race-to-the-rhine": "race_to_the_rhine",
}

HEX_GAMES = ("dday-to-the-rhine", "onslaught", "second-front-now", "dday-3rd")
P2P_GAMES = ("race-to-the-rhine",)


def data_dir(game: str) -> Path:
    if game not in PACKAGES:
        raise KeyError(f"unknown game {game!r}; known: {', '.join(PACKAGES)}")
    return GAMES_DIR / PACKAGES[game] / "data"


def map_path(game: str) -> Path:
    return data_dir(game) / "map.json"


def geometry_path(game: str) -> Path:
    """The board's presentation geometry (hex games only; see geo/geometry.py)."""
    return data_dir(game) / "geometry.json"


def _load(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    with open(path, "rb") as f:
        return tomllib.load(f)


@dataclass
class GameInputs:
    game: str
    spec: dict[str, Any]
    overrides: dict[str, Any]
    calibration: dict[str, Any]
    spec_path: Path
    overrides_path: Path
    calibration_path: Path


def load_inputs(game: str) -> GameInputs:
    spec_path = SPECS / f"{game}.toml"
    if not spec_path.exists():
        raise FileNotFoundError(f"no map spec for {game!r} at {spec_path}")
    d = data_dir(game)
    return GameInputs(
        game=game,
        spec=_load(spec_path),
        overrides=_load(d / "map_overrides.toml"),
        calibration=_load(d / "calibration.toml"),
        spec_path=spec_path,
        overrides_path=d / "map_overrides.toml",
        calibration_path=d / "calibration.toml",
    )


def load_calibration(game: str) -> dict[str, Any]:
    return _load(data_dir(game) / "calibration.toml")
