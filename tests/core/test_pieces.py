"""The one position kit (core/pieces.py, issue 34): the vocabulary, copy-on-write clones, and the placement kept
move by move equal to the one rebuilt from the unit table, on random edit sequences."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from westfront.core.pieces import PIECES, Pieces, Roster, build_placement
from westfront.core.state import GameInfo, ScenarioInfo, checking_cache
from westfront.testing.kit import grid_map

SIDES = ("red", "blue")
IDS = tuple(f"{'r' if k % 2 == 0 else 'b'}{k}" for k in range(12))  # table order interleaves the sides
BOXES = ("pool", "dead")


@cache
def _map() -> Any:
    return grid_map(6, 6)


@cache
def _roster() -> Roster:
    m = _map()
    return Roster(IDS, lambda u: "red" if u.startswith("r") else "blue", SIDES, m.index, m.size)


class Toy(Pieces):
    """A position with only pieces: every unit starts in the pool; ``zoc`` is a side fact kept across the other
    side's moves."""

    __slots__ = ()
    INFO = GameInfo("toy", "Toy", SIDES, (ScenarioInfo("s", "S"),))
    COPY_ON_WRITE = ("units",)
    SIDE_FACTS = ("zoc",)

    @classmethod
    def roster(cls) -> Roster:
        return _roster()

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        self.g["units"] = {u: {"hex": None, "box": "pool", "steps": 2, "moved": False} for u in IDS}

    def zoc(self, side: str) -> int:
        return self.cached(("zoc", side), lambda: _map().dilator().step(self.occupied_by(side)))  # type: ignore[no-any-return]


def new() -> Toy:
    s = Toy({"game": "toy", "meta": {"scenario": "s", "options": {}, "seed": 0}, "rng": [0, 0], "flow": [],
             "result": None})
    s.setup("s", {})
    return s


def plain(s: Toy) -> dict[str, Any]:
    """The facts the placement holds, worked out from the unit table the plain way."""
    m = _map()
    at: dict[int, list[str]] = {}
    occ = {side: 0 for side in SIDES}
    boxes: dict[tuple[str, str], list[str]] = {}
    for uid, u in s.g["units"].items():
        side = "red" if uid.startswith("r") else "blue"
        if u["hex"]:
            h = m.index[u["hex"]]
            at.setdefault(h, []).append(uid)
            occ[side] |= 1 << h
        elif u["box"]:
            boxes.setdefault((u["box"], side), []).append(uid)
    return {"at": at, "occ": occ, "boxes": boxes,
            "on_map": {side: [u for u in IDS if s.g["units"][u]["hex"] and _roster().side_of(u) == side]
                       for side in SIDES}}


def kit_view(s: Toy) -> dict[str, Any]:
    p = s.placement()
    return {"at": dict(p.at), "occ": {side: s.occupied_by(side) for side in SIDES},
            "boxes": {(b, side): s.pieces_in_box(b, side) for b in BOXES for side in SIDES if s.pieces_in_box(b, side)},
            "on_map": {side: list(s.pieces_on_map(side)) for side in SIDES}}


def random_edit(s: Toy, rnd: random.Random) -> None:
    labels = [lab for lab in _map().labels if lab]
    uid = rnd.choice(IDS)
    k = rnd.random()
    if k < 0.55:
        s.move_piece(uid, rnd.choice(labels[:12]))  # a few hexes, so stacks form and break up
    elif k < 0.8:
        s.remove_piece(uid, rnd.choice(BOXES))
    else:
        s.set_fields(uid, steps=rnd.randint(0, 2), moved=rnd.random() < 0.5)


def test_vocabulary_moves_pieces_and_keeps_the_index():
    # the kit's vocabulary: place, move, remove, set a field
    s = new()
    m = _map()
    s.placement()  # built once; kept, not rebuilt, from here on
    s.place_piece("r0", "0101")
    s.place_piece("r2", "0101")
    s.place_piece("b1", "0203")
    assert s.pieces_at(m.index["0101"]) == ["r0", "r2"]
    assert s.slot_of("b1") == m.index["0203"] and s.slot_of("r4") == -1
    assert s.side_at_slot(m.index["0203"]) == "blue" and s.side_at_slot(m.index["0303"]) is None
    assert s.occupied_by("red") == 1 << m.index["0101"]
    s.move_piece("r0", "0102")
    assert s.pieces_at(m.index["0101"]) == ["r2"] and s.pieces_at(m.index["0102"]) == ["r0"]
    s.remove_piece("r2", "dead")
    assert s.pieces_in_box("dead", "red") == ["r2"] and s.occupied_by("red") == 1 << m.index["0102"]
    assert "r2" not in s.pieces_in_box("pool", "red")
    s.set_fields("b1", steps=1)
    assert s.g["units"]["b1"]["steps"] == 1
    with pytest.raises(KeyError):
        s.set_fields("b1", hex="0404")  # where a piece is changes only by a move, which keeps the index
    assert s.placement() == build_placement(_roster(), s.g["units"])


