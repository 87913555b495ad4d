"""The cache contract (State.memo / cached / touch), its debug mode and cheap clones.

Skirmish is the example game: its effects call touch(); the debug mode recomputes every
memoised fact after each action, so a helper that forgets touch() fails loudly.
"""

from __future__ import annotations

import json
import pickle

import pytest

from westfront import api
from westfront.core.state import State, check_independent, checking_cache, copy_g, digest
from westfront.games.skirmish.rules import GameState as Skirmish
from westfront.testing.fuzz import FuzzFailure, fuzz, play_random


def test_debug_mode_catches_a_position_change_without_touch():
    with checking_cache():
        s = api.load("skirmish", seed=1)
        before = s.side_bb("blue")
        s.g["units"]["b-inf-1"]["hex"] = "0101"  # changed behind the cache's back
        assert s.side_bb("blue") == before  # the stale fact is still served...
        with pytest.raises(AssertionError, match="stale derived fact"):
            s.check_memo()  # ...and the debug mode says so
        s.touch()
        s.check_memo()
        assert s.side_bb("blue") != before


def test_debug_mode_fails_a_fuzz_game_whose_effect_forgets_touch(monkeypatch):
    def place_without_touch(self, uid, hx):
        # through the copy-on-write accessors (a write behind them fails sooner, test_share_g.py), but no touch()
        self.edit("units", uid)["hex"] = hx
        if hx in self.g["control"]:
            self.mut("control")[hx] = self.g["units"][uid]["side"]

    monkeypatch.setattr(Skirmish, "place", place_without_touch)
    with pytest.raises((AssertionError, FuzzFailure), match="stale derived fact"):
        for seed in range(20):
            play_random("skirmish", seed, check_cache=True)


def test_fuzz_runs_in_debug_mode_and_restores_the_switch():
    saved = State.CHECK_CACHE
    rep = fuzz("skirmish", games=4, seed=11, deep_every=20)
    assert rep.games == 4
    assert saved == State.CHECK_CACHE


def test_memo_is_kept_by_clones_and_forgotten_on_change():
    s = api.load("skirmish", seed=2)
    s.zoc_bb("red")
    s.zoc_bb("blue")
    s.reach_of("b-arm-1")
    c = s.clone()
    assert c.memo == s.memo and c.memo is not s.memo
    before = dict(s.memo)
    c.place("b-inf-1", "0404")
    # the clone forgets what blue's move changed (blue's ZOC, a reach) and keeps red's ZOC (SIDE_FACTS) and
    # the placement, moved; the original keeps all of its own facts as they were
    assert ("zoc", "blue") not in c.memo and ("reach", "b-arm-1") not in c.memo
    assert c.memo[("zoc", "red")] == before[("zoc", "red")]
    assert c.slot_of("b-inf-1") == s.map.index["0404"] != s.slot_of("b-inf-1")
    assert s.memo == before


def test_flat_tables_are_copied_record_by_record():
    s = api.load("skirmish", seed=3)
    g = copy_g(s.g, ("units", "control"))
    check_independent(s.g, g)
    assert list(g) == list(s.g)  # same key order, so saves read the same
    with pytest.raises(AssertionError, match="shares"):
        check_independent(s.g, {**copy_g(s.g), "units": s.g["units"]})
    with checking_cache():
        c = s.clone()  # checked equal and independent
    with pytest.raises(AssertionError, match="shared record"):
        c.g["units"]["b-inf-1"]["hex"] = "0101"  # skirmish's units are copy-on-write: edit() first
    c.edit("units", "b-inf-1")["hex"] = "0101"
    assert s.g["units"]["b-inf-1"]["hex"] != "0101"


def test_local_facts_survive_a_touch_that_misses_their_footprint():
    s = api.load("skirmish", seed=2)
    calls = []

    def fact(name):
        calls.append(name)
        return name

    assert s.cached("near", lambda: fact("near"), footprint=0b0110) == "near"
    assert s.cached("far", lambda: fact("far"), footprint=0b1000) == "far"
    assert s.cached("global", lambda: fact("global")) == "global"
    c = s.clone()
    s.touch(0b0001)  # a change on a hex neither footprint covers: only the global fact goes
    assert set(s.memo) == {"near", "far"}
    s.touch(0b0100)
    assert set(s.memo) == {"far"}
    s.cached("near", lambda: fact("near"), footprint=0b0110)
    assert calls == ["near", "far", "global", "near"]
    s.touch()  # a change anywhere: everything goes
    assert not s.memo
    c.touch(0b0001)  # the clone kept its own copy of the footprints
    assert set(c.memo) == {"near", "far"}


