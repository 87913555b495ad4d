"""AI hooks for D-Day (3rd ed.): a position evaluation and cheap priors for every kind of decision.

The Allies must get 10 supplied units across the Rhine-Issel line for four weeks (§13), so their priors value
distance to that line, staying within reach of a supply point and attacking at good odds; the German priors value
holding on, counter-attacking at good odds and staying in supply. Attack priors use the same odds as the UI
preview (``combat.totals``). There is no hidden information.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from ...core.actions import Action
from ...core.bitboard import bits
from ...core.state import State
from ...core.supply import supplied_area
from . import combat as C
from . import logistics, movement, victory
from .board import board
from .data import HQ, tables, units
from .plan import MARGIN, plan
from .position import Position, other
from .supply import allied_assignment, allied_sources, allied_supplied, assignment_with
from .view import ORDER, two_roll_best

RESULT_VALUE = {"AE": -1.0, "AR": -0.45, "EX": 0.0, "DR": 0.45, "DE": 1.0}
HIDDEN_INFORMATION = False


@cache
def rhine_distance() -> dict[int, int]:
    """Hex -> steps to the nearest hex east of the Rhine-Issel line (over land)."""
    b = board()
    out: dict[int, int] = {}
    layers = b.supply_dilator.layers(b.east_of_rhine, b.land)
    for k, layer in enumerate(layers):
        for i in bits(layer):
            out.setdefault(i, k)
    return out


def _supply_area(s: Position) -> int:
    """Hexes where an Allied unit could trace a line to a controlled supply point within its range (capacity
    ignored), as §6.2 traces it: through hexes free of German units and German ZOC."""
    def build() -> int:
        b = s.board
        m = b.m
        passable = b.playable & ~s.occupied("german") & ~s.zoc("german")
        area = 0
        for src in allied_sources(s):
            if s.controller(m.label(src.hex)) == "allied":
                area |= supplied_area(b.supply_dilator, 1 << src.hex, passable, src.range)
        return area
    return s.cached("ai_supply_area", build)  # type: ignore[no-any-return]


def effective_room(s: Position) -> int:
    """Capacity of the supply points that reach beyond their own hex, minus the Allied units on the continent:
    landing more only feeds attrition (§6.2, §12)."""
    m = s.board.m
    cap = 0
    for src in allied_sources(s):
        lab = m.label(src.hex)
        if lab in s.g["mulberries"] or (src.range > 0 and s.controller(lab) == "allied"):
            cap += src.capacity  # a Mulberry lost to German ZOC control comes back when a unit lands on it
    return cap - len(s.on_continent("allied"))


def blocked_sources(s: Position) -> list[str]:
    """Controlled Allied supply points shut down by German ZOC (§6.2: range 0): the hexes to clear first."""
    m = s.board.m
    return [m.label(src.hex) for src in allied_sources(s)
            if s.controller(m.label(src.hex)) == "allied" and s.in_zoc(m.label(src.hex), "german")]


def threat_to_supply(s: Position, target: str) -> float:
    """Bonus for attacking a German hex next to an Allied supply point it shuts down (or one the plan holds)."""
    m = s.board.m
    i = m.index[target]
    if any(i in m.nbrs[m.index[h]] for h in blocked_sources(s)):
        return 0.6
    return 0.3 if target in plan(s).threats else 0.0


def landing_room(s: Position) -> int:
    """Units the plan can still feed next week: spare capacity in range plus free places on the east posts."""
    p = plan(s)
    m = s.board.m
    free = 0
    for h in p.posts:
        cap = next((src.capacity for src in allied_sources(s) if src.hex == m.index[h]), 0)
        free += cap - sum(1 for u in s.at(h) if s.side_of(u) == "allied")
    return p.slots + free


def keeps_supply(s: Position, uid: str, i: int) -> bool:
    """Whether the unit would still be supplied on hex ``i``: its own point reaches it, or a point with room does."""
    p = plan(s)
    if (p.served >> i) & 1:
        return True
    src = allied_assignment(s).get(uid)
    if src is None:
        return False
    if src in p.areas:
        return bool((p.areas[src] >> i) & 1)
    return s.board.m.index[src] == i  # a point with range 0 feeds only its own hex


def _capacity(s: Position, label: str) -> int:
    b = s.board
    a = b.arrow_by_coast.get(label)
    if a is not None:
        return a.capacity
    p = b.inland_by_hex.get(label)
    return p.capacity if p is not None else 0


def hq_gain(s: Position, label: str, uid: str | None = None) -> bool:
    """Whether an HQ (``uid`` not counted as already there) on ``label`` gives its supply point range where it has
    none (Table 4: an in-land port, or a port taken after its invasion week) and the point has room for two more
    units besides: on a capacity 1-2 point the HQ would take the places of the units it could feed there anyway.
    A second HQ on a Mulberry (8 to 16) is not worth its capacity: range is rarely what the Allies lack."""
    if label in s.g["mulberries"] or _capacity(s, label) < 3:
        return False
    return not any(u != uid and units()[u].type == HQ and s.side_of(u) == "allied" for u in s.at(label))


def hq_targets(s: Position) -> list[str]:
    """Allied-held supply points out of German ZOC where an HQ would give range (see ``hq_gain``; §6.2)."""
    b = s.board
    gz = s.zoc("german")
    out = []
    for lab in [*b.arrow_by_coast, *b.inland_by_hex]:
        if s.controller(lab) != "allied" or s.side_at(lab) == "german" or (gz >> b.m.index[lab]) & 1:
            continue
        if hq_gain(s, lab):
            out.append(lab)
    return out


def _hq_bonus(s: Position, uid: str, i: int) -> float:
    """An HQ is worth the range it gives where it stands (Table 4), more on a bigger point; elsewhere it only eats
    capacity."""
    lab = s.board.m.label(i)
    base = 1.0 + 0.1 * (_capacity(s, lab) - 3) if hq_gain(s, lab, uid) else -0.3
    return base - 0.01 * rhine_distance().get(i, 40)


def attack_value(s: Position, c: dict[str, Any]) -> float:
    """Expected CRT result for the attacker, -1..1 (carpet bombing keeps the better of two rolls)."""
    if not c["attackers"]:
        return -0.5
    idx = C.odds_index(s, c)
    if idx <= 0:
        return -1.0
    col = tables().crt.columns[idx]
    dist = two_roll_best(col) if C.carpet_bombed(s, c) else tables().crt.distribution(col)
    return sum(p * RESULT_VALUE[r] for r, p in dist.items())


def evaluate(state: State, side: str) -> float:
    """The side's prospects in [-1, 1]: material on the continent, the Allied approach to the Rhine and time."""
    s: Position = state  # type: ignore[assignment]
    r = s.result()
    if r is not None:
        return 0.0 if r.winner is None else (1.0 if r.winner == side else -1.0)
    m = s.board.m
    rd = rhine_distance()
    allied = s.on_continent("allied")
    german = s.on_continent("german")
    a_str = sum(s.af(u) for u in allied) + 0.5 * len(s.in_box("britain", "allied"))
    g_str = sum(units()[u].df for u in german) or 1
    material = (a_str - g_str) / (a_str + g_str)
    if allied:
        approach = sum(1.0 / (1 + rd.get(m.index[s.unit(u)["hex"]], 40)) for u in allied) / len(allied)  # type: ignore[index]
    else:
        approach = 0.0
    east = victory.supplied_east_of_rhine(s) / victory.EAST_UNITS
    time_left = 1 - s.week / victory.LAST_WEEK
    x = 0.6 * material + 1.2 * approach + 0.6 * east + 0.5 * s.g["east_streak"] - 0.6 * (1 - time_left)
    if not allied and s.week > 1:
        x -= 1.0
    v = math.tanh(x)
    return v if side == "allied" else -v