def test_a_kept_index_keeps_table_order():
    # a piece joining a stack goes to its place in table order, as a rebuild puts it
    s = new()
    s.placement()
    for uid in ("r6", "r2", "r10", "r0"):
        s.place_piece(uid, "0303")
    assert s.pieces_at(_map().index["0303"]) == ["r0", "r2", "r6", "r10"]
    assert s.pieces_on_map("red") == ["r0", "r2", "r6", "r10"]


def test_random_edit_sequences_keep_index_and_bitboards_equal_to_a_recomputation():
    for seed in range(20):
        rnd = random.Random(seed)
        s = new()
        for _ in range(120):
            random_edit(s, rnd)
            if rnd.random() < 0.3:
                s.placement()  # sometimes the placement is there to be kept, sometimes it is built afresh
            assert kit_view(s) == plain(s)
            assert s.placement() == build_placement(_roster(), s.g["units"])


def test_side_facts_survive_the_other_sides_moves_only():
    s = new()
    s.place_piece("r0", "0101")
    s.place_piece("b1", "0404")
    red, blue = s.zoc("red"), s.zoc("blue")
    s.move_piece("b1", "0405")
    assert s.memo[("zoc", "red")] == red  # a blue move leaves red's ZOC standing...
    assert ("zoc", "blue") not in s.memo  # ...and drops blue's
    assert s.zoc("blue") != blue


def test_clones_share_records_until_one_writes():
    s = new()
    s.place_piece("r0", "0101")
    s.placement()
    c = s.clone()
    assert c.g["units"]["r0"] is s.g["units"]["r0"]  # copy-on-write: a clone shares the records
    c.move_piece("r0", "0202")
    c.set_fields("b1", steps=0)
    assert s.g["units"]["r0"]["hex"] == "0101" and s.g["units"]["b1"]["steps"] == 2  # the original is untouched
    assert s.pieces_at(_map().index["0101"]) == ["r0"] and s.pieces_at(_map().index["0202"]) == []
    assert c.pieces_at(_map().index["0202"]) == ["r0"]
    s.set_fields("r0", moved=True)
    assert c.g["units"]["r0"]["moved"] is False  # and the other way round


def test_clones_are_isolated_along_random_edit_sequences():
    # every clone along a random edit sequence keeps its own position: edits on either side never leak
    for seed in range(8):
        rnd = random.Random(100 + seed)
        s = new()
        family = [s]
        for _ in range(80):
            if rnd.random() < 0.15:
                family.append(rnd.choice(family).clone())  # type: ignore[arg-type]
            t = rnd.choice(family)
            frozen = [(x, {u: dict(r) for u, r in x.g["units"].items()}) for x in family if x is not t]
            random_edit(t, rnd)
            for x, units in frozen:
                assert x.g["units"] == units
            for x in family:
                assert x.placement() == build_placement(_roster(), x.g["units"])


def test_rewriting_pieces_at_once_rebuilds_the_placement_and_copies_shared_records():
    # several pieces put at once (an AI's determinised sample): the placement is the table's, clones untouched
    s = new()
    s.place_piece("r0", "0101")
    s.place_piece("b1", "0202")
    s.placement()
    c = s.clone()
    c.rewrite_pieces({"r0": {"hex": "0202", "box": None}, "b1": {"hex": None, "box": "pool", "steps": 1},
                      "r2": {"hex": "0101", "box": None}})
    assert c.g["units"]["b1"]["steps"] == 1 and s.g["units"]["b1"]["steps"] == 2
    assert c.pieces_at(_map().index["0202"]) == ["r0"] and c.pieces_at(_map().index["0101"]) == ["r2"]
    assert c.pieces_in_box("pool", "blue")[0] == "b1" and c.placement() == build_placement(_roster(), c.g["units"])
    assert s.g["units"]["r0"]["hex"] == "0101" and s.g["units"]["b1"]["hex"] == "0202"  # the original keeps its own
    assert s.placement() == build_placement(_roster(), s.g["units"])


def test_the_debug_mode_checks_the_kept_placement_and_refuses_writes_behind_the_kit():
    with checking_cache():
        s = new()
        s.place_piece("r0", "0101")
        s.placement()
        s.move_piece("r0", "0102")
        s.check_memo()  # the kept placement is the one rebuilt from the table
        s.memo[PIECES] = build_placement(_roster(), {**s.g["units"], "r0": {"hex": "0101", "box": None}})
        with pytest.raises(AssertionError, match="stale derived fact 'pieces'"):
            s.check_memo()
        s.touch()
        c = s.clone()  # in the debug mode a clone holds the shared records read-only
        with pytest.raises(AssertionError, match="behind State.edit"):
            c.g["units"]["r0"]["steps"] = 0
        c.set_fields("r0", steps=0)
        assert s.g["units"]["r0"]["steps"] == 2


