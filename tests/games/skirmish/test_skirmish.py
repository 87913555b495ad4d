"""The built-in skirmish game: the reference module, driven through the contract."""

from __future__ import annotations

import westfront
from westfront.core.actions import act


def new(**opts):
    return westfront.load("skirmish", scenario="meeting", options=opts, seed=1)


def put(s, uid, hx):
    s.g["units"][uid]["hex"] = hx
    s.touch()  # edited behind the effects: derived facts (the kit's placement among them) are rebuilt


def test_turn_sequence_and_prompts():
    # skirmish 1: blue moves first, then red, then the next turn
    s = new()
    assert s.current_player() == "blue" and "Blue turn 1" in s.prompt()
    s.apply("end")
    assert s.current_player() == "red"
    s.apply("end")
    assert s.current_player() == "blue" and s.g["turn"] == 2


def test_move_is_select_then_destination_with_cost():
    # skirmish 2: a move is two atomic decisions; the engine finds the path and its cost
    s = new()
    s.apply("move b-inf-1")
    dests = [a.args[0] for a in s.legal_actions() if a.verb == "to"]
    assert "0404" not in dests or s.preview(act("to", "0404"))["cost"] == 2  # forest costs 2
    p = s.preview(act("to", dests[0]))
    assert p["path"][0] == "0304" and p["cost"] >= 1
    s.apply(act("to", dests[0]))
    assert s.g["units"]["b-inf-1"]["hex"] == dests[0]
    assert not any(a == act("move", "b-inf-1") for a in s.legal_actions())


def test_cancel_returns_without_cost():
    s = new()
    h = s.hash()
    s.apply("move b-inf-1")
    s.apply("cancel")
    assert s.hash() == h


def test_zoc_variants_change_reach():
    # skirmish 2: stop-on-entry versus +2 MP
    reaches = {}
    for z in ("stop", "cost2", "engage"):
        s = new(zoc=z)
        put(s, "r-inf-2", "0504")
        reaches[z] = set(s.reach_of("b-arm-1").ends)
    assert reaches["stop"] != reaches["cost2"]


def test_out_of_supply_moves_one_hex():
    # skirmish 3: a unit cut off from its edge has 1 MP
    s = new()
    s.apply("end")
    put(s, "b-inf-1", "0805")  # east of a red wall: red units and their ZOC close column 5
    put(s, "r-inf-1", "0502")
    put(s, "r-inf-2", "0505")
    put(s, "r-arm-1", "0508")
    s.apply("end")  # red ends; blue's phase begins and traces supply
    assert "b-inf-1" in s.g["oos"] and "b-inf-2" not in s.g["oos"]
    s.apply("move b-inf-1")
    dests = [a.args[0] for a in s.legal_actions() if a.verb == "to"]
    assert dests and all(s.map.distance(s.map.index["0805"], s.map.index[d]) == 1 for d in dests)


def test_attack_retreat_is_decided_by_the_defender():
    # skirmish 4 and 5: the attacker builds the attack; the defender chooses the retreat hex
    for seed in range(40):
        s = westfront.load("skirmish", options={"combat": "odds"}, seed=seed)
        put(s, "b-arm-1", "0904")
        put(s, "b-inf-1", "0805")
        put(s, "b-inf-2", "0806")
        s.apply("attack 0905")
        for u in ("b-arm-1", "b-inf-1", "b-inf-2"):
            s.apply(act("add", u))
        assert s.preview("resolve")["odds"] == "3:1"  # 6+4+4 = 14 against 4, rounded down
        s.apply("resolve")
        if s.frame()["step"] == "retreat":
            assert s.current_player() == "red"
            s.apply(s.legal_actions()[0])
            assert s.current_player() == "blue"
            return
    raise AssertionError("no retreat in 40 seeded attacks")


def test_victory_by_elimination():
    # skirmish 6: a side with no units left loses
    s = new()
    for u in s.g["units"].values():
        if u["side"] == "red":
            u["hex"] = None
    s.touch()
    s.apply("end")
    assert s.is_terminal() and s.result().winner == "blue"


def test_advance_after_combat_armour_goes_one_further():
    # skirmish 5: attackers may advance into the vacated hex; armour may go one hex further
    for seed in range(60):
        s = westfront.load("skirmish", options={"combat": "odds"}, seed=seed)
        put(s, "b-arm-1", "0904")
        put(s, "b-inf-1", "0805")
        put(s, "b-inf-2", "0806")
        s.apply("attack 0905")
        for u in ("b-arm-1", "b-inf-1", "b-inf-2"):
            s.apply(act("add", u))
        s.apply("resolve")
        while s.frame()["step"] == "retreat":
            s.apply(s.legal_actions()[0])
        if s.frame()["step"] == "advance":
            acts = s.legal_actions()
            inf = {a.args[1] for a in acts if a.verb == "advance" and a.args[0] == "b-inf-1"}
            arm = {a.args[1] for a in acts if a.verb == "advance" and a.args[0] == "b-arm-1"}
            assert inf == {"0905"}
            assert "0905" in arm and len(arm) > 1
            s.apply(act("advance", "b-inf-1", "0905"))
            assert s.g["units"]["b-inf-1"]["hex"] == "0905"
            assert s.g["control"]["0905"] == "blue"
            return
    raise AssertionError("no advance in 60 seeded attacks")
