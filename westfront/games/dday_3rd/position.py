"""The position of a D-Day (3rd ed.) game: the typed ``g`` schema, queries and the effects that change it.

Every effect that moves a unit or flips control calls ``touch()``, so the memoised facts (unit index, ZOC,
supply) are recomputed only when the position changed (State.memo contract).
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypedDict

from ...core.bitboard import bits as _bits
from ...core.pieces import PIECES, Pieces, Roster
from .board import Board, board
from .data import HQ, SIDES, UnitDef, units


class UnitState(TypedDict):
    hex: str | None  # map label (a sea hex while invading), or None when in a box
    box: str | None  # "britain", "german_available", "eliminated", "paris" (Free French not yet raised), "pending"
    flipped: bool  # §6.3: out of supply: half AF, MF 1
    isolated: bool  # §6.3/§12: second week out of supply
    moved: bool  # moved (or was placed) this movement phase
    attacked: bool  # has attacked this combat phase
    dropped: bool  # §8: dropped this week (may not move)
    fresh: bool  # §6.2: came from Britain this week (supplied all week)
    pinned: bool  # §9.2.1/§9.3: placed in enemy ZOC, may not move this week
    invader: bool  # §7.1: on a sea invasion hex this week


class G(TypedDict, total=False):
    week: int  # 1..50 (§5.3)
    side: str  # the active faction
    phase: str  # readable phase name for the view
    units: dict[str, UnitState]
    allied_hexes: dict[str, int]  # §4.3: land hexes the Allies control (the rest is German)
    mulberries: dict[str, str]  # §7.2: coastal invasion hex -> sector
    invasions: list[dict[str, Any]]  # §7: {"sector", "week"} per invasion made
    entry_points: list[str]  # §9.3: reinforcement hexes controlled at the start of the supply phase
    rp: dict[str, int]  # §9.2: replacement points per side
    installations: dict[str, int]  # §9.2.2: captured installation hex -> week captured
    fighters: int  # §6.2/§11: fighter units available this week
    bombers: int  # §10.1.2: bomber units left for the game
    cb_used: bool  # §10.1.2: a carpet bombing flown this week
    cb_hex: str | None  # §10.1.2: the hex carpet-bombed this week (every single-hex attack on it rolls twice)
    cad: dict[str, int]  # §11.1: Allied hexes with close air defence
    interdicted: list[str]  # §11.2: German units under unit interdiction
    river_interdicted: list[str]  # §11.3: hexes whose river sides are interdicted
    attacked_now: list[str]  # §10.1.2: hexes attacked by Allied ground units this week
    attacked_last: list[str]  # ... and last week
    landed: dict[str, Any]  # §9.3.1: this week's landings {"sea": n, "air": n, "sectors": {sector: {A, I, ABI, any}}}
    east_streak: int  # §13: consecutive weeks with 10 supplied units east of the Rhine-Issel line
    east_at_start: bool  # §13: the count held at the start of this week's Allied movement phase
    ff_raised: bool  # §9.3.3: the Free French in Paris have become available
    dropped_now: int  # §8: drops this week
    replacement_last: dict[str, str]  # §9.2.1: replacement hex -> side that last occupied it
    supply_priority: list[str]  # §6.2: Allied units the Allied player chose to keep in supply this week, in order


def other(side: str) -> str:
    return "german" if side == "allied" else "allied"


UNIT_FACTS = (PIECES, ("on_continent", "allied"), ("on_continent", "german"), ("zoc", "allied"),
              ("zoc", "german"))  # facts of where the units are (the placement holds the index and occupied hexes)


_FIELDS = frozenset(UnitState.__annotations__)
_SIDE_NO = {side: k for k, side in enumerate(SIDES)}  # the roster's side numbers


@cache
def _roster() -> Roster:
    """The kit's roster: the counters in ``g["units"]`` order (set up in the order of :func:`units`)."""
    m = board().m
    return Roster(units(), lambda uid: units()[uid].side, SIDES, m.index, m.size)


