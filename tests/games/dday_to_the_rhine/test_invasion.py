"""The invasions: Normandy (6.1, 6.2), free invasions and Accelerated Dragoon (18.4)."""

from __future__ import annotations

import random

import pytest

import westfront
from westfront.games.dday_to_the_rhine import units as U
from westfront.games.dday_to_the_rhine.board import board
from westfront.games.dday_to_the_rhine.combat import binomial, per_die_hit
from westfront.games.dday_to_the_rhine.invasion import invasion_dice
from westfront.testing.dice import forced_dice

GAME = "dday-to-the-rhine"


def campaign(**options):
    return westfront.load(GAME, options=options, seed=5)


def land_outcome(s, *faces):
    """Both Normandy landings on a copy, dice forced: Dempsey's battle (army's 4 dice, then the beach
    defence's 2), then Hodges'."""
    b = board()
    west, east = (b.label(h) for h in b.zone("lower_normandy"))
    c = s.clone()
    c.apply(f"land {east}")
    with forced_dice(c, *faces):
        c.apply(f"land {west}")
    return c


BLANKS = (4, 4, 4, 4)  # symbol die faces 4-6 are blank (1 aircraft, 2 panzer, 3 infantry)
HITS = (3, 3, 3, 3)


def test_invasion_dice_are_four_against_two():
    # 1944 6.2: 3 for the army +1 naval +1 airborne -1 coast = 4 dice; 1 for the coast unit +1 coast = 2
    s = campaign()
    assert invasion_dice(s, "us-1a", ["ge-84c"]) == (4, 2)
    assert invasion_dice(s, "uk-2a", ["co-716"]) == (4, 2)


def test_the_landing_choice_previews_its_dice():
    # 1944 6.2: choosing the landing hex shows the battle's dice (4 against 2); without the airborne unit
    # (already used) the army rolls 3
    s = campaign()
    east = board().label(board().zone("lower_normandy")[1])
    assert s.preview(f"land {east}") == {"dice": {"attacker": 4, "defender": 2}}
    s.g["support"]["ab-uk-6"] = "used"
    assert s.preview(f"land {east}") == {"dice": {"attacker": 3, "defender": 2}}


def test_landing_fails_one_time_in_sixteen_and_both_about_four_in_a_thousand():
    # 1944 6.2: "just over 5 percent" that one attack fails, "less than 1 percent" that both do
    s = campaign()
    p = per_die_hit(s, "allied", False, True)
    assert p == 0.5  # every symbol hits a lone infantry defender in clear weather
    fail = binomial(4, p)[0]
    assert fail == 1 / 16 and 0.05 < fail < 0.07
    assert fail ** 2 == pytest.approx(0.0039, abs=1e-4) and fail ** 2 < 0.01


def test_a_successful_landing_makes_a_beachhead():
    # 1944 6.2 step 2: the army moves into the hex at no RP cost and the army group beach-head marker goes there
    s = campaign()
    b = board()
    east = b.label(b.zone("lower_normandy")[1])
    c = land_outcome(s, *HITS, 4, 4, *HITS, 4, 4)
    assert c.unit("uk-2a")["hex"] == east
    assert c.g["beachheads"]["21"] == east
    assert c.unit("co-716")["box"] == U.GONE  # 12.1: coast units are never replaced
    assert c.g["support"]["ab-uk-6"] == "used" and c.g["support"]["naval-etf"] == "fired"
    assert c.rp("allied") == 0


def test_a_failed_landing_returns_the_army_as_a_june_reinforcement():
    # 1944 6.2: a surviving coast unit means the landing failed; the army arrives in June with its losses
    s = campaign()
    c = land_outcome(s, *BLANKS, 4, 4, *HITS, 4, 4)
    assert c.unit("co-716")["hex"]
    u = c.unit("uk-2a")
    assert u["hex"] is None and u["box"] in (U.AVAILABLE, U.POOL)
    assert "21" not in c.g["beachheads"]