def features(state: State, side: str) -> dict[str, float]:
    """Plan facts for the learned evaluation (westfront/ai/learned.py), signed for ``side`` (+ favours it):
    the terms ``evaluate`` adds by hand — material on the continent, the Allied approach to the Rhine,
    supplied units east of it against the 10 needed and the streak of weeks held (§13), each also weighted
    by the time gone. D-Day 3rd hides nothing (HIDDEN_INFORMATION), so reading the position is fair."""
    s: Position = state  # type: ignore[assignment]
    m = s.board.m
    rd = rhine_distance()
    allied = s.on_continent("allied")
    german = s.on_continent("german")
    a_str = sum(s.af(u) for u in allied) + 0.5 * len(s.in_box("britain", "allied"))
    g_str = sum(units()[u].df for u in german) or 1
    approach = (sum(1.0 / (1 + rd.get(m.index[s.unit(u)["hex"]], 40)) for u in allied) / len(allied)  # type: ignore[index]
                if allied else 0.0)
    gone = s.week / victory.LAST_WEEK
    terms = {"material": (a_str - g_str) / (a_str + g_str), "approach": approach,
             "east": victory.supplied_east_of_rhine(s) / victory.EAST_UNITS, "east_streak": float(s.g["east_streak"]),
             "ashore": 0.0 if allied or s.week <= 1 else -1.0}
    sign = 1.0 if side == "allied" else -1.0
    out = {k: sign * v for k, v in terms.items()}
    out.update({f"{k}_late": sign * v * gone for k, v in terms.items() if k != "ashore"})
    return out


