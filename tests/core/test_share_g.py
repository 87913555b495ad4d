"""Copy-on-write ``g`` (``State.SHARE_G``, ``State.mut``): clones share the small tables, the flow,
history and log until one side writes them (docs/performance.md "Copy-on-write g").

D-Day 3rd, Onslaught and skirmish opt in; a game without ``SHARE_G`` still deep-copies (a skirmish
subclass with it switched off stands for one below).
"""

from __future__ import annotations

import json
import pickle
import random

import pytest

from westfront import api
from westfront.core.state import State, checking_cache, digest
from westfront.games.skirmish.rules import GameState as Skirmish


def played(game: str, n: int, seed: int = 3) -> State:
    s = api.load(game, seed=seed)
    rnd = random.Random(seed)
    for _ in range(n):
        s.apply(rnd.choice(s.legal_actions()))
    return s


def plain(v):
    """``v`` with read-only debug-mode values turned back into dicts and lists."""
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [plain(x) for x in v]
    return v


class DeepSkirmish(Skirmish):
    """Skirmish with copy-on-write ``g`` switched off: the clone of a game that has not opted in."""

    SHARE_G = False
    FLAT_TABLES = ("units", "control")
    COPY_ON_WRITE = ()
    __slots__ = ()


@pytest.mark.parametrize("game", ["dday-3rd", "onslaught", "skirmish", "race-to-the-rhine", "dday-to-the-rhine", "second-front-now"])
def test_the_converted_games_share_g(game):
    assert api.load(game, seed=1).SHARE_G
    assert not DeepSkirmish.SHARE_G


def test_skirmish_a_step_lost_on_a_clone_eliminates_there_and_leaves_the_original_alone():
    # skirmish 4: a unit's last step lost eliminates it; lose_step reads the record after set_fields copied it
    s = played("skirmish", 20, seed=4)
    uid = next(u["id"] for u in s.g["units"].values() if u["hex"])
    s.set_fields(uid, steps=1)  # before the clone: the clone shares this record
    before, where = s.hash(), s.g["units"][uid]["hex"]
    c = s.clone()
    c.lose_step(uid, "test")
    assert c.g["units"][uid]["hex"] is None and uid not in c.pieces_on_map(c.g["units"][uid]["side"])
    assert s.hash() == before and s.g["units"][uid]["hex"] == where


def test_skirmish_ostburg_taken_on_a_clone_stays_there():
    # skirmish 6: entering Ostburg takes it; control is shared by clones until it changes (State.mut)
    s = api.load("skirmish", seed=2)
    c = s.clone()
    blue = next(u["id"] for u in c.g["units"].values() if u["side"] == "blue")
    c.place(blue, "0905")
    assert c.g["control"]["0905"] == "blue" and s.g["control"]["0905"] == "red"


def test_a_clone_shares_nested_values_until_one_side_writes_through_mut():
    # D-Day §9.2: replacement points per side live in g["rp"], a small table clones share
    s = played("dday-3rd", 60)
    before = s.hash()
    c = s.clone()
    assert c.g is not s.g and c.g["rp"] is s.g["rp"] and c.g["flow"] is s.g["flow"]
    assert c.g["units"] is s.g["units"]  # the COPY_ON_WRITE table is shared too, until an edit() or mut()
    uid = next(iter(c.g["units"]))
    c.set_flags(uid, moved=not c.unit(uid)["moved"])  # D-Day §8.2-style flag: written through the kit's edit()
    assert c.g["units"] is not s.g["units"] and c.unit(uid)["moved"] != s.unit(uid)["moved"]
    assert all(c.g["units"][u] is s.g["units"][u] for u in s.g["units"] if u != uid)
    rp = c.mut("rp")
    assert rp is c.g["rp"] and rp is not s.g["rp"] and c.mut("rp") is rp  # copied once, then the clone's own
    rp["allied"] += 7
    assert s.hash() == before and s.g["rp"]["allied"] == rp["allied"] - 7
    s.mut("rp")["german"] += 3  # the original copies before writing too: the clone keeps its value
    assert c.g["rp"]["german"] == s.g["rp"]["german"] - 3
    c.g["week"] = 99  # a top-level assignment needs no mut
    assert s.g["week"] != 99


