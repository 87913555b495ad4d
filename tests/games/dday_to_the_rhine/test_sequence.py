"""Sequence of play (7.0), activation (10.0, 11.1), views (4.0, 5.0) and a fuzz of every scenario and option."""

from __future__ import annotations

import json

import pytest

import westfront
from westfront.games.dday_to_the_rhine import INFO
from westfront.testing.fuzz import fuzz
from westfront.testing.kit import legal

from .helpers import on, position, synthetic_board

GAME = "dday-to-the-rhine"


def test_phases_come_in_rulebook_order():
    # 1944 7.0: German reinforcements, German activation, Allied RP and reinforcements, Allied activation
    s = westfront.load(GAME, seed=4)
    phases = []
    while s.turn <= 2 and not s.is_terminal():
        f = s.frame()
        key = (s.turn, f["step"], s.current_player())
        if f["step"] in ("invasion", "reinforce", "activation") and (not phases or phases[-1] != key):
            phases.append(key)
        acts = {str(a) for a in s.legal_actions()}
        s.apply("done" if "done" in acts else "end" if "end" in acts else sorted(acts)[0])
    assert phases[:5] == [(1, "invasion", "allied"), (1, "reinforce", "german"), (1, "activation", "german"),
                          (1, "reinforce", "allied"), (1, "activation", "allied")]
    assert phases[5:9] == [(2, "reinforce", "german"), (2, "activation", "german"), (2, "reinforce", "allied"),
                           (2, "activation", "allied")]


ACT = [{"step": "activation", "side": "allied"}]


def test_each_unit_moves_once_and_attacks_once_a_month_for_one_rp_each():
    # 1944 10.0: one movement and one attack activation per unit per month, in either order, 1 RP each
    with on(synthetic_board()):
        s = position(turn=4, units={"uk-30c": "0305", "uk-2a": "0306", "ge-67c": "0505"}, flow=ACT, rp=(10, 3))
        s.apply("move uk-30c")
        s.apply("to 0405")
        assert s.rp("allied") == 2 and "move uk-30c" not in {str(a) for a in s.legal_actions()}
        s.apply("attack 0505")
        s.apply("add uk-30c")
        s.apply("resolve")
        while s.frame()["step"] != "activation":
            s.apply(s.legal_actions()[0])
        assert s.rp("allied") == 1
        acts = {str(a) for a in s.legal_actions()}
        assert s.unit("uk-30c")["attacked"] and "attack 0505" not in acts  # its only neighbour has attacked
        with pytest.raises(westfront.IllegalAction, match="10.0"):
            s.apply("move uk-30c")


def test_no_rp_no_activation():
    # 1944 8.0 / 10.0: no player can spend more RP than he has
    with on(synthetic_board()):
        s = position(turn=4, units={"uk-30c": "0305", "ge-67c": "0404"}, flow=ACT, rp=(10, 0))
        acts = {str(a) for a in s.legal_actions()}
        assert acts == {"end"}
        with pytest.raises(westfront.IllegalAction, match="1 RP"):
            s.apply("move uk-30c")


def test_strategic_moves_need_supply_no_zoc_and_no_failed_attack():
    # 1944 11.1 A-C: in supply, no enemy ZOC at the start, only after an attack that destroyed the enemy,
    # and no attack after a strategic move
    with on(synthetic_board(places=[{"name": "Paris", "hex": "0108", "kind": "major_city"}],
                            zones={"france_south_edge": [f"{c:02d}08" for c in range(1, 11)]})):
        s = position(turn=4, units={"uk-30c": "0305", "us-7c": "0505", "ge-67c": "0506"}, flow=ACT)
        acts = {str(a) for a in s.legal_actions()}
        assert "motor uk-30c" in acts and "motor us-7c" not in acts  # us-7c starts in enemy ZOC
        s.unit("uk-30c")["attacked"] = "held"
        s.touch()
        s._legal = None
        assert "motor uk-30c" not in {str(a) for a in s.legal_actions()}  # attacked and the enemy survived
        s.unit("uk-30c")["attacked"] = "destroyed"
        s._legal = None
        assert "motor uk-30c" in {str(a) for a in s.legal_actions()}  # attacked and destroyed it
        s.unit("uk-30c")["attacked"] = None
        s._legal = None
        s.apply("motor uk-30c")
        s.apply("to 0405")
        assert s.unit("uk-30c")["strat"]
        s.apply("attack 0506")
        assert "add uk-30c" not in {str(a) for a in s.legal_actions()}


