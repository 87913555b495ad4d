"""Set-up and the flow of units between boxes and the map (SFN 3.2-3.6, 7.1-7.6, 8.1-8.6, 15.5)."""

from __future__ import annotations

from functools import cache

from .board import board
from .data import ALLIED, GERMAN, tables, units
from .position import CW_BIT, GERMAN_BIT, US_BIT, Position, UnitState, stack_fits, stack_kinds

BOX_OF_CODE = {"N": "north", "S": "south", "IT": "italy", "RUS": "russia", "england": "england",
               "blooded": "blooded"}


def fresh_unit(steps: int) -> UnitState:
    return UnitState(hex=None, box=None, steps=steps, acted=False, replaced=False, supply="box", arrived=0,
                     landed=0, dropped=0, withdrawn=0)


def initial_units() -> dict[str, UnitState]:
    """3.2-3.6: every counter in its box; map and beach units wait in 'setup' until placed."""
    out: dict[str, UnitState] = {}
    for uid, d in units().items():
        us = fresh_unit(1 if d.starts_reduced else d.steps)
        code = d.setup
        if code in BOX_OF_CODE:
            us["box"] = BOX_OF_CODE[code]
        elif code.startswith("T"):
            us["box"] = "later"
        else:
            us["box"] = "setup"
        out[uid] = us
    return out


def beach_hex(uid: str, area: str) -> str:
    """3.2: the landing force's beach code for the chosen area."""
    calais, dieppe = units()[uid].setup.split(":", 1)[1].split("/")
    return calais if area == "calais" else dieppe


def german_setup_options(s: Position, uid: str) -> list[str]:
    """3.4: the printed hex or a land neighbour, never an active beach; the Dieppe unit goes to 1511."""
    b = s.b
    code = units()[uid].setup
    if s.g["area"] == "dieppe" and code == "1510":
        return ["1511"]
    if s.u(uid)["hex"] is None:  # waiting in its box (every call of the set-up): the stack summaries alone
        stacks = s.stacks()
        g0, a0 = stack_kinds()[uid]
        out = []
        for i, lab in _setup_candidates(code, s.g.get("area")):
            st = stacks.get(i)
            if st is None:
                if not stack_fits(g0, a0, 1, False):
                    continue
            elif st[3] != GERMAN_BIT or not stack_fits(st[0] | g0, st[1] + a0, st[2] + 1, False):
                continue  # ``occupant`` not German, or ``stack_adds`` of the one unit
            out.append(lab)
        return sorted(out)
    active = set(s.active_beaches())
    c = b.hex(code)
    out = []
    for i in (c, *b.map.nbrs[c]):
        if b.enter[i] < 0 or i in active or (i != c and "sea" in b.map.side(c, i)):
            continue
        lab = b.label(i)
        if s.occupant(lab) not in (None, GERMAN) or not s.stack_ok(lab, [uid]):
            continue
        out.append(lab)
    return sorted(out)


@cache
def _setup_candidates(code: str, area: str | None) -> tuple[tuple[int, str], ...]:
    """3.4: the printed hex and its land neighbours (not across an all-sea hexside, never an active beach),
    with their labels, per process."""
    b = board()
    active = set(b.beaches[area]) if area else set()
    c = b.hex(code)
    return tuple((i, b.label(i)) for i in (c, *b.map.nbrs[c])
                 if not (b.enter[i] < 0 or i in active or (i != c and "sea" in b.map.side(c, i))))


def is_due(turn: int, first: int, every: int = 5) -> bool:
    return turn >= first and (turn - first) % every == 0


def arrivals(s: Position) -> list[str]:
    """7.1: units with a turn code go to the North box on that turn."""
    t = s.g["turn"]
    out = []
    for uid, d in units().items():
        if d.setup == f"T{t}" and s.u(uid)["box"] == "later":
            s.to_box(uid, "north")
            s.set_fields(uid, arrived=t)
            out.append(uid)
    return out


def eliminate(s: Position, uid: str, why: str, rule: str) -> None:
    """2.12/8.4: into the dead pile, or the OOS dead pile when it died on fortress, coastal or aerial
    supply or out of supply; 4.5: a Commonwealth unit eliminated gives the German a VP."""
    us = s.u(uid)
    d = units()[uid]
    where = us["hex"]
    kind = us["supply"]
    pile = "oos_dead" if kind in ("none", "fortress", "coastal", "aerial") else "dead"
    s.set_fields(uid, steps=0)
    s.to_box(uid, pile)
    s.emit("eliminated", unit=uid, side=d.side, hex=where, pile=pile, text=f"{d.name} is eliminated ({why})", rule=s.rule(rule))
    if d.group == "commonwealth":
        s.g["vp_events"] += tables()["victory"]["commonwealth_elimination"]
        s.emit("vp", amount=1, total=s.vp(), text=f"Commonwealth loss: German VP +1 ({s.vp()})", rule=s.rule("4.5"))


def rp_pool(uid: str) -> str:
    """8.3: German, US (with the French) or Commonwealth replacement points."""
    return units()[uid].group


def rebuild_cost(uid: str) -> int:
    """8.1: one RP to bring a unit back reduced (artillery two)."""
    t = tables()["replacement_cost"]
    return int(t["artillery"] if units()[uid].artillery else t["rebuild_reduced"])


def may_receive(s: Position, uid: str) -> bool:
    """8.3/8.6: regular supply (or a box); French infantry never; HQs never."""
    d = units()[uid]
    return not (d.type == "hq" or (d.nation == "french" and not d.armored))


