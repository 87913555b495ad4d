"""Secret Allied plans (SFN 15.4 strategic air strikes, 15.6 airdrops): written at least two turns
ahead, never changed (only cancelled), seen by the German only when carried out."""

from __future__ import annotations

from functools import cache
from typing import Any

from .board import board
from .data import ALLIED, tables, units
from .position import Position
from .reinforcements import is_due

P = tables()["periods"]
NO_DROP_TERRAIN = ("marsh",)
NO_DROP_FEATURES = ("city", "fortress")


def air_period_start(turn: int) -> int:
    """15.4: the Air turn (T5, T10, ...) that opened the current five-turn period (0 before T5)."""
    return 0 if turn < P["air_first"] else turn - (turn - P["air_first"]) % 5


def may_plan_saf(s: Position) -> bool:
    """15.4/brief 7.12: one plan per Air period, written on the Air turn or later in that period."""
    start = air_period_start(s.g["turn"])
    if not start:
        return False
    return not any(p["written"] >= start for p in s.g["saf"])


def plan_days(s: Position, taken: list[int], limit: int) -> list[int]:
    """15.4/15.6: at least two and at most seven turns ahead; no more than ``limit`` plans a day."""
    t = s.g["turn"]
    last = tables()["game"]["last_turn"]
    return [d for d in range(t + P["saf_min_ahead"], min(t + P["saf_max_ahead"], last) + 1) if taken.count(d) < limit]


def saf_days(s: Position) -> list[int]:
    return plan_days(s, [p["turn"] for p in s.g["saf"]], 1)


def drop_days(s: Position, uid: str) -> list[int]:
    """15.5: a withdrawn division rests 30 days before it may drop; 15.6: three divisions a day."""
    days = plan_days(s, [p["turn"] for p in s.g["drops"]], P["drops_per_day"])
    w = s.u(uid)["withdrawn"]
    return [d for d in days if not w or d >= w + P["rest_days"]]


def droppable_units(s: Position) -> list[str]:
    """15.6: the four airborne divisions, in the England box, with no plan yet."""
    planned = {p["unit"] for p in s.g["drops"]}
    return [u for u in s.in_box("england") if units()[u].airborne and u not in planned and drop_days(s, u)]


def drop_hexes(s: Position) -> list[str]:
    """15.6: land hexes, not marsh, city or fortress (a German-occupied hex may be planned)."""
    return list(_drop_hexes())


@cache
def _drop_hexes() -> tuple[str, ...]:
    b = board()
    out = []
    for i in b.map.hexes():
        if b.enter[i] < 0 or b.map.terrain[i] in NO_DROP_TERRAIN or b.map.features[i] & set(NO_DROP_FEATURES):
            continue
        out.append(b.label(i))
    return tuple(out)


def saf_for(s: Position, target: str) -> dict[str, Any] | None:
    t = s.g["turn"]
    for p in s.g["saf"]:
        if p["turn"] == t and p["hex"] == target and not p.get("done"):
            return p  # type: ignore[no-any-return]
    return None


def drops_today(s: Position) -> list[dict[str, Any]]:
    t = s.g["turn"]
    return [p for p in s.g["drops"] if p["turn"] == t and not p.get("done")]


def mark_done(s: Position, key: str, plan: dict[str, Any]) -> dict[str, Any]:
    """The plan (read from ``g[key]``) carried out: marked in this state's own copy of the list
    (``s.mut``; a clone may share the records, SHARE_G), found by position. Returns the marked plan."""
    i = next(k for k, p in enumerate(s.g[key]) if p is plan)
    own: dict[str, Any] = s.mut(key)[i]
    own["done"] = True
    return own


def expire(s: Position) -> None:
    """Plans for days gone by are forfeit (15.4) or lapse (15.6)."""
    t = s.g["turn"]
    s.g["saf"] = [p for p in s.g["saf"] if p["turn"] >= t or p["written"] >= air_period_start(t)]
    if any(p["turn"] < t and not p.get("done") for p in s.g["saf"]):
        for p in s.mut("saf"):  # the plans' records are shared with clones too (SHARE_G)
            if p["turn"] < t:
                p["done"] = True
    s.g["drops"] = [p for p in s.g["drops"] if p["turn"] >= t]


def is_air_turn(turn: int) -> bool:
    return is_due(turn, P["air_first"])


def private_plan_event(s: Position, event: str, **fields: Any) -> None:
    if s.options.get("fog_of_war", True):
        fields["visible_to"] = [ALLIED]
    s.emit(event, **fields)
