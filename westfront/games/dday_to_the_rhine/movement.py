"""Movement (11.0-11.3): tactical, Allied motorised, German rail, phantoms and exits.

Each kind of move is a :class:`MoveModel` for the core Dijkstra (or a flood for
rail), built from the board's static costs plus this moment's units:

* tactical: terrain cost, the highest condition only; 2 MP for a hex in enemy
  ZOC (never added to terrain); +1 MP across the Rhine, added; must stop in
  marsh and mountain (mountain infantry need not); no ending on a friend;
* motorised: 2 x MP hexes, terrain ignored, never into or through enemy ZOC,
  never across the Rhine (11.2);
* rail: any distance through hexes in German supply and free of enemy ZOC, to
  a supplied hex in Germany or to/next to a German city outside it (11.3);
* phantoms: 6 MP, never within two hexes of an Allied unit (18.5).
"""

from __future__ import annotations

from typing import Any

from ...core.bitboard import Dilator, bits
from ...core.movement import LayeredReach, MoveModel, Reach, can_end_anywhere, layered_reach, reach
from ...core.state import PureMemo
from . import units as U
from .board import EXIT_ZONES, Board, board
from .hidden import hidden_pieces
from .position import Position
from .supply import in_supply, supply_map

PHANTOM_MP = 6
ZOC_COST = 2


def area_bb(s: Position) -> int:
    """The playable land: the whole board, or its northern part in the learning scenario (18.3)."""
    b = board()
    return b.zone_bb("north") if s.g.get("area") == "north" else b.land_bb


def friends_bb(s: Position, side: str, exclude: str) -> int:
    """Hexes holding a friendly piece other than ``exclude`` (no ending a move there)."""
    bb = s.pieces_bb(side)
    i = s.hex_of(exclude)
    if len(s.at(i)) == 1 or not any(x != exclude and s.side_of(x) == side for x in s.at(i)):
        bb &= ~(1 << i)
    return bb


def unit_mp(s: Position, uid: str, supplied: bool) -> int:
    """Movement allowance this activation: -1 out of supply (10.0), +1 with an RCO marker (16.0)."""
    if uid in s.g["phantoms"]:
        return PHANTOM_MP
    mp = U.base_mp(uid)
    if not supplied:
        mp -= 1
    if s.unit(uid)["rco"]:
        mp += 1
    return max(mp, 0)


def tactical_model(s: Position, uid: str, mp: int) -> MoveModel:
    b = board()
    side = s.side_of(uid)
    blocked = s.blocking_bb(side) | (b.land_bb & ~area_bb(s))
    stop = b.stop_bb
    if uid not in s.g["phantoms"] and U.udef(uid).cls.mountain:
        stop &= ~b.mountain_bb  # 3.0: mountain infantry need not stop in mountains
    if uid in s.g["phantoms"]:
        allied = s.units_bb("allied")
        near = 0
        for i in bits(allied):
            near |= b.within(i, 2)
        blocked |= near  # 18.5: a phantom never moves within two hexes of an enemy unit
    return MoveModel(mp=mp, enter=b.enter_cost, side_extra=b.side_extra, blocked=blocked, stop=stop,
                     no_end=friends_bb(s, side, uid), zoc=s.enemy_zoc_bb(side), zoc_cost=ZOC_COST)


def footprint(s: Position, uid: str, start: int, mp: int) -> int:
    """The hexes a move of ``mp`` steps from ``start`` reads: those it may reach and the ZOC around
    them (one more step), the unit's own hex (``friends_bb``), and for a phantom every Allied unit
    within two hexes of them (18.5). Pieces and control elsewhere cannot change its answer, so the
    fact survives a move there (``State.cached``)."""
    b = board()
    if uid in s.g["phantoms"]:
        return b.within(start, mp + 2) | 1 << s.hex_of(uid)  # 18.5 counts straight distance
    return b.ball(start, mp + 1) | 1 << s.hex_of(uid)


