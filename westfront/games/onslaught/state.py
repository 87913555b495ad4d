"""The Onslaught position: set-up, queries every rule asks, and the basic effects.

``g`` (the whole position, JSON) holds per unit only ``hex``/``box``/``full``;
names, types and strengths come from :mod:`.units`. Queries work on bitboards
from :mod:`.board`; effects (move, deplete, eliminate, pay) emit events that
cite the rule. The sequence of play lives in the step modules.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any, ClassVar

from ...core.actions import Action
from ...core.bitboard import bits
from ...core.mapdata import GameMap
from ...core.state import State
from ...core.supply import supplied_area
from .board import Board, board
from .tables import LAST_TURN, SUPPLY, TURNS
from .units import ALL_IDS, UNITS, UnitInfo

SIDES = ("allied", "german")
STACK_LIMIT = 3


def other(side: str) -> str:
    return "german" if side == "allied" else "allied"


def turn_dates(turn: int) -> tuple[_dt.date, _dt.date]:
    first = _dt.date.fromisoformat(TURNS["first_day"])
    days = int(TURNS["days_per_turn"])
    start = first + _dt.timedelta(days=days * (turn - 1))
    return start, start + _dt.timedelta(days=days - 1)


def turn_label(turn: int) -> str:
    a, b = turn_dates(turn)
    return f"Turn {turn} ({a.day} {a:%b} – {b.day} {b:%b %Y})"


class GameState(State):
    """Onslaught's state; the steps are registered in :mod:`.rules`."""

    INFO: ClassVar[Any]
    __slots__ = ("_memo",)

    def __init__(self, g: dict[str, Any], history: list[str] | None = None, log: list[Any] | None = None):
        super().__init__(g, history, log)
        self._memo: dict[Any, Any] = {}

    # ----- setup -------------------------------------------------------------
    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        from .setup import initial_position

        self.g.update(initial_position(scenario, options))
        self.call("turn")

    # ----- contract: view and preview (view.py) ----------------------------------
    def view(self, player: str | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)

    def preview(self, action: Action | str) -> dict[str, Any] | None:
        from .view import build_preview

        return build_preview(self, action)

    # ----- caching ----------------------------------------------------------------
    # ``_memo`` holds queries that are pure functions of the units' positions, the control of
    # tracked hexes and the turn (ZOC, supply, sources, reach…). Only ``enter``/``remove_from_map``
    # and the turn change alter those, and they call ``touch``; a copy or a loaded save starts empty.
    def clone(self, **kw: Any) -> State:
        """A copy (``State.clone``) that keeps the cached queries: same position, same answers.

        The cached values are never mutated (new ones replace them), so sharing them is safe;
        searching agents clone thousands of times and would otherwise recompute them all."""
        c = super().clone(**kw)
        if isinstance(c, GameState):
            c._memo = dict(self._memo)
        return c

    def touch(self) -> None:
        """Forget cached queries after changing ``g`` directly (tests, tools)."""
        self._memo.clear()
        self._legal = None

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

    def info(self, uid: str) -> UnitInfo:
        return UNITS[uid]

    def unit(self, uid: str) -> dict[str, Any]:
        return self.g["units"][uid]  # type: ignore[no-any-return]

    def hex_of(self, uid: str) -> int | None:
        h = self.g["units"][uid]["hex"]
        return None if h is None else self.map.index[h]

    def on_map(self, side: str | None = None) -> list[str]:
        us = self.g["units"]
        return [u for u in ALL_IDS if us[u]["hex"] is not None and (side is None or UNITS[u].side == side)]

    def in_box(self, box: str, side: str | None = None) -> list[str]:
        us = self.g["units"]
        return [u for u in ALL_IDS if us[u]["box"] == box and (side is None or UNITS[u].side == side)]

    def _positions(self) -> tuple[dict[int, list[str]], dict[str, int]]:
        """Hex slot -> units there, and each side's occupied hexes, in one pass (memoised)."""
        got = self._memo.get("pos")
        if got is None:
            occ: dict[int, list[str]] = {}
            m = self.map
            idx = m.index
            nbytes = (m.size + 7) // 8
            arrs = {"allied": bytearray(nbytes), "german": bytearray(nbytes)}  # cheaper than growing big ints
            for uid, u in self.g["units"].items():
                lab = u["hex"]
                if lab is not None:
                    h = idx[lab]
                    occ.setdefault(h, []).append(uid)
                    arrs[UNITS[uid].side][h >> 3] |= 1 << (h & 7)
            got = (occ, {side: int.from_bytes(a, "little") for side, a in arrs.items()})
            self._memo["pos"] = got
        return got  # type: ignore[no-any-return]

    def occupancy(self) -> dict[int, list[str]]:
        """Hex slot -> units there (both sides cannot share a hex)."""
        return self._positions()[0]

    def at(self, h: int) -> list[str]:
        return list(self.occupancy().get(h, ()))

    def side_at(self, h: int) -> str | None:
        us = self.occupancy().get(h)
        return UNITS[us[0]].side if us else None

    def side_bb(self, side: str) -> int:
        return self._positions()[1][side]

    def zoc_bb(self, side: str) -> int:
        """onslaught 6.2: a division's ZOC is its hex and the six around it, never across sea hexsides."""
        key = ("zoc", side)
        bb = self._memo.get(key)
        if bb is None:
            own = self.side_bb(side)
            bb = (own | self.board.dil.step(own)) & self.board.land
            self._memo[key] = bb
        return bb  # type: ignore[no-any-return]

    def near_bb(self, side: str) -> int:
        """Hexes an enemy of ``side`` could not use strategically: within 2 MP of its units (6.4)."""
        key = ("near", side)
        bb = self._memo.get(key)
        if bb is None:
            bb = self.board.within(self.side_bb(side), 2)
            self._memo[key] = bb
        return bb  # type: ignore[no-any-return]

    def strength(self, uid: str) -> int:
        return UNITS[uid].strength(bool(self.g["units"][uid]["full"]))

    def stack_count(self, h: int, side: str) -> int:
        return sum(1 for u in self.occupancy().get(h, ()) if UNITS[u].side == side)

    # ----- supply (8.x) ----------------------------------------------------------
    def allied_sources(self) -> dict[str, int]:
        """Active Allied supply sources: hex label (or 'B' for southern France) -> points (8.1, 8.4, 8.5)."""
        key = ("asrc",)
        got = self._memo.get(key)
        if got is not None:
            return got  # type: ignore[no-any-return]
        b = self.board
        m = self.map
        ctrl = self.g["control"]
        german = self.side_bb("german")
        out: dict[str, int] = {}
        for h in b.landing_zone:
            lab = m.label(h)
            if ctrl.get(lab) == "allied":
                out[lab] = SUPPLY.landing_hex
        usable: dict[str, bool] = {}
        for p in sorted(b.ports, key=lambda p: p.needs is not None):
            lab = m.label(p.hex)
            ok = ctrl.get(lab) == "allied"
            if ok and p.area is not None:
                ok = not (b.port_areas.get(p.area, 0) & german)
            if ok and p.needs is not None:
                ok = usable.get(p.needs, False)
            usable[p.name] = ok
            if ok:
                out[lab] = p.supply
        if self.southern_france_open():
            out["B"] = SUPPLY.southern_france
        self._memo[key] = out
        return out

    def southern_france_open(self) -> bool:
        """From turn 8 southern France supplies the Allies through entry area B (8.1, 8.4)."""
        return self.turn >= SUPPLY.southern_france_from_turn and bool(self.southern_france_hexes())

    def southern_france_hexes(self) -> int:
        b = self.board
        if self.turn < SUPPLY.southern_france_from_turn:
            return 0
        blocked = self.side_bb("german") | (self.zoc_bb("german") & ~self.side_bb("allied"))
        return b.area_b & ~blocked

    def allied_source_bb(self) -> int:
        m = self.map
        bb = 0
        for lab in self.allied_sources():
            if lab == "B":
                bb |= self.southern_france_hexes()
            else:
                bb |= 1 << m.index[lab]
        return bb

    def german_source_bb(self, edge_only: bool = False) -> int:
        """onslaught 8.4: east-edge hexes free of Allied units and ZOC; fortified ports never captured."""
        b = self.board
        bb = b.east_edge & ~self.zoc_bb("allied")
        if not edge_only:
            captured = {self.map.index[lab] for lab in self.g["captured"]}
            forts = b.fortified_ports & ~self.side_bb("allied")
            bb |= self.map.bb(h for h in bits(forts) if h not in captured)
        return bb

    def passable_for(self, side: str, extra_block: int = 0) -> int:
        """onslaught 8.3: not through enemy units or enemy ZOC unless a friendly division is there."""
        own = self.side_bb(side)
        enemy = other(side)
        return self.board.land & ~self.side_bb(enemy) & ~(self.zoc_bb(enemy) & ~own) & ~extra_block

    def supply_area(self, side: str) -> int:
        """Hexes where a division of ``side`` traces a supply line now."""
        key = ("sup", side)
        bb = self._memo.get(key)
        if bb is None:
            src = self.allied_source_bb() if side == "allied" else self.german_source_bb()
            bb = supplied_area(self.board.dil, src, self.passable_for(side))
            if side == "german":
                bb |= self.board.fortification  # 7.5, 8.4: always in supply in a fortification
            self._memo[key] = bb
        return bb  # type: ignore[no-any-return]

    def in_supply(self, uid: str) -> bool:
        h = self.hex_of(uid)
        return h is not None and bool((self.supply_area(UNITS[uid].side) >> h) & 1)

    def stack_in_supply(self, h: int, side: str) -> bool:
        return bool((self.supply_area(side) >> h) & 1)

    # ----- effects -----------------------------------------------------------------
    def enter(self, uid: str, path: list[int]) -> None:
        """Put a unit at the end of ``path``, noting control of every tracked hex it passes (8.1, 8.5)."""
        side = UNITS[uid].side
        m = self.map
        ctrl = self.g["control"]
        for h in path:
            lab = m.label(h)
            if lab in ctrl:
                ctrl[lab] = side
            if side == "allied" and (self.board.fortified_ports >> h) & 1 and lab not in self.g["captured"]:
                self.g["captured"].append(lab)
                self.emit("port_captured", hex=lab, rule="onslaught 8.4",
                          text=f"The Allies capture the fortified port at {lab}; it is never again a German supply source")
        u = self.g["units"][uid]
        u["hex"] = m.label(path[-1]) if path else u["hex"]
        u["box"] = None
        self.touch()

    def remove_from_map(self, uid: str, box: str) -> None:
        u = self.g["units"][uid]
        u["hex"] = None
        u["box"] = box
        self.touch()

    def eliminate(self, uid: str, why: str, rule: str) -> None:
        """Into the Eliminated Units box; Allied paratroops leave the game for good (9.3)."""
        u = self.g["units"][uid]
        where = u["hex"]
        perm = UNITS[uid].allied_para
        self.remove_from_map(uid, "removed" if perm else "eliminated")
        u["full"] = True
        tail = " and is removed from play (onslaught 9.3)" if perm else ""
        self.emit("eliminated", unit=uid, hex=where, side=UNITS[uid].side, rule=rule,
                  text=f"{UNITS[uid].name} is eliminated ({why}){tail}")

    def deplete(self, uid: str, why: str, rule: str) -> None:
        """Flip to the depleted side; a depleted division is eliminated instead (7.2)."""
        u = self.g["units"][uid]
        if not u["full"]:
            self.eliminate(uid, why, rule)
            return
        u["full"] = False
        self.emit("depleted", unit=uid, hex=u["hex"], side=UNITS[uid].side, rule=rule,
                  text=f"{UNITS[uid].name} is depleted ({why})")

    def pay(self, side: str, points: int, why: str, rule: str) -> None:
        if points > self.g["sp"][side]:
            raise AssertionError(f"{side} cannot pay {points} supply points")
        self.g["sp"][side] -= points
        self.emit("supply_spent", side=side, amount=points, left=self.g["sp"][side], rule=rule,
                  text=f"{side.capitalize()} spends {points} supply point{'s' * (points != 1)} ({why}); "
                       f"{self.g['sp'][side]} left")

    def gain(self, side: str, points: int, why: str, rule: str) -> None:
        """Add supply points up to the side's maximum; the excess is lost (8.2)."""
        cap = SUPPLY.cap(side)
        before = self.g["sp"][side]
        self.g["sp"][side] = min(cap, before + points)
        lost = before + points - self.g["sp"][side]
        tail = f" ({lost} lost above the maximum of {cap})" if lost else ""
        self.emit("supply_gained", side=side, amount=points, total=self.g["sp"][side], rule=rule,
                  text=f"{side.capitalize()} gains {points} supply point{'s' * (points != 1)} ({why}): "
                       f"{self.g['sp'][side]}{tail}")

    # ----- the current action (5.x) -------------------------------------------------
    @property
    def act(self) -> dict[str, Any]:
        a = self.g["act"]
        assert a is not None, "no action in progress"
        return a  # type: ignore[no-any-return]

    def begin_action(self, side: str, kind: str) -> None:
        self.g["act"] = {"side": side, "kind": kind, "activated": [], "attacked": [], "retreated": [],
                         "oos": [], "emergency": 0, "any": False}

    def activation_cost(self, uids: list[str], breakthrough: bool = False) -> int:
        """onslaught 5.2, 5.5, 14.1: one point per stack (two for breakthrough, or a mixed Allied stack)."""
        if breakthrough:
            return SUPPLY.breakthrough
        if self.options.get("allied_cooperation"):
            camps = {UNITS[u].camp for u in uids} - {None}
            if len(camps) > 1:
                return SUPPLY.mixed_nations
        return SUPPLY.activation

    def activate(self, uids: list[str], why: str, breakthrough: bool = False) -> None:
        """Pay for and activate a stack; it traces supply now for the whole action (8.6)."""
        a = self.act
        side = a["side"]
        cost = self.activation_cost(uids, breakthrough)
        self.pay(side, cost, why, "onslaught 5.5" if breakthrough else "onslaught 5.2")
        h = self.hex_of(uids[0])
        assert h is not None
        supplied = self.stack_in_supply(h, side)
        for u in uids:
            a["activated"].append(u)
            if not supplied:
                a["oos"].append(u)
        a["any"] = True
        if not supplied:
            self.emit("out_of_supply", side=side, hex=self.map.label(h), units=list(uids), rule="onslaught 8.6",
                      text=f"The stack at {self.map.label(h)} cannot trace supply: out of supply for this action")

    def last_turn(self) -> int:
        return LAST_TURN
