"""The position of a Second Front Now! game: the typed ``g`` schema, queries and effects.

Where the units are is the position kit's (``core.pieces``): ``place``/``to_box`` move a unit and keep
the placement (hex -> units, occupied hexes, on-map and box lists) and the other side's ZOC; other unit
fields change through ``set_fields``. A change of control or strength calls ``touch()`` (or
``touch_fields``) so the memoised derived facts (ZOC, supply areas, reach) are recomputed.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypedDict

from ...core.bitboard import bits
from ...core.pieces import PIECES, Pieces, Placement, Roster
from .board import Board, board
from .data import ALLIED, GERMAN, SIDES, UnitDef, tables, units

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


SIDE_NO = _SIDE_NO = {side: k for k, side in enumerate(SIDES)}  # the roster's side numbers
PLACE_FACTS = (PIECES, "index", "stacks", ("zoc_src", GERMAN), ("zoc_src", ALLIED), ("zoc", GERMAN),
               ("zoc", ALLIED))  # facts of where the units are and of their kinds only: a change of strength keeps them


@cache
def _roster() -> Roster:
    """The kit's roster, units in id order: the order every unit list of this game has always had
    (hex contents, on-map and box lists), so a kept list is the sorted one the rules read."""
    m = board().map
    ids = sorted(units())
    return Roster(ids, lambda uid: units()[uid].side, SIDES, m.index, m.size)


@cache
def _vp_labels() -> tuple[tuple[str, int], ...]:
    """4.2: (label, value) of every VP hex, in the board's order (the VP total is read after every command)."""
    b = board()
    return tuple((b.label(i), v) for i, v in b.vp.items())


def stack_summary(ids: list[str]) -> tuple[int, int, int, int]:
    """10.1-10.2 of the units of one hex: (group bits, artillery count, unit count, first unit's group bit)."""
    kinds = stack_kinds()
    gm = arty = 0
    for i in ids:
        g, a = kinds[i]
        gm |= g
        arty += a
    return gm, arty, len(ids), kinds[ids[0]][0]


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