# ----- hex values --------------------------------------------------------------------------------------
def allied_hex_value(s: Position, uid: str, label: str) -> float:
    m = s.board.m
    i = m.index[label]
    d = units()[uid]
    v = -0.04 * rhine_distance().get(i, 40)
    p = plan(s)
    here = s.unit(uid)["hex"]
    if (s.board.east_of_rhine >> i) & 1:
        # §13 counts only supplied units across the line: one that crosses beyond its supply is flipped next week
        # and gone the week after (§6.3, §12), so the crossing is worth little without a supply point behind it;
        # beyond the 10 (and a margin) a further crossing adds less than guarding the supply that feeds them
        full = _east_others(s, uid) >= victory.EAST_UNITS + MARGIN
        v += (0.4 if full else 1.0) if label in p.posts or keeps_supply(s, uid, i) else 0.2
    if label in p.posts and label != here:
        v += 0.8  # a free place on an east post: supplied there by standing on it (§6.2, §13)
    elif not keeps_supply(s, uid, i) and (_supply_area(s) >> i) & 1:
        v -= 0.4  # in range, but every point reaching it is full: out of supply next week (§6.2)
    elif not keeps_supply(s, uid, i):
        v -= 0.8  # out of range: flipped next week, eliminated the week after (§6.3, §12)
    if _guards_point(s, uid, i):
        v += 0.5  # a ring round a supply point: German units cannot get next to it and shut it down (§6.2)
    if p.phase != "cross" and _capturable_point(s, label):
        v += 0.4  # a German-held supply point near the Rhine: more capacity (§6.2)
    if label in s.g["mulberries"] and not [u for u in s.at(label) if u != uid]:
        # hold the invasion hex: German ZOC would take its control, and its supply, away (§4.3, §6.2), and a German
        # unit that walks in removes the Mulberry for good (§7.2) — so the last unit stays while one is near
        v += 1.5 if _german_near(s, i, 4) else 0.5
    if d.type == HQ:
        return _hq_bonus(s, uid, i)
    v += contact_value(s, uid, label)
    return v


def _east_others(s: Position, uid: str) -> int:
    """Supplied Allied units east of the Rhine-Issel line (§13), ``uid`` not counted."""
    m = s.board.m
    here = s.unit(uid)["hex"]
    mine = here is not None and not s.unit(uid)["flipped"] and bool((s.board.east_of_rhine >> m.index[here]) & 1)
    return victory.supplied_east_of_rhine(s) - (1 if mine else 0)