def test_both_landings_failing_is_a_german_sudden_death_win():
    # 1944 6.2: if both coast units survive the German player wins by sudden death
    s = campaign()
    c = land_outcome(s, *BLANKS, 4, 4, *BLANKS, 4, 4)
    assert c.unit("co-716")["hex"] and c.unit("ge-84c")["hex"]
    r = c.result()
    assert c.is_terminal() and r.winner == "german" and r.level == "sudden death"


def test_manteuffel_cannot_move_in_june_after_a_normandy_landing():
    # 1944 6.2: Manteuffel's 5th Panzer Army cannot be activated for movement in June
    s = westfront.load(GAME, scenario="quick-start", seed=1)
    s.apply("done")
    acts = {str(a) for a in s.legal_actions()}
    assert "move ge-7a" in acts and "move ge-5pa" not in acts
    with pytest.raises(westfront.IllegalAction, match="6.2"):
        s.apply("move ge-5pa")


def play_invasion(s, targets, rnd=None):
    """Land each pending army on the given hexes (or 'delay'), whatever the dice."""
    for t in targets:
        s.apply(t)
    return s


def test_free_invasions_offer_every_arrow_and_a_delay():
    # 1944 18.4 A-C: any arrow hex of the five zones; the second army may wait for July
    s = campaign(free_invasions=True)
    b = board()
    arrows = {b.label(h) for z in ("brittany", "lower_normandy", "upper_normandy", "pas_de_calais", "belgium")
              for h in b.zone(z)}
    assert {a.args[0] for a in s.legal_actions()} == arrows
    first = sorted(arrows)[0]
    s.apply(f"land {first}")
    assert "delay" in {str(a) for a in s.legal_actions()}


def test_delayed_second_invasion_halves_june_rp_and_lands_in_july():
    # 1944 18.4 D: June RP 4 instead of 8; the delayed army's group gets its Jul/Aug units a turn late
    s = campaign(free_invasions=True)
    b = board()
    target = b.label(b.zone("brittany")[0])
    s.apply(f"land {target}")
    due_before = {uid: u["due"] for uid, u in s.g["units"].items() if U.udef(uid).group == "12"
                  and u["box"] == U.SCHEDULED}
    s.apply("delay")
    assert s.g["allied_rp"]["1"] == 4 and s.g["inv"]["pending"] == [{"unit": "us-1a", "turn": 2}]
    for uid, due in due_before.items():
        assert s.unit(uid)["due"] == (due + 1 if due in (2, 3) else due)
    while s.turn == 1 and not s.is_terminal():
        if s.current_player() == "allied" and s.frame()["step"] == "reinforce":
            assert s.rp("allied") == 4 + s.port_capacity()
        s.apply("done" if "done" in {str(a) for a in s.legal_actions()} else "end")
    if not s.is_terminal():
        assert s.frame()["step"] == "invasion" and s.current_player() == "allied"


@pytest.mark.parametrize("zone,rp", [("upper_normandy", {1: 7, 2: 7, 3: 7, 4: 8}),
                                     ("pas_de_calais", {1: 8, 3: 8, 4: 8}),
                                     ("belgium", {1: 9, 3: 9, 4: 9, 5: 10})])
def test_eastern_invasion_zones_raise_german_rp(zone, rp):
    # 1944 18.4: the easternmost zone invaded gives the German 7, 8 or 9 RP until August (Belgium: September)
    from westfront.games.dday_to_the_rhine.upkeep import german_rp

    s = campaign(free_invasions=True)
    b = board()
    target = b.label(b.zone(zone)[0])
    s.apply(f"land {target}")
    s.apply(f"land {b.label(b.zone('lower_normandy')[0])}")
    for turn, value in rp.items():
        s.g["turn"] = turn
        assert german_rp(s) == value, (zone, turn)


