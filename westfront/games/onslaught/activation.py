"""Activating stacks (onslaught 5.2, 5.5, 8.6, 14.1): what it costs, what it records, what it could do.

A stack is activated once per action for supply points; it traces supply at
that moment, for the whole action (8.6). A supply point is paid "for each
division or stack that moves or attacks" (5.2), so a stack that could neither
move nor attack (nor, for the Allies, be picked up, 9.1) is never offered:
:func:`stack_use` says what an activation could do, for every kind.
"""

from __future__ import annotations

from dataclasses import dataclass

from .combat import adjacent_attackers, enemy_targets
from .data import SUPPLY, UNITS, other
from .movement import bridge_hexes, can_move
from .position import Position
from .supply import stack_in_supply


def own_stacks(s: Position, side: str, *, armor_only: bool = False) -> dict[int, list[str]]:
    """Hex -> own divisions there not yet activated this action (new lists: callers may keep them).
    Outside an action (choosing one, 5.1) nothing is activated."""
    activated = set(activated_now(s))
    out: dict[int, list[str]] = {}
    for h, us in side_stacks(s, side, armor_only):
        if activated.isdisjoint(us):
            out[h] = list(us)
        else:
            free = [u for u in us if u not in activated]
            if free:
                out[h] = free
    return out


def activated_now(s: Position) -> list[str]:
    """The divisions activated in the action under way; none between actions."""
    a = s.pos["action"]
    return a["activated"] if a is not None else []


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
    side = s.act["side"]
    cost = activation_cost(s, uids, breakthrough)
    s.pay(side, cost, why, s.rule("5.5") if breakthrough else s.rule("5.2"))
    a = s.edit_act()
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


@dataclass(frozen=True)
class StackUse:
    """What activating a stack could do now: who could move, be picked up (9.1), or which hexes it could
    attack (Breakthrough, 5.5). ``kind``: movement, reserve (the Reserve Step, strategic only) or
    breakthrough."""

    kind: str
    supplied: bool
    movers: tuple[str, ...] = ()
    pickups: tuple[str, ...] = ()
    targets: tuple[int, ...] = ()

    @property
    def nothing(self) -> bool:
        return not (self.movers or self.pickups or self.targets)

    def why_nothing(self) -> str:
        """The actual cause, citing the rule, when the stack could do nothing."""
        if self.kind == "reserve":
            if not self.supplied:
                return ("it cannot trace supply, and out of supply a division may not move strategically "
                        "(4.0, 6.4, 8.6)")
            return "none of its divisions has a strategic move: each is within three MP of the enemy or hemmed in (6.4)"
        moves = ("none of its divisions can move"
                 + (" (out of supply: one hex at most, 8.6)" if not self.supplied else "")
                 + ": enemy divisions, enemy ZOC, sea and major waterways block every step (6.1-6.5)")
        if self.kind == "breakthrough":
            return f"{moves.replace('divisions', 'armour divisions')}, and no enemy stack is next to it to attack (5.5)"
        return moves


def pickups(s: Position, uids: list[str]) -> list[str]:
    """9.1: a full-strength Allied paratroop division not in German ZOC may be picked up."""
    gz = s.zoc_bb("german")
    out = []
    for u in uids:
        h = s.hex_of(u)
        if UNITS[u].allied_para and s.unit(u)["full"] and h is not None and not (gz >> h) & 1:
            out.append(u)
    return out


def breakthrough_targets(s: Position, side: str, pool: list[str]) -> list[int]:
    """5.5, 7.0: enemy stacks next to a division of ``pool`` across a land hexside."""
    return [t for t in enemy_targets(s, side, pool) if any(u in pool for u in adjacent_attackers(s, t, side))]


def breakthrough_infantry(s: Position, h: int, armor: list[str]) -> list[str]:
    """14.3 (option): the infantry stacked with the activated armour, not yet activated, may join its attack."""
    if not s.options.get("infantry_breakthrough"):
        return []
    activated = set(activated_now(s))
    return [u for u in s.at(h) if not UNITS[u].armor and u not in activated]


def stack_use(s: Position, side: str, h: int, uids: list[str], kind: str) -> StackUse:
    """What activating ``uids`` at ``h`` for ``kind`` could do now (5.2, 5.3, 5.5, 4.0; 8.6: its supply
    is traced at activation; 6.5: the Rhine bridges are the Allied-held hexes at activation)."""
    supplied = stack_in_supply(s, h, side)
    bridges = bridge_hexes(s, side)
    normal = kind != "reserve"
    movers = tuple(u for u in uids if can_move(s, u, oos=not supplied, bridges=bridges, normal=normal))
    if kind == "breakthrough":
        pool = list(uids) + breakthrough_infantry(s, h, uids)
        return StackUse(kind, supplied, movers, targets=tuple(breakthrough_targets(s, side, pool)))
    picked = tuple(pickups(s, uids)) if side == "allied" and kind == "movement" else ()
    return StackUse(kind, supplied, movers, picked)
