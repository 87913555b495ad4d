"""Getting units onto the continent: invasion limits (§7, Table 5), airborne drops (§8), reinforcements (§9.3),
sea movement (§9.4), replacements (§9.2) and the Free French in Paris (§9.3.3)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ...core.bitboard import bits
from .board import Arrow, board
from .data import AIRBORNE, ARMOURED, HQ, INFANTRY, Sector, UnitDef, tables, units
from .position import Position
from .supply import allied_capacity

# ----- Table 5 columns (§7, §9.3.1) ---------------------------------------------------------------


def invasion_week_of(s: Position, sector: str) -> int | None:
    """1 in the week the sector is invaded, 2 the week after, None otherwise (third column)."""
    for inv in s.g["invasions"]:
        if inv["sector"] == sector:
            k = s.week - inv["week"] + 1
            if k in (1, 2):
                return k
    return None


def current_invasion(s: Position) -> dict[str, int | str] | None:
    for inv in s.g["invasions"]:
        if inv["week"] in (s.week, s.week - 1):
            return inv  # type: ignore[no-any-return]
    return None


def sector_room(s: Position, sector: str, d: UnitDef) -> bool:
    """Whether one more unit of this kind may come in through ``sector`` this week (Table 5)."""
    return sector_rooms(s, sector)(d)


def sector_rooms(s: Position, sector: str) -> Callable[[UnitDef], bool]:
    """:func:`sector_room` for many kinds of unit: the sector's column and what came in are read once."""
    sec: Sector = tables().sectors[sector]
    used = s.g["landed"]["sectors"].get(sector, {})
    k = invasion_week_of(s, sector)

    def room(d: UnitDef) -> bool:
        if k is None:
            return int(used.get("any", 0)) < sec.later
        if d.type == HQ:
            return False  # §7: no HQ in the invaded sector in its first two weeks (reading 17)
        col = sec.week1 if k == 1 else sec.week2
        cls = d.table5_class
        limit = col[0] if cls == "A" else col[1]
        return int(used.get(cls, 0)) < limit

    return room


def count_landing(s: Position, sector: str | None, d: UnitDef, by_air: bool) -> None:
    landed = s.mut("landed")
    if by_air:
        landed["air"] += 1
    else:
        landed["sea"] += 1
    if sector is None:
        return
    used = landed["sectors"].setdefault(sector, {"A": 0, "I": 0, "ABI": 0, "any": 0})
    used["any"] += 1
    if by_air:
        used["ABI"] += 1
    else:
        used[d.table5_class] += 1


def prospective_capacity(s: Position) -> int:
    """Supply capacity for the §9.3.1 limit: the points valid now, plus the arrows with invaders on them."""
    b = s.board
    seen_sea = {s.unit(u)["hex"] for u in s.on_map("allied") if s.unit(u)["invader"]}
    extra = sum(b.arrow_by_sea[h].capacity for h in seen_sea if h in b.arrow_by_sea)  # type: ignore[index]
    return allied_capacity(s) + extra


def room(s: Position) -> int:
    """§9.3.1: no more units may come than capacity minus the Allied units on the continent."""
    return prospective_capacity(s) - len(s.on_continent("allied"))


def representatives(s: Position, ids: list[str]) -> list[str]:
    """One unit of each identical kind (nation, type, echelon, factors): the rest play the same way, so offering
    one keeps decisions atomic (a counter's identity matters only for its arrival week)."""
    kinds = _kinds()
    seen: set[tuple[object, ...]] = set()
    out = []
    for uid in ids:
        key = kinds[uid]
        if key not in seen:
            seen.add(key)
            out.append(uid)
    return out


def same_kind(a: str, b: str) -> bool:
    """Whether two counters are identical for play (see :func:`representatives`)."""
    kinds = _kinds()
    return a in kinds and kinds.get(a) == kinds.get(b)


@cache
def _kinds() -> dict[str, tuple[object, ...]]:
    """Each counter's kind for :func:`representatives` (nation, type, echelon, factors, marks)."""
    return {uid: (d.nation, d.type, d.echelon, d.af, d.df, d.mf, d.marked, d.paris) for uid, d in units().items()}


def available_in_britain(s: Position) -> list[str]:
    """§9.3.1: Allied units in Britain whose arrival week has come; not one that sailed back this week (§9.4: it
    comes again "at some later week")."""
    state, defs, week = s.g["units"], units(), s.week  # read once: every invasion and drop list asks this
    return [u for u in s.in_box("britain", "allied") if defs[u].arrival <= week and not state[u]["moved"]]


# ----- invasion (§7) ---------------------------------------------------------------------------------
def may_invade_now(s: Position) -> bool:
    w = tables().invasion_weeks
    if s.week == w["first"]:
        return not s.g["invasions"]
    return w["second_from"] <= s.week <= w["second_to"] and len(s.g["invasions"]) < 2


