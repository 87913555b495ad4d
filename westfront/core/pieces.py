"""One position kit (issue 34): where the pieces are, kept in one place with one vocabulary.

A game's pieces live in one table of ``g`` (``g["units"]``: id -> record of scalars, with ``hex``, a map
label or None, and ``box``, a box name or None — a game without boxes may leave ``box`` out). That table is the save and hash format and stays as it
is. What every game used to rebuild or hand-sync beside it — hex -> pieces, each side's occupied hexes as a
bitboard, each side's pieces on the map, the pieces in each box, each piece's hex slot — is one derived fact
here, :class:`Placement`, built once from the table and then *moved*, not rebuilt, by the vocabulary:

* ``place_piece(uid, label)`` / ``move_piece(uid, label)`` — onto a hex (from a box, or from another hex);
* ``remove_piece(uid, box)`` — off the map into a box;
* ``set_fields(uid, **fields)`` — any other field (strength, flags), through ``State.edit`` when the table is
  copy-on-write, so clones share records until one side writes one.

Each move touches only the hexes it changed (``State.touch(hexes)``: local facts elsewhere survive) and puts
back the placement brought up to date, plus the game's facts that read only *another* side's pieces
(``SIDE_FACTS``). The placement is a memo value, shared by clones, so it is never changed once published:
a move makes a new one from the old (an array copy for the hex column, a dict copy for the index).

Columns: the hex of every piece is an ``array('i')`` indexed by unit number (table order), so "where is it"
and "which side" are list look-ups, and the index's lists keep table order (unit number order), which is the
order a rebuild from the table gives — so a kept index and a rebuilt one are equal, and the debug mode
(``WESTFRONT_CHECK_CACHE``) checks exactly that after every action.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from .state import State

PIECES = "pieces"  # the memo key of the placement


class Roster:
    """The fixed facts of a game's pieces (one per process): unit numbers in table order, each one's side,
    and the map's label -> slot. Built from the ids in the order ``g[table]`` holds them — or in the order
    the game's lists have always had (SFN: id order), which every list of the placement then keeps. When
    scenarios field different pieces, the roster holds them all, in an order every scenario's table follows;
    a table then lacks some of them (skirmish: the river scenario's second armour)."""

    __slots__ = ("ids", "number", "side", "sides", "side_no", "side_name", "slot", "size")

    def __init__(self, ids: Iterable[str], side_of: Callable[[str], str], sides: Sequence[str],
                 slot: Mapping[str, int], size: int) -> None:
        self.ids: tuple[str, ...] = tuple(ids)
        self.number: dict[str, int] = {u: k for k, u in enumerate(self.ids)}
        self.sides: tuple[str, ...] = tuple(sides)
        self.side_no: dict[str, int] = {s: k for k, s in enumerate(self.sides)}
        self.side: tuple[int, ...] = tuple(self.side_no[side_of(u)] for u in self.ids)  # unit number -> side number
        self.side_name: dict[str, str] = {u: self.sides[self.side[k]] for k, u in enumerate(self.ids)}  # id -> side
        self.slot = slot  # map label -> slot (GameMap.index)
        self.size = size  # slots of the map

    def side_of(self, uid: str) -> str:
        return self.side_name[uid]


class Placement:
    """Where the pieces are (a memo fact: never changed once built; :func:`moved` makes the next one).

    ``where``: unit number -> hex slot, -1 off the map; ``at``: slot -> ids there (table order);
    ``occ``: side number -> bitboard of hexes holding that side's pieces; ``on_map``: side number -> ids on
    the map (table order); ``boxes``: (box, side number) -> ids in the box (table order; no empty lists)."""

    __slots__ = ("where", "at", "occ", "on_map", "boxes")

    def __init__(self, where: array[int], at: dict[int, list[str]], occ: list[int], on_map: list[list[str]],
                 boxes: dict[tuple[str, int], list[str]]) -> None:
        self.where = where
        self.at = at
        self.occ = occ
        self.on_map = on_map
        self.boxes = boxes

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Placement):
            return NotImplemented
        return (self.where == other.where and self.at == other.at and self.occ == other.occ
                and self.on_map == other.on_map and self.boxes == other.boxes)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Placement(at={self.at!r}, boxes={self.boxes!r})"


