"""Combat (onslaught 7.0-7.5) as functions of the position: odds, modifiers, who may
attack whom, which stack an AH depletes, where a division may retreat or advance.

:func:`assess` is the one calculator used by resolution, the UI preview and the
AI hooks, so they always agree on odds, modifiers and result chances. The
decisions (declaring, retreating, advancing) are in :mod:`.steps_combat`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.combat.odds_crt import Modifier, total_modifier
from ...core.retreat import advance_hexes, retreat_options
from .data import CRT, MOD, UNITS, distribution, odds, other
from .position import Position
from .supply import in_supply, stack_in_supply


@dataclass
class Assessment:
    attack: int
    defence: int
    column: str | None
    modifiers: list[Modifier] = field(default_factory=list)
    doubled: bool = False

    @property
    def modifier(self) -> int:
        return total_modifier(self.modifiers)

    def results(self) -> dict[str, float]:
        if self.column is None:
            return {str(CRT.below): 1.0}
        return dict(distribution(self.column, self.modifier))

    def to_dict(self) -> dict[str, Any]:
        return {"odds": self.column or f"below {CRT.columns[0]}", "attack": self.attack, "defence": self.defence,
                "fortification_doubled": self.doubled,
                "modifiers": [m.to_dict() for m in self.modifiers], "results": self.results()}


def defenders(s: Position, target: int) -> list[str]:
    return s.at(target)


def counted_defence(s: Position, target: int) -> int:
    """onslaught 7.3: in a Combat action, divisions that retreated into the hex this action do not count."""
    a = s.pos["action"]
    skip = set(a["retreated"]) if a and a["kind"] == "combat" else set()
    return sum(s.strength(u) for u in defenders(s, target) if u not in skip)


def side_kind(s: Position, frm: int, target: int) -> str:
    b = s.board
    if (frm, target) in b.major_sides:
        return "major"
    if (frm, target) in b.river_sides:
        return "river"
    return "none"


def attacker_supplied(s: Position, uid: str) -> bool:
    """8.6: traced when its stack was activated; 7.5: always supplied in a fortification (German)."""
    a = s.pos["action"]
    if a is not None and uid in a["activated"]:
        if uid not in a["out_of_supply"]:
            return True
        h = s.hex_of(uid)
        return UNITS[uid].side == "german" and h is not None and bool((s.board.fortification >> h) & 1)
    return in_supply(s, uid)


def assess(s: Position, target: int, attackers: list[str]) -> Assessment:
    """Odds column and modifiers for ``attackers`` hitting the stack at ``target`` now."""
    b = s.board
    att = sum(s.strength(u) for u in attackers)
    dfn = counted_defence(s, target)
    defs = defenders(s, target)
    doubled = False
    if (defs and UNITS[defs[0]].side == "german" and (b.fortification >> target) & 1 and attackers
            and all((s.hex_of(u), target) in b.fortified_sides for u in attackers)):
        dfn *= int(MOD["fortification_multiplier"])
        doubled = True
    mods: list[Modifier] = []
    if (b.defensive >> target) & 1:
        mods.append(Modifier(int(MOD["defensive_terrain"]), f"defender in {b.m.terrain[target]}", s.rule("7.1")))
    if attackers and any(not attacker_supplied(s, u) for u in attackers):
        mods.append(Modifier(int(MOD["attacker_out_of_supply"]), "an attacking division is out of supply",
                             s.rule("7.1")))
    if defs and not stack_in_supply(s, target, UNITS[defs[0]].side):
        mods.append(Modifier(int(MOD["defender_out_of_supply"]), "the defending stack is out of supply",
                             s.rule("8.6")))
    if attackers:
        kinds = {side_kind(s, h, target) for u in attackers if (h := s.hex_of(u)) is not None}
        if kinds == {"major"}:
            mods.append(Modifier(int(MOD["major_waterway"]), "every attacker across a major waterway",
                                 s.rule("7.1")))
        elif kinds and "none" not in kinds:
            mods.append(Modifier(int(MOD["river"]), "every attacker across a river", s.rule("7.1")))
    column = odds(att, dfn) if att > 0 else None
    return Assessment(att, dfn, column, mods, doubled)


def adjacent_attackers(s: Position, target: int, side: str) -> list[str]:
    """``side``'s divisions next to ``target`` across a land hexside (no attacks across the sea)."""
    b = s.board
    out = []
    for n in b.m.nbrs[target]:
        if (target, n) in b.sea_extra:
            continue
        for u in s.occupancy().get(n, ()):
            if UNITS[u].side == side:
                out.append(u)
    return out


