"""The position: the typed ``g`` of 1944 and the queries and changes every rules module shares.

``g`` holds only JSON data (units by id, controlled cities, budgets, support
units, the hidden objective). Who stands where is the position kit's placement
(``core.pieces``), moved by its vocabulary; other derived facts that many
decisions need — ZOC, ports — go through the engine's one cache
(``State.cached``) and are dropped whenever the position changes (``touch``),
so a decision that offers forty moves builds them once. Supply is memoised the
same way by ``supply.supply_map``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, TypedDict

from ...core.actions import Event
from ...core.bitboard import bits
from ...core.movement import zoc_of
from ...core.pieces import PIECES, Pieces, Placement, Roster, build_placement
from ...core.state import PureMemo
from . import units as U
from .board import board
from .data import month_label, opponent, tables


class UnitRecord(TypedDict, total=False):
    """One unit's mutable record, ``g["units"][uid]`` (its counter data lives in ``data.units()``)."""

    hex: str | None  # map hex label, None when off the map
    box: str | None  # off-map box (units.SCHEDULED, AVAILABLE, POOL, GONE, EXITED, AT_SEA, "rco"); None on the map
    strength: int  # current steps (SP on the counter, 3.0); 0 in the pool or destroyed
    moved: bool  # activated to move this month (10.0)
    attacked: str | None  # this month's attack (10.0): None, "held" (the defender survived) or "destroyed"
    strat: bool  # moved strategically this month: motorised or rail (11.1-11.3)
    over: str | bool  # the hex it entered over-stacked this turn (9.1), False otherwise
    returned: bool  # sent back to the turn track for over-stacking: re-enters with its strength (9.1)
    entered: int  # the month it last entered the map (18.5 phantom partners)
    rco: bool  # carries an RCO surprise marker this month (16.0)
    hid: str | None  # hidden-marker label while under one (18.5)
    paid: bool  # its move this month is already paid for (18.5: a phantom's partner)
    due: int | None  # month it arrives (or returns, 9.1) when on the turn track
    added: int  # replacement steps received this month (9.2)
    free_move: bool  # activation for movement costs nothing this month (15.0, 16.0)
    free_attack: bool  # attacks cost nothing this month (16.0 Dietrich)
    rco_unit: bool  # brought on by the RCO: enters at its printed strength (16.0)
    partner: str  # the phantom that entered with it (18.5)
    pending: bool  # placed under a marker, waiting for the phantom decision (18.5)
    how: str  # how it last entered: "place" or "build" (9.1, 9.2)


class PhantomRecord(TypedDict, total=False):
    """A German phantom piece, ``g["phantoms"][pid]`` (18.5)."""

    hex: str | None  # where it stands; None when not in play
    hid: str | None  # its hidden-marker label
    moved: bool  # activated this month
    paid: bool  # its move is paid for by its partner's activation
    over: str | bool  # the hex it entered over-stacked (9.1), False otherwise
    entered: int  # the month it entered
    partner: str  # the real unit it entered with


class InvasionRecord(TypedDict):
    """``g["inv"]``: the invasions (6.1, 6.2, 18.4)."""

    mode: str  # "normandy", "free" (18.4 free invasions) or "dragoon" (Accelerated Dragoon)
    pending: list[dict[str, Any]]  # landings still to make: {"unit": army id, "turn": month}
    east: int | None  # order of the easternmost zone invaded this turn (18.4)
    no_air_turn: int  # month without Allied air power (18.4 Brittany), 0 for none
    manteuffel_frozen: int  # month the 5th Panzer Army may not move (6.2), 0 for none
    delayed: str | None  # the army whose landing waits for July (18.4 B)


class RcoRecord(TypedDict):
    """``g["rco"]``: Rundstedt's Counter-Offensive (16.0)."""

    launched: int  # month it was launched, 0 for not yet
    markers: int  # surprise markers left this month
    allowed: bool  # the scenario has the RCO
    forced: bool  # the scenario launches it at once