def test_views_follow_the_contract_and_show_nations_groups_and_markers():
    # 1944 4.0: nationality and army group colours; 1944 5.0: beach-head, control, moved/attacked markers
    s = westfront.load(GAME, scenario="quick-start", seed=1)
    for viewer in ("german", "allied", None):
        v = s.view(viewer)
        json.dumps(v)
        assert v["turn_label"] == "Jun 1944" and v["budgets"]["german"]["RP"] == 4
        units = {u["id"]: u for u in v["units"]}
        assert units["us-1a"]["nation"] == "US" and units["us-1a"]["army_group"] == "12"
        assert units["uk-2a"]["factors"] == "3-3-4" and units["uk-2a"]["max_steps"] == 4
        assert units["ge-5pa"]["army_group"] is None and units["ge-5pa"]["kind"] == "panzer"
        assert units["co-716"]["box"] == "gone" and units["ge-84c"]["box"] == "pool"
        kinds = {m["kind"] for m in v["markers"]}
        assert "beachhead" in kinds
    s.apply("done")
    s.apply("move ge-7a")
    s.apply(next(a for a in s.legal_actions() if a.verb == "to"))
    assert "moved" in {u["id"]: u for u in s.view("allied")["units"]}["ge-7a"]["flags"]


def test_preview_gives_path_costs_and_dice():
    # 1944 11.0 / 12.0: previews show the MP cost of a move and the dice and hit chances of an attack
    with on(synthetic_board(terrain={"0504": "forest"})):
        s = position(turn=4, units={"uk-30c": "0505", "ge-67c": "0503"}, flow=ACT)
        s.apply("move uk-30c")
        p = s.preview("to 0504")
        assert p["cost"] == 2 and p["path"] == ["0505", "0504"]
        s.apply("cancel")
        s.apply("move uk-30c")
        s.apply("to 0504")
        s.apply("attack 0503")
        p = s.preview("add uk-30c")
        assert p["dice"] == {"attacker": 2, "defender": 2}
        assert abs(sum(p["hits"]["on_defender"]) - 1) < 1e-6 and p["expected"]["on_defender"] == 1.0


@pytest.mark.parametrize("scenario", [sc.id for sc in INFO.scenarios])
def test_small_fuzz_of_every_scenario(scenario):
    # 1944 7.0: random legal play reaches a legal end with replays and saves intact, in every scenario
    rep = fuzz(GAME, 1, seed=31, scenario=scenario, deep_every=97)
    assert rep.games == 1 and sum(rep.results.values()) == 1


@pytest.mark.parametrize("options", [{"objectives": "random", "phantoms": True}, {"free_invasions": True},
                                     {"accelerated_dragoon": True, "objectives": "chosen"}])
def test_small_fuzz_of_the_options(options):
    # 1944 18.0: every optional rule survives random play to a legal result
    rep = fuzz(GAME, 1, seed=53, options=options, deep_every=131)
    assert rep.games == 1


def test_motor_move_is_offered_only_when_it_can_end_somewhere():
    # 1944 11.2: a motorised move must end in a hex a unit may stop in; a unit in supply with
    # nowhere to stop is not offered one (offering it left only "cancel", a dead end)
    land = ["0305", "0205", "0105", "0106", "0107", "0108"]
    sea = {f"{c:02d}{r:02d}": "sea" for c in range(1, 11) for r in range(1, 9) if f"{c:02d}{r:02d}" not in land}
    with on(synthetic_board(terrain=sea, zones={"france_south_edge": ["0106", "0107", "0108"]})):
        crowd = {"uk-30c": "0305", "us-7c": "0205", "us-1a": "0105", "uk-1c": "0106", "us-3a": "0107"}
        s = position(turn=4, units={**crowd, "us-5c": "0108"}, flow=ACT)  # every land hex is full
        assert "motor uk-30c" not in {str(a) for a in s.legal_actions()}
        s = position(turn=4, units=crowd, flow=ACT)  # 0108 is free: 5 hexes away, within 2 x MP
        assert "motor uk-30c" in {str(a) for a in s.legal_actions()}


def test_a_started_move_or_attack_can_always_be_backed_out_of():
    # 1944 10.0: activating costs RP only when carried out; backing out is always possible and free, however
    # often (loops are the agents' business: their position-keyed CycleGuard, not a rules limit for people)
    with on(synthetic_board()):
        s = position(turn=4, units={"uk-30c": "0505", "ge-67c": "0503", "us-7c": "0504"}, flow=ACT)
        for _ in range(20):
            s.apply("move uk-30c")
            assert "cancel" in legal(s)
            s.apply("cancel")
            s.apply("attack 0503")
            s.apply("add us-7c")
            assert "cancel" in legal(s)
            s.apply("cancel")
        assert s.rp("allied") == 10 and not s.unit("uk-30c")["moved"]