def enemy_targets(s: Position, side: str, uids: list[str]) -> list[int]:
    """Enemy-held hexes next to any of ``uids``."""
    b = s.board
    enemy = s.side_bb(other(side))
    out: set[int] = set()
    for u in uids:
        h = s.hex_of(u)
        if h is None:
            continue
        for n in b.m.nbrs[h]:
            if (enemy >> n) & 1 and (h, n) not in b.sea_extra:
                out.add(n)
    return sorted(out)


def enemy_hexes_next_to(s: Position, side: str) -> int:
    """Enemy-held hexes in ``side``'s ZOC: every hex it could attack."""
    return s.side_bb(other(side)) & s.zoc_bb(side)


# --------------------------------------------------------------------------
# Results (7.2), retreat (7.3), advance (7.4)
# --------------------------------------------------------------------------
def attacking_stacks(s: Position, attackers: list[str]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for u in attackers:
        h = s.hex_of(u)
        if h is not None:
            out.setdefault(h, []).append(u)
    return out


def depletion_rounds(s: Position, attackers: list[str]) -> list[dict[str, Any]]:
    """Which attacking stacks an AH/HH depletes (7.2); 14.1 adds a second, Commonwealth, stack."""
    stacks = attacking_stacks(s, attackers)
    if not stacks:
        return []
    camps = {UNITS[u].camp for u in attackers} - {None}
    if s.options.get("allied_cooperation") and camps == {"cw", "us"}:
        return [{"camp": "us"}, {"camp": "cw"}]
    return [{"camp": None}]


def stack_value(s: Position, uids: list[str], camp: str | None) -> int:
    return sum(s.strength(u) for u in uids if camp is None or UNITS[u].camp == camp)


def retreat_ends(s: Position, uid: str, origin: str, attackers: list[str]) -> tuple[list[int], bool, dict[int, list[int]]]:
    """7.3, 7.5: (end hexes, full retreat?, the path to each end) for one division retreating from ``origin``.

    Never into enemy ZOC unless a friendly division is there, never ending next to
    a division that attacked it; Germans may stop on entering a fortification."""
    def compute() -> tuple[list[int], bool, dict[int, list[int]]]:
        b = s.board
        side = UNITS[uid].side
        enemy_side = other(side)
        enemy = s.side_bb(enemy_side)
        ezoc = s.zoc_bb(enemy_side)
        own = s.side_bb(side)
        start = s.map.index[origin]
        attackers_at = {s.hex_of(u) for u in attackers if s.unit(u)["hex"] is not None}
        banned = 0
        for h in attackers_at:
            if h is not None:
                banned |= (1 << h) | b.dil.step(1 << h)

        def may_enter(h: int) -> bool:
            return bool((b.land >> h) & 1) and not (enemy >> h) & 1 and (not (ezoc >> h) & 1 or bool((own >> h) & 1))

        def may_end(h: int) -> bool:
            return not (banned >> h) & 1

        opts = retreat_options(b.land_nbrs, start, 2, may_enter, may_end, s.map.distance)
        paths = {p[-1]: p for k in (2, 1) for p in opts.get(k, [])}
        full = [p[-1] for p in opts.get(2, [])]
        one = [p[-1] for p in opts.get(1, [])]
        if side == "german":
            forts = [h for h in one if (b.fortification >> h) & 1]
            full += forts
            one = [h for h in one if h not in forts]
        ends = sorted(set(full)) if full else sorted(set(one))
        return ends, bool(full), {h: paths[h] for h in ends}
    return s.cached(("retreat", uid, origin, tuple(attackers)), compute)  # type: ignore[no-any-return]


def advance_ends(s: Position, uid: str, vacated: int) -> list[int]:
    """7.4: into the emptied hex, armour one hex further; ZOC and waterways are ignored."""
    b = s.board
    enemy = s.side_bb(other(UNITS[uid].side))

    def ok(n: int) -> bool:
        return bool((b.land >> n) & 1) and not (enemy >> n) & 1

    extra = 1 if UNITS[uid].armor else 0
    here = s.hex_of(uid)
    return [h for h in advance_hexes(b.land_nbrs, vacated, extra, ok) if h != here]