class PositionData(TypedDict):
    """The whole of ``g`` (besides the engine's game/meta/rng/flow/result)."""

    game: str  # "dday-to-the-rhine"
    meta: dict[str, Any]  # scenario, options, seed
    rng: Any  # the game's random-number state
    flow: list[dict[str, Any]]  # the stack of step frames
    result: dict[str, Any] | None  # how the game ended
    turn: int  # the month: 1 = June 1944 ... 10 = March 1945
    first: int  # the scenario's first month
    last: int  # the scenario's last month
    victory: str  # "standard", "christmas" or "learning" (17.0, 18.3)
    area: str | None  # "north" for the learning scenario's half map (18.3)
    skip_allied_first: bool  # the scenario starts after the Allied phases of its first month
    units: dict[str, UnitRecord]  # every unit by id
    phantoms: dict[str, PhantomRecord]  # the two phantoms (18.5), empty without the option
    control: list[str]  # hexes of cities (and Walcheren) the Allies control (14.0)
    beachheads: dict[str, str]  # army group -> beach-head hex (5.0, 6.2)
    rp: dict[str, int]  # resource points left this phase, by side (8.0)
    pc: int  # Allied port capacity counted this month (8.0)
    repl: dict[str, int]  # RP spent this month per national replacement class (9.3)
    support: dict[str, str]  # support unit -> "ready", "fired" (naval, back next month) or "used" (4.1)
    month_use: dict[str, int]  # bombers and airborne used this month (4.1)
    rail_used: bool  # the month's rail move is spent (11.3)
    phantom_used: bool  # a phantom entered this month (18.5)
    hidden_n: int  # kept for old saves (no longer used)
    rco: RcoRecord  # the counter-offensive
    inv: InvasionRecord  # the invasions
    german_rp: dict[str, int]  # month -> German RP floor set by invasion zones and options (18.4)
    allied_rp: dict[str, int]  # month -> Allied RP track value overrides (18.4)
    objective: str | None  # the Allied objective card (18.2), hidden from the German
    cards: list[str]  # the face-down cards in their random order (18.2 chosen)
    exits: dict[str, list[str]]  # exit zone -> armies that left through it (17.1)
    south_german_until: int  # last month the south French edge supplies the Germans (13.0)
    south_allied_from: int  # first month it supplies the Allies (13.0)
    ag_g_turn: int  # month Army Group G enters from the south (15.0)
    phase: str  # the phase's title, for the view
    phase_side: str | None  # the side whose phase it is


def _zoc_of(units: int) -> int:
    return zoc_of(board().dilator, units)


_zoc = PureMemo(_zoc_of)  # a side's ZOC depends only on where its units stand: a move of the other side keeps it

PHANTOM_IDS = ("ph-1", "ph-2")  # the two phantoms (18.5), ``g["phantoms"]`` order when the option is on
SIDES = ("german", "allied", "phantom")  # the roster's sides: phantoms are German, but not units (18.5)
GERMAN, ALLIED, PHANTOM = 0, 1, 2
_SIDE_NO = {"german": GERMAN, "allied": ALLIED}
_ROSTERS: dict[int, tuple[Any, Roster]] = {}
# the facts that read only where pieces stand (and the fixed playable area): ``movement.move_blocked`` and
# ``motor_blocked`` too
_PLACED = (PIECES, ("zoc", "german"), ("zoc", "allied"), "zoc_seen", ("move_blocked", "german"),
           ("move_blocked", "allied"), "motor_blocked")
_KEPT: tuple[list[Any], ...] = (  # by the mover's roster side: the facts its move leaves true (control: "acbb")
    [("zoc", "allied"), ("move_blocked", "german"), "acbb", "bhbb"],  # a German unit
    [("zoc", "german"), "zoc_seen", ("move_blocked", "allied"), "motor_blocked", "acbb", "bhbb", "ports"],  # Allied
    [("zoc", "german"), ("zoc", "allied"), ("move_blocked", "german"), "acbb", "bhbb", "ports"],  # a phantom
)
_LAST: list[Any] = [None, None]  # (board, roster) of the last call
_OFF: dict[str, Any] = {"hex": None, "box": None}  # a phantom of a game without them: nowhere


def roster() -> Roster:
    """The kit's roster on the board in play: the units in ``g["units"]`` order (set up in the order of
    ``data.units()``), then the phantoms, so the placement's lists keep the order the old index had (units in
    table order, phantoms last). Once per board (tests may play on their own)."""
    b = board()
    if _LAST[0] is b:  # the hot path: the board of the last call
        return _LAST[1]  # type: ignore[return-value]
    got = _ROSTERS.get(id(b))
    if got is None or got[0] is not b:
        sides = U.sides()
        ids = (*sides, *PHANTOM_IDS)
        r = Roster(ids, lambda uid: sides.get(uid, "phantom"), SIDES, b.m.index, b.m.size)
        got = _ROSTERS[id(b)] = (b, r)
    _LAST[:] = got
    return got[1]


