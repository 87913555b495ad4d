"""Combat as functions of the position (§10): who must fight, who may join, odds, exchanges, retreats, advances.

A *combat* is a dict kept in the combat phase's frame: ``{"id", "targets": [hex…], "attackers": [uid…],
"air": None|"fighter"|"bomber"}``. Whole hexes are attacked (see README: splitting one hex's defenders between
combats is not offered).
"""

from __future__ import annotations

from typing import Any

from ...core.bitboard import bits
from .data import tables
from .position import Position, other

Combat = dict[str, Any]


# ----- adjacency and obligations (§10) -------------------------------------------------------------
def adjacent_across(s: Position, a: str, b: str) -> bool:
    """Whether a unit on ``a`` can attack hex ``b``: adjacent, no all-sea hexside between; from a sea invasion
    hex only its own coastal hex (§7.1)."""
    bd = s.board
    m = bd.m
    ia, ib = m.index[a], m.index[b]
    if ib not in m.nbrs[ia] or "sea" in m.side(ia, ib):
        return False
    if (bd.sea >> ia) & 1:
        arrow = bd.arrow_by_sea.get(a)
        return arrow is not None and arrow.coast == b
    return bool((bd.land >> ib) & 1)


def enemy_hexes_adjacent(s: Position, label: str, side: str) -> list[str]:
    m = s.board.m
    out = []
    for n in m.nbrs[m.index[label]]:
        lab = m.label(n)
        if s.side_at(lab) == other(side) and adjacent_across(s, label, lab):
            out.append(lab)
    return out


def must_attack(s: Position, side: str) -> list[str]:
    """§10: every unit of the active side standing in enemy ZOC must attack."""
    z = s.zoc(other(side))
    m = s.board.m
    return [u for u in s.on_map(side) if (z >> m.index[s.unit(u)["hex"]]) & 1]  # type: ignore[index]


def must_be_attacked(s: Position, side: str) -> list[str]:
    """§10: every enemy hex in the active side's ZOC must be attacked."""
    z = s.zoc(side)
    m = s.board.m
    return sorted({s.unit(u)["hex"] for u in s.on_map(other(side))  # type: ignore[misc]
                   if (z >> m.index[s.unit(u)["hex"]]) & 1})  # type: ignore[index]


def engaging_hexes(s: Position, uid: str) -> list[str]:
    """Enemy hexes whose ZOC holds this unit (the ones it is obliged to fight)."""
    u = s.unit(uid)
    lab = u["hex"]
    assert lab is not None
    m = s.board.m
    i = m.index[lab]
    return [h for h in enemy_hexes_adjacent(s, lab, s.side_of(uid)) if (s.zoc_of_hex(h) >> i) & 1]


def committed(combats: list[Combat]) -> tuple[set[str], set[str]]:
    att: set[str] = set()
    tgt: set[str] = set()
    for c in combats:
        att.update(c["attackers"])
        tgt.update(c["targets"])
    return att, tgt


def eligible_attackers(s: Position, side: str, targets: list[str], combats: list[Combat]) -> list[str]:
    """Units that may join an attack on ``targets``: adjacent to every target hex and not yet committed (§10)."""
    taken, _ = committed(combats)
    out = []
    for uid in s.on_map(side):
        u = s.unit(uid)
        if uid in taken or u["attacked"]:
            continue
        if all(adjacent_across(s, u["hex"], t) for t in targets):  # type: ignore[arg-type]
            out.append(uid)
    return out


# ----- odds (§10.2) -------------------------------------------------------------------------------------
def hex_multiplier(s: Position, target: str, attackers: list[str]) -> int:
    """Terrain DF multiplier of a defended hex, not cumulative: fortress ×3; town, mountain, fortification
    (German only) ×2; otherwise ×2 when every attacker is across a river hexside (§10.2, Table B)."""
    b = s.board
    m = b.m
    t = tables().terrain
    i = m.index[target]
    feats = m.features[i]
    if "fortress" in feats:
        return t["fortress"]
    if "town" in feats or m.terrain[i] == "mountain":
        return t["town"]
    if "fortification" in feats and s.side_at(target) == "german":
        return t["fortification"]
    if attackers and all("river" in m.side(m.index[s.unit(a)["hex"]], i) for a in attackers  # type: ignore[index]
                         if m.index[s.unit(a)["hex"]] in m.nbrs[i]):  # type: ignore[index]
        return t["river"]
    return 1


def defenders(s: Position, c: Combat) -> list[str]:
    return [u for t in c["targets"] for u in s.at(t)]


def totals(s: Position, c: Combat) -> dict[str, Any]:
    """Attack and defence totals of a combat, with and without air (§10.2, §10.4.1)."""
    att = sum(s.af(a) for a in c["attackers"])
    mult = {t: hex_multiplier(s, t, [a for a in c["attackers"] if adjacent_across(s, s.unit(a)["hex"], t)])  # type: ignore[arg-type]
            for t in c["targets"]}
    dfn = sum(s.defn(u).df * mult[t] for t in c["targets"] for u in s.at(t))
    cad = sum(1 for t in c["targets"] if t in s.g["cad"] and s.side_at(t) == "allied")
    cas = 1 if c.get("air") == "fighter" else 0
    return {"af": att, "df": dfn, "af_total": att + cas, "df_total": dfn + cad, "multiplied": any(v > 1 for v in mult.values()),
            "multipliers": mult}


