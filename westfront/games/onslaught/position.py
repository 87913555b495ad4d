"""The Onslaught position: the typed ``g``, the queries every rule asks, the basic effects.

``g`` holds per unit only where it is and whether it is at full strength;
names, types and strengths come from :mod:`.data`. Queries work on bitboards
of :mod:`.board` and are memoised with ``cached`` (forgotten by ``touch``,
which every effect that moves a unit or changes control calls). Effects emit
events citing their rule. Supply, movement, combat and the rest are functions
of the position in their own modules; the sequence of play lives in the steps.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NotRequired, TypedDict, cast

from ...core.mapdata import GameMap
from ...core.pieces import PIECES, Pieces, Roster
from ...core.state import PureMemo
from .board import Board, board
from .data import ALL_IDS, LAST_TURN, SUPPLY, UNITS


class UnitState(TypedDict):
    """One division's changing facts (``g["units"][uid]``)."""

    hex: str | None  # the hex label it stands in, None when off the map
    box: str | None  # off the map: pending (reinforcement), para (Paratroop box), track (turn track, 9.1),
    #                  delayed (10.3), eliminated (11.2), removed (out of play: 9.3, 10.2, set-up checks)
    full: bool  # full strength (False: depleted, 2.3)
    return_turn: NotRequired[int]  # on the turn track: the turn it returns to the Paratroop box (9.1)


class ActionState(TypedDict):
    """The action under way (``g["action"]``, 5.x); None between actions."""

    side: str  # the acting side
    kind: str  # movement | combat | breakthrough | reserve (4.0) | free (10.2 free move)
    activated: list[str]  # divisions activated this action (5.2)
    attacked: list[str]  # divisions that attacked this action (7.0)
    retreated: list[str]  # divisions that retreated this action: not counted again in a Combat action (7.3)
    out_of_supply: list[str]  # activated divisions that could not trace supply on activation (8.6)
    emergency: int  # emergency supply points granted for this action (14.4)
    acted: bool  # something was done (a stack activated, an attack made): not a pass (5.0)


class Bulge(TypedDict):
    used: bool  # the counteroffensive has been launched (12.0)
    turn: int | None  # the turn it was launched


class PositionData(TypedDict):
    """The whole position, ``g`` (JSON). ``meta``, ``rng``, ``flow`` and ``result`` belong to the engine."""

    game: str  # "onslaught"
    meta: dict[str, Any]  # scenario, options, seed
    rng: int  # the game's random-number state
    flow: list[dict[str, Any]]  # the stack of step frames
    result: dict[str, Any] | None  # how the game ended
    turn: int  # the current turn, 1..20 (1.0)
    units: dict[str, UnitState]  # every division of both sides, by id
    supply_points: dict[str, int]  # each side's supply points on its track (8.2)
    income: int  # the Allied supply income marker: last turn's collection (3.0, 8.1)
    collected: dict[str, int]  # points the Allies drew last turn from each source (8.7 captures)
    control: dict[str, str]  # tracked hex (landing hex, port, French city) -> side that last held it (8.1, 8.5)
    captured: list[str]  # fortified ports the Allies have entered: no longer German sources (8.4)
    bulge: Bulge  # the German counteroffensive (12.0)
    action: ActionState | None  # the action under way
    phase: str  # the phase shown to players
    replacement_points: dict[str, int]  # this Reinforcement Step's replacement points, by side (11.1)
    victory_points: dict[str, float] | None  # the final score (13.3)
    logged_vp: NotRequired[list[int]]  # the victory points last written to the log, [allied, german] (13.3)


IS_ALLIED = {uid: UNITS[uid].side == "allied" for uid in ALL_IDS}

LEGACY_KEYS = {"sp": "supply_points", "rp": "replacement_points", "vp": "victory_points", "act": "action"}
LEGACY_ACTION_KEYS = {"oos": "out_of_supply", "any": "acted"}


def upgrade(g: dict[str, Any]) -> None:
    """Rename the keys of a position saved before they had names (``sp``, ``act``, ``oos``…)."""
    for old, new in LEGACY_KEYS.items():
        if old in g:
            g[new] = g.pop(old)
    g.pop("declined", None)
    a = g.get("action")
    if a:
        for old, new in LEGACY_ACTION_KEYS.items():
            if old in a:
                a[new] = a.pop(old)
    for u in g.get("units", {}).values():
        if "back" in u:
            u["return_turn"] = u.pop("back")


def _within_of(b: Board, sources: int, k: int) -> int:
    return b.within(sources, k)


_within = PureMemo(_within_of)  # 6.4's "near" depends only on where one side's units stand