def _german_near(s: Position, i: int, k: int) -> bool:
    """Whether a German unit stands within ``k`` hexes of hex ``i`` over playable hexes (a move's reach: MF 3-4)."""
    b = s.board
    return bool(b.supply_dilator.flood(1 << i, b.playable, k) & s.occupied("german"))


def _guards_point(s: Position, uid: str, i: int) -> bool:
    """Whether hex ``i`` is a land neighbour of a supply point the plan holds, not behind a river from it (ZOC does
    not cross rivers) and not already guarded by another Allied unit."""
    b = s.board
    m = b.m
    if not (b.land >> i) & 1 or any(u != uid for u in s.at(m.label(i))):
        return False
    for h in plan(s).keep:
        j = m.index[h]
        if i in m.nbrs[j] and "river" not in m.side(i, j) and "sea" not in m.side(i, j):
            return True
    return False


def _capturable_point(s: Position, label: str) -> bool:
    b = s.board
    is_point = label in b.arrow_by_coast or label in b.inland_by_hex
    return is_point and s.controller(label) != "allied" and rhine_distance().get(b.m.index[label], 40) <= 8


def _invaded_coasts(s: Position) -> list[str]:
    """German-held coastal hexes the invaders at sea must attack this week (§7.1)."""
    b = s.board
    out = []
    for u in s.on_map("allied"):
        st = s.unit(u)
        arrow = b.arrow_by_sea.get(st["hex"] or "")
        if st["invader"] and arrow is not None and s.side_at(arrow.coast) == "german":
            out.append(arrow.coast)
    return sorted(set(out))


def drop_value(s: Position, uid: str, label: str) -> float:
    """Where an airborne division should land (§8): the hex value, plus support for an invasion attack it can join
    (§7.1: adjacent units may join the attack on a coastal hex; one division per beach, so three drops spread over
    three beaches), minus the danger of a lone division within reach of German armour (DF 3 against their
    counter-attack, with nobody to share it)."""
    b = s.board
    m = b.m
    i = m.index[label]
    v = allied_hex_value(s, uid, label)
    support = 0.0
    for coast in _invaded_coasts(s):
        if not C.adjacent_across(s, label, coast):
            continue
        there = sum(1 for u in s.on_map("allied") if s.unit(u)["dropped"] and u != uid
                    and C.adjacent_across(s, s.unit(u)["hex"] or "", coast))  # type: ignore[arg-type]
        support = max(support, 1.2 if there == 0 else 0.3 if there == 1 else 0.0)
    v += support
    if not support:
        threat = sum(units()[u].af for u in s.on_continent("german") if units()[u].type not in ("ST", HQ)
                     and m.distance(m.index[s.unit(u)["hex"] or ""], i) <= 2)
        if threat >= units()[uid].df:
            v -= 1.0
    crowd = sum(1 for u in s.at(label) if s.side_of(u) == "allied")
    return v - 0.3 * crowd  # spread: two divisions on one hex share one attack and one counter-attack


def german_hex_value(s: Position, uid: str, label: str) -> float:
    b = s.board
    m = b.m
    i = m.index[label]
    v = 0.0
    feats = m.features[i]
    if "fortress" in feats or "town" in feats or "fortification" in feats or m.terrain[i] == "mountain":
        v += 0.15
    if not (s.zoc("allied") >> i) & 1:
        # close to the Allies but not engaged: a screen; far away: go towards them
        allied_hexes = s.occupied("allied") & b.land
        if allied_hexes:
            near = b.supply_dilator.flood(1 << i, b.playable, 3) & allied_hexes
            v += 0.2 if near else -0.01 * min(_nearest(s, i), 30)
    v += contact_value(s, uid, label)
    return v


