"""The position of a Second Front Now! game: the typed ``g`` schema, queries and effects.

Every effect that changes where units are or who controls a hex calls ``touch()`` so the
memoised derived facts (unit index, ZOC, supply areas, reach) are recomputed.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypedDict

from ...core.bitboard import bits
from ...core.state import State
from .board import Board, board
from .data import ALLIED, GERMAN, UnitDef, tables, units

US_BIT, CW_BIT, GERMAN_BIT = 1, 2, 4  # the three 10.2 stacking groups as bits
_GROUP_BIT = {"us": US_BIT, "commonwealth": CW_BIT, "german": GERMAN_BIT}


@cache
def stack_kinds() -> dict[str, tuple[int, int]]:
    """Unit id -> (stacking-group bit, 1 if artillery): what 10.1-10.2 read of a unit, looked up
    once per process instead of through ``UnitDef`` properties in every stacking check."""
    return {uid: (_GROUP_BIT[d.group], int(d.artillery)) for uid, d in units().items()}


SIDE_BITS = {GERMAN: GERMAN_BIT, ALLIED: US_BIT | CW_BIT}  # the stacking-group bits of each side


@cache
def command_kinds() -> dict[str, tuple[str, bool, bool]]:
    """Unit id -> (side, combat unit, may lead an attack: 13.5/13.8 neither garrison nor artillery):
    what the command lists read of every unit on every call, looked up once per process."""
    return {uid: (d.side, d.combat, d.combat and d.type not in ("garrison", "artillery"))
            for uid, d in units().items()}


def stack_fits(gmask: int, arty: int, total: int, passing: bool) -> bool:
    """10.1-10.2 on a would-be stack summarised as (group bits, artillery count, unit count)."""
    if gmask & GERMAN_BIT and gmask & (US_BIT | CW_BIT):
        return False  # 10.1: never with the enemy
    if gmask == US_BIT | CW_BIT and not passing:
        return False  # 10.2: US and Commonwealth apart
    t = tables()["stacking"]
    return arty <= t["artillery"] and total - arty <= t["non_artillery"]


class UnitState(TypedDict):
    hex: str | None  # map hex, or None when in a box
    box: str | None  # england, blooded, north, south, italy, russia, cup, cp, dead, oos_dead
    steps: int  # steps left (2.12)
    acted: bool  # moved, attacked or entered this player turn (6.4)
    replaced: bool  # took replacements this player turn: may not move or attack (8.3)
    supply: str  # regular | fortress | coastal | aerial | box | none (9.1-9.3, 15.8)
    arrived: int  # game turn it reached the North/South box (7.1: no entry that turn)
    landed: int  # game turn it came ashore (12.5: no strategic move that turn)
    dropped: int  # game turn of its last airdrop (15.6), 0 never
    withdrawn: int  # game turn it was withdrawn to England (15.5), 0 never


class G(TypedDict, total=False):
    turn: int  # game turn 1..80 (1.2)
    area: str | None  # calais | dieppe: the active invasion area (3.2-3.3)
    units: dict[str, UnitState]
    control: dict[str, str]  # VP and active beach hexes -> side controlling them (4.2, 11.6)
    beach_awards: list[str]  # beach hexes that have given the German his 3 VP (4.3)
    vp_events: int  # VP from 4.4, 4.5, 15.3, 15.4 (the rest comes from control)
    cp: dict[str, int]  # command points left this player turn (6.1)
    attacked: list[str]  # hexes attacked this player turn (6.4)
    rp: dict[str, int]  # replacement points available this phase (8.1)
    riga: int  # game turn of the Riga-Odessa declaration, 0 = not declared (7.6)
    blue_point: dict[str, Any]  # 15.7: launched, result, chaos turn
    storm: dict[str, Any]  # 15.2: state none|approaching|raging, day
    air_contest: int  # last game turn of a contested air period, 0 none (15.3)
    ntf_turn: int  # game turn the naval task force was last used (15.1)
    shift_turn: int  # game turn of the last North<->South box move (12.5)
    fortress_lost: list[str]  # fortresses the Allies captured: no more German supply (9.3)
    saf: list[dict[str, Any]]  # Allied SAF plans (hex, turn), secret (15.4)
    drops: list[dict[str, Any]]  # Allied airdrop plans (unit, hex, turn), secret (15.6)
    aerial: list[str]  # units on aerial supply until the next check (15.8)



class Position(State):
    """Typed access to ``g`` plus the queries and effects the rules are written with."""

    __slots__ = ()
    FLAT_TABLES = ("units", "control")  # records of scalars, and hex -> side: clone copies them record by record

    @property
    def b(self) -> Board:
        return board()

    @property
    def gg(self) -> G:
        return self.g  # type: ignore[return-value]

    # ----- unit definitions and state -----------------------------------------
    @staticmethod
    def unit_def(uid: str) -> UnitDef:
        return units()[uid]

    def u(self, uid: str) -> UnitState:
        return self.g["units"][uid]

    def side_of(self, uid: str) -> str:
        return units()[uid].side

    def values(self, uid: str) -> tuple[int, int, int]:
        return units()[uid].values(self.u(uid)["steps"])

    def mf(self, uid: str) -> int:
        """12.1 printed movement, 9.1 one when out of supply."""
        if self.u(uid)["supply"] == "none":
            return 1
        return self.values(uid)[2]

    def full_strength(self, uid: str) -> bool:
        return self.u(uid)["steps"] >= units()[uid].steps

    # ----- where units are ----------------------------------------------------
    def index(self) -> dict[str, list[str]]:
        """Hex label -> unit ids there (memoised)."""
        got = self.memo.get("index")
        if got is not None:
            return got  # type: ignore[no-any-return]
        return self.cached("index", self._build_index)  # type: ignore[no-any-return]

    def _build_index(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for uid, us in self.g["units"].items():
            if us["hex"]:
                out.setdefault(us["hex"], []).append(uid)
        for v in out.values():
            v.sort()
        return out

    def _moved(self, uid: str, old: str | None, new: str | None) -> None:
        """``touch()`` after ``uid`` went from hex ``old`` to hex ``new`` (None: a box), keeping the
        unit index brought up to date for the one unit instead of rebuilt from every unit's record
        (a new dict and new lists: memo values are never mutated, clones share them)."""
        idx = self.memo.get("index")
        self.touch()
        if idx is None or old == new:
            return
        idx = dict(idx)
        if old:
            rest = [u for u in idx.get(old, ()) if u != uid]
            if rest:
                idx[old] = rest
            else:
                idx.pop(old, None)
        if new:
            idx[new] = sorted([*idx.get(new, ()), uid])
        self.keep_fact("index", idx, self._build_index)

    def at(self, label: str) -> list[str]:
        return self.index().get(label, [])

    def in_box(self, box: str, side: str | None = None) -> list[str]:
        return sorted(uid for uid, us in self.g["units"].items()
                      if us["box"] == box and (side is None or units()[uid].side == side))

    def on_map(self, side: str) -> list[str]:
        return sorted(uid for uid, us in self.g["units"].items() if us["hex"] and units()[uid].side == side)

    def occupant(self, label: str) -> str | None:
        ids = self.index().get(label)
        return command_kinds()[ids[0]][0] if ids else None

    def side_bb(self, side: str) -> int:
        got = self.memo.get(("side_bb", side))
        if got is not None:
            return got  # type: ignore[no-any-return]

        return self.cached(("side_bb", side), lambda: self.occupancy()[side][0])  # type: ignore[no-any-return]

    def occupancy(self) -> dict[str, tuple[int, int]]:
        """Side -> (hexes it occupies, hexes of its stacks holding a combat unit: its ZOC sources,
        11.1), both sides from one pass over the unit index (memoised)."""
        got = self.memo.get("occupancy")
        if got is not None:
            return got  # type: ignore[no-any-return]

        def build() -> dict[str, tuple[int, int]]:
            hx = self.b.map.index
            kinds = command_kinds()
            occ = {GERMAN: 0, ALLIED: 0}
            src = {GERMAN: 0, ALLIED: 0}
            for lab, ids in self.index().items():
                side = kinds[ids[0]][0]
                bit = 1 << hx[lab]
                occ[side] |= bit
                for i in ids:
                    if kinds[i][1]:
                        src[side] |= bit
                        break
            return {sd: (occ[sd], src[sd]) for sd in (GERMAN, ALLIED)}

        return self.cached("occupancy", build)  # type: ignore[no-any-return]

    def zoc_bb(self, side: str) -> int:
        """11.1-11.2: hexes in the ZOC of ``side``'s combat units, not across all-sea hexsides."""
        got = self.memo.get(("zoc", side))
        if got is not None:
            return got  # type: ignore[no-any-return]

        return self.cached(("zoc", side),  # type: ignore[no-any-return]
                           lambda: self.b.zoc_dilator.step(self.occupancy()[side][1]))

    def stacks(self) -> dict[int, tuple[int, int, int, int]]:
        """Hex slot -> (group bits, artillery count, unit count, group bit of the first unit, whose
        side is ``occupant``'s) of the stack there (memoised): 10.1-10.2 checks read this instead of
        walking the units of a hex."""
        got = self.memo.get("stacks")
        if got is not None:
            return got  # type: ignore[no-any-return]

        def build() -> dict[int, tuple[int, int, int, int]]:
            kinds = stack_kinds()
            hx = self.b.map.index
            out: dict[int, tuple[int, int, int, int]] = {}
            for lab, ids in self.index().items():
                gm = arty = 0
                for i in ids:
                    g, a = kinds[i]
                    gm |= g
                    arty += a
                out[hx[lab]] = (gm, arty, len(ids), kinds[ids[0]][0])
            return out

        return self.cached("stacks", build)  # type: ignore[no-any-return]

    def stack_ok(self, label: str, adding: list[str], leaving: tuple[str, ...] = (), *,
                 passing: bool = False) -> bool:
        """10.1-10.2: at most three non-artillery and one artillery; US and Commonwealth apart.
        ``passing``: the 10.1 count alone, without 10.2's nationality test (to tell the two apart)."""
        here = self.at(label)
        kinds = stack_kinds()
        if leaving or (here and any(a in here for a in adding)):
            ids = [i for i in here if i not in leaving] + [a for a in adding if a not in here]
            gm = arty = 0
            for i in ids:
                g, a = kinds[i]
                gm |= g
                arty += a
            return stack_fits(gm, arty, len(ids), passing)
        return self.stack_adds(self.b.map.index[label], adding, passing)

    def stack_adds(self, h: int, adding: list[str], passing: bool = False) -> bool:
        """``stack_ok`` for units none of which stands on hex slot ``h`` yet, nothing leaving."""
        kinds = stack_kinds()
        gm, arty, total, _ = self.stacks().get(h, (0, 0, 0, 0))
        for i in adding:
            g, a = kinds[i]
            gm |= g
            arty += a
        return stack_fits(gm, arty, total + len(adding), passing)

    # ----- effects ------------------------------------------------------------
    def place(self, uid: str, label: str) -> None:
        us = self.u(uid)
        old = us["hex"]
        us["hex"], us["box"] = label, None
        self._moved(uid, old, label)

    def to_box(self, uid: str, box: str) -> None:
        us = self.u(uid)
        old = us["hex"]
        us["hex"], us["box"] = None, box
        self._moved(uid, old, None)

    def side_to_move(self) -> str | None:
        for f in reversed(self.frames()):
            if "side" in f and f["step"] in ("command", "admin"):
                return str(f["side"])
        return None

    # ----- victory points --------------------------------------------------------
    def vp(self) -> int:
        """4.2-4.5: the German VP total: VP hexes he controls, beach awards, and event points."""
        b = self.b
        ctl = self.g["control"]
        total = sum(v for i, v in b.vp.items() if ctl.get(b.label(i), GERMAN) == GERMAN)
        award = tables()["victory"]["beachhead_award"] if self.options.get("beachhead_vp", True) else 0
        return total + award * len(self.g["beach_awards"]) + self.g["vp_events"]

    def active_beaches(self) -> list[int]:
        area = self.g.get("area")
        return list(self.b.beaches[area]) if area else []

    def hexes_of(self, bb: int) -> list[str]:
        return [self.b.label(i) for i in bits(bb)]


def opponent(side: str) -> str:
    return ALLIED if side == GERMAN else GERMAN