def test_brittany_means_no_allied_air_power_in_june():
    # 1944 18.4 Brittany: aircraft faces do not score during the invasion and the June turn
    from westfront.games.dday_to_the_rhine.combat import air_counts

    s = campaign(free_invasions=True)
    b = board()
    s.apply(f"land {b.label(b.zone('brittany')[0])}")
    s.apply(f"land {b.label(b.zone('brittany')[1])}")
    assert s.g["inv"]["no_air_turn"] == 1 and not air_counts(s, "allied") and air_counts(s, "german")
    assert s.g["inv"]["manteuffel_frozen"] == 1


def test_accelerated_dragoon_schedule():
    # 1944 18.4 Accelerated Dragoon: Dempsey alone in June, Hodges in August, 6th AG and AG G two months
    # early, 12th AG June-August units two months late, RP 4/12/14 (Allied) and 8/8 (German)
    s = campaign(accelerated_dragoon=True)
    assert [str(a) for a in s.legal_actions()] and len(s.legal_actions()) > 2  # free choice of hex
    assert s.frame()["armies"] == ["uk-2a"]
    assert s.g["inv"]["pending"] == [{"unit": "us-1a", "turn": 3}]
    assert s.unit("us-7a")["due"] == 2 and s.unit("fr-2c")["due"] == 3 and s.unit("ge-19a")["due"] == 2
    assert s.unit("us-7c")["due"] == 3 and s.unit("us-3a")["due"] == 5 and s.unit("uk-30c")["due"] == 2
    assert s.g["allied_rp"] == {"1": 4, "2": 12, "3": 14}
    assert s.g["german_rp"]["2"] == 8 and s.g["german_rp"]["3"] == 8
    assert s.g["south_allied_from"] == 2 and s.g["south_german_until"] == 1


def test_random_invasion_games_keep_going():
    # 1944 18.4: free and accelerated invasions play on to a legal end
    for options in ({"free_invasions": True}, {"accelerated_dragoon": True}):
        for seed in range(2):
            s = westfront.load(GAME, options=options, seed=seed)
            rnd = random.Random(seed)
            while not s.is_terminal():
                s.apply(rnd.choice(s.legal_actions()))
            assert s.result().winner in (None, "german", "allied")


def test_beach_defence_dice_hit_the_landing_army():
    # 1944 6.2: hits are simultaneous; the two German dice score on the invading army although it is still at
    # sea: against an infantry army in clear weather 0/1/2 steps are lost 25/50/25% (every symbol hits)
    s = campaign()
    losses = []
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            c = land_outcome(s, *HITS, d1, d2, *HITS, 4, 4)
            losses.append(U.max_strength("uk-2a") - c.unit("uk-2a")["strength"])
    assert [losses.count(k) for k in (0, 1, 2)] == [9, 18, 9]
    assert sum(losses) / len(losses) == 1.0
    c = land_outcome(s, *HITS, 3, 3, *HITS, 4, 4)
    assert c.unit("uk-2a")["hex"] and c.unit("uk-2a")["strength"] == U.max_strength("uk-2a") - 2


def free_landings(hodges_hex, *faces):
    s = westfront.load(GAME, options={"free_invasions": True}, seed=1)
    s.apply("land 0515")  # Dempsey in Brittany, on an undefended arrow hex: no battle
    with forced_dice(s, *faces):
        s.apply(f"land {hodges_hex}")
    return s


def test_brittany_no_air_only_when_it_is_the_easternmost_zone():
    # 1944 18.4: effects follow the easternmost zone invaded; Dempsey in Brittany and Hodges in Belgium:
    # Belgium decides, so the Allied aircraft faces hit in the Belgian landing and in June
    s = free_landings("1709", 1, 1, 1, 1, 4, 4)  # four aircraft faces against co-712
    assert s.unit("us-1a")["hex"] == "1709" and not s.unit("co-712")["hex"]
    assert s.g["inv"]["no_air_turn"] == 0
    # 1944 18.4: Brittany as the easternmost zone: aircraft faces miss in the invasion and in June
    s = free_landings("0315", 1, 1, 1, 1, 4, 4)
    assert s.unit("co-266")["hex"] and s.unit("us-1a")["hex"] is None
    assert s.g["inv"]["no_air_turn"] == 1