def build_placement(roster: Roster, table: Mapping[str, Mapping[str, Any]], slot_field: str = "hex") -> Placement:
    """The placement of ``table`` from scratch (the recipe the debug mode checks kept placements against).
    ``slot_field``: the record's field naming where the piece stands (``Pieces.SLOT_FIELD``)."""
    slot = roster.slot
    sides = roster.side
    where = array("i", [-1]) * len(roster.ids)
    at: dict[int, list[str]] = {}
    occ = [0] * len(roster.sides)
    on_map: list[list[str]] = [[] for _ in roster.sides]
    boxes: dict[tuple[str, int], list[str]] = {}
    for k, uid in enumerate(roster.ids):
        u = table.get(uid)
        if u is None:
            continue  # a piece of the roster this scenario does not use
        lab = u[slot_field]
        sd = sides[k]
        if lab:
            h = slot[lab]
            where[k] = h
            here = at.get(h)
            if here is None:
                at[h] = [uid]
            else:
                here.append(uid)
            occ[sd] |= 1 << h
            on_map[sd].append(uid)
        elif u.get("box"):  # a game whose pieces have no boxes keeps no ``box`` field
            key = (u["box"], sd)
            got = boxes.get(key)
            if got is None:
                boxes[key] = [uid]
            else:
                got.append(uid)
    return Placement(where, at, occ, on_map, boxes)


def _insert(ids: list[str], uid: str, number: dict[str, int]) -> list[str]:
    """A new list: ``ids`` (in unit number order) with ``uid`` in its place."""
    r = number[uid]
    k = 0
    n = len(ids)
    while k < n and number[ids[k]] < r:
        k += 1
    return [*ids[:k], uid, *ids[k:]]


def _without(ids: list[str], uid: str) -> list[str]:
    return [x for x in ids if x != uid]


def moved(p: Placement, roster: Roster, uid: str, was_box: str | None, now: int, box: str | None) -> Placement:
    """The placement after ``uid`` went to slot ``now`` (-1: off the map, into ``box`` or nowhere) — a new
    object sharing what did not change (``p`` is shared with clones and stays as it was)."""
    k = roster.number[uid]
    sd = roster.side[k]
    was = p.where[k]
    where = p.where
    at = p.at
    occ = p.occ
    on_map = p.on_map
    if was != now:
        where = array("i", where)
        where[k] = now
        at = dict(at)
        occ = list(occ)
        if was >= 0:
            left = _without(at[was], uid)
            if left:
                at[was] = left
                if not any(roster.side[roster.number[x]] == sd for x in left):
                    occ[sd] &= ~(1 << was)
            else:
                del at[was]
                occ[sd] &= ~(1 << was)
        if now >= 0:
            here = at.get(now)
            at[now] = [uid] if here is None else _insert(here, uid, roster.number)
            occ[sd] |= 1 << now
        if (was >= 0) != (now >= 0):
            on_map = list(on_map)
            on_map[sd] = _insert(on_map[sd], uid, roster.number) if now >= 0 else _without(on_map[sd], uid)
    boxes = p.boxes
    old_key = (was_box, sd) if was < 0 and was_box else None
    new_key = (box, sd) if now < 0 and box else None
    if old_key != new_key:
        boxes = dict(boxes)
        if old_key is not None:
            left = _without(boxes[old_key], uid)
            if left:
                boxes[old_key] = left
            else:
                del boxes[old_key]  # as a rebuild has it: no empty box lists
        if new_key is not None:
            got = boxes.get(new_key)
            boxes[new_key] = [uid] if got is None else _insert(got, uid, roster.number)
    return Placement(where, at, occ, on_map, boxes)


