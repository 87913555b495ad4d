"""The position of Race to the Rhine: the typed ``g``, queries on it, and the effects that change it.

The Corps are pieces of the position kit (``core.pieces``, issue 34): ``g["corps"]`` is the kit's table (the
record's ``space`` is where it stands, the slot is the space's index in the graph, the side its commander),
so where the Corps are is the kit's placement, kept move by move by ``move_corps`` (``move_piece``), and
their supplies and flip change through ``set_fields`` on copy-on-write records (a clone shares them until one
side writes one; ``supplies`` is replaced, never changed in place, since the record's copy is shallow).
Markers (Control, Axis, FFI) are no pieces: they have no identity, ``g`` keeps them by space, and their
effects keep the placement while dropping the facts that read them.
Clones share the rest of ``g`` too (``SHARE_G``, docs/performance.md "Copy-on-write g"): an effect writes a
nested table (markers, pool, bases, decks, per-commander counters) through ``self.mut(key)``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, TypedDict

from ...core import cards, tokens
from ...core.cards import Deck
from ...core.p2p import Graph
from ...core.pieces import PIECES, Pieces, Roster
from .board import Board, board, static_sets
from .data import KINDS, CommanderCard, Tables, tables


class Corps(TypedDict):
    id: str  # "VI-US" (the Corps card's name with a hyphen)
    commander: str  # "patch_devers"
    space: str  # space id where its block stands
    supplies: dict[str, int]  # fuel / ammo / food on its card (at most 6 in all)
    flipped: bool  # out of Food at a Logistics Step: may not move until Food arrives


class G(TypedDict):
    seats: list[str]  # commanders in play, in turn order
    round: int  # 1, 2, …
    turn: str | None  # commander whose turn it is
    pool: dict[str, int]  # the shared supply pool
    bases: dict[str, dict[str, dict[str, int]]]  # commander -> base or depot space -> its supplies
    main_base: dict[str, str]  # commander -> current Main Supply Base
    corps: dict[str, Corps]  # corps id -> corps
    control: dict[str, str]  # space -> commander whose Control marker is on it
    control_medals: dict[str, int]  # space -> Medals its controller earned taking it (returned if counter-attacked)
    axis: list[str]  # spaces with an Axis marker (sorted)
    axis_supply: int  # Axis markers left to place (the clock)
    ffi: dict[str, int]  # space -> FFI markers on it
    trucks_on: list[str]  # links ("a|b") holding a Truck until the next Logistics Step
    truck_stock: int  # Trucks left in the common stock
    trucks: dict[str, int]  # commander -> Trucks taken and not yet placed
    level: dict[str, int]  # commander -> Logistics Level
    medals: dict[str, int]  # commander -> Medals
    decks: dict[str, Deck]  # "axis" and each commander's Pursuit deck
    logistics_steps: int  # Logistics Steps so far
    logistics_due: bool  # the last Truck was taken: a Logistics Step follows this action
    contact: bool  # Patch-Devers has placed Control on Dijon or Langres
    commander_card: str  # "patch" until the first Logistics Step, then "devers"
    airborne_used: dict[str, int]  # commander -> Airborne actions used
    end_triggered: bool  # the last Axis marker was placed: the round is finished, then Medals count
    ability_used: dict[str, bool]  # commander -> his once-per-turn commander card ability was used this turn (rttr 17)
    air_strikes: dict[str, int]  # commander -> Air Strike markers in hand (rttr 16, advanced game only)
    recon_known: dict[str, int]  # commander -> top cards of the Axis deck he saw with Recon and still on top
    truck_owner: dict[str, str]  # link ("a|b") -> commander whose Truck stands on it


def corps_id(name: str) -> str:
    return name.replace(" ", "-")


@cache
def _marker_facts(seats: tuple[str, ...]) -> list[Any]:
    """The memo keys of the facts that read only markers (``Position.kept_on_move``), per seating."""
    return ["sets", "axis_reach", *(("ai_goal", c) for c in seats), *(("ai_chain", c) for c in seats)]


class _OnFirstRead:
    """A class attribute computed on its first read and then stored on the class (a plain attribute from then
    on): the board and the tables are per process, and a property call per read was ~7 % of the AI's search."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type) -> Any:
        value = self.fn()
        setattr(owner, self.name, value)
        return value


@cache
def _on_board(with_patch_devers: bool) -> int:
    b = board()
    if with_patch_devers:
        return b.graph.all_bits
    others = 0
    for c, a in b.areas.items():
        if c != "patch_devers":
            others |= a.spaces
    return others


@cache
def _roster() -> Roster:
    """The kit's roster: every Corps of the four commanders in the order setup writes ``g["corps"]`` (turn
    order, then the area's list), so any seating's table is a sub-sequence of it (the kit skips the rest)."""
    b = board()
    side = {corps_id(name): cmd for cmd in tables().order for name in b.areas[cmd].corps}
    return Roster(side, side.__getitem__, tables().order, b.graph.index, len(b.graph))