def invasion_candidates(s: Position, sector: str) -> list[str]:
    if s.g["landed"]["sea"] >= tables().caps["sea"]:
        return []
    out = []
    defs = units()
    room = sector_rooms(s, sector)
    for uid in representatives(s, available_in_britain(s)):
        d = defs[uid]
        if d.type != HQ and not d.paris and room(d):
            out.append(uid)
    return out


def invasion_sea_hexes(s: Position, sector: str) -> list[str]:
    """§7: the sector's sea invasion hexes with room: at most two units each (§3 applies at sea), and room on the
    coastal hex the invaders must move into (§7.1, §3)."""
    return [a.sea for a in _invasion_arrows(sector) if len(s.at(a.sea)) < 2
            and room_for_one(s, landing_stack(s, a.coast))]


@cache
def _invasion_arrows(sector: str) -> tuple[Arrow, ...]:
    """The sector's sea invasion arrows, in the board's order (printed: asked at every invasion decision)."""
    return tuple(a for a in board().arrows if a.sector == sector and a.invasion)


def invasion_refusal(s: Position, sector: str, sea: str) -> str:
    """Why no invader may embark for ``sea`` now, citing the rule (the actual cause)."""
    a = s.board.arrow_by_sea.get(sea)
    if a is None or not a.invasion or a.sector != sector:
        return f"{s.rule('7')}: {sea} is not a sea invasion hex of {sector_name(sector)}"
    if len(s.at(sea)) >= 2:
        return f"{s.rule('7')}: {sea} already holds two invaders, the most a sea invasion hex takes (§3)"
    n = len(landing_stack(s, a.coast))
    return (f"{s.rule('3')}: the invaders at {sea} must move into {a.coast} (§7.1), which would then hold {n + 1} "
            "Allied units — more than the stacking limit (2, or 3 with a headquarters)")


def sector_name(sector: str) -> str:
    """A sector id as the rulebook names it ("north_sea" -> "North Sea")."""
    return " ".join(w if w in ("de", "of") else w.capitalize() for w in sector.split("_"))


# ----- stacking of units arriving by sea or air (§3, §8, §9.1.3) ------------------------------------------------
def landing_stack(s: Position, label: str) -> list[str]:
    """The Allied units that will stand on ``label`` once this week's invaders move in (§7.1): those there now,
    plus the invaders on the sea invasion hex pointing at it."""
    defs = units()
    ids = [u for u in s.at(label) if defs[u].side == "allied"]
    a = s.board.arrow_by_coast.get(label)
    if a is not None and a.invasion:
        ids += [u for u in s.at(a.sea) if s.unit(u)["invader"]]
    return ids


def room_for_one(s: Position, ids: list[str]) -> bool:
    """§3: whether one more regular (non-HQ) Allied unit fits with ``ids``: 2 regular units, or 3 with an HQ."""
    hqs = sum(1 for u in ids if units()[u].type == HQ)
    return len(ids) + 1 <= (3 if hqs else 2)


# ----- airborne drops (§8) -------------------------------------------------------------------------------
def drop_candidates(s: Position) -> list[str]:
    caps = tables()
    if s.g["dropped_now"] >= min(caps.airborne["max_drops"], caps.caps["air"]) or room(s) <= 0:
        return []
    return representatives(s, [u for u in available_in_britain(s) if units()[u].type == AIRBORNE
                                and not s.unit(u)["fresh"]])


def drop_hexes(s: Position) -> tuple[list[str], list[str]]:
    """Hexes an airborne unit may drop on: (free of the sector limit, counting against the invaded sector's
    airborne column). Within 5 hexes of a non-dropped Allied unit on the continent, or in the first invasion
    week of a sea invasion hex with invaders; not on German units, mountains, neutral or sea (§8)."""
    b = s.board
    m = b.m
    k = tables().airborne["max_distance"]
    inv = current_invasion(s)
    invaders = set(s.g.get("invasion_units", [])) if inv else set()
    anchors_free = 0
    anchors_inv = 0
    for u in s.on_map("allied"):
        st = s.unit(u)
        if st["dropped"]:
            continue
        i = m.index[st["hex"]]  # type: ignore[index]
        on_land = bool((b.land >> i) & 1)
        if u in invaders:
            if on_land or (inv is not None and inv["week"] == s.week):
                anchors_inv |= 1 << i
        elif on_land:
            anchors_free |= 1 << i
    target = b.playable & ~b.mountain & ~s.occupied("german") & ~_stack_full(s)
    step = m.dilator()
    free = step.flood(anchors_free, m.all_bb, k) & target
    inv_area = step.flood(anchors_inv, m.all_bb, k) & target & ~free
    if inv is not None:
        sector = str(inv["sector"])
        sec = tables().sectors[sector]
        col = sec.week1 if invasion_week_of(s, sector) == 1 else sec.week2
        if s.g["landed"]["sectors"].get(sector, {}).get("ABI", 0) >= col[2]:
            inv_area = 0
    return [m.label(i) for i in bits(free)], [m.label(i) for i in bits(inv_area)]