def test_a_clone_of_a_clone_and_its_parents_stay_independent():
    s = played("onslaught", 80)
    h0 = s.hash()
    c = s.clone()
    h1 = c.hash()
    c2 = c.clone()
    c2.mut("supply_points")["allied"] += 5  # onslaught 8.2: the supply point track
    c2.mut("control")["H"] = "german" if c2.g["control"].get("H") == "allied" else "allied"
    assert s.hash() == h0 and c.hash() == h1 and c2.hash() != h1
    c.mut("captured").append("X")
    assert "X" not in c2.g["captured"] and "X" not in s.g["captured"]
    s.mut("replacement_points")["german"] += 1
    assert c.g["replacement_points"] == c2.g["replacement_points"] != s.g["replacement_points"]


@pytest.mark.parametrize("game", ["dday-3rd", "onslaught", "skirmish", "race-to-the-rhine", "dday-to-the-rhine", "second-front-now"])
def test_play_on_a_clone_leaves_the_original_alone_and_the_other_way_round(game):
    short = game in ("skirmish", "race-to-the-rhine")  # their games are ~50-150 actions long
    s = played(game, 10 if short else 120, seed=5)
    n = 12 if short else 40
    h, hist, log, flow = s.hash(), list(s.history), list(s.log), json.dumps(s.g["flow"])
    c = s.clone()
    assert c.history is s.history and c.log is s.log  # shared until one side appends
    rnd = random.Random(9)
    for _ in range(n):
        c.apply(rnd.choice(c.legal_actions()))
    assert s.hash() == h and s.history == hist and s.log == log and json.dumps(s.g["flow"]) == flow
    hc = c.hash()
    for _ in range(n):
        s.apply(rnd.choice(s.legal_actions()))
    assert c.hash() == hc and len(c.history) == len(hist) + n


@pytest.mark.parametrize("game", ["dday-3rd", "onslaught"])
def test_a_save_loaded_from_json_owns_its_g_and_clones_like_any_state(game):
    s = played(game, 90, seed=7)
    t = api.from_json(s.to_json())
    assert t.hash() == s.hash() and t.mut("rp" if game == "dday-3rd" else "supply_points") is t.g[
        "rp" if game == "dday-3rd" else "supply_points"]  # never cloned: its own, no copy
    c = t.clone()
    key = "rp" if game == "dday-3rd" else "supply_points"
    c.mut(key)["allied"] += 1
    assert t.g[key]["allied"] == c.g[key]["allied"] - 1 and t.hash() == s.hash()
    rnd = random.Random(2)
    for _ in range(20):
        a = rnd.choice(s.legal_actions())
        s.apply(a)
        t.apply(str(a))
    assert t.hash() == s.hash()


@pytest.mark.parametrize("game", ["dday-3rd", "onslaught", "skirmish", "race-to-the-rhine", "dday-to-the-rhine", "second-front-now"])
def test_same_game_with_and_without_clones_in_between(game):
    # cloning (and throwing the clone away after play on it) must not change the game's course
    a, b = api.load(game, seed=11), api.load(game, seed=11)
    rnd_a, rnd_b = random.Random(4), random.Random(4)
    for k in range({"skirmish": 30, "race-to-the-rhine": 40}.get(game, 150)):
        if k % 3 == 0:
            c = b.clone()
            if c.legal_actions():
                c.apply(c.legal_actions()[-1])
            b = b.clone() if k % 2 else b
        a.apply(rnd_a.choice(a.legal_actions()))
        b.apply(rnd_b.choice(b.legal_actions()))
    assert a.hash() == b.hash() and a.history == b.history and a.log == b.log


def test_debug_mode_catches_a_nested_write_that_bypasses_mut():
    with checking_cache():
        s = played("dday-3rd", 30)
        with pytest.raises(AssertionError, match=r"behind State.edit\(\)/State.mut\(\)"):
            s.g["rp"]["allied"] = 0  # after an action every nested value is held read-only
        with pytest.raises(AssertionError, match="shared list"):
            s.g["interdicted"].append("x")
        with pytest.raises(AssertionError, match="behind State.edit"):
            s.frame()["stage"] = "x"  # frames too: apply copies the flow before a step writes it
        c = s.clone()
        stale = c.g["rp"]
        c.mut("rp")["allied"] = 77
        with pytest.raises(AssertionError, match="behind State.edit"):
            stale["german"] = 77  # fetched before mut() replaced it: the shared one
        assert s.g["rp"]["allied"] != 77 and s.g["rp"]["german"] != 77
        with pytest.raises(AssertionError, match="behind State.edit"):
            c.g["units"]["new"] = {}  # the unit table is shared too: records added through mut("units")
        c.mut("units")["new"] = {}
        assert "new" not in s.g["units"]
        c.mut("units").pop("new")
        s.apply(s.legal_actions()[0])  # the frozen flow and tables are thawed by apply/mut, not refused
        g = plain(s.g)
        assert s.hash() == digest(g)  # read-only values hash, save and pickle as plain ones
        assert json.loads(s.to_json())["state"] == g
        assert pickle.loads(pickle.dumps(s.g)) == g and type(pickle.loads(pickle.dumps(s.g))["flow"]) is list


