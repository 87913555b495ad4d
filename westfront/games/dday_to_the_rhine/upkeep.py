"""What happens between the phases of a month: RP (8.0, 19.0), the month's new markers (7.0),
and the end of a player turn — over-stacking (9.1), supply losses (13.0), liberation and reversion (14.0).
"""

from __future__ import annotations

from ...core.bitboard import bits
from . import units as U
from .board import Board, board
from .data import tables
from .effects import eliminate
from .hidden import remove_phantom, say
from .position import Position
from .supply import supply_map


def german_rp(s: Position) -> int:
    base = int(tables()["rp"]["german"][s.turn - 1])
    return max(base, int(s.g["german_rp"].get(str(s.turn), 0)))


def allied_rp(s: Position) -> tuple[int, int, int]:
    """8.0: the track value plus port capacity, at most 24. Returns (total, base, PC)."""
    t = tables()["rp"]
    base = int(s.g["allied_rp"].get(str(s.turn), t["allied"][s.turn - 1]))
    pc = s.port_capacity()
    return min(base + pc, int(t["allied_cap"])), base, pc


def new_month(s: Position) -> None:
    """Clear the month's markers; bring due reinforcements onto the turn track's arrival box."""
    g = s.g
    for uid in g["units"]:
        s.set_fields(uid, moved=False, attacked=None, strat=False, rco=False, paid=False, added=0,
                     free_move=False, free_attack=False)
        u = s.unit(uid)
        if u["box"] == U.SCHEDULED and u["due"] is not None and u["due"] <= s.turn:
            s.remove_piece(uid, U.AVAILABLE)
    for pid in g["phantoms"]:
        s.set_fields(pid, moved=False, paid=False)
    if "fired" in g["support"].values():
        support = s.mut("support")
        for sid, st in support.items():
            if st == "fired":
                support[sid] = "ready"
    g["month_use"] = {"bomber": 0, "airborne": 0}
    g["repl"] = {}
    g["rail_used"] = False
    g["phantom_used"] = False
    if g["rco"]["markers"]:
        s.mut("rco")["markers"] = 0
    s.touch()
    weather = "overcast" if s.overcast() else "clear"
    s.emit("month", turn=s.turn, text=f"{s.month()}: weather {weather}", rule=s.rule("7.0"))


def end_of_turn(s: Position, side: str) -> None:
    """9.1 over-stacking, 13.0 supply losses, then 14.0 liberation or reversion."""
    b = board()
    g = s.g
    # 9.1: an entry hex holds one unit at the end of the turn; the extras go back on the track
    for _i, ids in sorted((i, ids) for i, ids in s.occupancy().items() if len(ids) > 1):  # one piece: no stack
        mine = [x for x in ids if s.side_of(x) == side]
        if len(mine) <= 1:
            continue
        extras = [x for x in mine if s.piece(x).get("over")]
        keep = [x for x in mine if x not in extras]
        if not keep:
            keep, extras = extras[:1], extras[1:]
        for x in extras:
            if x in g["phantoms"]:
                remove_phantom(s, x, "over-stacked", public=False)
                continue
            u = s.unit(x)
            say(s, x, "overstack", f"A hidden marker at {u['hex']} leaves (over-stacked)",
                f"{U.udef(x).short} cannot stay over-stacked at {u['hex']} and returns to the turn track",
                hex=u["hex"], rule=s.rule("9.1"))
            s.remove_piece(x, U.SCHEDULED)
            s.set_fields(x, due=s.turn + 1, over=False, hid=None, returned=True)  # 9.1: it comes back with its steps
            s.forget()
    for table in ("units", "phantoms"):  # a record is written (copied, if a clone shares it) only if it changes
        for pid, p in g[table].items():
            if p.get("over", None) is not False:
                s.set_fields(pid, over=False)
    # 13.0: units out of supply at the end of their own turn are eliminated (fortresses never)
    # (``in_supply`` for a unit that is no fortress: its hex in the side's supplied area)
    area = supply_map(s, side).area
    index = b.m.index
    units = g["units"]
    oos = [uid for uid in s.on_map(side)
           if not (area >> index[units[uid]["hex"]]) & 1 and not s.is_fortress_unit(uid)]
    for uid in oos:
        eliminate(s, uid, "out of supply at the end of the turn", s.rule("13.0"))
    if side == "german":
        area = supply_map(s, "german").area
        for pid, p in g["phantoms"].items():
            if p["hex"] and not (area >> b.hex(p["hex"])) & 1:
                remove_phantom(s, pid, "out of supply", public=False)
        # 14.0 B: vacant cities in Allied countries the German cannot trace supply to are liberated (each city
        # decides alone: one city's change is no other's test, so the set is read once, lowest hex first)
        occupied = s.pieces_bb("german") | s.units_bb("allied")  # a unit or a hidden marker stands there
        for i in bits(b.city_bb & ~german_cities(b) & ~s.allied_control_bb() & ~occupied & ~area):
            s.set_control(i, "allied")
            s.emit("control", hex=b.label(i), side="allied", rule=s.rule("14.0"),
                   text=f"{b.cities[i].name} is liberated: the Germans cannot supply it")
    else:
        # 14.0: an Allied-held German city out of Allied supply reverts to German control
        src = supply_map(s, "allied").sources
        for i in bits(german_cities(b) & s.allied_control_bb() & ~src):
            s.set_control(i, "german")
            s.emit("control", hex=b.label(i), side="german", rule=s.rule("14.0"),
                   text=f"{b.cities[i].name} reverts to German control: the Allies cannot supply it")


_GERMAN_CITIES: dict[int, tuple[Board, int]] = {}


def german_cities(b: Board) -> int:
    """The cities in Germany (14.0), as a bitboard, once per board."""
    got = _GERMAN_CITIES.get(id(b))
    if got is None or got[0] is not b:
        got = _GERMAN_CITIES[id(b)] = (b, b.m.bb(i for i, c in b.cities.items() if c.country == "germany"))
    return got[1]
