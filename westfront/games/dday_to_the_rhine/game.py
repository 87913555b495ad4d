"""The game state: the position in ``g`` and the queries every rules module shares.

``g`` holds only JSON data (units by id, controlled cities, budgets, support
units, the hidden objective). Derived facts that many decisions need — who
stands where, ZOC, each side's supplied area — are cached on the Python object
and dropped whenever a helper below changes the position (``touch``), so a
decision that offers forty moves traces supply once.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.bitboard import bits
from ...core.movement import zoc_of
from ...core.state import State
from . import units as U
from .board import Board, board
from .data import SIDES, month_label, tables
from .supply import SupplyMap, compute


def other(side: str) -> str:
    return "allied" if side == "german" else "german"


class GameState(State):
    __slots__ = ("_c",)

    def __init__(self, g: dict[str, Any], history: list[str] | None = None, log: list[Any] | None = None):
        super().__init__(g, history, log)
        self._c: dict[Any, Any] = {}

    # ----- the contract ------------------------------------------------------------------
    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        from .scenarios import setup_scenario

        setup_scenario(self, scenario, options)

    def apply(self, action: Action | str) -> list[Any]:
        self._c.clear()
        try:
            return super().apply(action)
        finally:
            self._c.clear()

    def view(self, player: str | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)

    def preview(self, action: Action | str) -> dict[str, Any] | None:
        from .view import build_preview

        return build_preview(self, action)

    def action_visible_to(self, actor: str, action: str, events: list[Any], viewer: str | None) -> bool:
        """1944 18.5: with phantoms, which German unit enters or is rebuilt, where, and with which
        phantom reaches the Allies only through the public events (as hidden markers), never as
        the action's text ("build ge-84c" emits no event at all)."""
        if actor == "german" and viewer != "german" and self.options.get("phantoms") \
                and action.split(" ", 1)[0] in ("place", "build", "at", "none", "step", "disband"):
            return False
        return super().action_visible_to(actor, action, events, viewer)

    # ----- cache -------------------------------------------------------------------------
    def touch(self) -> None:
        """The position changed: forget derived facts."""
        self._c.clear()

    def cached(self, key: Any, fn: Any) -> Any:
        c = self._c
        if key not in c:
            c[key] = fn()
        return c[key]

    # ----- basic facts -------------------------------------------------------------------
    @property
    def b(self) -> Board:
        return board()

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

    def u(self, uid: str) -> dict[str, Any]:
        return self.g["units"][uid]

    def index(self) -> tuple[dict[int, list[str]], dict[str, list[str]], dict[str, int], dict[str, int]]:
        """Who stands where, built in one pass: (hex -> ids, side -> unit ids, side -> unit hexes,
        side -> hexes with any piece of that side, phantoms included)."""

        def build() -> tuple[dict[int, list[str]], dict[str, list[str]], dict[str, int], dict[str, int]]:
            hexof = self.b.m.index
            sides = U.sides()
            occ: dict[int, list[str]] = {}
            onmap: dict[str, list[str]] = {"german": [], "allied": []}
            ubb = {"german": 0, "allied": 0}
            for uid, u in self.g["units"].items():
                lab = u["hex"]
                if lab:
                    i = hexof[lab]
                    if i in occ:
                        occ[i].append(uid)
                    else:
                        occ[i] = [uid]
                    side = sides[uid]
                    onmap[side].append(uid)
                    ubb[side] |= 1 << i
            pbb = dict(ubb)
            for pid, p in self.g["phantoms"].items():
                if p["hex"]:
                    i = hexof[p["hex"]]
                    occ.setdefault(i, []).append(pid)
                    pbb["german"] |= 1 << i
            return occ, onmap, ubb, pbb

        return self.cached("index", build)  # type: ignore[no-any-return]

    def on_map(self, side: str | None = None) -> list[str]:
        """Real units on the map (phantoms are not units)."""
        onmap = self.index()[1]
        return list(onmap[side]) if side else onmap["german"] + onmap["allied"]

    def occupancy(self) -> dict[int, list[str]]:
        """Hex slot -> ids standing there, phantoms included (they look like units)."""
        return self.index()[0]

    def at(self, i: int) -> list[str]:
        return self.occupancy().get(i, [])

    def real_at(self, i: int) -> list[str]:
        return [x for x in self.at(i) if x not in self.g["phantoms"]]

    def hex_of(self, uid: str) -> int:
        src = self.g["phantoms"] if uid in self.g["phantoms"] else self.g["units"]
        return self.b.hex(src[uid]["hex"])

    def units_bb(self, side: str) -> int:
        """Hexes holding real units of ``side``."""
        return self.index()[2][side]

    def pieces_bb(self, side: str) -> int:
        """Hexes holding any piece of ``side`` (phantoms included)."""
        return self.index()[3][side]

    def phantoms_bb(self) -> int:
        return self.b.m.bb(self.b.hex(p["hex"]) for p in self.g["phantoms"].values() if p["hex"])

    def blocking_bb(self, for_side: str) -> int:
        """Hexes ``for_side`` may not enter: enemy units, and for the Allies every hidden marker."""
        bb = self.units_bb(other(for_side))
        if for_side == "allied":
            bb |= self.phantoms_bb()
        return bb

    def zoc_bb(self, of_side: str) -> int:
        """11.0: every real unit projects ZOC into its six neighbours (not across sea hexsides)."""
        return self.cached(("zoc", of_side), lambda: zoc_of(self.b.dilator, self.units_bb(of_side)))

    def is_fortress_unit(self, uid: str) -> bool:
        return uid in self.g["units"] and U.udef(uid).cls.fortress

    # ----- control -----------------------------------------------------------------------
    def allied_control_bb(self) -> int:
        return self.cached("acbb", lambda: self.b.m.bb(self.b.hex(h) for h in self.g["control"]))

    def controls(self, side: str, i: int) -> bool:
        """Cities and Walcheren are German until the Allies take them (2.0, 14.0)."""
        allied = bool((self.allied_control_bb() >> i) & 1)
        return allied if side == "allied" else not allied

    def set_control(self, i: int, side: str) -> bool:
        """Give a city (or Walcheren) to ``side``; True when control changed."""
        lab = self.b.label(i)
        ctl = self.g["control"]
        if side == "allied" and lab not in ctl:
            ctl.append(lab)
            ctl.sort()
        elif side == "german" and lab in ctl:
            ctl.remove(lab)
        else:
            return False
        self.touch()
        return True

    def walcheren_german(self) -> bool:
        w = self.b.opt("Walcheren")
        return w is not None and not self.controls("allied", w)

    def beachheads_bb(self) -> int:
        return self.b.m.bb(self.b.hex(h) for h in self.g["beachheads"].values())

    def antwerp_open(self) -> bool:
        """8.0: Antwerp is a port only when the four hexes to its north are clear of German units."""
        return not (self.b.zone_bb("scheldt") & self.units_bb("german"))

    def bordeaux_open(self) -> bool:
        """8.0: Bordeaux is a port only when Royan is clear of German units."""
        royan = self.b.opt("Royan")
        return royan is None or not [x for x in self.real_at(royan) if self.side_of(x) == "german"]

    def port_works(self, i: int) -> bool:
        b = self.b
        c = b.cities.get(i)
        if c is None or not c.port:
            return False
        if i == b.opt("Antwerp") and not self.antwerp_open():
            return False
        return not (i == b.opt("Bordeaux") and not self.bordeaux_open())

    def allied_ports_bb(self) -> int:
        """Allied-controlled ports that function as ports (8.0)."""

        def build() -> int:
            b = self.b
            return b.m.bb(i for i in bits(self.allied_control_bb() & b.port_bb) if self.port_works(i))

        return self.cached("ports", build)  # type: ignore[no-any-return]

    def port_capacity(self) -> int:
        pc = sum(self.b.cities[i].pc for i in bits(self.allied_ports_bb()))
        return pc + len(self.g["beachheads"]) * int(tables()["port_capacity"]["beachhead"])

    # ----- supply ------------------------------------------------------------------------
    def supply(self, side: str) -> SupplyMap:
        return self.cached(("supply", side), lambda: compute(self, side))  # type: ignore[no-any-return]

    # ----- movement of pieces (every change of position goes through here) ----------------
    def put(self, uid: str, label: str | None) -> None:
        src = self.g["phantoms"] if uid in self.g["phantoms"] else self.g["units"]
        src[uid]["hex"] = label
        if label is not None:
            src[uid]["box"] = None
        self.touch()

    def spend(self, side: str, n: int) -> None:
        if n > self.g["rp"][side]:
            raise AssertionError(f"{side} cannot spend {n} RP with {self.g['rp'][side]} left")
        self.g["rp"][side] -= n

    def rp(self, side: str) -> int:
        return int(self.g["rp"][side])

    def phase_side(self) -> str | None:
        return self.g.get("phase_side")


__all__ = ["SIDES", "GameState", "other"]
