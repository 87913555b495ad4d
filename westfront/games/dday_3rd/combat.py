"""Combat as functions of the position (§10): who must fight, who may join, odds, exchanges, retreats, advances.

A *combat* is a dict kept in the combat phase's frame: ``{"id", "targets": [hex…], "attackers": [uid…],
"defenders": [uid…], "air": None|"fighter"|"bomber"}``. ``defenders`` may leave out units of a target hex (they
are then attacked by another combat, §10); a combat without the key attacks every unit of its target hexes.
"""

from __future__ import annotations

from typing import Any

from ...core.bitboard import bits
from ...core.retreat import retreat_options
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


def committed(s: Position, combats: list[Combat]) -> tuple[set[str], set[str]]:
    """Units already attacking and enemy units already attacked by the declared combats (§10: once each)."""
    att: set[str] = set()
    dfn: set[str] = set()
    for c in combats:
        att.update(c["attackers"])
        dfn.update(defenders(s, c))
    return att, dfn


def open_units(s: Position, label: str, attacked: set[str]) -> list[str]:
    """The units of a hex not yet attacked by a declared combat (§10: one hex's defenders may be split)."""
    return [u for u in s.at(label) if u not in attacked]


def eligible_attackers(s: Position, side: str, targets: list[str], combats: list[Combat]) -> list[str]:
    """Units that may join an attack on ``targets``: adjacent to every target hex and not yet committed (§10)."""
    taken, _ = committed(s, combats)
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
    """The units a combat attacks: its declared ``defenders`` (still in a target hex), or every unit of its
    target hexes when none were declared (§10: the attacker may split one hex's defenders between combats)."""
    if c.get("defenders") is None:
        return [u for t in c["targets"] for u in s.at(t)]
    return [u for u in c["defenders"] if s.unit(u)["hex"] in c["targets"]]


def totals(s: Position, c: Combat) -> dict[str, Any]:
    """Attack and defence totals of a combat, with and without air (§10.2, §10.4.1)."""
    att = sum(s.af(a) for a in c["attackers"])
    mult = {t: hex_multiplier(s, t, [a for a in c["attackers"] if adjacent_across(s, s.unit(a)["hex"], t)])  # type: ignore[arg-type]
            for t in c["targets"]}
    dfn = sum(s.defn(u).df * mult[s.unit(u)["hex"]] for u in defenders(s, c))
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


def carpet_bombed(s: Position, c: Combat) -> bool:
    """§10.1.2: a combat with the bomber, or any other attack on the carpet-bombed hex alone (CB affects every
    attack on its hex; none that spreads over two or more hexes)."""
    if c.get("air") == "bomber":
        return True
    return len(c["targets"]) == 1 and c["targets"][0] == s.g.get("cb_hex")


def from_sea(s: Position, c: Combat) -> list[str]:
    """Attackers on sea invasion hexes (§7.1)."""
    b = s.board
    return [a for a in c["attackers"] if (b.sea >> b.m.index[s.unit(a)["hex"]]) & 1]  # type: ignore[index]


# ----- the rider of voluntary attacks (§10 exceptions) --------------------------------------------------
def rider_units(s: Position, side: str, c: Combat) -> set[str]:
    """Enemy units a combat obliges the side to attack as well (§10 exceptions): an attack across a river hexside
    obliges an attack on every enemy unit adjacent to that attacker across a river; an attack out of a fortress,
    on every enemy unit adjacent to the fortress; an attack into a fortress, on every unit in it."""
    m = s.board.m
    fort = s.board.fortress
    out: set[str] = set()
    for a in c["attackers"]:
        here = s.unit(a)["hex"]
        if here is None:
            continue
        ia = m.index[here]
        for t in c["targets"]:
            it = m.index[t]
            if it not in m.nbrs[ia]:
                continue
            if (fort >> it) & 1:
                out.update(s.at(t))
            if (fort >> ia) & 1:
                for h in enemy_hexes_adjacent(s, here, side):
                    out.update(s.at(h))
            if "river" in m.side(ia, it):
                for h in enemy_hexes_adjacent(s, here, side):
                    if "river" in m.side(ia, m.index[h]):
                        out.update(s.at(h))
    return out


def triggers_rider(s: Position, attacker_hex: str, target: str) -> bool:
    """Whether attacking ``target`` from ``attacker_hex`` is a river or fortress attack (§10 exceptions)."""
    m = s.board.m
    ia, it = m.index[attacker_hex], m.index[target]
    fort = s.board.fortress
    return bool((fort >> it) & 1 or (fort >> ia) & 1 or "river" in m.side(ia, it))


def required_units(s: Position, side: str, combats: list[Combat]) -> set[str]:
    """Every enemy unit that must be attacked: those in the side's ZOC (§10) and those a declared river or
    fortress attack obliges (§10 exceptions)."""
    z = s.zoc(side)
    m = s.board.m
    out = {u for u in s.on_map(other(side)) if (z >> m.index[s.unit(u)["hex"]]) & 1}  # type: ignore[index]
    for c in combats:
        out |= rider_units(s, side, c)
    return out