def _stack_full(s: Position) -> int:
    """Hexes where one more airborne unit would break the stacking limit (§3, §8), counting the invaders that
    will move in (§7.1)."""
    b = s.board
    m = b.m
    out = 0
    for i in bits(s.occupied("allied") & b.land):
        if not room_for_one(s, landing_stack(s, m.label(i))):
            out |= 1 << i
    for a in b.arrows:
        if a.invasion and not room_for_one(s, landing_stack(s, a.coast)):
            out |= 1 << m.index[a.coast]
    return out


def drop_refusal(s: Position, label: str) -> str:
    """Why an airborne unit may not drop on ``label`` now, citing the rule (the actual cause)."""
    b = s.board
    m = b.m
    if label not in m.index:
        return f"{s.rule('8')}: {label} is not a hex of the map"
    i = m.index[label]
    if (b.sea >> i) & 1:
        return f"{s.rule('8')}: airborne units do not drop on sea hexes ({label})"
    if (b.neutral >> i) & 1:
        return f"{s.rule('8')}: {label} is in a neutral country"
    if (b.mountain >> i) & 1 or (b.impassable >> i) & 1:
        return f"{s.rule('8')}: airborne units do not drop on mountain hexes ({label})"
    if s.side_at(label) == "german":
        return f"{s.rule('8')}: {label} is occupied by German units"
    here = landing_stack(s, label)
    if not room_for_one(s, here):
        coming = sum(1 for u in here if s.unit(u)["invader"])
        extra = f", {coming} of them invaders about to land (§7.1)" if coming else ""
        return (f"{s.rule('3')}: {label} would hold {len(here) + 1} Allied units{extra} — more than the stacking "
                "limit (2, or 3 with a headquarters); §8 drops obey it")
    return (f"{s.rule('8')}: {label} is more than 5 hexes from every Allied unit on the continent not dropped this "
            "phase (and from this week's invaders), or the invasion area's airborne limit (Table 5) is used up")


# ----- reinforcements (§9.3) and sea movement (§9.4) --------------------------------------------------------
NO_REINFORCEMENT = ("B5", "C2")  # §9.3: Emden and Bremen


def inland_controlled(s: Position, label: str) -> bool:
    """§9.3.2: occupied by an Allied unit and no German unit in its perimeter."""
    return label in _inland_controlled(s)


def _inland_controlled(s: Position) -> frozenset[str]:
    def build() -> frozenset[str]:
        b = s.board
        m = b.m
        gocc = s.occupied("german")
        return frozenset(p.hex for p in b.inland_ports if s.side_at(p.hex) == "allied"
                         and not any((gocc >> m.index[h]) & 1 for h in p.perimeter))
    return s.cached("inland_controlled", build)  # type: ignore[no-any-return]


def entry_points_now(s: Position) -> list[str]:
    """§9.3: invasion hexes with a Mulberry, coastal ports with an Allied unit and free of German ZOC, and
    in-land ports controlled for reinforcement (computed at the start of the supply phase)."""
    b = s.board
    m = b.m
    out = list(s.g["mulberries"])
    for i in bits(b.ports):
        lab = m.label(i)
        if lab in NO_REINFORCEMENT or lab in out:
            continue
        if lab in b.inland_by_hex:
            if inland_controlled(s, lab):
                out.append(lab)
        elif s.side_at(lab) == "allied" and not s.in_zoc(lab, "german"):
            out.append(lab)
    return sorted(out)


def landing_hexes(s: Position, uid: str) -> list[str]:
    """Where a unit from Britain may land now: an entry point with room in its sector (Table 5), stacking, and
    outside German ZOC unless it is an invasion hex (§9.3)."""
    d = units()[uid]
    if d.paris:
        return [h for h in ("U26", "V26", "V27") if s.side_at(h) != "german" and not s.in_zoc(h, "german")
                and s.can_join(uid, h)]
    out = []
    for h in s.g["entry_points"]:
        sector = s.board.sector_of.get(h)
        if sector is not None and sector in tables().sectors and not sector_room(s, sector, d):
            continue
        if s.side_at(h) == "german" or not s.can_join(uid, h):
            continue
        if h not in s.g["mulberries"] and s.in_zoc(h, "german"):
            continue
        out.append(h)
    return out


def reinforcement_candidates(s: Position) -> list[str]:
    if s.g["landed"]["sea"] >= tables().caps["sea"] or room(s) <= 0:
        return []
    pool = [u for u in available_in_britain(s) if not units()[u].paris]
    if s.g.get("ff_now"):
        pool += [u for u in s.in_box("paris", "allied")]
    return [u for u in representatives(s, pool) if _may_land(s, u)]