def _nearest(s: Position, i: int) -> int:
    m = s.board.m
    best = 99
    for h in bits(s.occupied("allied") & s.board.land):
        best = min(best, m.distance(i, h))
    return best


def _nearest_german(s: Position, i: int) -> int:
    m = s.board.m
    return min((m.distance(i, h) for h in bits(s.occupied("german") & s.board.land)), default=99)


def contact_value(s: Position, uid: str, label: str) -> float:
    """Ending in enemy ZOC commits the unit to attack (§10): good at 3:1 or better, bad below 2:1."""
    side = s.side_of(uid)
    m = s.board.m
    i = m.index[label]
    if not (s.zoc(other(side)) >> i) & 1:
        return 0.0
    best = -1.0
    for n in m.nbrs[i]:
        h = m.label(n)
        if s.side_at(h) != other(side):
            continue
        friends = [u for u in s.on_map(side) if u != uid and C.adjacent_across(s, s.unit(u)["hex"], h)]  # type: ignore[arg-type]
        af = sum(s.af(u) for u in friends) + s.af(uid)
        mult = C.hex_multiplier(s, h, [])
        df = sum(units()[u].df for u in s.at(h)) * mult
        ratio = af / max(df, 1)
        v = 0.4 if ratio >= 3 else (0.1 if ratio >= 2 else (-0.2 if ratio >= 1 else -0.6))
        if side == "allied":
            v += threat_to_supply(s, h)
        best = max(best, v)
    return best


def hex_value(s: Position, side: str, uid: str | None, label: str) -> float:
    if uid is None:
        return 0.0
    return allied_hex_value(s, uid, label) if side == "allied" else german_hex_value(s, uid, label)


def current_value(s: Position, side: str, uid: str) -> float:
    lab = s.unit(uid)["hex"]
    return hex_value(s, side, uid, lab) if lab else -1.0  # type: ignore[arg-type]


# ----- priors ------------------------------------------------------------------------------------------------
def sector_score(s: Position, sector: str) -> float:
    """Invade where the Germans are thin and the Rhine is near."""
    b = s.board
    m = b.m
    coasts = [m.index[a.coast] for a in b.arrows if a.sector == sector and a.invasion]
    area = b.supply_dilator.flood(m.bb(coasts), b.land, 3)
    defence = sum(units()[u].df for u in s.on_continent("german")
                  if (area >> m.index[s.unit(u)["hex"] or ""]) & 1)
    dist = min(rhine_distance().get(c, 40) for c in coasts)
    base = -0.03 * defence - 0.04 * dist
    if not s.on_continent("allied"):
        return base
    return base + 0.05 * east_supply_gain(s, sector)


def east_supply_gain(s: Position, sector: str) -> int:
    """The capacity a second invasion (§7, weeks 9-16) of ``sector`` could add to the supply that reaches across
    the Rhine-Issel line: its invasion hexes not yet Mulberries whose range 8 (Table 4) reaches the line. §13 counts
    only supplied units there, and a Pas de Calais or Normandy beach is too far to feed one."""
    return sum(a.capacity for a in s.board.arrows
               if a.sector == sector and a.invasion and a.coast not in s.g["mulberries"]
               and rhine_distance().get(s.board.m.index[a.coast], 40) <= 8)


def sea_hex_score(s: Position, sea: str) -> float:
    b = s.board
    coast = b.arrow_by_sea[sea].coast
    if s.side_at(coast) == "german":
        return -0.5 - 0.1 * sum(units()[u].df for u in s.at(coast))
    return 0.3 - 0.05 * len(s.at(sea)) - 0.03 * rhine_distance().get(b.m.index[coast], 40)


def _parent(s: Position) -> dict[str, Any] | None:
    fr = s.frames()
    return fr[-2] if len(fr) >= 2 else None