def tactical_reach(s: Position, uid: str, mp: int, start: int | None = None) -> Reach:
    """11.0: memoised on the position, so the reach that lists a move's destinations is reused to apply it;
    kept across moves outside its footprint."""
    i = s.hex_of(uid) if start is None else start
    key = ("tactical_reach", uid, mp, i)
    got = s.memo.get(key)
    if got is None:
        def compute() -> Reach:
            m = tactical_model(s, uid, mp)
            return _tactical(board(), i, mp, m.blocked, m.stop, m.no_end, m.zoc)  # type: ignore[no-any-return]

        got = s.cached(key, compute, footprint(s, uid, i, mp))
    return got  # type: ignore[no-any-return]


def _tactical_of(b: Board, start: int, mp: int, blocked: int, stop: int, no_end: int, zoc: int) -> Reach:
    return reach(b.adj, start, MoveModel(mp=mp, enter=b.enter_cost, side_extra=b.side_extra, blocked=blocked,
                                         stop=stop, no_end=no_end, zoc=zoc, zoc_cost=ZOC_COST))


_tactical = PureMemo(_tactical_of, limit=1024)
"""A reach is a pure function of the board and the model's bitboards: a search that comes back to the same
position on another iteration (a fresh copy, so a fresh memo) finds it here."""


def motor_model(s: Position, uid: str, hexes: int) -> MoveModel:
    """11.2: ``hexes`` hexes, ignoring terrain; no enemy ZOC, no Rhine."""
    b = board()
    ezoc = s.enemy_zoc_bb("allied")
    return MoveModel(mp=hexes, enter=b.flat_cost, side_extra=b.rhine_blocked,
                     blocked=s.blocking_bb("allied") | ezoc | (b.land_bb & ~area_bb(s)),
                     no_end=friends_bb(s, "allied", uid))


def motor_reach(s: Position, uid: str, start: int | None = None) -> Reach:
    """11.2: up to twice the MP in hexes, ignoring terrain; no enemy ZOC, no Rhine."""
    i = s.hex_of(uid) if start is None else start
    return motor_reach_from(s, uid, i, 2 * U.base_mp(uid))


def motor_reach_left(s: Position, uid: str, hexes_left: int) -> Reach:
    return motor_reach_from(s, uid, s.hex_of(uid), hexes_left)


def motor_reach_from(s: Position, uid: str, start: int, hexes: int) -> Reach:
    """Memoised on the position like :func:`tactical_reach`."""
    key = ("motor_reach", uid, hexes, start)
    got = s.memo.get(key)
    if got is None:
        def compute() -> Reach:
            m = motor_model(s, uid, hexes)
            return _motor(board(), start, hexes, m.blocked, m.no_end)  # type: ignore[no-any-return]

        got = s.cached(key, compute, footprint(s, uid, start, hexes))
    return got  # type: ignore[no-any-return]


def _motor_of(b: Board, start: int, hexes: int, blocked: int, no_end: int) -> Reach | LayeredReach:
    """``reach`` with the motorised model (every step one hex: land, not across the Rhine or the sea, 11.2) as
    the movement kit's ring-by-ring reach (``core.movement.layered_reach``): a hex's cost is its ring, its
    predecessor the lowest hex of the ring before that steps to it — the one ``reach`` keeps, as it expands each
    cost's hexes lowest first (``tests/games/dday_to_the_rhine/test_movement.py`` compares the two on the
    positions of random games)."""
    if hexes <= 0:
        return _motor_generic(b, start, hexes, blocked, no_end)
    dil, into = _motor_graph(b)
    r = layered_reach(start, hexes, ((dil, -1),), b.land_bb & ~blocked, into=into)
    r.ends_bb &= ~no_end & ~(1 << start)
    return r


def _motor_generic(b: Board, start: int, hexes: int, blocked: int, no_end: int) -> Reach:
    return reach(b.adj, start, MoveModel(mp=hexes, enter=b.flat_cost, side_extra=b.rhine_blocked, blocked=blocked,
                                         no_end=no_end))


_MOTOR_GRAPHS: dict[int, tuple[Board, Dilator, list[int]]] = {}