@cache
def _mover_sides() -> dict[str, int]:
    """Piece id -> its roster side (the same on every board: the roster's sides come from the unit data)."""
    sides = U.sides()
    return {**{uid: _SIDE_NO[side] for uid, side in sides.items()}, **dict.fromkeys(PHANTOM_IDS, PHANTOM)}


class _Tables(Mapping[str, Any]):
    """The units and phantoms tables read as one (what the placement is built from)."""

    __slots__ = ("units", "phantoms")

    def __init__(self, units: dict[str, Any], phantoms: dict[str, Any]) -> None:
        self.units = units
        self.phantoms = phantoms

    def __getitem__(self, uid: str) -> Any:
        rec = self.units.get(uid)
        if rec is None:
            rec = self.phantoms.get(uid, _OFF)
        return rec

    def __iter__(self) -> Iterator[str]:
        yield from self.units
        yield from self.phantoms

    def __len__(self) -> int:
        return len(self.units) + len(self.phantoms)


def migrate(g: dict[str, Any]) -> None:
    """Rename the keys of saves written before the reshaping (``sp`` -> ``strength``, ``att`` codes -> words)."""
    units = g.get("units")
    if not units or "sp" not in next(iter(units.values())):
        return
    for u in units.values():
        u["strength"] = u.pop("sp")
        u["attacked"] = {0: None, 1: "destroyed", 2: "held"}[u.pop("att", 0)]


