"""The map model: a game's ``map.json``, validated and compiled for fast lookups.

``map.json`` (schema ``westfront-map/1``) is plain data that people review:

* ``grid`` — label ``scheme`` (``colrow`` or ``letterrow``) and scale;
* ``hexes`` — label → ``{terrain, country, features, name}``;
* ``hexsides`` — ``"A|B"`` → ``{features, name}`` (river, major_river, sea, …);
* ``places`` — named cities, ports, beaches with the hex the rulebook gives;
* ``zones`` — named hex sets (invasion areas, port areas, exit zones, edges…);
* ``lines`` — named hexside chains (victory lines, breakout lines, dykes);
* ``boxes`` — off-map holding boxes and the hexes units enter from them;
* ``provenance`` — where every reconstructed datum came from.

:class:`GameMap` turns this into dense integer *slots* (row-major over the
offset rectangle) so that the kits can use lists and bitboards.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .bitboard import Dilator, pick
from .errors import MapError
from .hexgrid import DIRECTIONS, Axial, Grid, LabelError, grid_for

SCHEMA_ID = "westfront-map/1"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GridSpec(_Strict):
    scheme: Literal["colrow", "letterrow"]
    hex_km: float | None = Field(default=None, description="flat-to-flat width of one hex in km")
    note: str | None = None


class HexSpec(_Strict):
    terrain: str
    country: str | None = None
    features: list[str] = []
    name: str | None = None


class SideSpec(_Strict):
    features: list[str]
    name: str | None = None


class PlaceSpec(_Strict):
    name: str
    hex: str
    kind: str = "city"
    lonlat: tuple[float, float] | None = None
    attrs: dict[str, Any] = {}


class ZoneSpec(_Strict):
    hexes: list[str]
    kind: str = "zone"
    note: str | None = None


class LineSpec(_Strict):
    hexsides: list[str]
    kind: str = "line"
    note: str | None = None


class BoxSpec(_Strict):
    name: str
    entries: list[str] = []
    note: str | None = None


class TerrainSpec(_Strict):
    color: str = "#dddddd"
    label: str | None = None


class MapSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    schema_: Literal["westfront-map/1"] = Field(alias="schema")
    game: str
    title: str = ""
    grid: GridSpec
    terrain: dict[str, TerrainSpec] = {}
    hexes: dict[str, HexSpec]
    hexsides: dict[str, SideSpec] = {}
    places: list[PlaceSpec] = []
    zones: dict[str, ZoneSpec] = {}
    lines: dict[str, LineSpec] = {}
    boxes: dict[str, BoxSpec] = {}
    provenance: dict[str, Any] = {}
    extra: dict[str, Any] = {}

    @field_validator("hexes")
    @classmethod
    def _non_empty(cls, v: dict[str, HexSpec]) -> dict[str, HexSpec]:
        if not v:
            raise ValueError("a map needs at least one hex")
        return v


class GameMap:
    """A compiled map. Hex ids are integer slots; labels are for people."""

    def __init__(self, spec: MapSpec):
        self.spec = spec
        self.grid: Grid = grid_for(spec.grid.scheme)
        self.game = spec.game
        grid = self.grid
        try:
            axials = {lab: grid.to_axial(lab) for lab in spec.hexes}
        except LabelError as e:
            raise MapError(f"map {spec.game}: {e}") from None
        for lab, ax in axials.items():
            if grid.label(ax) != lab:
                raise MapError(f"map {spec.game}: hex label {lab!r} is not canonical (expected {grid.label(ax)!r})")
        offsets = {lab: grid.to_offset(ax) for lab, ax in axials.items()}
        cols = [c for c, _ in offsets.values()]
        rows = [r for _, r in offsets.values()]
        self.col0, self.row0 = min(cols), min(rows)
        self.width = max(cols) - self.col0 + 1
        self.height = max(rows) - self.row0 + 1
        n = self.width * self.height
        self.size = n
        self.labels: list[str | None] = [None] * n
        self.axial: list[Axial | None] = [None] * n
        self.index: dict[str, int] = {}
        for lab, (c, r) in offsets.items():
            i = (r - self.row0) * self.width + (c - self.col0)
            self.labels[i] = lab
            self.axial[i] = axials[lab]
            self.index[lab] = i
        self._by_axial = {ax: self.index[lab] for lab, ax in axials.items()}
        self.terrain: list[str] = [""] * n
        self.country: list[str | None] = [None] * n
        self.features: list[frozenset[str]] = [frozenset()] * n
        self.hex_name: list[str | None] = [None] * n
        for lab, h in spec.hexes.items():
            i = self.index[lab]
            self.terrain[i] = h.terrain
            self.country[i] = h.country
            self.features[i] = frozenset(h.features)
            self.hex_name[i] = h.name
        # neighbours in DIRECTIONS order (only hexes that exist)
        self.nbrs: list[tuple[int, ...]] = [()] * n
        for i, pos in enumerate(self.axial):
            if pos is None:
                continue
            out = []
            for dq, dr in DIRECTIONS:
                j = self._by_axial.get((pos[0] + dq, pos[1] + dr))
                if j is not None:
                    out.append(j)
            self.nbrs[i] = tuple(out)
        # hexsides
        self.side_features: dict[tuple[int, int], frozenset[str]] = {}
        self.side_name: dict[tuple[int, int], str] = {}
        for sid, side in spec.hexsides.items():
            a, b = self._parse_side(sid)
            fs = frozenset(side.features)
            self.side_features[(a, b)] = fs
            self.side_features[(b, a)] = fs
            if side.name:
                self.side_name[(a, b)] = self.side_name[(b, a)] = side.name
        # places
        self.places: dict[str, PlaceSpec] = {}
        self.place_at: dict[int, list[PlaceSpec]] = {}
        for p in spec.places:
            if p.hex not in self.index:
                raise MapError(f"map {spec.game}: place {p.name!r} is on {p.hex}, which is not on the map")
            if p.name in self.places:
                raise MapError(f"map {spec.game}: place {p.name!r} is listed twice")
            self.places[p.name] = p
            self.place_at.setdefault(self.index[p.hex], []).append(p)
        # zones and lines
        self.zones: dict[str, frozenset[int]] = {}
        for name, z in spec.zones.items():
            missing = [h for h in z.hexes if h not in self.index]
            if missing:
                raise MapError(f"map {spec.game}: zone {name!r} names hexes not on the map: {missing[:5]}")
            self.zones[name] = frozenset(self.index[h] for h in z.hexes)
        self.lines: dict[str, frozenset[tuple[int, int]]] = {}
        for name, ln in spec.lines.items():
            sides = set()
            for sid in ln.hexsides:
                a, b = self._parse_side(sid)
                sides.add((a, b))
                sides.add((b, a))
            self.lines[name] = frozenset(sides)
        for name, box in spec.boxes.items():
            missing = [h for h in box.entries if h not in self.index]
            if missing:
                raise MapError(f"map {spec.game}: box {name!r} has entry hexes not on the map: {missing[:5]}")
        self._dilators: dict[Any, Dilator] = {}

    # ----- construction ----------------------------------------------------
    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameMap:
        try:
            spec = MapSpec.model_validate(data)
        except ValidationError as e:
            first = e.errors()[0]
            loc = ".".join(str(x) for x in first["loc"])
            raise MapError(f"map.json is not a valid {SCHEMA_ID} document: {loc}: {first['msg']}") from None
        return cls(spec)

    @classmethod
    def load(cls, path: str | Path) -> GameMap:
        p = Path(path)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as e:
            raise MapError(f"cannot read map {p}: {e}") from None
        return cls.from_dict(data)

    def _parse_side(self, sid: str) -> tuple[int, int]:
        try:
            a, b = sid.split("|")
        except ValueError:
            raise MapError(f"map {self.game}: hexside id {sid!r} should look like '1414|1415'") from None
        if a not in self.index or b not in self.index:
            raise MapError(f"map {self.game}: hexside {sid!r} names a hex not on the map")
        ia, ib = self.index[a], self.index[b]
        if ib not in self.nbrs[ia]:
            raise MapError(f"map {self.game}: hexside {sid!r} joins hexes that are not adjacent")
        return ia, ib

    # ----- lookups -----------------------------------------------------------
    def hex(self, label: str) -> int:
        try:
            return self.index[label]
        except KeyError:
            raise MapError(f"{label!r} is not a hex of the {self.game} map") from None

    def label(self, i: int) -> str:
        lab = self.labels[i]
        if lab is None:
            raise MapError(f"slot {i} is not a hex of the {self.game} map")
        return lab

    def hexes(self) -> Iterable[int]:
        return (i for i, lab in enumerate(self.labels) if lab is not None)

    def side(self, a: int, b: int) -> frozenset[str]:
        return self.side_features.get((a, b), frozenset())

    def distance(self, a: int, b: int) -> int:
        qa, ra = self.axial[a]  # type: ignore[misc]
        qb, rb = self.axial[b]  # type: ignore[misc]
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def place(self, name: str) -> int:
        try:
            return self.index[self.places[name].hex]
        except KeyError:
            raise MapError(f"no place called {name!r} on the {self.game} map") from None

    def zone(self, name: str) -> frozenset[int]:
        try:
            return self.zones[name]
        except KeyError:
            raise MapError(f"no zone called {name!r} on the {self.game} map") from None

    def has_feature(self, i: int, feature: str) -> bool:
        return feature in self.features[i]

    # ----- bitboards -------------------------------------------------------
    @cached_property
    def all_bb(self) -> int:
        bb = 0
        for i in self.hexes():
            bb |= 1 << i
        return bb

    def bb(self, hexes: Iterable[int]) -> int:
        out = 0
        for i in hexes:
            out |= 1 << i
        return out

    def bb_where(self, pred: Any) -> int:
        """Bitboard of hexes for which ``pred(i)`` is true."""
        return self.bb(i for i in self.hexes() if pred(i))

    def terrain_bb(self, *terrains: str) -> int:
        ts = set(terrains)
        return self.bb_where(lambda i: self.terrain[i] in ts)

    def feature_bb(self, *features: str) -> int:
        fs = set(features)
        return self.bb_where(lambda i: bool(self.features[i] & fs))

    def dilator(self, blocked_sides: Iterable[str] = ()) -> Dilator:
        """A dilator that does not step across hexsides with any of these features."""
        key = frozenset(blocked_sides)
        d = self._dilators.get(key)
        if d is None:
            if key:
                edges = [
                    [j for j in ns if not (self.side_features.get((i, j), frozenset()) & key)]
                    for i, ns in enumerate(self.nbrs)
                ]
            else:
                edges = [list(ns) for ns in self.nbrs]
            d = Dilator(edges)
            self._dilators[key] = d
        return d

    def labels_of(self, bb: int) -> list[str]:
        return pick(self.labels, bb)

    # ----- export ------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return self.spec.model_dump(by_alias=True, exclude_defaults=False)


_CACHE: dict[str, GameMap] = {}


def load_map(path: str | Path) -> GameMap:
    """Load and cache a map; maps are immutable so every state can share one."""
    key = str(Path(path).resolve())
    m = _CACHE.get(key)
    if m is None:
        m = GameMap.load(path)
        _CACHE[key] = m
    return m