class Position(Pieces):
    """A D-Day (3rd ed.) state with typed queries; rules modules read it, steps change it through its effects."""

    __slots__ = ()
    FLAT_TABLES = ("allied_hexes",)  # hex -> 1: copied with dict.copy on its first write after a clone
    COPY_ON_WRITE = ("units",)  # records of scalars shared by clones: every write through the kit (set_flags, moves)
    SHARE_G = True  # clones share g's small tables and the flow: every in-place write through mut() (issue 34)
    SIDE_FACTS = ("zoc", "on_continent")  # §4.1: a side's ZOC (and its units on land) read only its own units

    @classmethod
    def roster(cls) -> Roster:
        return _roster()

    # ----- static -------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return board()

    @staticmethod
    def defn(uid: str) -> UnitDef:
        return units()[uid]

    @property
    def week(self) -> int:
        return int(self.g["week"])

    # ----- unit queries -----------------------------------------------------------------------------
    def unit(self, uid: str) -> UnitState:
        return self.g["units"][uid]  # type: ignore[no-any-return]

    def set_flags(self, uid: str, **flags: Any) -> None:
        """Set several per-unit fields at once (the keys of :class:`UnitState` but ``hex``/``box``, which change by
        :meth:`place`, :meth:`eliminate`, :meth:`to_box`)."""
        rec = self.g["units"][uid]
        for k, v in flags.items():
            if rec.get(k, rec) != v:  # a field that changes (or a name that is no field: refused below)
                break
        else:
            return  # nothing changes: a record shared with clones stays shared
        if not flags.keys() <= _FIELDS:
            raise KeyError(f"no unit field {sorted(flags.keys() - _FIELDS)[0]!r}")
        self.set_fields(uid, **flags)

    def index(self) -> dict[str, list[str]]:
        """Hex label -> ids of the units on it (map and sea hexes)."""
        label = self.board.m.labels
        return {label[h]: ids for h, ids in self.placement().at.items()}  # type: ignore[misc]

    def at(self, label: str) -> list[str]:
        p = self.memo.get(PIECES)  # the hottest query: the kit's placement read directly
        if p is None:
            p = self.placement()
        return p.at.get(_roster().slot.get(label, -1), [])  # type: ignore[no-any-return]  # a non-hex holds nobody

    def side_of(self, uid: str) -> str:
        return units()[uid].side

    def side_at(self, label: str) -> str | None:
        p = self.memo.get(PIECES)
        if p is None:
            p = self.placement()
        r = _roster()
        ids = p.at.get(r.slot.get(label, -1))
        return r.side_name[ids[0]] if ids else None

    def on_map(self, side: str) -> list[str]:
        """Ids of the side's units on the map (land or sea)."""
        p = self.memo.get(PIECES)
        if p is None:
            p = self.placement()
        return p.on_map[_SIDE_NO[side]]  # type: ignore[no-any-return]

    def on_continent(self, side: str) -> list[str]:
        """Ids of the side's units on land hexes (§13: 'on the continent')."""
        return self.cached(("on_continent", side), lambda: self._build_on_continent(side))  # type: ignore[no-any-return]

    def _build_on_continent(self, side: str) -> list[str]:
        land = self.board.land
        p = self.placement()
        where = p.where
        number = _roster().number
        return [uid for uid in self.on_map(side) if (land >> where[number[uid]]) & 1]

    def in_box(self, box: str, side: str | None = None) -> list[str]:
        """Ids of the units in a box (of one side, or of both in the order of ``g["units"]``)."""
        if side is not None:
            return self.pieces_in_box(box, side)
        return [uid for uid, u in self.g["units"].items() if u["box"] == box]

    def occupied(self, side: str) -> int:
        """Bitboard of hexes holding units of ``side``."""
        p = self.memo.get(PIECES)
        if p is None:
            p = self.placement()
        return p.occ[_SIDE_NO[side]]  # type: ignore[no-any-return]

    def af(self, uid: str) -> int:
        """§6.3: a flipped (out of supply) unit attacks with half its AF, rounded up (reading 12)."""
        d = units()[uid]
        return (d.af + 1) // 2 if self.unit(uid)["flipped"] else d.af

    def mf(self, uid: str) -> int:
        """§6.3: a flipped unit has MF 1."""
        return 1 if self.unit(uid)["flipped"] else units()[uid].mf

    def stack_limit_ok(self, ids: list[str]) -> bool:
        """§3: German up to 3; Allied up to 2 regular units, or 3 with at least one HQ."""
        if not ids:
            return True
        if self.side_of(ids[0]) == "german":
            return len(ids) <= 3
        hqs = sum(1 for i in ids if units()[i].type == HQ)
        return len(ids) <= 3 if hqs else len(ids) <= 2

    def can_join(self, uid: str, label: str) -> bool:
        """Whether ``uid`` may end in ``label`` without breaking the stacking limit (§3)."""
        here = [i for i in self.at(label) if i != uid]
        if here and self.side_of(here[0]) != self.side_of(uid):
            return False
        return self.stack_limit_ok([*here, uid])

    # ----- zones of control (§4.1) -----------------------------------------------------------------
    def zoc(self, side: str) -> int:
        """Hexes in the ZOC of ``side``'s units.

        Not across rivers or all-sea hexsides, not into or out of fortresses, not into impassable hexes.
        Allied units on a sea invasion hex project only into their coastal hex; German units reach only those
        sea hexes whose arrow points at their own hex.
        """
        return self.cached(("zoc", side), lambda: self._build_zoc(side))  # type: ignore[no-any-return]

    def _build_zoc(self, side: str) -> int:
        b = self.board
        occ = self.occupied(side)
        land_units = occ & b.land
        z = b.zoc_dilator.step(land_units & ~b.fortress) & ~b.fortress & ~b.impassable & b.land
        if side == "german":
            seas = b.zoc_seas_of_coast
            for i in _bits(land_units & b.arrow_coasts & ~b.fortress):
                z |= seas[i]
        else:
            coast = b.zoc_coast_of_sea
            for i in _bits(occ & b.sea_arrow_hexes):
                z |= coast[i]
        return z

    def zoc_of_hex(self, label: str) -> int:
        """The ZOC the units in one hex project (the engagement rule of §9.1.4)."""
        b = self.board
        m = b.m
        i = m.index[label]
        if (b.sea >> i) & 1:
            arrow = b.arrow_by_sea.get(label)
            return 0 if arrow is None else 1 << m.index[arrow.coast]
        if (b.fortress >> i) & 1:
            return 0
        z = b.zoc_dilator.step(1 << i) & ~b.fortress & ~b.impassable & b.land
        arrow = b.arrow_by_coast.get(label)
        if arrow is not None and self.side_at(label) == "german":
            z |= 1 << m.index[arrow.sea]
        return z

    def in_zoc(self, label: str, of_side: str) -> bool:
        return bool((self.zoc(of_side) >> self.board.m.index[label]) & 1)

    # ----- control (§4.3) -----------------------------------------------------------------------------
    def controller(self, label: str) -> str:
        return "allied" if label in self.g["allied_hexes"] else "german"

    def set_control(self, label: str, side: str) -> None:
        ah = self.g["allied_hexes"]
        if side == "allied" and label not in ah:
            self.mut("allied_hexes")[label] = 1
            self._touch_keeping_units()
        elif side == "german" and label in ah:
            del self.mut("allied_hexes")[label]
            self._touch_keeping_units()

    def zoc_control(self) -> None:
        """§4.3: an empty hex in one side's ZOC and free of the other's becomes that side's.

        An occupied hex keeps its occupant's control: the occupant is the last unit to occupy it, and a unit's own
        hex is never in its own ZOC, so ZOC alone must not take it (an Allied port next to a German unit stays
        Allied). Control of an occupied hex changes only by occupation (:meth:`_occupy`)."""
        b = self.board
        m = b.m
        empty = b.land & ~self.occupied("allied") & ~self.occupied("german")
        az, gz = self.zoc("allied") & empty, self.zoc("german") & empty
        for i in _bits(az & ~gz):
            self.set_control(m.label(i), "allied")
        for i in _bits(gz & ~az):
            lab = m.label(i)
            if lab in self.g["allied_hexes"]:
                self.set_control(lab, "german")

    # ----- effects ----------------------------------------------------------------------------------
    def place(self, uid: str, label: str) -> None:
        """Put a unit on a hex: it occupies (and controls) it; Germans end invasion-hex status (§7.2)."""
        self.place_piece(uid, label)
        self._occupy(uid, label)

    def pass_through(self, uid: str, path: list[str]) -> None:
        """§4.3 passing through controls; §9.2.2 an Allied unit moving through an installation captures it."""
        for lab in path:
            self._occupy(uid, lab)

    def _occupy(self, uid: str, label: str) -> None:
        b = self.board
        i = b.m.index[label]
        if not (b.land >> i) & 1:
            return
        side = self.side_of(uid)
        self.set_control(label, side)
        if label in b.replacement_hexes and self.g["replacement_last"].get(label) != side:
            self.mut("replacement_last")[label] = side
        if side == "allied" and label in ("N24", "H12", "V43") and label not in self.g["installations"]:
            self.mut("installations")[label] = self.week
            self.emit("installation", hex=label, week=self.week, rule=self.rule("9.2.2"),
                      text=f"The Allies capture the installation at {label}")
        if side == "german" and label in self.g["mulberries"]:
            del self.mut("mulberries")[label]
            self.emit("mulberry_lost", hex=label, rule=self.rule("7.2"),
                      text=f"{label} loses its invasion-hex status (German unit)")

    def eliminate(self, uid: str, why: str, rule: str) -> None:
        where = self.unit(uid)["hex"]
        self.set_flags(uid, flipped=False, isolated=False, pinned=False, invader=False)
        if uid in self.g["interdicted"]:
            self.mut("interdicted").remove(uid)
        self.remove_piece(uid, "eliminated")
        self.emit("eliminated", unit=uid, side=units()[uid].side, hex=where, rule=self.rule(rule),
                  text=f"{units()[uid].label} is eliminated ({why})")

    def to_box(self, uid: str, box: str) -> None:
        self.set_flags(uid, flipped=False, isolated=False, pinned=False, invader=False)
        self.remove_piece(uid, box)

    # ----- keeping the unit facts across a change (State.memo contract, core.pieces) ---------------------------
    def _touch_keeping_units(self) -> None:
        """:meth:`touch` for a change that moves no unit (control): the unit facts stay valid."""
        self.touch_keeping(UNIT_FACTS)

    def kept_on_move(self, uid: str, was: int, now: int) -> list[Any]:
        """Besides the other side's ZOC and units on land: the mover's side's units on land when the move neither
        brought it onto land nor took it off (a unit at sea or in a box moving elsewhere off land, or land to land)."""
        kept = super().kept_on_move(uid, was, now)
        land = self.board.land
        came = was >= 0 and bool((land >> was) & 1)
        goes = now >= 0 and bool((land >> now) & 1)
        if came == goes:
            kept.append(("on_continent", units()[uid].side))
        return kept

    def phase_name(self) -> str:
        return str(self.g.get("phase", ""))


__all__ = ["G", "Position", "SIDES", "UNIT_FACTS", "UnitState", "other"]
