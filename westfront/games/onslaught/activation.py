"""Activating stacks (onslaught 5.2, 5.5, 8.6, 14.1): what it costs and what it records.

A stack is activated once per action for supply points; it traces supply at
that moment, for the whole action (8.6).
"""

from __future__ import annotations

from .data import SUPPLY, UNITS, other
from .position import Position
from .supply import stack_in_supply


def own_stacks(s: Position, side: str, *, armor_only: bool = False) -> dict[int, list[str]]:
    """Hex -> own divisions there not yet activated this action (new lists: callers may keep them)."""
    activated = set(s.act["activated"])
    out: dict[int, list[str]] = {}
    for h, us in side_stacks(s, side, armor_only):
        if activated.isdisjoint(us):
            out[h] = list(us)
        else:
            free = [u for u in us if u not in activated]
            if free:
                out[h] = free
    return out


def side_stacks(s: Position, side: str, armor_only: bool = False) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The side's stacks (its armour only, when asked) by hex, memoised on the position: the activation
    lists ask for them after every move, and only the activated ones differ. (By hex, not in the unit
    index's order: a move updates that index in place of a rebuild, so its hexes' order means nothing.)"""
    key = ("stacks", side, armor_only)
    got = s.memo.get(key)
    if got is None:
        def build() -> tuple[tuple[int, tuple[str, ...]], ...]:
            out = []
            for h, us in sorted(s.occupancy().items()):
                if UNITS[us[0]].side != side:
                    continue
                mine = tuple(u for u in us if not armor_only or UNITS[u].armor)
                if mine:
                    out.append((h, mine))
            return tuple(out)

        got = s.cached(key, build)
    return got  # type: ignore[no-any-return]


def can_attack_somewhere(s: Position, side: str) -> bool:
    """5.4: some division of ``side`` is next to an enemy division."""
    return bool(s.zoc_bb(side) & s.side_bb(other(side)))


def activation_cost(s: Position, uids: list[str], breakthrough: bool = False) -> int:
    """onslaught 5.2, 5.5, 14.1: one point per stack (two for breakthrough, or a mixed Allied stack)."""
    if breakthrough:
        return SUPPLY.breakthrough
    if s.options.get("allied_cooperation"):
        camps = {UNITS[u].camp for u in uids} - {None}
        if len(camps) > 1:
            return SUPPLY.mixed_nations
    return SUPPLY.activation


def activate(s: Position, uids: list[str], why: str, breakthrough: bool = False) -> None:
    """Pay for and activate a stack; it traces supply now for the whole action (8.6)."""
    a = s.act
    side = a["side"]
    cost = activation_cost(s, uids, breakthrough)
    s.pay(side, cost, why, s.rule("5.5") if breakthrough else s.rule("5.2"))
    h = s.hex_of(uids[0])
    assert h is not None
    supplied = stack_in_supply(s, h, side)
    for u in uids:
        a["activated"].append(u)
        if not supplied:
            a["out_of_supply"].append(u)
    a["acted"] = True
    if not supplied:
        s.emit("out_of_supply", side=side, hex=s.map.label(h), units=list(uids), rule=s.rule("8.6"),
               text=f"The stack at {s.map.label(h)} cannot trace supply: out of supply for this action")
