"""Point-to-point maps (schema ``westfront-p2p/1``): 1944: Race to the Rhine.

Race to the Rhine is played on spaces joined by roads, not hexes. A map is:

* ``spaces`` — id (stable, ASCII snake_case), display ``name``, real ``lonlat``,
  board position ``xy`` (0..1, north up), the commanders' ``areas`` it belongs
  to (areas overlap), ``flags`` (``supply_base``, ``depot`` (small supply
  depot), ``fortified``, ``victory``, ``axis_flag`` (a printed Axis unit),
  ``maquis_zone``, ``ffi_start``, ``ffi_contact``, ``axis_source``,
  ``landing_zone``, ``start``, ``secondary_objective``) and ``attrs``
  (supply-base or depot ``capacity``, ``ffi`` markers at start, ``medals`` for
  taking the space, ``requires`` a module, …);
* ``links`` — undirected ``a``–``b`` with a ``kind``: ``road`` or
  ``rhine_crossing``;
* ``areas`` — per commander: display name, colour, corps, starting spaces,
  supply bases, victory spaces, secondary objectives, Axis placement priority.

This module only validates and queries committed maps (no geography package).
"""

from __future__ import annotations

import json
from collections import deque
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .check_result import CheckResult

SCHEMA_ID = "westfront-p2p/1"