class Position(Pieces):
    """Race to the Rhine's state: queries and effects over ``g`` (see :class:`G`)."""

    __slots__ = ()
    PIECES_TABLE = "corps"
    SLOT_FIELD = "space"
    COPY_ON_WRITE = ("corps",)  # Corps records shared by clones: written through the kit (set_fields, moves)
    FLAT_TABLES = ("control", "control_medals", "ffi")  # space -> scalar: copied with dict.copy on their first write
    SHARE_G = True  # clones share g's small tables, bases, decks and the flow: in-place writes through mut() (issue 34)

    @classmethod
    def roster(cls) -> Roster:
        return _roster()

    @property
    def gg(self) -> G:
        return self.g  # type: ignore[return-value]

    if TYPE_CHECKING:
        board: Board
        graph: Graph
        tables: Tables
    else:  # the per-process board and tables as plain class attributes once first read (rules read them a lot)
        board = _OnFirstRead(board)
        graph = _OnFirstRead(lambda: board().graph)
        tables = _OnFirstRead(tables)

    # ----- who plays ---------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        return self.gg["seats"]

    def with_patch_devers(self) -> bool:
        return "patch_devers" in self.gg["seats"]

    def commander_name(self, commander: str) -> str:
        """A commander as players read him: 'Patton', 'Patch-Devers' (the area's name without its army)."""
        return self.board.areas[commander].name.split(" (")[0]

    def on_board(self) -> int:
        """Bitset of the spaces in play: all with Patch-Devers; the base game leaves out the Patch-Devers side
        board (the spaces of no other commander's area, rttr Components 'if playing with Patch-Devers')."""
        return _on_board(self.with_patch_devers())

    def to_the_right(self, commander: str) -> str:
        """The next commander in turn order (the player 'to the right', rttr Place Axis marker example)."""
        seats = self.seats
        return seats[(seats.index(commander) + 1) % len(seats)]

    def advanced(self) -> bool:
        """rttr 16: the advanced game (air strikes) is an option."""
        return bool(self.options.get("advanced"))

    # ----- commander cards (rttr 17) ---------------------------------------------
    def commander_card(self, commander: str) -> CommanderCard:
        """The card in play: Patch-Devers' is Patch until the first Logistics Step, then Devers."""
        key = self.gg["commander_card"] if commander == "patch_devers" else commander
        return self.tables.commander_cards[key]

    def has_ability(self, commander: str, ability: str) -> bool:
        return self.commander_card(commander).ability == ability

    def ability_free(self, commander: str, ability: str) -> bool:
        """The commander's card has ``ability`` and its once-per-turn use is still open."""
        return self.has_ability(commander, ability) and not self.gg["ability_used"].get(commander, False)

    # ----- corps ---------------------------------------------------------------
    def corps_of(self, commander: str) -> list[Corps]:
        """The commander's Corps, table order (the kit's on-map list)."""
        corps = self.g["corps"]
        return [corps[x] for x in self.pieces_on_map(commander)]

    def corps_at(self, sid: str) -> list[Corps]:
        corps = self.gg["corps"]
        return [corps[x] for x in self.pieces_at(self.graph.index[sid])]

    def room(self, c: Corps) -> int:
        return self.tables.slots - tokens.total(c["supplies"])

    def is_french(self, c: Corps) -> bool:
        return c["id"].replace("-", " ") in self.tables.french_corps

    def is_us_ffi(self, c: Corps) -> bool:
        return c["id"].replace("-", " ") in self.tables.us_ffi_corps

    # ----- markers -------------------------------------------------------------
    def controller(self, sid: str) -> str | None:
        return self.g["control"].get(sid)  # type: ignore[no-any-return]

    def has_axis(self, sid: str) -> bool:
        """An Axis marker, or the printed Axis flag of a Victory space nobody has taken."""
        return bool((self.sets()["axis"] >> self.graph.index[sid]) & 1)

    def sets(self) -> dict[str, int]:
        """Bitsets of the markers: control (any commander), per-commander control, Axis, FFI (the Corps are the
        kit's: :meth:`corps_bits`). Read only markers, so a Corps' move keeps them (:meth:`kept_on_move`)."""
        got = self.memo.get("sets")  # read on every rules query: ``cached`` only on a miss
        if got is None:
            got = self.cached("sets", self._marker_sets)
        return got  # type: ignore[no-any-return]

    def _marker_sets(self) -> dict[str, int]:
        g, idx = self.gg, self.graph.index
        control = 0
        per: dict[str, int] = {}
        for sid, who in g["control"].items():
            b = 1 << idx[sid]
            control |= b
            per[who] = per.get(who, 0) | b
        axis = 0
        for sid in g["axis"]:
            axis |= 1 << idx[sid]
        ffi = 0
        for sid, n in g["ffi"].items():
            if n:
                ffi |= 1 << idx[sid]
        out = {"control": control, "axis_markers": axis, "ffi": ffi,
               "axis": axis | (static_sets()["axis_flag"] & ~control & self.on_board())}
        for cmd in self.seats:
            out["control:" + cmd] = per.get(cmd, 0)
        return out

    def kept_on_move(self, uid: str, was: int, now: int) -> list[Any]:
        """A Corps' move leaves the marker facts true: the marker sets, the Axis' counter-attack reach and the
        AI's goal distances and chain plans (none reads where Corps stand; the debug mode checks it)."""
        return _marker_facts(tuple(self.seats))

    def corps_bits(self) -> int:
        """Bitset of the spaces holding a Corps (the kit's occupied sets of every commander)."""
        out = 0
        for bb in self.placement().occ:
            out |= bb
        return out

    def axis_sources(self) -> int:
        """Düsseldorf, and Karlsruhe only with Patch-Devers in play (rttr Encirclement, Counter-attack)."""
        src = static_sets()["axis_source"]
        if not self.with_patch_devers():
            for sid in self.graph.names(src):
                if self.board.attrs[sid].get("requires") == "patch_devers":
                    src &= ~(1 << self.graph.index[sid])
        return src

    # ----- effects -------------------------------------------------------------
    def markers_changed(self) -> None:
        """A Control, Axis or FFI marker changed: the facts that read markers go, the placement stays."""
        self.touch_keeping((PIECES,))

    def set_control(self, sid: str, commander: str, medals: int = 0) -> None:
        self.mut("control")[sid] = commander
        self.mut("control_medals")[sid] = medals
        if sid in self.gg["axis"]:
            self.mut("axis").remove(sid)
        self.markers_changed()

    def remove_control(self, sid: str) -> tuple[str, int]:
        who = self.mut("control").pop(sid)
        medals = self.mut("control_medals").pop(sid, 0)
        self.markers_changed()
        return who, medals

    def place_axis(self, sid: str) -> None:
        self.gg["axis"] = sorted({*self.gg["axis"], sid})
        self.markers_changed()

    def remove_axis(self, sid: str) -> None:
        if sid in self.gg["axis"]:
            self.mut("axis").remove(sid)
            self.markers_changed()

    def move_corps(self, cid: str, sid: str) -> None:
        """The Corps' block to ``sid`` (the kit keeps the placement; facts reading where Corps are go)."""
        self.move_piece(cid, sid)

    def add_medals(self, commander: str, n: int) -> None:
        self.mut("medals")[commander] += n

    def give(self, cid: str, kind: str, n: int) -> int:
        """Put up to ``n`` supplies on a Corps card (room permitting); returns how many fitted. Food turns a
        flipped Corps face up. No derived fact reads a card's supplies, so nothing is touched."""
        c = self.gg["corps"][cid]
        k = max(0, min(n, self.room(c)))
        if k:
            sup = dict(c["supplies"])
            tokens.add(sup, kind, k, self.tables.slots)
            fields: dict[str, Any] = {"supplies": sup}
            if kind == "food" and c["flipped"]:
                fields["flipped"] = False
            self.set_fields(cid, **fields)
        return k

    def spend(self, cid: str, kind: str, n: int) -> None:
        sup = dict(self.gg["corps"][cid]["supplies"])
        tokens.take(sup, kind, n)
        self.set_fields(cid, supplies=sup)

    def set_ffi(self, sid: str, n: int) -> None:
        if n:
            self.mut("ffi")[sid] = n
        elif sid in self.gg["ffi"]:
            self.mut("ffi").pop(sid)
        self.markers_changed()

    # ----- bases and depots ----------------------------------------------------
    def base_capacity(self, commander: str, sid: str) -> int | None:
        """A Patch-Devers base's (rttr 3.2, tables), a small depot's (map), a port's (reconstructed), else the
        base game's Main Supply Base."""
        t = self.tables
        if sid == "landing_zone":
            return t.landing_zone_capacity
        if sid == "marseille":
            return t.marseille_capacity
        if sid == "supply_base_901":
            return t.base_901_capacity
        if self.board.has_flag(sid, "depot"):
            return self.board.capacity(sid)
        if self.board.has_flag(sid, "port") and sid != self.gg["main_base"].get(commander):
            return t.port_capacity
        return t.base_capacity

    def stock(self, commander: str, sid: str) -> dict[str, int]:
        """The supplies of a base or depot (read only: an empty pool when none are there yet)."""
        return self.gg["bases"][commander].get(sid) or tokens.empty(KINDS)

    def stock_for_update(self, commander: str, sid: str) -> dict[str, int]:
        """The base's or depot's pool in ``g`` to write to, created if needed (for effects; ``State.mut``: a
        clone shares the bases until it writes one)."""
        return self.mut("bases")[commander].setdefault(sid, tokens.empty(KINDS))  # type: ignore[no-any-return]

    # ----- decks ---------------------------------------------------------------
    def draw_card(self, deck: str) -> str | None:
        """The top card; a card leaving the Axis deck's top is one fewer card a Recon saw there."""
        if deck == "axis" and any(self.gg["recon_known"].values()):
            known = self.mut("recon_known")
            for c in known:
                known[c] = max(0, known[c] - 1)
        return cards.draw(self.mut("decks")[deck], self.rng)

    def discard_card(self, deck: str, card: str) -> None:
        cards.discard(self.mut("decks")[deck], card)

    def label(self, sid: str) -> str:
        return self.board.names.get(sid, sid)