def odds_index(s: Position, c: Combat) -> int:
    """CRT column index; 0 (1:7) or -1 (worse) is an automatic defeat (§10.3)."""
    t = totals(s, c)
    return tables().crt.column_index(t["af_total"], t["df_total"])


def odds_text(s: Position, c: Combat) -> str:
    i = odds_index(s, c)
    return "1:7 or worse" if i <= 0 else tables().crt.columns[i]


def automatic_defeat(s: Position, c: Combat) -> bool:
    return odds_index(s, c) <= 0


def from_sea(s: Position, c: Combat) -> list[str]:
    """Attackers on sea invasion hexes (§7.1)."""
    b = s.board
    return [a for a in c["attackers"] if (b.sea >> b.m.index[s.unit(a)["hex"]]) & 1]  # type: ignore[index]


# ----- completing the plan (§10, §7.1) ------------------------------------------------------------------
def complete_plan(s: Position, side: str, combats: list[Combat]) -> list[Combat]:
    """Add the attacks the rules still require: every unit in enemy ZOC attacks, every enemy hex in ZOC is
    attacked. Greedy: join a declared attack if adjacent to all its targets, else open one on an engaging hex."""
    combats = [dict(c, attackers=list(c["attackers"]), targets=list(c["targets"])) for c in combats]
    taken, hit = committed(combats)
    for uid in must_attack(s, side):
        if uid in taken:
            continue
        eng = engaging_hexes(s, uid)
        joined = False
        here = s.unit(uid)["hex"]
        for c in combats:
            if any(t in eng for t in c["targets"]) and all(adjacent_across(s, here, t) for t in c["targets"]):  # type: ignore[arg-type]
                c["attackers"].append(uid)
                joined = True
                break
        open_targets = [h for h in eng if h not in hit]
        if not joined and open_targets:
            target = min(open_targets, key=lambda h: (sum(s.defn(u).df for u in s.at(h)), h))
            combats.append({"id": _next_id(combats), "targets": [target], "attackers": [uid], "air": None})
            hit.add(target)
            joined = True
        if joined:
            taken.add(uid)
    for h in must_be_attacked(s, side):
        if h in hit:
            continue
        free = [u for u in eligible_attackers(s, side, [h], combats)]
        if free:
            combats.append({"id": _next_id(combats), "targets": [h], "attackers": free[:3], "air": None})
            hit.add(h)
            continue
        for c in combats:
            if not from_sea(s, c) and all(adjacent_across(s, s.unit(a)["hex"], h) for a in c["attackers"]):  # type: ignore[arg-type]
                c["targets"].append(h)
                hit.add(h)
                break
    return combats


def _next_id(combats: list[Combat]) -> int:
    return max((c["id"] for c in combats), default=0) + 1


def plan_problems(s: Position, side: str, combats: list[Combat]) -> list[str]:
    """What the declared attacks still leave undone (for prompts and tests)."""
    taken, hit = committed(combats)
    out = [f"{s.defn(u).label} must attack" for u in must_attack(s, side) if u not in taken]
    out += [f"{h} must be attacked" for h in must_be_attacked(s, side) if h not in hit]
    return out


# ----- after the roll (§10.4) -------------------------------------------------------------------------
def exchange_loser(att: int, dfn: int) -> tuple[str, int, int]:
    """§10.4.1: the side with the lower total (attacker AF, defender terrain-modified DF, air excluded) loses
    everything; on a tie both do (reading 9). Returns (loser: "attacker"|"defender"|"both", att, dfn)."""
    if att < dfn:
        return "attacker", att, dfn
    if dfn < att:
        return "defender", att, dfn
    return "both", att, dfn


def retreat_ends(s: Position, uid: str, unresolved: set[str], length: int = 2) -> list[str]:
    """§10.4.2: ends of a two-hex retreat: not into or through enemy units or ZOC, impassable, neutral, sea
    (the dyke may be crossed, not ended on), nor a hex still to be attacked; the end must respect stacking."""
    b = s.board
    m = b.m
    u = s.unit(uid)
    start = m.index[u["hex"]]  # type: ignore[index]
    enemy = other(s.side_of(uid))
    bad = s.occupied(enemy) | s.zoc(enemy)
    ok_enter = (b.playable | b.dyke) & ~bad
    blocked = {m.index[h] for h in unresolved}
    ends: set[int] = set()

    def walk(h: int, path: list[int]) -> None:
        if len(path) == length:
            if m.distance(start, h) == length and not (b.dyke >> h) & 1 and s.can_join(uid, m.label(h)):
                ends.add(h)
            return
        for n in m.nbrs[h]:
            if n == start or n in path or not (ok_enter >> n) & 1 or n in blocked or "sea" in m.side(h, n):
                continue
            walk(n, [*path, n])

    walk(start, [])
    return sorted(m.label(h) for h in ends)


def advance_ends(s: Position, uid: str, vacated: list[str]) -> list[str]:
    return [h for h in vacated if not s.at(h) or s.can_join(uid, h)]


__all__ = ["Combat", "advance_ends", "automatic_defeat", "bits", "complete_plan", "defenders", "eligible_attackers",
           "exchange_loser", "from_sea", "hex_multiplier", "must_attack", "must_be_attacked", "odds_index",
           "odds_text", "plan_problems", "retreat_ends", "totals"]