class Pieces(State):
    """The kit as a base of a game's position: queries on the placement and the one vocabulary that changes
    it. A game sets ``PIECES_TABLE`` (default ``"units"``), ``SIDE_FACTS`` and implements :meth:`roster`."""

    __slots__ = ()
    PIECES_TABLE: ClassVar[str] = "units"
    SIDE_FACTS: ClassVar[tuple[str, ...]] = ()
    """Names of memo facts keyed ``(name, side)`` that read only where ``side``'s own pieces are (its ZOC): a
    move of another side's piece keeps them."""
    SLOT_FIELD: ClassVar[str] = "hex"
    """The record's field naming where a piece stands: a map label, or None off the map (Race to the Rhine's
    Corps: ``space``, a space of its point-to-point map, the slot being the space's index in the graph)."""
    BOX_FACTS: ClassVar[bool] = True
    """Whether derived facts may read which box an off-map piece is in. False: a piece going from one box to
    another touches nothing (only the placement's box lists change)."""

    @classmethod
    def roster(cls) -> Roster:
        """The game's :class:`Roster` (built once per process)."""
        raise NotImplementedError

    # ----- queries ---------------------------------------------------------------------------------------
    def placement(self) -> Placement:
        p = self.memo.get(PIECES)  # the hottest fact: ``cached`` only on a miss (it registers the recipe)
        if p is None:
            p = self.cached(PIECES, self._build_placement)
        return p  # type: ignore[no-any-return]

    def _build_placement(self) -> Placement:
        return build_placement(self.roster(), self.g[self.PIECES_TABLE], self.SLOT_FIELD)

    def pieces_at(self, slot: int) -> list[str]:
        """Ids on a hex slot, table order (the placement's own list: do not change it)."""
        return self.placement().at.get(slot, [])

    def slot_of(self, uid: str) -> int:
        """The hex slot of a piece, -1 off the map."""
        return self.placement().where[self.roster().number[uid]]

    def occupied_by(self, side: str) -> int:
        """Bitboard of the hexes holding ``side``'s pieces."""
        return self.placement().occ[self.roster().side_no[side]]

    def pieces_on_map(self, side: str) -> list[str]:
        """``side``'s pieces on the map, table order (the placement's own list: do not change it)."""
        return self.placement().on_map[self.roster().side_no[side]]

    def pieces_in_box(self, box: str, side: str) -> list[str]:
        return list(self.placement().boxes.get((box, self.roster().side_no[side]), ()))

    def side_at_slot(self, slot: int) -> str | None:
        ids = self.placement().at.get(slot)
        return self.roster().side_name[ids[0]] if ids else None

    # ----- the vocabulary ----------------------------------------------------------------------------------
    def place_piece(self, uid: str, label: str, passed: int = 0) -> None:
        """Put a piece on a hex (from a box or another hex). ``passed``: other hexes the change touched (a path
        whose control changed), for the footprint of the touch."""
        self._relocate(uid, label, None, passed)

    move_piece = place_piece

    def remove_piece(self, uid: str, box: str | None) -> None:
        """Take a piece off the map into ``box`` (None: nowhere, e.g. not yet arrived)."""
        self._relocate(uid, None, box, 0)

    def table_of(self, uid: str) -> str:
        """The key of ``g`` whose table holds ``uid``'s record (a game with several piece tables overrides it,
        and ``_build_placement``: its roster numbers the tables' ids one after another)."""
        return self.PIECES_TABLE

    def rewrite_pieces(self, records: Mapping[str, Mapping[str, Any]]) -> None:
        """Rewrite many pieces' records at once, where they are included — a determinised sample deals hidden
        pieces anew: each record written once (copy-on-write), then a full :meth:`touch`; the placement is
        rebuilt from the table when next asked, one pass instead of one move per piece."""
        for uid, fields in records.items():
            self.piece_record(uid).update(fields)
        self.touch()

    def piece_record(self, uid: str) -> dict[str, Any]:
        """The record of ``uid`` to write to (copied first when clones may share it, see ``State.edit``)."""
        t = self.table_of(uid)
        if t in self.COPY_ON_WRITE:
            return self.edit(t, uid)
        return self.g[t][uid]  # type: ignore[no-any-return]

    def set_fields(self, uid: str, **fields: Any) -> None:
        """Write fields of a piece's record other than where it is (``hex``/``box`` go by the moves above).
        Touches nothing: the caller knows which facts read these fields."""
        if self.SLOT_FIELD in fields or "box" in fields:
            raise KeyError("hex and box change by place_piece/move_piece/remove_piece, which keep the placement")
        rec = self.g[self.table_of(uid)][uid]
        for k, v in fields.items():
            if k not in rec or rec[k] != v:
                break
        else:
            return  # nothing changes: a shared record stays shared
        self.piece_record(uid).update(fields)

    def drop_fields(self, uid: str, *names: str) -> None:
        """Remove optional fields of a piece's record (a flag that exists only while it holds); a record with
        none of them stays as it is (shared, if a clone shares it). Touches nothing, like :meth:`set_fields`."""
        if self.SLOT_FIELD in names or "box" in names:
            raise KeyError("where a piece is changes by place_piece/move_piece/remove_piece, which keep the placement")
        rec = self.g[self.table_of(uid)][uid]
        if any(k in rec for k in names):
            rec = self.piece_record(uid)
            for k in names:
                rec.pop(k, None)

    def touch_keeping(self, keys: Iterable[Any]) -> None:
        """:meth:`touch` for a change that leaves the facts under ``keys`` true (the caller knows which): they
        are kept, with their recipes for the debug mode's check."""
        memo = self.memo
        fns = self._memo_fns or {}
        kept = [(k, memo[k], fns.get(k)) for k in keys if k in memo]
        self.touch()
        for k, v, fn in kept:
            if fn is None:
                self.memo[k] = v
            else:
                self.keep_fact(k, v, fn)

    def kept_on_move(self, uid: str, was: int, now: int) -> list[Any]:
        """The memo keys still true after ``uid`` moved from slot ``was`` to ``now`` (-1: off the map), besides
        the placement: by default the ``SIDE_FACTS`` of the other sides. A game adds its own."""
        r = self.roster()
        mine = r.side[r.number[uid]]
        return [(name, s) for name in self.SIDE_FACTS for k, s in enumerate(r.sides) if k != mine]

    def _relocate(self, uid: str, label: str | None, box: str | None, passed: int) -> None:
        r = self.roster()
        rec = self.piece_record(uid)
        was_label, was_box = rec[self.SLOT_FIELD], rec.get("box")
        was = r.slot[was_label] if was_label else -1
        now = r.slot[label] if label else -1
        rec[self.SLOT_FIELD] = label
        if box is not None or "box" in rec:  # records without a ``box`` field (no boxes in the game) keep none
            rec["box"] = box
        memo = self.memo
        before = memo.get(PIECES)
        keys = self.kept_on_move(uid, was, now)
        fns = self._memo_fns or {}
        kept = [(k, memo[k], fns.get(k)) for k in keys if k in memo]
        hexes = passed
        if was >= 0:
            hexes |= 1 << was
        if now >= 0:
            hexes |= 1 << now
        if hexes or self.BOX_FACTS:
            self.touch(hexes)  # local facts whose footprint misses these hexes survive (State.cached)
        if before is not None:
            self.keep_fact(PIECES, moved(before, r, uid, was_box, now, box), self._build_placement)
        for k, v, fn in kept:
            if fn is None:
                self.memo[k] = v
            else:
                self.keep_fact(k, v, fn)


__all__ = ["PIECES", "Pieces", "Placement", "Roster", "build_placement", "moved"]