def replacement_actions(s: Position, side: str) -> tuple[list[str], list[str]]:
    """Units that may be rebuilt from the dead pile / restored to full strength now."""
    rp = s.g["rp"]
    rebuild, restore = [], []
    for uid, us in s.g["units"].items():
        d = units()[uid]
        if d.side != side or not may_receive(s, uid):
            continue
        pool = rp_pool(uid)
        if us["box"] == "dead" and rp.get(pool, 0) >= rebuild_cost(uid):
            if side == ALLIED and not rebuild_beaches(s, uid):
                continue
            rebuild.append(uid)
        elif (us["hex"] or us["box"] in ("north", "south", "england")) and 0 < us["steps"] < d.steps \
                and rp.get(pool, 0) >= 1 and (us["box"] or us["supply"] == "regular"):
            restore.append(uid)
    return sorted(rebuild), sorted(restore)


def rebuild_beaches(s: Position, uid: str) -> list[str]:
    """8.2: any active beach the German does not control, within stacking limits."""
    out = []
    for i in s.active_beaches():
        lab = s.b.label(i)
        if s.g["control"].get(lab) == GERMAN or s.occupant(lab) == GERMAN:
            continue
        if s.stack_ok(lab, [uid]):
            out.append(lab)
    return out


def entry_hexes(s: Position, uid: str, strategic: bool) -> list[str]:
    """7.3: North box 3100-2828, South box 1013-3421 (brief reading), Allied by nationality onto the
    active beaches; never into an enemy-occupied hex; strategic entry never into an EZOC (12.5).

    For a unit in a box the answer depends on the unit only through its side, box (German) or stacking
    group (Allied) and whether it is artillery, so it is memoised per position under that key: a command
    list asks it for every unit in a box, and they share a handful of answers. It reads only what stands
    on the candidate hexes (and, for a strategic entry, next to them: the enemy ZOC), so it is a local
    fact with that footprint: a move elsewhere keeps it (``State.cached``)."""
    d = units()[uid]
    us = s.u(uid)
    if us["hex"] is not None:  # not in a box: the general stacking check (the unit may stand on a candidate)
        return list(_entry_hexes(s, uid, strategic))
    side = d.side
    where: str = us["box"] if side == GERMAN else d.group  # type: ignore[assignment]
    area = s.g.get("area")
    key = ("entry", side, where, d.artillery, strategic, area)
    got = s.memo.get(key)
    if got is None:
        art = d.artillery
        got = s.cached(key, lambda: _boxed_entries(s, side, where, art, strategic),
                       footprint=_entry_footprint(side, where, strategic, area))
    return list(got)


@cache
def _candidates(side: str, where: str, area: str | None) -> tuple[int, ...]:
    """7.3: the entry hexes of a German box (``where``: north, else south) or the active beaches of an Allied
    stacking group (``where``: us or commonwealth) in ``area``."""
    b = board()
    if side == GERMAN:
        return b.north_entries if where == "north" else b.south_entries
    nat = b.beaches_us if where == "us" else b.beaches_cw
    return tuple(i for i in (b.beaches[area] if area else ()) if (nat >> i) & 1)


@cache
def _entry_footprint(side: str, where: str, strategic: bool, area: str | None) -> int:
    """The hexes ``_boxed_entries`` reads: the candidates, and their neighbours when the enemy ZOC matters
    (12.5)."""
    nbrs = board().map.nbrs
    fp = 0
    for i in _candidates(side, where, area):
        fp |= 1 << i
        if strategic:
            for n in nbrs[i]:
                fp |= 1 << n
    return fp


def _boxed_entries(s: Position, side: str, where: str, artillery: bool, strategic: bool) -> tuple[str, ...]:
    """``entry_hexes`` of a unit in a box, from its key alone (the memo's recipe: no unit id, whose box may
    change while the fact is kept)."""
    g0 = GERMAN_BIT if side == GERMAN else (US_BIT if where == "us" else CW_BIT)
    return _entries(s, side, _candidates(side, where, s.g.get("area")), g0, int(artillery), strategic, None)


def _entry_hexes(s: Position, uid: str, strategic: bool) -> tuple[str, ...]:
    d = units()[uid]
    us = s.u(uid)
    where: str = us["box"] if d.side == GERMAN else d.group  # type: ignore[assignment]
    g0, a0 = stack_kinds()[uid]
    return _entries(s, d.side, _candidates(d.side, where, s.g.get("area")), g0, a0, strategic,
                    uid if us["hex"] is not None else None)


def _entries(s: Position, side: str, cand: tuple[int, ...], g0: int, a0: int, strategic: bool,
             on_map: str | None) -> tuple[str, ...]:
    """The candidates a unit of stacking group ``g0`` (artillery ``a0``) may enter; ``on_map``: the unit,
    when it stands on the map (the general stacking check: it may stand on a candidate)."""
    enemy_zoc = s.zoc_bb(ALLIED if side == GERMAN else GERMAN) if strategic else 0
    stacks = s.stacks()
    mine = GERMAN_BIT if side == GERMAN else US_BIT | CW_BIT
    alone = stack_fits(g0, a0, 1, False)  # 10.1-10.2 on an empty hex: the unit by itself
    labels = s.b.map.labels
    out = []
    for i in cand:
        st = stacks.get(i)
        if st is not None and not st[3] & mine:
            continue  # never into an enemy-occupied hex (the side of the hex's first unit)
        if (enemy_zoc >> i) & 1:
            continue  # strategic entry: never into an EZOC (12.5)
        if on_map is not None:
            if not s.stack_ok(labels[i], [on_map]):  # type: ignore[arg-type]
                continue
        elif st is None:  # ``stack_adds`` of the one unit, unrolled
            if not alone:
                continue
        elif not stack_fits(st[0] | g0, st[1] + a0, st[2] + 1, False):
            continue
        out.append(labels[i])
    return tuple(sorted(set(out)))  # type: ignore[arg-type]