FLAGS = (
    "supply_base",
    "fortified",
    "victory",
    "maquis_zone",
    "ffi_start",
    "ffi_contact",
    "axis_source",
    "landing_zone",
    "start",
    "secondary_objective",
    "port",
    "city",
    "depot",
    "axis_flag",
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Space(_Strict):
    id: str
    name: str
    lonlat: tuple[float, float]
    xy: tuple[float, float]
    areas: list[str]
    flags: list[str] = []
    attrs: dict[str, Any] = {}


class Link(_Strict):
    a: str
    b: str
    kind: Literal["road", "rhine_crossing"] = "road"
    note: str | None = None


class Area(_Strict):
    name: str
    color: str
    corps: list[str] = []
    start: list[str] = []
    supply_bases: list[str] = []
    victory: list[str] = []
    secondary_objectives: list[str] = []
    axis_priority: list[str] = []
    logistics_level: int = 1
    note: str | None = None


class P2PMap(BaseModel):
    model_config = ConfigDict(extra="forbid")
    schema_: Literal["westfront-p2p/1"] = Field(alias="schema")
    game: str
    title: str = ""
    spaces: list[Space]
    links: list[Link]
    areas: dict[str, Area]
    provenance: dict[str, Any] = {}
    extra: dict[str, Any] = {}

    @model_validator(mode="after")
    def _integrity(self) -> P2PMap:
        ids = [s.id for s in self.spaces]
        if len(set(ids)) != len(ids):
            raise ValueError("space ids must be unique")
        known = set(ids)
        seen = set()
        for ln in self.links:
            if ln.a not in known or ln.b not in known:
                raise ValueError(f"link {ln.a}-{ln.b} names an unknown space")
            if ln.a == ln.b:
                raise ValueError(f"link {ln.a}-{ln.b} joins a space to itself")
            pair = frozenset((ln.a, ln.b))
            if pair in seen:
                raise ValueError(f"link {ln.a}-{ln.b} is listed twice")
            seen.add(pair)
        for s in self.spaces:
            bad = set(s.flags) - set(FLAGS)
            if bad:
                raise ValueError(f"space {s.id}: unknown flags {sorted(bad)}")
            missing = set(s.areas) - set(self.areas)
            if missing:
                raise ValueError(f"space {s.id}: unknown areas {sorted(missing)}")
        for key, area in self.areas.items():
            for field in ("start", "supply_bases", "victory", "secondary_objectives", "axis_priority"):
                for sid in getattr(area, field):
                    if sid not in known:
                        raise ValueError(f"area {key}.{field}: unknown space {sid}")
        return self


class P2PGraph:
    """A compiled point-to-point map: neighbours and hop distances by space id."""

    def __init__(self, spec: P2PMap):
        self.spec = spec
        self.space = {s.id: s for s in spec.spaces}
        self.adj: dict[str, dict[str, str]] = {s.id: {} for s in spec.spaces}
        for ln in spec.links:
            self.adj[ln.a][ln.b] = ln.kind
            self.adj[ln.b][ln.a] = ln.kind

    @classmethod
    def load(cls, path: str | Path) -> P2PGraph:
        return cls(P2PMap.model_validate(json.loads(Path(path).read_text(encoding="utf-8"))))

    def neighbours(self, sid: str) -> list[str]:
        return sorted(self.adj[sid])

    def link_kind(self, a: str, b: str) -> str | None:
        return self.adj[a].get(b)

    def distance(self, a: str, b: str) -> int | None:
        """Fewest links from a to b (None if unreachable)."""
        dist = {a: 0}
        dq = deque([a])
        while dq:
            u = dq.popleft()
            if u == b:
                return dist[u]
            for v in self.adj[u]:
                if v not in dist:
                    dist[v] = dist[u] + 1
                    dq.append(v)
        return None

    def with_flag(self, flag: str) -> list[str]:
        return sorted(s.id for s in self.spec.spaces if flag in s.flags)

    @cached_property
    def by_name(self) -> dict[str, str]:
        return {s.name: s.id for s in self.spec.spaces}


# ----- calibration checks -----------------------------------------------------------------


def run_p2p_checks(m: dict[str, Any], calibration: dict[str, Any]) -> list[Any]:
    """The ``[[check]]`` facts of a p2p calibration file (see checks.CheckResult)."""

    g = P2PGraph(P2PMap.model_validate(m))
    out = []
    for c in calibration.get("check", []):
        what, rule = c["what"], c.get("rule", "")
        try:
            ok, subject, detail = _p2p_check(g, c)
        except KeyError as e:
            ok, subject, detail = False, str(c.get("space", c.get("a", ""))), f"unknown space {e}"
        out.append(CheckResult(ok, what, subject, rule, detail))
    return out


def _p2p_check(g: P2PGraph, c: dict[str, Any]) -> tuple[bool, str, str]:
    what = c["what"]
    if what == "space":
        s = g.space[c["space"]]
        missing = set(c.get("flags", [])) - set(s.flags)
        if missing:
            return False, s.id, f"missing flags {sorted(missing)}"
        areas = set(c.get("areas", [])) - set(s.areas)
        if areas:
            return False, s.id, f"not in areas {sorted(areas)}"
        for k, v in c.get("attrs", {}).items():
            if s.attrs.get(k) != v:
                return False, s.id, f"attr {k}={s.attrs.get(k)!r}, want {v!r}"
        return True, s.id, ",".join(s.flags)
    if what == "link":
        a, b = c["a"], c["b"]
        g.space[a], g.space[b]  # noqa: B018 - KeyError for unknown spaces
        kind = g.link_kind(a, b)
        if kind is None:
            return False, f"{a}-{b}", "not linked"
        if "kind" in c and kind != c["kind"]:
            return False, f"{a}-{b}", f"kind {kind}, want {c['kind']}"
        return True, f"{a}-{b}", kind
    if what == "distance":
        a, b = c["a"], c["b"]
        d = g.distance(a, b)
        return d == c["distance"], f"{a}-{b}", f"distance {d}, want {c['distance']}"
    if what == "area":
        area = g.spec.areas[c["area"]]
        for field in ("victory", "secondary_objectives", "supply_bases", "start", "corps"):
            want = set(c.get(field, []))
            have = set(getattr(area, field))
            if want - have:
                return False, c["area"], f"{field} lacks {sorted(want - have)}"
        if "logistics_level" in c and area.logistics_level != c["logistics_level"]:
            return False, c["area"], f"logistics level {area.logistics_level}, want {c['logistics_level']}"
        return True, c["area"], "ok"
    if what == "total":
        n = sum(int(s.attrs.get(c["attr"], 0)) for s in g.spec.spaces)
        return n == c["value"], c["attr"], f"sum {n}, want {c['value']}"
    if what == "spaces_exist":
        absent = [sid for sid in c["spaces"] if sid not in g.space]
        return not absent, f"{len(c['spaces'])} spaces", f"missing {absent}" if absent else "all present"
    if what == "connected":
        start = g.spec.spaces[0].id
        reach = {sid for sid in g.space if g.distance(start, sid) is not None}
        return len(reach) == len(g.space), "all spaces", f"{len(reach)}/{len(g.space)} reachable"
    return False, str(c), f"unknown check kind {what!r}"