def test_debug_mode_catches_a_local_fact_with_a_footprint_too_small():
    with checking_cache():
        s = api.load("skirmish", seed=1)
        s.cached("blue_units", lambda: s.side_bb("blue"), footprint=0)  # claims to read no hex: wrong
        s.g["units"]["b-inf-1"]["hex"] = "0101"
        s.touch(1 << s.map.index["0101"])  # the move is announced, but the fact's footprint misses it
        with pytest.raises(AssertionError, match="stale derived fact"):
            s.check_memo()


def test_pure_memo_shares_results_and_the_debug_mode_checks_hits():
    from westfront.core.state import PureMemo

    calls = []
    table = {"k": 1}

    def f(a, b):
        calls.append((a, b))
        return a | b | table["k"]  # reads something besides its arguments: a bug the debug mode must see

    m = PureMemo(f, limit=2)
    assert m(2, 4) == 7 and m(2, 4) == 7 and calls == [(2, 4)]
    m(8, 0), m(16, 0)  # full: forgotten all at once
    assert len(m.table) == 1
    m(2, 4)
    table["k"] = 0
    with checking_cache(), pytest.raises(AssertionError, match="stale"):
        m(2, 4)


def test_copy_on_write_records_are_shared_until_a_side_writes_one():
    # Onslaught declares COPY_ON_WRITE = ("units",): clones share the unit records, edit() copies one first
    s = api.load("onslaught", seed=4)
    uid = next(u for u, r in s.g["units"].items() if r["hex"])
    before = s.hash()
    c = s.clone()
    assert c.g["units"][uid] is s.g["units"][uid]  # (the table itself too: Onslaught shares g, SHARE_G)
    rec = c.edit_unit(uid)
    assert c.g["units"] is not s.g["units"]  # edit() copied the table before the record
    assert rec is c.g["units"][uid] and rec is not s.g["units"][uid]
    assert c.edit_unit(uid) is rec  # copied once: now the clone's own
    rec["full"] = False
    assert s.g["units"][uid]["full"] and s.hash() == before
    s.edit_unit(uid)["hex"] = None  # the original copies before writing too: the clone keeps its hex
    assert c.g["units"][uid]["hex"] is not None
    c.mut("units")["new-id"] = {"hex": None}  # a record added: through mut() in a SHARE_G game
    assert "new-id" not in s.g["units"]
    c2 = c.clone()
    c2.mut("units").pop("new-id")
    assert "new-id" in c.g["units"] and c2.g["units"][uid] is c.g["units"][uid]


def test_copy_on_write_keeps_hashes_saves_and_the_key_order():
    s = api.load("onslaught", seed=5)
    for _ in range(40):
        s.apply(s.legal_actions()[0])
    c = s.clone()
    for uid in list(c.g["units"])[::3]:
        c.edit_unit(uid)  # copied, unchanged
    assert c.hash() == s.hash() and c.to_json() == s.to_json()
    assert list(c.g["units"]) == list(s.g["units"])
    assert [list(r) for r in c.g["units"].values()] == [list(r) for r in s.g["units"].values()]


def test_debug_mode_catches_a_write_that_bypasses_edit():
    with checking_cache():
        s = api.load("onslaught", seed=6)
        s.apply(s.legal_actions()[0])
        uid = next(iter(s.g["units"]))
        with pytest.raises(AssertionError, match="behind State.edit"):
            s.g["units"][uid]["full"] = False  # after an action every record is held read-only
        c = s.clone()
        stale = c.unit(uid)
        c.edit_unit(uid)["full"] = False
        with pytest.raises(AssertionError, match="behind State.edit"):
            stale["box"] = "removed"  # a record fetched before edit() replaced it: the shared one
        assert s.unit(uid)["full"] and s.unit(uid).get("box") != "removed"
        plain = {k: ({i: dict(r) for i, r in v.items()} if k == "units" else v) for k, v in s.g.items()}
        assert s.hash() == digest(plain)  # read-only records hash, save and pickle as plain dicts
        assert json.loads(s.to_json())["state"] == plain
        assert type(pickle.loads(pickle.dumps(s.g))["units"][uid]) is dict