def test_a_game_without_share_g_deep_copies_and_mut_returns_the_value_itself():
    s = api.load("skirmish", seed=2)
    s.__class__ = DeepSkirmish
    c = s.clone()
    assert c.g["control"] is not s.g["control"] and c.g["flow"] is not s.g["flow"]
    assert c.history is not s.history and c.mut("control") is c.g["control"]


def test_race_determinize_reshuffles_the_clones_decks_not_the_originals():
    # rttr Recon / the AI's determinisation: a sample reshuffles the face-down decks of its own copy
    from westfront.games.race_to_the_rhine.ai import determinize

    s = played("race-to-the-rhine", 30, seed=6)
    before, decks = s.hash(), json.dumps(s.g["decks"], sort_keys=True)
    d = determinize(s, s.current_player(), random.Random(1))
    assert json.dumps(d.g["decks"], sort_keys=True) != decks  # it did reshuffle
    assert s.hash() == before and json.dumps(s.g["decks"], sort_keys=True) == decks


def test_race_marker_and_medal_writes_on_a_clone_stay_there():
    # rttr 4.8 Counter-attack: the Control marker goes, its Medals return — on the clone only
    from westfront.games.race_to_the_rhine.sequence import counter_attack

    s = played("race-to-the-rhine", 40, seed=2)
    sid = next(iter(s.g["control"]))
    before = s.hash()
    c = s.clone()
    counter_attack(c, sid)
    assert sid not in c.g["control"] and sid in s.g["control"] and s.hash() == before


def test_1944_rp_control_and_support_written_on_a_clone_stay_there():
    from westfront.games.dday_to_the_rhine.board import board

    # 1944 8.0 (RP spent), 14.0 (a city changes hands), 4.1 (support fired): on the clone only
    s = played("dday-to-the-rhine", 120, seed=3)
    before, rp, ctl = s.hash(), dict(s.g["rp"]), list(s.g["control"])
    c = s.clone()
    side = "allied" if c.g["rp"]["allied"] else "german"
    c.spend(side, 1)
    city = next(i for i in board().cities if not c.controls("allied", i))
    assert c.set_control(city, "allied")
    sid = next(iter(c.g["support"]))
    c.mut("support")[sid] = "used"
    assert s.hash() == before and s.g["rp"] == rp and s.g["control"] == ctl
    assert c.g["rp"][side] == rp[side] - 1 and len(c.g["control"]) == len(ctl) + 1


def test_sfn_plans_carried_out_or_forfeit_on_a_clone_stay_there():
    # SFN 15.4 / 15.6: an SAF strike or drop carried out (or 15.4's forfeit) marks the plan on the clone only
    from westfront.games.second_front_now.plans import drops_today, expire, mark_done, saf_for

    s = played("second-front-now", 60, seed=3)
    t = s.g["turn"]
    s.g["saf"] = [{"hex": "1010", "turn": t, "written": t}, {"hex": "1111", "turn": t - 1, "written": t}]
    s.g["drops"] = [{"unit": "x", "hex": "1212", "turn": t, "written": t}]
    before = s.hash()
    c = s.clone()
    mark_done(c, "saf", saf_for(c, "1010"))
    mark_done(c, "drops", drops_today(c)[0])
    assert c.g["saf"][0]["done"] and c.g["drops"][0]["done"]
    d = s.clone()
    expire(d)
    assert d.g["saf"][1]["done"]
    assert s.hash() == before and not any(p.get("done") for p in s.g["saf"] + s.g["drops"])


def test_sfn_control_taken_on_a_clone_stays_there():
    # SFN 11.6: an occupant takes control of its hex on the clone's update only
    from westfront.games.second_front_now.victory import update_control

    s = played("second-front-now", 200, seed=4)
    lab = next(h for h in s.g["control"] if s.occupant(h) is not None)
    s.mut("control").pop(lab)  # as if the occupant had not taken it yet
    before, ctl = s.hash(), dict(s.g["control"])
    c = s.clone()
    update_control(c)
    assert c.g["control"][lab] == c.occupant(lab)
    assert s.hash() == before and s.g["control"] == ctl