def _motor_graph(b: Board) -> tuple[Dilator, list[int]]:
    """The motorised steps of a board (``Board.motor_dilator``) and, per hex, the hexes that step into it."""
    got = _MOTOR_GRAPHS.get(id(b))
    if got is None or got[0] is not b:
        into = [0] * b.size
        blocked = b.rhine_blocked
        for h, ns in enumerate(b.adj):
            for n in ns:
                if (h, n) not in blocked:
                    into[n] |= 1 << h
        got = _MOTOR_GRAPHS[id(b)] = (b, b.motor_dilator, into)
    return got[1], got[2]


_motor = PureMemo(_motor_of, limit=1024)  # as ``_tactical``


def rail_destinations(s: Position, uid: str) -> list[int]:
    """11.3: every hex a rail move may end in (the path stays in supply, out of enemy ZOC)."""
    b = board()
    start = s.hex_of(uid)
    sup = supply_map(s, "german")
    ezoc = s.zoc_bb("allied")
    passable = sup.area & b.land_bb & ~ezoc & ~s.units_bb("allied") & area_bb(s)
    reached = b.dilator.flood(1 << start, passable)
    ends = reached & b.germany_bb
    outside = 0
    for i in bits(b.city_bb & ~b.germany_bb):
        if s.controls("german", i):
            outside |= (1 << i) | b.dilator.step(1 << i)
    ends |= reached & outside
    ends &= ~friends_bb(s, "german", uid) & ~(1 << start)
    return bits(ends)


def rail_terminals(s: Position, dests: list[int]) -> dict[int, list[int]]:
    """Group rail destinations by their nearest German-held city, to keep each choice short.
    (A new dict of new lists each call: callers may keep or change it.)"""
    return {c: list(ds) for c, ds in _terminals(tuple(dests), s.allied_control_bb())}