_SIDES = ("allied", "german")
_SIDE_NO = {side: k for k, side in enumerate(_SIDES)}  # the roster's side numbers


@cache
def _roster() -> Roster:
    """The kit's roster: the divisions in ``g["units"]`` order (:data:`ALL_IDS`)."""
    m = board().m
    return Roster(ALL_IDS, lambda uid: UNITS[uid].side, _SIDES, m.index, m.size)


class Position(Pieces):
    """Onslaught's position; :mod:`.rules` adds the game's description and steps."""

    FLAT_TABLES = ("control",)  # hex -> side: copied with dict.copy on its first write after a clone
    COPY_ON_WRITE = ("units",)  # records of scalars, shared by clones: write through edit_unit
    SHARE_G = True  # clones share g's small tables and the flow: every in-place write through mut() (issue 34)
    SIDE_FACTS = ("zoc", "near")  # 6.2 ZOC and 6.4 "near" read only the side's own units
    BOX_FACTS = False  # no derived fact reads which box an off-map division is in

    @classmethod
    def roster(cls) -> Roster:
        return _roster()

    def __init__(self, g: dict[str, Any], history: list[str] | None = None, log: list[Any] | None = None):
        if "sp" in g:
            upgrade(g)
        super().__init__(g, history, log)

    @property
    def pos(self) -> PositionData:
        """``g`` with its schema."""
        return cast(PositionData, self.g)

    # ----- basic lookups -------------------------------------------------------
    @property
    def board(self) -> Board:
        return board()

    @property
    def map(self) -> GameMap:
        return board().m

    @property
    def turn(self) -> int:
        return int(self.g["turn"])

    def last_turn(self) -> int:
        return LAST_TURN

    def unit(self, uid: str) -> UnitState:
        """A division's changing facts; its fixed ones are ``UNITS[uid]``."""
        return self.pos["units"][uid]

    def edit_unit(self, uid: str) -> UnitState:
        """A division's record to write to (``State.edit``: clones share records until one writes)."""
        return self.edit("units", uid)  # type: ignore[return-value]

    def hex_of(self, uid: str) -> int | None:
        h = self.g["units"][uid]["hex"]
        return None if h is None else self.map.index[h]

    def on_map(self, side: str | None = None) -> list[str]:
        """Divisions on the map (of ``side``), in order (a new list each call)."""
        if side is not None:
            return list(self.pieces_on_map(side))
        key = ("on_map", None)
        got = self.memo.get(key)
        if got is None:
            def compute() -> tuple[str, ...]:
                us = self.g["units"]  # read when run: a clone's edit() may replace the table (SHARE_G)
                return tuple(u for u in ALL_IDS if us[u]["hex"] is not None)
            got = self.cached(key, compute)
        return list(got)

    def in_box(self, box: str, side: str | None = None) -> list[str]:
        us = self.g["units"]
        return [u for u in ALL_IDS if us[u]["box"] == box and (side is None or UNITS[u].side == side)]

    def occupancy(self) -> dict[int, list[str]]:
        """Hex slot -> units there (both sides cannot share a hex). Each list is in ``g["units"]`` order; the
        order of the hexes means nothing (a move updates the index instead of rebuilding it)."""
        return self.placement().at

    def at(self, h: int) -> list[str]:
        return list(self.placement().at.get(h, ()))

    def side_at(self, h: int) -> str | None:
        us = self.placement().at.get(h)
        return UNITS[us[0]].side if us else None

    def side_bb(self, side: str) -> int:
        p = self.memo.get(PIECES)  # hot: the kit's placement read directly
        if p is None:
            p = self.placement()
        return p.occ[_SIDE_NO[side]]  # type: ignore[no-any-return]

    def zoc_bb(self, side: str) -> int:
        """onslaught 6.2: a division's ZOC is its hex and the six around it, never across sea hexsides."""
        key = ("zoc", side)
        bb = self.memo.get(key)
        if bb is None:
            def compute() -> int:
                own = self.side_bb(side)
                return (own | self.board.dil.step(own)) & self.board.land
            bb = self.cached(key, compute)
        return bb  # type: ignore[no-any-return]

    def near_bb(self, side: str) -> int:
        """Hexes an enemy of ``side`` could not use strategically: within 2 MP of its units (6.4)."""
        key = ("near", side)
        bb = self.memo.get(key)
        if bb is None:
            bb = self.cached(key, lambda: _within(self.board, self.side_bb(side), 2))
        return bb  # type: ignore[no-any-return]

    def strength(self, uid: str) -> int:
        return UNITS[uid].strength(bool(self.g["units"][uid]["full"]))

    def stack_count(self, h: int, side: str) -> int:
        return sum(1 for u in self.occupancy().get(h, ()) if UNITS[u].side == side)

    # ----- effects -----------------------------------------------------------------
    def enter(self, uid: str, path: list[int]) -> None:
        """Put a unit at the end of ``path``, noting control of every tracked hex it passes (8.1, 8.5)."""
        side = UNITS[uid].side
        m = self.map
        ctrl = self.g["control"]
        for h in path:
            lab = m.label(h)
            if ctrl.get(lab, side) != side:  # a tracked hex changes hands (a clone may share the table: mut)
                ctrl = self.mut("control")
                ctrl[lab] = side
            if side == "allied" and (self.board.fortified_ports >> h) & 1 and lab not in self.g["captured"]:
                self.mut("captured").append(lab)
                self.emit("port_captured", hex=lab, rule=self.rule("8.4"),
                          text=f"The Allies capture the fortified port at {lab}; it is never again a German supply source")
        label = m.label(path[-1]) if path else self.g["units"][uid]["hex"]
        # only the hexes left, passed and entered changed (units, control): local facts elsewhere stay
        if label is None:
            self.remove_piece(uid, None)
        else:
            self.place_piece(uid, label, passed=m.bb(path))

    def remove_from_map(self, uid: str, box: str) -> None:
        """Off the map into ``box``; a division already off the map changes box without touching anything."""
        self.remove_piece(uid, box)

    def eliminate(self, uid: str, why: str, rule: str) -> None:
        """Into the Eliminated Units box; Allied paratroops leave the game for good (9.3)."""
        u = self.edit_unit(uid)
        where = u["hex"]
        perm = UNITS[uid].allied_para
        self.remove_from_map(uid, "removed" if perm else "eliminated")
        u["full"] = True
        tail = f" and is removed from play ({self.rule('9.3')})" if perm else ""
        self.emit("eliminated", unit=uid, hex=where, side=UNITS[uid].side, rule=rule,
                  text=f"{UNITS[uid].name} is eliminated ({why}){tail}")

    def deplete(self, uid: str, why: str, rule: str) -> None:
        """Flip to the depleted side; a depleted division is eliminated instead (7.2)."""
        u = self.edit_unit(uid)
        if not u["full"]:
            self.eliminate(uid, why, rule)
            return
        u["full"] = False
        if u["hex"] is not None:  # strength changed on this hex: facts reading it (combat, stacking) are dropped
            self.touch(1 << self.map.index[u["hex"]])
        self.emit("depleted", unit=uid, hex=u["hex"], side=UNITS[uid].side, rule=rule,
                  text=f"{UNITS[uid].name} is depleted ({why})")

    def supply_points(self, side: str) -> int:
        return int(self.g["supply_points"][side])

    def pay(self, side: str, points: int, why: str, rule: str) -> None:
        track = self.mut("supply_points")
        if points > track[side]:
            raise AssertionError(f"{side} cannot pay {points} supply points")
        track[side] -= points
        self.emit("supply_spent", side=side, amount=points, left=track[side], rule=rule,
                  text=f"{side.capitalize()} spends {points} supply point{'s' * (points != 1)} ({why}); "
                       f"{track[side]} left")

    def gain(self, side: str, points: int, why: str, rule: str) -> None:
        """Add supply points up to the side's maximum; the excess is lost (8.2)."""
        track = self.mut("supply_points")
        cap = SUPPLY.cap(side)
        before = track[side]
        track[side] = min(cap, before + points)
        lost = before + points - track[side]
        tail = f" ({lost} lost above the maximum of {cap})" if lost else ""
        self.emit("supply_gained", side=side, amount=points, total=track[side], rule=rule,
                  text=f"{side.capitalize()} gains {points} supply point{'s' * (points != 1)} ({why}): "
                       f"{track[side]}{tail}")

    # ----- the current action (5.x) -------------------------------------------------
    @property
    def act(self) -> ActionState:
        a = self.pos["action"]
        assert a is not None, "no action in progress"
        return a

    def edit_act(self) -> ActionState:
        """The action under way to write to (``State.mut``: a clone may share it); ``act`` reads it."""
        a: ActionState | None = self.mut("action")
        assert a is not None, "no action in progress"
        return a

    def begin_action(self, side: str, kind: str) -> None:
        self.g["action"] = ActionState(side=side, kind=kind, activated=[], attacked=[], retreated=[],
                                       out_of_supply=[], emergency=0, acted=False)

    def end_action(self) -> None:
        self.g["action"] = None
