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



def _read_spec(path: Path) -> dict[str, Any]:
    with open(path, "rb") as f:
        return tomllib.load(f)


def _spec_kind(spec: dict[str, Any]) -> str:
    """'hex' for a map drawn on a hex grid (its spec has ``[grid]``), 'p2p' for a point-to-point one (``[graph]``)."""
    return "hex" if "grid" in spec else "p2p" if "graph" in spec else "unknown"


# The games with a map come from the specs on disk (one ``specs/<game id>.toml`` each; the game's
# package is its id with underscores, checked against the registry by tests/contract): adding a
# game's map is adding its spec, never editing a list here (geo sits below games, so it cannot ask
# the registry).
_SPECS: dict[str, dict[str, Any]] = {path.stem: _read_spec(path) for path in sorted(SPECS.glob("*.toml"))}
_KINDS: dict[str, str] = {game: _spec_kind(spec) for game, spec in _SPECS.items()}
PACKAGES: dict[str, str] = {game: game.replace("-", "_") for game in _KINDS}
HEX_GAMES = tuple(g for g, k in _KINDS.items() if k == "hex")
P2P_GAMES = tuple(g for g, k in _KINDS.items() if k == "p2p")


def render_hex_px(game: str, default: float = 16.0) -> float:
    """Pixels per hex ``westfront map render`` uses unless told: the spec's ``[render] hex_px``."""
    return float(_SPECS.get(game, {}).get("render", {}).get("hex_px", default))


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
