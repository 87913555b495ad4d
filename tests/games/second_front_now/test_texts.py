"""What a Second Front Now! player reads (issue 32): refusals that name their actual cause and rule,
prompts with unit names, log and status texts."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.games.second_front_now.rules import GameState
from westfront.testing.dice import forced_dice
from westfront.testing.kit import enter, legal

from .helpers import bare, battle, started


def command(s, side):
    return enter(s, {"step": "command", "side": side})


def refusal(s, action):
    before = s.hash()
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert s.hash() == before  # a refused action leaves the state unchanged
    return str(e.value)


def moving(side="german", strategic=False, **places):
    s = bare(started("calais"), **places)
    s.g["turn"] = 3
    command(s, side)
    origin = next(iter(places.values()))
    s.apply(f"{'strategic' if strategic else 'move'} {origin}")
    return s


def test_move_refusals_name_the_actual_cause():
    # SFN 12.3: no entering an enemy-occupied hex
    s = moving(g_47="2412", cw_5="2415")
    assert refusal(s, "to 2415").startswith("SFN 12.3:") and "enemy" in refusal(s, "to 2415")
    # SFN 10.1: ending in a hex that already holds three divisions
    s = moving(g_47="2412", g_49="2410", g_182="2410", g_19="2410")
    assert refusal(s, "to 2410").startswith("SFN 10.1:")
    # SFN 12.1 / 12.4: too far, the major river counted
    s = moving(g_47="1414")
    msg = refusal(s, "to 1416")
    assert msg.startswith("SFN 12.1:") and "3 MP" in msg and "major river" in msg and "has 2 MP" in msg
    # SFN 11.4: the move stops on entering an enemy ZOC (2512 lies in the ZOC of 2612)
    s = moving(g_47="2412", cw_5="2612")
    assert refusal(s, "to 2613").startswith("SFN 11.4:")
    # SFN 12.5: a strategic move never enters an enemy ZOC
    s = moving(strategic=True, g_47="2412", cw_5="2415")
    assert refusal(s, "to 2414").startswith("SFN 12.5:")
    # SFN 12.3: never across an all-sea hexside (the rule's own example, 1012 -> 1013)
    s = bare(started("calais"), g_47="1012")
    s.u("g-47")["supply"] = "none"
    s.g["turn"] = 3
    command(s, "german")
    s.apply("move 1012")
    assert refusal(s, "to 1013").startswith("SFN 12.3:") and "all-sea" in refusal(s, "to 1013")


def test_us_may_not_end_in_a_commonwealth_hex():
    # SFN 10.2: US and Commonwealth units never end a move stacked together
    s = moving("allied", us_1="2108", cw_5="2107")
    assert refusal(s, "to 2107").startswith("SFN 10.2:")


def test_entry_on_the_arrival_turn_is_refused_by_7_1():
    # SFN 7.1: a unit that reached the North box this game turn may not enter the map until the next
    s = bare(started("calais"), g_47="2412")
    s.g["turn"] = 60
    s.to_box("g-17ss", "north")
    s.u("g-17ss")["arrived"] = 60
    command(s, "german")
    assert refusal(s, "enter g-17ss").startswith("SFN 7.1:")
    assert refusal(s, "shift g-17ss").startswith("SFN 7.1:")


def test_garrison_and_artillery_may_not_attack_alone():
    s = bare(started("calais"), g_lxxxi="2412", cw_5="2413")
    s.g["turn"] = 3
    command(s, "german")
    # SFN 13.5: artillery never attacks alone
    assert refusal(s, "attack 2412 2413").startswith("SFN 13.5:")
    garrison = next(u for u, d in __import__("westfront.games.second_front_now.data", fromlist=["units"])
                    .units().items() if d.type == "garrison")
    s = bare(started("calais"), cw_5="2413", **{garrison.replace("-", "_"): "2412"})
    s.g["turn"] = 3
    command(s, "german")
    # SFN 13.8: garrisons never attack
    assert refusal(s, "attack 2412 2413").startswith("SFN 13.8:")


def test_replaced_unit_is_refused_by_8_3():
    # SFN 8.3: a unit that took replacements may not move or attack that player turn
    s = bare(started("calais"), g_47="2412", cw_5="2413")
    s.g["turn"] = 3
    s.u("g-47")["replaced"] = True
    command(s, "german")
    for a in ("move 2412", "strategic 2412", "attack 2412 2413"):
        assert refusal(s, a).startswith("SFN 8.3:")
    s.to_box("g-47", "north")
    s.u("g-47")["replaced"] = True
    s.touch()
    assert refusal(s, "enter g-47").startswith("SFN 8.3:")
    assert refusal(s, "shift g-47").startswith("SFN 8.3:")


def test_blue_point_log_for_a_result_of_two():
    # SFN 15.7: half the roll, rounded down: a 4 or 5 means one Allied CP less on turn 2 only
    from westfront.games.second_front_now.sequence import launch_blue_point
    s = started("calais")
    with forced_dice(s, 5):
        launch_blue_point(s)
    text = s.log[-1]["text"]
    assert "turn 2" in text and "2-2" not in text


def test_fire_prompt_names_units_and_every_shot_is_fired():
    # SFN 13.2: the prompt names the shooter and target (not ids) with the number each shot needs
    s = bare(started("calais"), g_9ss="2412", cw_i="2313", cw_gds="2313")
    battle(s, "allied", "2313", "2412")
    s.apply("resolve")
    while s.frame()["step"] != "fire":
        s.apply(legal(s)[0])
    p = s.prompt()
    assert "I Corps artillery" in p or "Guards" in p or "9 SS" in p
    assert "cw-" not in p and "g-9ss" not in p and ">" not in p
    # SFN 13.2/13.7: no stop while an enemy unit stands, even when a shot needs 0
    assert "stop" not in legal(s)
    assert refusal(s, "stop").startswith("SFN 13.2:")


def test_replacement_pools_are_named_for_players():
    # SFN 8.3: German, US and Commonwealth replacement points, named as such in prompts and labels
    s = started("calais")
    s.g["rp"] = {"us": 3, "commonwealth": 1}
    enter(s, {"step": "command", "side": "allied"}, {"step": "replace", "side": "allied"})
    assert "US 3, Commonwealth 1" in s.prompt()
    names = GameState.labels()["names"]
    assert names["german"] == "German" and names["us"] == "US" and names["commonwealth"] == "Commonwealth"