class Position(Pieces):
    """The 1944 position: typed access to ``g``, queries, and the changes that keep the cache right.

    Where the pieces are is the position kit's (``core.pieces``): units and phantoms are its pieces, phantoms
    a side of their own (they are German, but neither units nor ZOC for the Germans' own rules), so a side's
    units and ``occupancy()`` read the kit's placement, and every move goes through ``place_piece`` /
    ``move_piece`` / ``remove_piece`` and every other field through ``set_fields``."""

    __slots__ = ()
    COPY_ON_WRITE = ("units", "phantoms")  # records of scalars, shared by clones: written through the kit
    FLAT_TABLES = ("rp", "repl", "support", "month_use", "german_rp", "allied_rp", "beachheads")  # id -> scalar
    SHARE_G = True  # clones share g's small tables and the flow: every in-place write through mut() (issue 34)
    SIDE_FACTS = ("zoc",)  # 11.0: a side's ZOC reads only its own units

    def __init__(self, g: dict[str, Any], history: list[str] | None = None, log: list[Event] | None = None):
        migrate(g)
        super().__init__(g, history, log)

    @classmethod
    def roster(cls) -> Roster:
        return roster()

    def table_of(self, uid: str) -> str:
        return "phantoms" if uid in self.g["phantoms"] else "units"

    def _build_placement(self) -> Placement:
        return build_placement(roster(), _Tables(self.g["units"], self.g["phantoms"]))

    def kept_on_move(self, uid: str, was: int, now: int) -> list[Any]:
        """The other sides' ZOC (``SIDE_FACTS``, 11.0) and what a move of the other side may not enter; when an
        Allied unit moves, the Allies' picture of German ZOC (real units and markers, 18.5) and what a motorised
        move may not enter; the Allied-controlled cities (a move changes control only through ``set_control``,
        before it) and beach-heads (changed only with a ``forget()`` after the move); the working ports (8.0)
        unless a German unit moves (Antwerp and Bordeaux read where German units stand). One list per side
        of the mover (a move's hot path)."""
        return _KEPT[_mover_sides()[uid]]

    @property
    def pos(self) -> PositionData:
        """``g`` with its schema, for typed access."""
        return self.g  # type: ignore[return-value]

    # ----- basic facts -------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return int(self.g["turn"])

    def month(self) -> str:
        return month_label(self.turn)

    def overcast(self) -> bool:
        """12.1: December and January are overcast."""
        return self.turn in tables()["overcast_months"]

    def side_of(self, uid: str) -> str:
        if uid in self.g["phantoms"]:
            return "german"
        return U.udef(uid).side

    def unit(self, uid: str) -> UnitRecord:
        """A real unit's record (read only: write through ``set_fields``)."""
        return self.g["units"][uid]  # type: ignore[no-any-return]

    def piece(self, pid: str) -> dict[str, Any]:
        """A unit's or a phantom's record (what moves on the map; read only)."""
        return self.g["phantoms"][pid] if pid in self.g["phantoms"] else self.g["units"][pid]  # type: ignore[no-any-return]

    def is_phantom(self, pid: str) -> bool:
        return pid in self.g["phantoms"]

    def on_map(self, side: str | None = None) -> list[str]:
        """Real units on the map (phantoms are not units), table order."""
        p = self.memo.get(PIECES)
        if p is None:
            p = self.placement()
        if side:
            return list(p.on_map[_SIDE_NO[side]])
        return p.on_map[GERMAN] + p.on_map[ALLIED]

    def occupancy(self) -> dict[int, list[str]]:
        """Hex slot -> ids standing there, phantoms included (they look like units). Each list is in
        ``g["units"]`` order, phantoms last; the order of the hexes means nothing (the kit's placement)."""
        p = self.memo.get(PIECES)
        if p is None:
            p = self.placement()
        return p.at  # type: ignore[no-any-return]

    def at(self, i: int) -> list[str]:
        return self.occupancy().get(i, [])

    def real_at(self, i: int) -> list[str]:
        return [x for x in self.at(i) if x not in self.g["phantoms"]]

    def hex_of(self, uid: str) -> int:
        g = self.g
        rec = g["units"].get(uid)  # a unit or a phantom (ids never clash): the hot query of every rule
        if rec is None:
            rec = g["phantoms"][uid]
        return board().m.index[rec["hex"]]  # type: ignore[no-any-return]

    def units_bb(self, side: str) -> int:
        """Hexes holding real units of ``side``."""
        p = self.memo.get(PIECES)
        if p is None:
            p = self.placement()
        return p.occ[_SIDE_NO[side]]  # type: ignore[no-any-return]

    def pieces_bb(self, side: str) -> int:
        """Hexes holding any piece of ``side`` (phantoms included)."""
        p = self.memo.get(PIECES)
        if p is None:
            p = self.placement()
        occ = p.occ
        return occ[GERMAN] | occ[PHANTOM] if side == "german" else occ[ALLIED]  # type: ignore[no-any-return]

    def phantoms_bb(self) -> int:
        p = self.memo.get(PIECES)
        if p is None:
            p = self.placement()
        return p.occ[PHANTOM]  # type: ignore[no-any-return]

    def blocking_bb(self, for_side: str) -> int:
        """Hexes ``for_side`` may not enter: enemy units, and for the Allies every hidden marker."""
        bb = self.units_bb(opponent(for_side))
        if for_side == "allied":
            bb |= self.phantoms_bb()
        return bb

    def zoc_bb(self, of_side: str) -> int:
        """11.0: every real unit projects ZOC into its six neighbours (not across sea hexsides)."""
        got = self.memo.get(("zoc", of_side))
        if got is None:
            got = self.cached(("zoc", of_side), lambda: _zoc(self.units_bb(of_side)))
        return got  # type: ignore[no-any-return]

    def enemy_units_bb(self, side: str) -> int:
        """Hexes holding enemy pieces as ``side`` knows them. 18.5: the Allies cannot tell a phantom from a
        hidden unit, so every hidden German marker counts as a unit for their rules until it is revealed."""
        return self.pieces_bb("german") if side == "allied" else self.units_bb("allied")

    def enemy_zoc_bb(self, side: str) -> int:
        """Enemy ZOC as ``side`` knows it (11.0; 18.5: for the Allies every hidden marker exerts ZOC)."""
        if side != "allied":
            return self.zoc_bb("allied")
        got = self.memo.get("zoc_seen")
        if got is None:
            got = self.cached("zoc_seen", lambda: _zoc(self.pieces_bb("german")))
        return got  # type: ignore[no-any-return]

    def is_fortress_unit(self, uid: str) -> bool:
        return uid in self.g["units"] and U.udef(uid).cls.fortress

    def forget(self) -> None:
        """``touch()`` after a change that moved nobody behind the kit (fields, control, beach-heads): the facts
        that read only where the pieces stand (the placement, the ZOCs) stay."""
        self.touch_keeping(_PLACED)

    # ----- a phantom record's shape ---------------------------------------------------------
    def shift_phantom(self, pid: str, label: str | None) -> None:
        """Put a phantom on a hex or take it off the map (18.5: entry, removal, the AI's determinisation): its
        record keeps the shape it has (the kit writes no ``box`` field a record lacks)."""
        if label is None:
            self.remove_piece(pid, None)
        else:
            self.place_piece(pid, label)

    def move_piece(self, uid: str, label: str, passed: int = 0) -> None:
        """The kit's move; a phantom's record gets a ``box`` field (None) on its first move, as the old ``put``
        wrote it, so ``g`` (saves, hashes) stays exactly as before the kit."""
        self.place_piece(uid, label, passed)
        if uid in self.g["phantoms"] and "box" not in self.g["phantoms"][uid]:
            self.piece_record(uid)["box"] = None  # off no box: the placement is unchanged

    # ----- control -----------------------------------------------------------------------
    def allied_control_bb(self) -> int:
        got = self.memo.get("acbb")
        if got is None:
            b = board()
            got = self.cached("acbb", lambda: b.m.bb(b.hex(h) for h in self.g["control"]))
        return got  # type: ignore[no-any-return]

    def controls(self, side: str, i: int) -> bool:
        """Cities and Walcheren are German until the Allies take them (2.0, 14.0)."""
        allied = bool((self.allied_control_bb() >> i) & 1)
        return allied if side == "allied" else not allied

    def set_control(self, i: int, side: str) -> bool:
        """Give a city (or Walcheren) to ``side``; True when control changed."""
        lab = board().label(i)
        ctl = self.g["control"]
        if side == "allied" and lab not in ctl:
            ctl = self.mut("control")  # a clone shares the list until control changes (State.mut)
            ctl.append(lab)
            ctl.sort()
        elif side == "german" and lab in ctl:
            self.mut("control").remove(lab)
        else:
            return False
        self.touch_keeping(_PLACED)  # nobody moved: who stands where and the ZOCs stay
        return True

    def walcheren_german(self) -> bool:
        w = board().opt("Walcheren")
        return w is not None and not self.controls("allied", w)

    def beachheads_bb(self) -> int:
        got = self.memo.get("bhbb")  # kept across moves: beach-heads change only with a forget() after them
        if got is None:
            b = board()
            got = self.cached("bhbb", lambda: b.m.bb(b.hex(h) for h in self.g["beachheads"].values()))
        return got  # type: ignore[no-any-return]

    def antwerp_open(self) -> bool:
        """8.0: Antwerp is a port only when the four hexes to its north are clear of German units."""
        return not (board().zone_bb("scheldt") & self.units_bb("german"))

    def bordeaux_open(self) -> bool:
        """8.0: Bordeaux is a port only when Royan is clear of German units."""
        royan = board().opt("Royan")
        return royan is None or not [x for x in self.real_at(royan) if self.side_of(x) == "german"]

    def port_works(self, i: int) -> bool:
        b = board()
        c = b.cities.get(i)
        if c is None or not c.port:
            return False
        if i == b.opt("Antwerp") and not self.antwerp_open():
            return False
        return not (i == b.opt("Bordeaux") and not self.bordeaux_open())

    def allied_ports_bb(self) -> int:
        """Allied-controlled ports that function as ports (8.0)."""

        def build() -> int:
            b = board()
            return b.m.bb(i for i in bits(self.allied_control_bb() & b.port_bb) if self.port_works(i))

        return self.cached("ports", build)  # type: ignore[no-any-return]

    def port_capacity(self) -> int:
        b = board()
        pc = sum(b.cities[i].pc for i in bits(self.allied_ports_bb()))
        return pc + len(self.g["beachheads"]) * int(tables()["port_capacity"]["beachhead"])

    # ----- budgets ---------------------------------------------------------------------
    def spend(self, side: str, n: int) -> None:
        if n > self.g["rp"][side]:
            raise AssertionError(f"{side} cannot spend {n} RP with {self.g['rp'][side]} left")
        self.mut("rp")[side] -= n

    def rp(self, side: str) -> int:
        return int(self.g["rp"][side])

    def phase_side(self) -> str | None:
        return self.g.get("phase_side")