@cache
def _lean_roster() -> Roster:
    m = _map()
    return Roster(("r1", "r2", "b1"), lambda u: "red" if u.startswith("r") else "blue", SIDES, m.index, m.size)


class Lean(Pieces):
    """Pieces without boxes (an eliminated piece is a record with no hex, as in skirmish) whose roster holds a piece
    this position's table lacks (another scenario's)."""

    __slots__ = ()
    INFO = GameInfo("lean", "Lean", SIDES, (ScenarioInfo("s", "S"),))
    SIDE_FACTS = ("zoc",)

    @classmethod
    def roster(cls) -> Roster:
        return _lean_roster()

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        self.g["units"] = {"r1": {"hex": "0101", "steps": 2}, "b1": {"hex": "0303", "steps": 2}}  # no r2


def test_a_table_may_lack_roster_pieces_and_records_may_have_no_box():
    # skirmish: one roster for both scenarios (the river scenario adds a unit), units eliminated to no hex
    s = Lean({"game": "lean", "meta": {"scenario": "s", "options": {}, "seed": 0}, "rng": [0, 0], "flow": [],
              "result": None})
    s.setup("s", {})
    with checking_cache():
        assert s.pieces_on_map("red") == ["r1"] and s.slot_of("r2") == -1
        s.move_piece("r1", "0102")
        s.remove_piece("b1", None)
        assert s.g["units"]["b1"] == {"hex": None, "steps": 2}  # no box field written: the save stays as it was
        assert s.pieces_on_map("blue") == [] and s.placement().boxes == {}
        s.place_piece("b1", "0202")
        assert s.placement() == build_placement(_lean_roster(), s.g["units"])
        s.check_memo()


class TwoTables(Toy):
    """Pieces in two tables (1944's units and phantoms): the roster numbers ``units`` then ``ghosts``; ghosts'
    records have no ``box`` field."""

    __slots__ = ()
    COPY_ON_WRITE = ("units", "ghosts")

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        super().setup(scenario, options)
        self.g["units"] = {u: self.g["units"][u] for u in IDS[:10]}
        self.g["ghosts"] = {u: {"hex": None, "hid": None} for u in IDS[10:]}

    def table_of(self, uid: str) -> str:
        return "ghosts" if uid in self.g["ghosts"] else "units"

    def _build_placement(self) -> Any:
        return build_placement(_roster(), {**self.g["units"], **self.g["ghosts"]})


def test_several_tables_and_records_without_a_box():
    # issue 34: a game whose pieces live in two tables writes each piece's record in its own table, copy-on-write,
    # and a record without a box field is a piece off the map in no box
    with checking_cache():
        s = TwoTables({"game": "toy", "meta": {"scenario": "s", "options": {}, "seed": 0}, "rng": [0, 0],
                       "flow": [], "result": None})
        s.setup("s", {})
        s._share_records()
        assert s.placement() == s._build_placement() and s.placement().boxes[("pool", 0)] == ["r0", "r2", "r4", "r6", "r8"]
        c = s.clone()
        c.place_piece("r10", "0101")
        c.place_piece("r0", "0101")
        c.set_fields("r10", hid="m1")
        assert c.pieces_at(_map().index["0101"]) == ["r0", "r10"] and c.g["ghosts"]["r10"] == {"hex": "0101", "hid": "m1"}
        assert s.g["ghosts"]["r10"] == {"hex": None, "hid": None} and s.pieces_at(_map().index["0101"]) == []
        assert c.placement() == c._build_placement()
        c.remove_piece("r10", None)
        assert c.placement() == c._build_placement() and c.occupied_by("red") == 1 << _map().index["0101"]


def test_drop_fields_removes_optional_flags_and_leaves_absent_ones_shared():
    # issue 34: an optional flag (1944's "pending", "returned") goes with drop_fields, through the copy-on-write edit
    with checking_cache():
        s = new()
        s.set_fields("r0", pending=True)
        s._share_records()
        c = s.clone()
        shared = c.g["units"]["r2"]
        c.drop_fields("r2", "pending")  # nothing to drop: the shared record stays
        assert c.g["units"]["r2"] is shared
        c.drop_fields("r0", "pending")
        assert "pending" not in c.g["units"]["r0"] and s.g["units"]["r0"]["pending"] is True
        with pytest.raises(KeyError):
            c.drop_fields("r0", "box")