def _hexchoice_value(s: Position, side: str, label: str) -> float:
    parent = _parent(s) or {}
    step = parent.get("step")
    if step == "airborne":
        return drop_value(s, parent["unit"], label)
    if step == "deploy":
        m = s.board.m
        i = m.index[label]
        crowd = sum(1 for u in s.on_map("german") if m.distance(m.index[s.unit(u)["hex"] or ""], i) <= 2)
        return (0.3 if (s.board.coastal >> i) & 1 else 0.0) - 0.1 * crowd
    if step == "tactical_air":
        m = s.board.m
        i = m.index[label]
        return -0.1 * min(_nearest(s, i), 20)
    return 0.0


def score_actions(state: State, side: str, actions: Sequence[Action]) -> list[float]:
    s: Position = state  # type: ignore[assignment]
    f = s.frame() or {}
    step = f.get("step")
    out: list[float] = []
    cache_now: dict[str, float] = {}
    for a in actions:
        out.append(_score(s, side, f, step, a, cache_now))
    return out


def _score(s: Position, side: str, f: dict[str, Any], step: Any, a: Action, memo: dict[str, float]) -> float:
    v, args = a.verb, a.args
    if step == "invasion":
        if v == "invade":
            return 1.0 + sector_score(s, args[0])
        if v == "pass":  # a second front brings Mulberries and supply (§7.2): wait only while already winning
            return 2.0 if plan(s).phase == "cross" and s.g["east_streak"] > 0 else -10.0
        if v == "land":
            d = units()[args[0]]
            return 1.0 + (0.1 if d.type == "I" else 0.05)
        if v == "at":
            return sea_hex_score(s, args[0])
        if v == "cancel":
            return -1.0
        return 0.0  # done
    if step == "airborne":
        return 0.5 if v == "drop" else 0.0
    if step == "hex_choice":
        if v == "hex":
            return _hexchoice_value(s, side, args[0])
        if v == "region":
            hexes = f["regions"][args[0]]
            return max(_hexchoice_value(s, side, h) for h in hexes[:40])
        return -5.0  # back
    if step == "deploy":
        return 0.5 if v == "deploy" else 0.0
    if step == "movement":
        if v == "land":
            if units()[args[0]].type == HQ:
                # an HQ eats capacity: worth it only where it gives a supply point range (Table 4)
                return 0.5 if hq_targets(s) else -0.5
            if landing_room(s) - len(s.on_continent("allied")) + len(allied_supplied(s)) > 0:
                return 0.8  # room next week even after the units out of supply now find a place
            return 0.4 if blocked_sources(s) else -0.3
        if v == "replace":
            return 0.6
        if v == "sail":
            return -1.0
        if v == "move":
            return 0.3 if _wants_to_move(s, side, args[0]) else -0.2
        return 0.0  # done
    if step == "move_unit":
        uid = f["unit"]
        if "now" not in memo:
            memo["now"] = current_value(s, side, uid)
        if v == "to":
            return hex_value(s, side, uid, args[0]) - memo["now"]
        return 0.0  # stay
    if step == "place_unit":
        if v == "at":
            uid = f["unit"]
            return 0.5 + hex_value(s, side, uid, args[0]) if side == "allied" else 0.5 - 0.1 * len(s.at(args[0]))
        return -1.0
    if step == "plan":
        if v == "attack":
            hit = C.committed(s, f["combats"])[1]
            c = {"targets": [args[0]], "attackers": C.eligible_attackers(s, side, [args[0]], f["combats"]),
                 "defenders": C.open_units(s, args[0], hit), "air": None}
            bonus = threat_to_supply(s, args[0]) if side == "allied" else 0.0
            if args[0] in C.owed_invasions(s, side, f["combats"]):
                bonus += 3.0  # §7.1: owed before the plan may close
            return attack_value(s, c) - 0.2 + bonus
        if v == "withdraw":
            return -1.0
        return 0.0  # done
    if step == "attack":
        base = {"targets": f["targets"], "attackers": f["attackers"], "defenders": f["defenders"], "air": f["air"]}
        now = attack_value(s, base)
        if v == "add":
            return attack_value(s, dict(base, attackers=[*f["attackers"], args[0]])) - now + 0.05
        if v == "remove":
            return attack_value(s, dict(base, attackers=[x for x in f["attackers"] if x != args[0]])) - now - 0.05
        if v == "air":
            return attack_value(s, dict(base, air=args[0])) - now - (0.02 if args[0] == "fighter" else 0.1)
        if v == "also":
            more = C.open_units(s, args[0], C.committed(s, f["combats"])[1])
            return attack_value(s, dict(base, targets=[*f["targets"], args[0]],
                                        defenders=[*f["defenders"], *more])) - now - 0.02
        if v == "spare":  # the spared unit must still be attacked by someone else (§10): a small cost
            return attack_value(s, dict(base, defenders=[d for d in f["defenders"] if d != args[0]])) - now - 0.15
        if v == "include":
            return attack_value(s, dict(base, defenders=[*f["defenders"], args[0]])) - now + 0.05
        if v == "declare":
            return now if now > -0.3 else now - 0.5
        return -0.3 - now  # cancel
    if step == "surplus":
        return surplus_gain(s, args[0]) if v == "supply" else 0.0
    if step == "pick":
        picked = [c for c in f["combats"] if str(c["id"]) == args[0]]
        return attack_value(s, picked[0]) if picked else 0.0
    if step == "choice":
        return float(ORDER.index(v)) if v in ORDER else 0.0
    if step == "exchange":
        return -float(units()[args[0]].af + units()[args[0]].df)
    if step == "overstack":  # §9.1.3: give up the weakest; an HQ last (it is what lets a hex hold three)
        d = units()[args[0]]
        return -float(d.af + d.df) - (5.0 if d.type == HQ else 0.0)
    if step == "retreat":
        if v == "relinquish":
            return -0.5
        uid, lab = args
        mine = s.side_of(uid) == side
        val = hex_value(s, s.side_of(uid), uid, lab)
        return val if mine else -val
    if step == "advance":
        return 0.2 if v == "advance" else 0.0
    if step == "tactical_air":
        if v == "cad":  # §11.1: worth it where a German unit can come and attack
            return 0.35 - 0.05 * min(_nearest_german(s, s.board.m.index[args[0]]), 12)
        if v == "interdict":
            return 0.2
        if v == "river":
            return 0.05
        return 0.0
    return 0.0