def _may_land(s: Position, uid: str) -> bool:
    """Whether :func:`landing_hexes` has any (the unit-free tests once per position)."""
    d = units()[uid]
    if d.paris:
        return bool(landing_hexes(s, uid))
    sectors = tables().sectors
    for h, sector in _open_entry_points(s):
        if sector is not None and sector in sectors and not sector_room(s, sector, d):
            continue
        if s.can_join(uid, h):
            return True
    return False


def _open_entry_points(s: Position) -> list[tuple[str, str | None]]:
    """The entry points no German unit holds and, but for a Mulberry, out of German ZOC, with their sectors."""
    def build() -> list[tuple[str, str | None]]:
        sector_of = s.board.sector_of
        return [(h, sector_of.get(h)) for h in s.g["entry_points"]
                if s.side_at(h) != "german" and (h in s.g["mulberries"] or not s.in_zoc(h, "german"))]
    return s.cached(("open_entry_points", tuple(s.g["entry_points"]), tuple(s.g["mulberries"])), build)  # type: ignore[no-any-return]


def may_sail(s: Position, uid: str) -> bool:
    """§9.4: back to Britain from an invasion hex (one that began the phase there, regardless of German ZOC, or one
    that moved there — not into German ZOC), a coastal port free of German ZOC or a controlled in-land port; a unit
    that has moved may sail from where its move ended."""
    return sail_refusal(s, uid) is None


def sail_refusal(s: Position, uid: str) -> str | None:
    """Why ``uid`` may not sail back to Britain now (§9.4), citing the rule; None when it may."""
    r = s.rule("9.4")
    if uid not in s.g["units"] or s.side_of(uid) != "allied":
        return f"{r}: only Allied units on the continent sail back to Britain"
    u = s.unit(uid)
    lab = u["hex"]
    label = units()[uid].label
    if lab is None:
        return f"{r}: {label} is not on the map"
    if u["invader"]:
        return f"{r}: {label} is invading from {lab} and must move into its coastal hex (§7.1)"
    b = s.board
    if not (b.land >> b.m.index[lab]) & 1:
        return f"{r}: {label} is at sea"
    if u["moved"] and lab in s.g["mulberries"] and s.in_zoc(lab, "german"):
        return f"{r}: {label} moved into the invasion hex {lab}, which is in German ZOC: it must fight, not sail"
    if lab in s.g["mulberries"]:
        return None
    if lab in b.inland_by_hex:
        if inland_controlled(s, lab):
            return None
        return f"{r}: the in-land port {lab} is not controlled (an Allied unit on it and no German unit in its perimeter, §9.3.2)"
    if "port" not in b.m.features[b.m.index[lab]]:
        return f"{r}: {label} is at {lab}, which is neither an invasion hex nor a port"
    if lab in NO_REINFORCEMENT:
        return f"{r}: {lab} (Emden or Bremen) serves only for supply; units neither arrive nor leave there (§9.3)"
    if s.in_zoc(lab, "german"):
        return f"{r}: the port {lab} is in German ZOC"
    return None


def france_south_clear(s: Position) -> bool:
    """§9.3.3: no German unit in France south of the border line."""
    return not (s.occupied("german") & s.board.france_south)


# ----- replacements (§9.2) ----------------------------------------------------------------------------
def replaceable(s: Position, side: str) -> list[str]:
    """Eliminated units the side can afford (cost = AF); no HQs; the Allies only infantry and armoured divisions."""
    rp = s.g["rp"][side]
    out = []
    for u in s.in_box("eliminated", side):
        d = units()[u]
        if d.type == HQ or d.af > rp:
            continue
        if side == "allied" and not (d.type in (INFANTRY, ARMOURED) and d.echelon == "D"):
            continue
        out.append(u)
    return representatives(s, out)


def german_replacement_hexes(s: Position, uid: str) -> list[str]:
    """§9.2.1: a German replacement hex not last occupied by the Allies, not Allied-occupied, with room."""
    return [h for h in s.board.replacement_hexes
            if s.g["replacement_last"].get(h) != "allied" and s.side_at(h) != "allied" and s.can_join(uid, h)]


__all__ = ["AIRBORNE", "available_in_britain", "count_landing", "current_invasion", "drop_candidates", "drop_hexes",
           "entry_points_now", "france_south_clear", "german_replacement_hexes", "invasion_candidates",
           "invasion_sea_hexes", "invasion_week_of", "landing_hexes", "may_invade_now", "may_sail", "sail_refusal",
           "reinforcement_candidates", "replaceable", "representatives", "room", "same_kind", "sector_room",
           "sector_rooms"]