def _group_by_terminal(dests: tuple[int, ...], allied: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    b = board()
    groups: dict[int, list[int]] = {}
    by_distance = b.cities_by_distance
    held = set(bits(allied & b.city_bb))  # a set: no big-integer shift per destination
    for d in dests:
        near = by_distance(d)
        if not near:
            c = d
        else:
            c = near[0]  # the nearest city, unless the Allies hold it (then the nearest they do not)
            if c in held:
                c = next((x for x in near if x not in held), c)
        got = groups.get(c)
        if got is None:
            groups[c] = [d]
        else:
            got.append(d)
    return tuple((c, tuple(ds)) for c, ds in groups.items())


def rail_area_name(c: int) -> str:
    """The ``via`` argument naming a rail area by its city, as the prompt says ("Le-Havre", "Paris"; a
    board without cities falls back to the hex label)."""
    b = board()
    city = b.cities.get(c)
    return city.name.replace(" ", "-") if city else b.label(c)


def rail_area_hex(name: str) -> int | None:
    """The city hex a ``via`` argument names (a hex label too, as saves made before issue 37 stored)."""
    b = board()
    if name in b.m.index:
        return b.hex(name)
    return b.opt(name)


_terminals = PureMemo(_group_by_terminal, limit=256)  # both stages of a rail move (area, then hex) ask the same


def exit_options(s: Position, uid: str, r: Reach, mp: int) -> list[tuple[int, str]]:
    """17.1/17.2: an Allied army may leave from an exit-zone hex it can reach with 1 MP to spare, in supply."""
    if uid in s.g["phantoms"] or not U.is_army(uid) or U.udef(uid).side != "allied":
        return []
    b = board()
    out = []
    area = supply_map(s, "allied").area
    for key in EXIT_ZONES:
        for h in b.zone(key):
            c = r.cost.get(h)  # passing through a friend's hex to leave the map is allowed (11.0)
            if c is not None and c + 1 <= mp and (area >> h) & 1:
                out.append((h, key))
    return out


def in_enemy_zoc(s: Position, uid: str) -> bool:
    side = s.side_of(uid)
    return bool((s.enemy_zoc_bb(side) >> s.hex_of(uid)) & 1)


def move_blocked(s: Position, side: str) -> int:
    """Hexes a move of ``side`` may not enter: enemy pieces, and outside the playable area (18.3)."""
    got = s.memo.get(("move_blocked", side))
    if got is None:
        b = board()
        got = s.cached(("move_blocked", side), lambda: s.blocking_bb(side) | (b.land_bb & ~area_bb(s)))
    return got  # type: ignore[no-any-return]


def motor_blocked(s: Position) -> int:
    """11.2: a motorised move never enters enemy ZOC either."""
    got = s.memo.get("motor_blocked")
    if got is None:
        got = s.cached("motor_blocked", lambda: move_blocked(s, "allied") | s.enemy_zoc_bb("allied"))
    return got  # type: ignore[no-any-return]


def can_motor_somewhere(s: Position, uid: str) -> bool:
    """11.2: whether a motor move could end anywhere: ``bool(motor_reach(s, uid).ends)``.

    Every motorised step costs one hex, so a layer-by-layer flood answers it: an empty, open
    neighbour usually settles it at once; otherwise the first layer holding a hex free of friends.
    Memoised and kept across moves outside its footprint."""
    i = s.hex_of(uid)
    key = ("can_motor", uid, i)
    got = s.memo.get(key)
    if got is None:
        if _open_fact(s, ("motor_open", i), _motor_open, i):
            return True
        got = s.cached(key, lambda: _can_motor(s, uid, i), footprint(s, uid, i, 2 * U.base_mp(uid)))
    return got  # type: ignore[no-any-return]


def _open_fact(s: Position, key: tuple[Any, ...], fn: Any, i: int, *args: Any) -> bool:
    """A first-step test ("an empty, open neighbour"): it reads only the neighbours of ``i``, what stands
    on them and the enemy ZOC there, so its footprint is the ball of radius 2 — far smaller than the
    full search's, and kept across most moves of a dense front. Shared by every unit on the hex."""
    got = s.memo.get(key)
    if got is None:
        got = s.cached(key, lambda: fn(s, i, *args), board().ball(i, 2))
    return got  # type: ignore[no-any-return]


def _motor_open(s: Position, i: int) -> bool:
    """11.2: a motorised first step to an empty neighbour outside enemy ZOC, not across the Rhine."""
    b = board()
    blocked = motor_blocked(s)
    occ = s.occupancy()
    rhine = b.rhine_blocked
    return any(not (blocked >> n) & 1 and n not in occ and (i, n) not in rhine for n in b.adj[i])


def _can_motor(s: Position, uid: str, i: int) -> bool:
    b = board()
    blocked = motor_blocked(s)
    if _motor_open(s, i):
        return True
    passable = b.land_bb & ~blocked
    no_end = friends_bb(s, "allied", uid)
    dil = b.motor_dilator
    seen = frontier = 1 << i
    for _ in range(2 * U.base_mp(uid)):
        frontier = dil.step(frontier) & passable & ~seen
        if not frontier:
            return False
        if frontier & ~no_end:
            return True
        seen |= frontier
    return False


def can_step_somewhere(s: Position, uid: str, mp: int) -> bool:
    """Whether a tactical move of ``mp`` could end anywhere: ``bool(tactical_reach(s, uid, mp).ends)``.
    Memoised and kept across moves outside its footprint."""
    if mp <= 0:
        return False
    i = s.hex_of(uid)
    key = ("can_step", uid, mp, i)
    got = s.memo.get(key)
    if got is None:
        phantom = uid in s.g["phantoms"]
        if not phantom:
            side = s.side_of(uid)
            if _open_fact(s, ("step_open", side, mp, i), _step_open, i, side, mp):
                return True
        got = s.cached(key, lambda: _can_step(s, uid, mp, i), footprint(s, uid, i, mp))
    return got  # type: ignore[no-any-return]


def _step_open(s: Position, i: int, side: str, mp: int) -> bool:
    """11.0: an empty, open neighbour ``side`` may enter with ``mp`` (terrain or ZOC, plus the Rhine)."""
    b = board()
    blocked = move_blocked(s, side)
    occ = s.occupancy()
    ezoc = s.enemy_zoc_bb(side)
    for n in b.adj[i]:
        if (blocked >> n) & 1 or n in occ:
            continue
        c = max(b.enter_cost[n], ZOC_COST if (ezoc >> n) & 1 else 0) + max(b.side_extra.get((i, n), 0), 0)
        if c <= mp:
            return True
    return False


def _can_step(s: Position, uid: str, mp: int, i: int) -> bool:
    """Cheap test before a full search: an empty neighbour within the allowance."""
    b = board()
    if uid in s.g["phantoms"]:
        return bool(tactical_reach(s, uid, mp).ends)
    side = s.side_of(uid)
    if _step_open(s, i, side, mp):
        return True
    return can_end_anywhere(b.adj, i, tactical_model(s, uid, mp))


MANTEUFFEL = "ge-5pa"  # 6.2: the 5th Panzer Army may not move in June


def move_is_free(s: Position, pid: str) -> bool:
    """Free activations: 15.0 Army Group G in September, 16.0 Dietrich, 18.5 a phantom's partner."""
    p = s.piece(pid)
    return bool(p.get("free_move") or p.get("paid"))


def may_move(s: Position, pid: str) -> bool:
    p = s.piece(pid)
    if p["moved"] or not p["hex"]:
        return False
    if pid not in s.g["phantoms"]:
        if U.base_mp(pid) == 0 or p["strat"]:
            return False
        if pid == MANTEUFFEL and s.turn == s.g["inv"].get("manteuffel_frozen"):
            return False  # 6.2 / 18.4: 5th Panzer Army cannot move in June
    return move_is_free(s, pid) or s.rp(s.side_of(pid)) >= 1


def may_strategic(s: Position, uid: str) -> bool:
    """11.1: in supply, not in enemy ZOC, and not after an attack that left the enemy standing."""
    u = s.unit(uid)
    return not u["moved"] and u["attacked"] != "held" and U.base_mp(uid) > 0 and in_supply(s, uid) \
        and not in_enemy_zoc(s, uid) and (move_is_free(s, uid) or s.rp(s.side_of(uid)) >= 1)


def rail_allowed(s: Position) -> bool:
    """11.3: one rail move a month from July (in September also for the entering Army Group G units)."""
    return not s.g["rail_used"] and (s.turn >= 2 or s.turn == s.g["ag_g_turn"])


def move_reach(s: Position, f: dict[str, Any]) -> Reach:
    """Where a move in progress (a ``move_unit`` frame: unit, mode, mp, left) may still go."""
    uid = f["unit"]
    if f["mode"] == "motor":
        return motor_reach_left(s, uid, f["left"]) if f.get("left") is not None else motor_reach(s, uid)
    mp = f["left"] if f.get("left") is not None else f["mp"]
    return tactical_reach(s, uid, mp)


def route_points(s: Position, uid: str, r: Reach, budget: int) -> list[int]:
    """Hexes worth passing *through* on the way (``through X``: go there, then move on): entering them does
    something — 14.0/11.2 a city (or Walcheren) changes hands, 18.5 an Allied unit uncovers hidden markers —
    and the unit could still move on from them (MP left, not a must-stop hex)."""
    if s.is_phantom(uid):
        return []
    b = board()
    side = s.side_of(uid)
    stop = b.stop_bb & ~(b.mountain_bb if U.udef(uid).cls.mountain else 0)
    walcheren = b.opt("Walcheren")
    places = b.city_bb | (1 << walcheren if walcheren is not None else 0)
    allied_held = s.allied_control_bb()
    worth = places & (~allied_held if side == "allied" else allied_held)  # 14.0: not yet controlled
    if side == "allied":
        for p in hidden_pieces(s):
            worth |= b.within(s.hex_of(p), 2)  # 18.5: within two hexes of a marker (distance is symmetric)
    worth &= ~stop
    cost = r.cost
    return [h for h in r.ends if (worth >> h) & 1 and cost[h] < budget]