def supply_worth(s: Position, uid: str) -> float:
    """How much keeping this unit in supply matters: across the Rhine-Issel line most (§13), then by distance."""
    m = s.board.m
    i = m.index[s.unit(uid)["hex"] or ""]
    v = 1.0 - 0.02 * rhine_distance().get(i, 40) + 0.05 * units()[uid].af
    return v + (1.0 if (s.board.east_of_rhine >> i) & 1 else 0.0)


def surplus_gain(s: Position, uid: str) -> float:
    """§6.2 choice: the worth of the units supplied if ``uid`` is served first, minus the worth supplied now."""
    now = {u for u, src in allied_assignment(s).items() if src is not None}
    after = {u for u, src in assignment_with(s, uid).items() if src is not None}
    return sum(supply_worth(s, u) for u in after - now) - sum(supply_worth(s, u) for u in now - after)


def _wants_to_move(s: Position, side: str, uid: str) -> bool:
    """Cheap filter: HQs on a supply point and Germans far from any Allied unit in good terrain stay put."""
    d = units()[uid]
    lab = s.unit(uid)["hex"]
    m = s.board.m
    i = m.index[lab]  # type: ignore[index]
    if side == "allied":
        return not (d.type == HQ and hq_gain(s, lab, uid))  # type: ignore[arg-type]
    if d.type in ("ST", HQ):
        return False
    if not s.on_continent("allied"):
        return False
    return _nearest(s, i) <= 12 or s.unit(uid)["flipped"]


__all__ = ["evaluate", "logistics", "movement", "score_actions"]