# ----- completing the plan (§10, §7.1) ------------------------------------------------------------------
def complete_plan(s: Position, side: str, declared: list[Combat]) -> tuple[list[Combat], list[Combat]]:
    """Add the attacks the rules still require (§10): every unit in enemy ZOC attacks, every enemy unit in ZOC and
    every unit a river or fortress attack obliges (§10 exceptions) is attacked.

    :func:`_fill` completes any plan without declared attacks (see there). A declared attack that leaves a
    requirement impossible — a rider nobody can meet, defenders taken from a unit that must attack and cannot join
    that attack (all attackers must be adjacent to all attacked hexes), an enemy unit its attackers can no longer
    reach — was not legal as a whole and is withdrawn, the latest such first, and the plan is completed again; if
    none is to blame, the latest declared attack goes. So the result always meets every requirement.
    Returns (combats, withdrawn)."""
    declared = [copy_combat(c) for c in declared]
    withdrawn: list[Combat] = []
    while True:
        combats, stuck = _fill(s, side, [copy_combat(c) for c in declared])
        taken, hit = committed(s, combats)
        unmet = required_units(s, side, combats) - hit
        if not unmet and not stuck:
            return combats, withdrawn
        if not declared:  # cannot happen (see _fill); kept as a loud failure rather than a silent illegal plan
            raise AssertionError(f"incomplete combat plan: {sorted(unmet)} unattacked, {stuck} without an attack")
        culprit = _culprit(s, side, declared, combats, unmet, stuck) or declared[-1]
        declared.remove(culprit)
        withdrawn.append(culprit)


def _culprit(s: Position, side: str, declared: list[Combat], combats: list[Combat], unmet: set[str],
             stuck: list[str]) -> Combat | None:
    """The latest declared attack to blame for what the completed plan leaves undone."""
    by_id = {c["id"]: c for c in combats}
    blocked = {u for a in stuck for h in engaging_hexes(s, a) for u in s.at(h)}
    unmet_hexes = {s.unit(u)["hex"] for u in unmet}
    for c in reversed(declared):
        now = by_id.get(c["id"], c)
        if rider_units(s, side, now) & unmet or set(defenders(s, now)) & blocked:
            return c
        if any(adjacent_across(s, s.unit(a)["hex"], h) for a in now["attackers"] for h in unmet_hexes):  # type: ignore[arg-type]
            return c
    return None


def copy_combat(c: Combat) -> Combat:
    """A copy with its own lists (frames never share a list: saves and clones would tell them apart)."""
    out = dict(c, attackers=list(c["attackers"]), targets=list(c["targets"]))
    if c.get("defenders") is not None:
        out["defenders"] = list(c["defenders"])
    return out


def _fill(s: Position, side: str, combats: list[Combat]) -> tuple[list[Combat], list[str]]:
    """Complete ``combats`` greedily; returns them and the units that must attack but have nothing to attack.

    Without declared attacks the result meets every requirement: each unit in enemy ZOC joins a (single-hex)
    attack on a hex engaging it or opens one, and every enemy unit in the side's ZOC is in the ZOC of a unit
    that can attack it without a rider (ZOC crosses no river and no fortress side, §4.1), which is either free,
    or attacks alone (its attack takes the hex as a further target), or leaves a shared attack to attack it
    (any attack meets its own obligation). Riders then only come from declared attacks."""
    taken, hit = committed(s, combats)
    stuck: list[str] = []
    for uid in must_attack(s, side):
        if uid in taken:
            continue
        eng = engaging_hexes(s, uid)
        here = s.unit(uid)["hex"]
        joined = False
        for c in combats:
            if any(t in eng for t in c["targets"]) and all(adjacent_across(s, here, t) for t in c["targets"]):  # type: ignore[arg-type]
                c["attackers"].append(uid)
                joined = True
                break
        open_targets = [h for h in eng if open_units(s, h, hit)]
        if not joined and open_targets:
            target = min(open_targets, key=lambda h: (sum(s.defn(u).df for u in open_units(s, h, hit)), h))
            dfn = open_units(s, target, hit)
            combats.append({"id": _next_id(combats), "targets": [target], "attackers": [uid], "defenders": dfn,
                            "air": None})
            hit.update(dfn)
            joined = True
        if joined:
            taken.add(uid)
        else:
            stuck.append(uid)  # its engaging hexes are all taken by attacks it cannot join
    for _ in range(len(s.on_map(other(side))) + 1):  # riders may oblige further attacks: to a fixed point
        need = sorted(required_units(s, side, combats) - hit)
        if not need:
            break
        h = s.unit(need[0])["hex"]
        assert h is not None
        dfn = open_units(s, h, hit)
        hit.update(dfn)
        eligible = eligible_attackers(s, side, [h], combats)
        free = [u for u in eligible if not triggers_rider(s, s.unit(u)["hex"], h)]  # type: ignore[arg-type]
        if free:
            combats.append({"id": _next_id(combats), "targets": [h], "attackers": free[:3], "defenders": dfn,
                            "air": None})
            taken.update(free[:3])
            continue
        if _host(s, combats, h, dfn, riding=False) or _leave_to_attack(s, combats, h, dfn):
            continue
        if eligible:  # only riding attackers: their riders join the requirements (§10 exceptions)
            combats.append({"id": _next_id(combats), "targets": [h], "attackers": eligible[:3], "defenders": dfn,
                            "air": None})
            taken.update(eligible[:3])
            continue
        _host(s, combats, h, dfn, riding=True)  # else nobody can: left unattacked (complete_plan withdraws)
    return combats, stuck


