"""The engine contract (ARCHITECTURE.md §2), checked against every registered game.

A new game module gets all of these for free by being registered.
"""

from __future__ import annotations

import json
import random

import pytest

import westfront
from westfront.core.actions import Action
from westfront.core.state import is_undo_barrier
from westfront.testing.fuzz import check_invariants, fuzz, play_random, round_trip, verify_replay


def advance(s, n, seed=0):
    rnd = random.Random(seed)
    for _ in range(n):
        if s.is_terminal():
            break
        s.apply(rnd.choice(s.legal_actions()))
    return s


def test_listed_with_scenarios_and_options(game_id):
    info = {g.id: g for g in westfront.list_games()}[game_id]
    assert info.players and info.scenarios
    assert len({s.id for s in info.scenarios}) == len(info.scenarios)
    json.dumps(info.to_dict(), default=str)


def test_every_scenario_starts(game_id):
    info = {g.id: g for g in westfront.list_games()}[game_id]
    for sc in info.scenarios:
        s = westfront.load(game_id, scenario=sc.id, seed=3)
        check_invariants(s)
        assert s.scenario == sc.id


def test_every_option_value_starts(game_id):
    info = {g.id: g for g in westfront.list_games()}[game_id]
    for opt in info.options:
        for value in (opt.choices or (True, False)):
            s = westfront.load(game_id, options={opt.id: value}, seed=1)
            check_invariants(s)
            assert s.options[opt.id] == value


def test_unknown_scenario_and_option_are_refused(game_id):
    with pytest.raises(westfront.UnknownGame, match="no scenario"):
        westfront.load(game_id, scenario="no-such-scenario")
    with pytest.raises(westfront.UnknownGame, match="no option"):
        westfront.load(game_id, options={"no_such_option": True})


def test_same_seed_same_game(game_id):
    a = advance(westfront.load(game_id, seed=42), 60, seed=1)
    b = advance(westfront.load(game_id, seed=42), 60, seed=1)
    assert a.hash() == b.hash() and a.history == b.history


def test_illegal_and_malformed_actions_leave_state_unchanged(game_id):
    s = advance(westfront.load(game_id, seed=5), 10)
    if s.is_terminal():
        pytest.skip("game ended within 10 random actions")
    before = s.hash()
    hist = list(s.history)
    for bad in ["no-such-verb", "move nobody 9999", "", "   ", "move\tX", "attack 99 99 99"]:
        with pytest.raises(westfront.IllegalAction) as e:
            s.apply(bad)
        assert e.value.reason
        assert s.hash() == before and s.history == hist
    with pytest.raises(westfront.IllegalAction):
        s.apply(Action("zzz", ("1",)))
    with pytest.raises(westfront.IllegalAction):
        s.apply(12345)  # type: ignore[arg-type]
    assert s.hash() == before


def test_legal_actions_parse_round_trip(game_id):
    s = advance(westfront.load(game_id, seed=9), 25)
    for a in s.legal_actions():
        assert s.parse(str(a)) == a


def test_legal_action_lists_stay_small(game_id):
    s = westfront.load(game_id, seed=2)
    rnd = random.Random(2)
    worst = 0
    for _ in range(300):
        if s.is_terminal():
            break
        acts = s.legal_actions()
        worst = max(worst, len(acts))
        assert len(set(acts)) == len(acts), "duplicate legal actions"
        s.apply(rnd.choice(acts))
    assert worst <= 400, f"a decision offered {worst} actions; decisions should be atomic"


def test_views_are_json_and_hide_the_rng(game_id):
    s = advance(westfront.load(game_id, seed=4), 30)
    for p in (*s.INFO.players, None):
        v = s.view(p)
        text = json.dumps(v)
        assert str(s.g["rng"]) not in text, "the RNG state would let a player predict dice"
        assert v["game"] == game_id


def test_clone_is_independent(game_id):
    s = advance(westfront.load(game_id, seed=6), 15)
    if s.is_terminal():
        pytest.skip("ended early")
    c = s.clone()
    assert c.hash() == s.hash()
    advance(c, 5, seed=3)
    assert s.hash() != c.hash() or c.is_terminal() or not c.history[len(s.history):]
    assert len(s.history) == 15


def test_save_round_trip_and_verify(game_id):
    s = advance(westfront.load(game_id, seed=8), 40)
    round_trip(s)
    t = westfront.from_json(s.to_json(), verify=True)
    assert t.hash() == s.hash()
    verify_replay(s)


@pytest.mark.parametrize("corrupt", ["truncate", "garbage", "foreign", "version", "hash", "actions", "game",
                                     "meta"])
def test_corrupt_saves_are_refused(game_id, corrupt):
    s = advance(westfront.load(game_id, seed=8), 20)
    text = s.to_json()
    doc = json.loads(text)
    if corrupt == "truncate":
        bad = text[: len(text) // 2]
    elif corrupt == "garbage":
        bad = "\x00\x01 not json"
    elif corrupt == "foreign":
        bad = json.dumps({"hello": "world"})
    elif corrupt == "version":
        doc["version"] = 99
        bad = json.dumps(doc)
    elif corrupt == "hash":
        doc["state"]["flow"] = doc["state"]["flow"][:-1] or [{"step": "x"}]
        bad = json.dumps(doc)
    elif corrupt == "actions":
        doc["actions"] = doc["actions"] + ["no-such-action"]
        bad = json.dumps(doc)
    elif corrupt == "game":
        doc["game"] = "no-such-game"
        bad = json.dumps(doc)
    else:
        doc["seed"] = doc["seed"] + 1
        bad = json.dumps(doc)
    with pytest.raises(westfront.SaveError) as e:
        westfront.from_json(bad, verify=True)
    assert str(e.value)


def test_undo_barriers(game_id):
    # a roll or a change of player ends undo (ARCHITECTURE.md: undo never goes past new information)
    s = westfront.load(game_id, seed=12)
    rnd = random.Random(12)
    saw_roll = False
    for _ in range(200):
        if s.is_terminal():
            break
        before = s.current_player()
        events = s.apply(rnd.choice(s.legal_actions()))
        if any(e["type"] == "roll" for e in events):
            saw_roll = True
            assert is_undo_barrier(events, before, s.current_player())
    assert saw_roll or s.is_terminal()


def test_small_fuzz(game_id):
    # random legal play with invariants after every action, replay and save round trips
    rep = fuzz(game_id, games=3, seed=100, deep_every=50)
    assert rep.games == 3 and rep.actions > 0


def test_events_are_structured(game_id):
    s = advance(westfront.load(game_id, seed=13), 80)
    assert s.log
    for e in s.log:
        assert isinstance(e.get("type"), str)
        json.dumps(e)


def test_play_to_the_end(game_id):
    s = play_random(game_id, 7)
    r = s.result()
    assert r is not None and (r.winner is None or r.winner in s.INFO.players)
    assert s.current_player() is None and s.legal_actions() == []
    with pytest.raises(westfront.IllegalAction, match="over"):
        s.apply("pass")