class Position(Pieces):
    """Typed access to ``g`` plus the queries and effects the rules are written with. Where the units are
    is the position kit's (``core.pieces``): placement through :meth:`place`/:meth:`to_box`, every other
    unit field through ``set_fields`` (unit records are copy-on-write: clones share them)."""

    __slots__ = ()
    FLAT_TABLES = ("control",)  # hex -> side: copied with dict.copy on its first write after a clone
    COPY_ON_WRITE = ("units",)  # records of scalars shared by clones: every write through the kit
    SHARE_G = True  # clones share g's small tables, plans and the flow: in-place writes through mut() (issue 34)
    SIDE_FACTS = ("zoc", "zoc_src")  # 11.1: a side's ZOC (and its sources) read only its own units

    @classmethod
    def roster(cls) -> Roster:
        return _roster()

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
        """A unit's record, to read (write through ``set_fields``, or :meth:`place`/:meth:`to_box`)."""
        return self.g["units"][uid]  # type: ignore[no-any-return]

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

    def touch_fields(self) -> None:
        """A change that moves no unit (a unit's steps or supply, control): derived facts that read it (reach,
        supply areas, the AI's) go; where the units are, their stacks and ZOC (which read only where units are
        and their kinds) stay."""
        self.touch_keeping(PLACE_FACTS)

    # ----- where units are ----------------------------------------------------
    def _placement(self) -> Placement:
        p = self.memo.get(PIECES)  # the hottest fact: the kit's placement read directly
        if p is None:
            p = self.placement()
        return p  # type: ignore[no-any-return]

    def index(self) -> dict[str, list[str]]:
        """Hex label -> unit ids there, ids in id order (memoised, from the kit's placement)."""
        got = self.memo.get("index")
        if got is not None:
            return got  # type: ignore[no-any-return]
        return self.cached("index", self._build_index)  # type: ignore[no-any-return]

    def _build_index(self) -> dict[str, list[str]]:
        labels = self.b.map.labels
        return {labels[h]: ids for h, ids in self._placement().at.items()}  # type: ignore[misc]

    def at(self, label: str) -> list[str]:
        """Ids on a hex, in id order (the placement's own list: do not change it)."""
        return self._placement().at.get(_roster().slot.get(label, -1), [])  # type: ignore[no-any-return]

    def in_box(self, box: str, side: str | None = None) -> list[str]:
        p = self._placement()
        if side is not None:
            return list(p.boxes.get((box, _SIDE_NO[side]), ()))
        return sorted([*p.boxes.get((box, 0), ()), *p.boxes.get((box, 1), ())])

    def on_map(self, side: str) -> list[str]:
        """``side``'s units on the map, in id order (the placement's own list: do not change it)."""
        return self._placement().on_map[_SIDE_NO[side]]  # type: ignore[no-any-return]

    def occupant(self, label: str) -> str | None:
        ids = self._placement().at.get(_roster().slot.get(label, -1))
        return command_kinds()[ids[0]][0] if ids else None

    def side_bb(self, side: str) -> int:
        return self._placement().occ[_SIDE_NO[side]]  # type: ignore[no-any-return]

    def zoc_sources(self, side: str) -> int:
        """11.1: the hexes of ``side``'s stacks holding a combat unit (memoised; kept across the other
        side's moves)."""
        got = self.memo.get(("zoc_src", side))
        if got is not None:
            return got  # type: ignore[no-any-return]

        return self.cached(("zoc_src", side), lambda: self._build_zoc_sources(side))  # type: ignore[no-any-return]

    def _build_zoc_sources(self, side: str) -> int:
        kinds = command_kinds()
        p = self._placement()
        where, number = p.where, _roster().number
        src = 0
        for u in p.on_map[_SIDE_NO[side]]:
            if kinds[u][1]:
                src |= 1 << where[number[u]]
        return src

    def zoc_bb(self, side: str) -> int:
        """11.1-11.2: hexes in the ZOC of ``side``'s combat units, not across all-sea hexsides."""
        got = self.memo.get(("zoc", side))
        if got is not None:
            return got  # type: ignore[no-any-return]

        return self.cached(("zoc", side),  # type: ignore[no-any-return]
                           lambda: self.b.zoc_dilator.step(self.zoc_sources(side)))

    def stacks(self) -> dict[int, tuple[int, int, int, int]]:
        """Hex slot -> (group bits, artillery count, unit count, group bit of the first unit, whose
        side is ``occupant``'s) of the stack there (memoised): 10.1-10.2 checks read this instead of
        walking the units of a hex."""
        got = self.memo.get("stacks")
        if got is not None:
            return got  # type: ignore[no-any-return]

        return self.cached("stacks", self._build_stacks)  # type: ignore[no-any-return]

    def _build_stacks(self) -> dict[int, tuple[int, int, int, int]]:
        return {h: stack_summary(ids) for h, ids in self._placement().at.items()}

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
        """Onto a map hex (the kit's ``place_piece``: the placement moved, the other side's ZOC kept)."""
        self._move(uid, label, None)

    def to_box(self, uid: str, box: str) -> None:
        """Off the map (or from box to box) into ``box`` (the kit's ``remove_piece``)."""
        self._move(uid, None, box)

    def _move(self, uid: str, label: str | None, box: str | None) -> None:
        """The kit's move, then the stack summaries and the mover's ZOC sources brought up to date on the
        one or two hexes it changed instead of rebuilt from every stack (kept facts: the debug mode checks
        them against the rebuild)."""
        memo = self.memo
        stacks = memo.get("stacks")
        side = command_kinds()[uid][0]
        src = memo.get(("zoc_src", side))
        was = self.g["units"][uid]["hex"]
        if label is None:
            self.remove_piece(uid, box)
        else:
            self.place_piece(uid, label)
        p = self.memo.get(PIECES) if was or label else None  # touch() may have replaced the memo dict
        if p is None:
            return
        slot = _roster().slot
        changed = [slot[lab] for lab in (was, label) if lab]
        if stacks is not None:
            stacks = dict(stacks)
            for h in changed:
                ids = p.at.get(h)
                if ids:
                    stacks[h] = stack_summary(ids)
                else:
                    stacks.pop(h, None)
            self.keep_fact("stacks", stacks, self._build_stacks)
        if src is not None:
            kinds = command_kinds()
            for h in changed:
                if any(kinds[i][0] == side and kinds[i][1] for i in p.at.get(h, ())):
                    src |= 1 << h
                else:
                    src &= ~(1 << h)
            key = ("zoc_src", side)
            self.keep_fact(key, src, lambda: self._build_zoc_sources(side))

    def side_to_move(self) -> str | None:
        for f in reversed(self.frames()):
            if "side" in f and f["step"] in ("command", "admin"):
                return str(f["side"])
        return None

    # ----- victory points --------------------------------------------------------
    def vp(self) -> int:
        """4.2-4.5: the German VP total: VP hexes he controls, beach awards, and event points."""
        ctl = self.g["control"]
        total = sum(v for lab, v in _vp_labels() if ctl.get(lab, GERMAN) == GERMAN)
        award = tables()["victory"]["beachhead_award"] if self.options.get("beachhead_vp", True) else 0
        return total + award * len(self.g["beach_awards"]) + self.g["vp_events"]

    def active_beaches(self) -> list[int]:
        area = self.g.get("area")
        return list(self.b.beaches[area]) if area else []

    def hexes_of(self, bb: int) -> list[str]:
        return [self.b.label(i) for i in bits(bb)]


def opponent(side: str) -> str:
    return ALLIED if side == GERMAN else GERMAN