def _host(s: Position, combats: list[Combat], h: str, dfn: list[str], riding: bool) -> bool:
    """Add ``h`` as a further target to an attack whose attackers are all adjacent to it (§10: any number of
    hexes); with ``riding`` False only if none of them attacks it across a river or out of or into a fortress."""
    for c in combats:
        if from_sea(s, c) or not all(adjacent_across(s, s.unit(a)["hex"], h)  # type: ignore[arg-type]
                                     and (riding or not triggers_rider(s, s.unit(a)["hex"], h))  # type: ignore[arg-type]
                                     for a in c["attackers"]):
            continue
        if h not in c["targets"]:
            c["targets"].append(h)
        if c.get("defenders") is not None:
            c["defenders"].extend(dfn)
        return True
    return False


def _leave_to_attack(s: Position, combats: list[Combat], h: str, dfn: list[str]) -> bool:
    """Take one attacker adjacent to ``h`` (without a rider) out of a shared attack to attack ``h`` alone: the
    shared attack keeps attackers adjacent to all its targets, and the unit still attacks (§10)."""
    for c in combats:
        if len(c["attackers"]) < 2:
            continue
        for a in c["attackers"]:
            here = s.unit(a)["hex"]
            assert here is not None
            if adjacent_across(s, here, h) and not triggers_rider(s, here, h) and \
                    not (s.board.sea >> s.board.m.index[here]) & 1:
                c["attackers"].remove(a)
                combats.append({"id": _next_id(combats), "targets": [h], "attackers": [a], "defenders": dfn,
                                "air": None})
                return True
    return False


def _next_id(combats: list[Combat]) -> int:
    return max((c["id"] for c in combats), default=0) + 1


def owed_invasions(s: Position, side: str, combats: list[Combat]) -> list[str]:
    """§7.1: coastal hexes holding German units whose invaders (still at sea) are in no declared attack yet: the
    invaders must attack them, as a whole, even where ZOC does not oblige it (a fortress, §4.1)."""
    if side != "allied":
        return []
    b = s.board
    taken, _ = committed(s, combats)
    out = set()
    for uid in s.on_map("allied"):
        here = s.unit(uid)["hex"]
        arrow = b.arrow_by_sea.get(here or "")
        if arrow is not None and uid not in taken and s.side_at(arrow.coast) == "german":
            out.add(arrow.coast)
    return sorted(out)


def plan_problems(s: Position, side: str, combats: list[Combat]) -> list[str]:
    """What the declared attacks still leave undone (for prompts and tests)."""
    taken, hit = committed(s, combats)
    out = [f"the invaders must attack {h} (§7.1)" for h in owed_invasions(s, side, combats)]
    out += [f"{s.defn(u).label} must attack" for u in must_attack(s, side) if u not in taken]
    out += [f"{s.defn(u).label} ({s.unit(u)['hex']}) must be attacked"
            for u in sorted(required_units(s, side, combats) - hit)]
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
    (the dyke may be crossed, not ended on), nor a hex still to be attacked; the end must respect stacking.
    The walk is ``core.retreat.retreat_options`` (every path of ``length`` steps that never revisits a hex)."""
    b = s.board
    m = b.m
    u = s.unit(uid)
    start = m.index[u["hex"]]  # type: ignore[index]
    enemy = other(s.side_of(uid))
    ok_enter = (b.playable | b.dyke) & ~(s.occupied(enemy) | s.zoc(enemy))
    for lab in unresolved:
        ok_enter &= ~(1 << m.index[lab])
    dyke = b.dyke

    def may_enter(h: int) -> bool:
        return bool((ok_enter >> h) & 1)

    def may_end(h: int) -> bool:
        return m.distance(start, h) == length and not (dyke >> h) & 1 and s.can_join(uid, m.label(h))

    opts = retreat_options(b.move_nbrs, start, length, may_enter, may_end, m.distance)
    return sorted(m.label(p[-1]) for p in opts.get(length, []))


def advance_ends(s: Position, uid: str, vacated: list[str]) -> list[str]:
    return [h for h in vacated if not s.at(h) or s.can_join(uid, h)]


__all__ = ["Combat", "advance_ends", "automatic_defeat", "bits", "carpet_bombed", "committed", "copy_combat", "complete_plan", "defenders",
           "eligible_attackers", "exchange_loser", "owed_invasions", "from_sea", "hex_multiplier", "must_attack", "must_be_attacked",
           "odds_index", "odds_text", "open_units", "plan_problems", "required_units", "retreat_ends", "rider_units",
           "totals", "triggers_rider"]
