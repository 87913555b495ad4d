"""Movement: the worked examples of 2.0 and 11.0, motorised and rail moves, must-stop terrain."""

from __future__ import annotations

import pytest

from westfront.core.errors import IllegalAction
from westfront.core.hexgrid import COLROW
from westfront.games.dday_to_the_rhine.board import board
from westfront.games.dday_to_the_rhine.movement import (
    motor_reach,
    rail_destinations,
    tactical_reach,
    unit_mp,
)
from westfront.testing.kit import legal

from .helpers import on, position, synthetic_board

START, DEST, ENEMY = "0505", "0504", "0503"  # ENEMY is next to DEST but two hexes from START


def reach_cost(s, uid, mp, dest):
    r = tactical_reach(s, uid, mp)
    return r.cost.get(board().hex(dest))


def test_woods_in_enemy_zoc_costs_two_not_four():
    # 1944 2.0: terrain costs in a hex are not cumulative: forest in enemy ZOC costs 2 MP, not 4
    with on(synthetic_board(terrain={DEST: "forest"})):
        s = position(units={"uk-30c": START, "ge-7a": ENEMY})
        assert reach_cost(s, "uk-30c", 5, DEST) == 2


def test_clear_hex_in_enemy_zoc_costs_two_not_three():
    # 1944 11.0: a clear hex in enemy ZOC costs 2 MP (the higher cost), not 1 + 2
    with on(synthetic_board()):
        s = position(units={"uk-30c": START, "ge-7a": ENEMY})
        assert reach_cost(s, "uk-30c", 5, DEST) == 2
        assert reach_cost(s, "uk-30c", 5, "0606") == 1  # out of the ZOC: clear is 1 MP


def test_rhine_into_clear_hex_in_enemy_zoc_costs_three():
    # 1944 11.0: the Rhine's +1 MP is added to the hex cost: 2 (enemy ZOC) + 1 = 3 MP
    with on(synthetic_board(sides={(START, DEST): ["major_river"]})):
        s = position(units={"uk-30c": START, "ge-7a": ENEMY})
        assert reach_cost(s, "uk-30c", 5, DEST) == 3
    with on(synthetic_board(sides={(START, DEST): ["major_river"]}, terrain={DEST: "forest"})):
        s = position(units={"uk-30c": START})
        assert reach_cost(s, "uk-30c", 5, DEST) == 3  # forest 2 + Rhine 1


def test_moving_through_enemy_zoc_costs_two_per_hex():
    # 1944 11.0: 2 MP to enter an enemy ZOC hex and for each hex moved through it
    with on(synthetic_board()):
        s = position(units={"uk-30c": "0405", "ge-7a": "0303"})
        # 0404 and 0403 are both in the ZOC of 0303
        assert reach_cost(s, "uk-30c", 5, "0404") == 2
        assert reach_cost(s, "uk-30c", 5, "0403") == 4


def test_cannot_enter_enemy_or_end_on_friend():
    # 1944 11.0: no entering enemy units; friendly hexes may be crossed but not ended in
    with on(synthetic_board()):
        s = position(units={"uk-30c": "0505", "us-7c": "0504", "ge-7a": "0605"})
        r = tactical_reach(s, "uk-30c", 5)
        assert board().hex("0605") not in r.cost
        assert board().hex("0504") in r.cost and board().hex("0504") not in r.ends
        assert board().hex("0503") in r.ends  # through the friend's hex


def test_marsh_and_mountain_stop_but_mountain_infantry_go_on():
    # 1944 20.0: marsh and mountain cost 2 MP and stop the unit; 1944 3.0: mountain infantry need not stop
    ridge = {f"05{r:02d}": "mountain" for r in range(1, 9)}
    with on(synthetic_board(terrain=ridge)):
        s = position(units={"uk-30c": "0405", "fr-2c": "0407"})
        r = tactical_reach(s, "uk-30c", 5)
        assert r.cost[board().hex("0505")] == 2 and board().hex("0505") in r.ends
        assert not any(board().label(h).startswith("06") for h in r.cost)  # stopped on the ridge
        r2 = tactical_reach(s, "fr-2c", 4)
        assert r2.cost[board().hex("0607")] == 3  # the mountain corps crosses: 2 + 1
    marsh = {f"05{r:02d}": "marsh" for r in range(1, 9)}
    with on(synthetic_board(terrain=marsh)):
        s = position(units={"fr-2c": "0407"})
        r = tactical_reach(s, "fr-2c", 4)
        assert not any(board().label(h).startswith("06") for h in r.cost)  # everyone stops in a marsh


def test_out_of_supply_costs_one_mp_and_surprise_adds_one():
    # 1944 10.0 / 13.0: out of supply -1 MP; 1944 16.0: an RCO surprise marker gives +1 MP
    with on(synthetic_board()):
        s = position(units={"uk-30c": "0505", "ge-7a": "0908"})
        assert unit_mp(s, "uk-30c", True) == 5 and unit_mp(s, "uk-30c", False) == 4
        s.unit("ge-7a")["rco"] = True
        assert unit_mp(s, "ge-7a", True) == 5


def test_motorised_move_is_twice_the_mp_in_hexes():
    # 1944 11.2: "an Allied unit with 4 MP can move 8 hexes ... with 5 MP 10 hexes", terrain ignored
    terrain = {f"{c:02d}{r:02d}": "forest" for c in range(1, 13) for r in range(1, 13) if (c + r) % 3 == 0}
    with on(synthetic_board(width=12, height=12, terrain=terrain)):
        s = position(units={"us-1a": "0106", "us-3a": "0108"})
        r = motor_reach(s, "us-1a")
        far = max(COLROW.distance("0106", board().label(h)) for h in r.ends)
        assert far == 8 and max(r.cost.values()) == 8
        r3 = motor_reach(s, "us-3a")  # Patton's 3rd Army has 5 MP (1944 3.0)
        assert max(COLROW.distance("0108", board().label(h)) for h in r3.ends) == 10


def test_motorised_never_crosses_the_rhine_or_touches_enemy_zoc():
    # 1944 11.2 A: no Rhine crossing; 1944 11.1 B: not into or through enemy ZOC
    sides = {}
    for r in range(1, 9):
        a = f"05{r:02d}"
        for n in COLROW.neighbors(a):
            if n.startswith("06") and int(n[2:]) <= 8:
                sides[(a, n)] = ["major_river"]
    with on(synthetic_board(sides=sides)):
        s = position(units={"us-1a": "0404", "ge-7a": "0208"})
        r = motor_reach(s, "us-1a")
        assert all(int(board().label(h)[:2]) <= 5 for h in r.cost)
        zoc = s.zoc_bb("german")
        assert not any((zoc >> h) & 1 for h in r.cost)
        tr = tactical_reach(s, "us-1a", 4)
        assert any(int(board().label(h)[:2]) >= 6 for h in tr.cost)  # a tactical move may cross (+1 MP)


def test_rail_goes_anywhere_in_german_supply_but_not_through_allied_zoc():
    # 1944 11.3: unlimited distance to a supplied hex in Germany or to/next to a German city outside it
    germany = {f"{c:02d}{r:02d}": "germany" for c in range(7, 11) for r in range(1, 9)}
    east_edge = [f"10{r:02d}" for r in range(1, 9)]
    places = [{"name": "Paris", "hex": "0108", "kind": "major_city"},
              {"name": "Lille", "hex": "0502", "kind": "minor_city"}]
    with on(synthetic_board(country=germany, places=places, zones={"german_east_edge": east_edge,
                                                                    "german_south_edge": [], "france_south_edge": []})):
        s = position(units={"ge-7a": "0805", "us-1a": "0108"})
        dests = {board().label(h) for h in rail_destinations(s, "ge-7a")}
        assert "1001" in dests and "0701" in dests  # anywhere supplied in Germany
        assert "0502" in dests and "0402" in dests  # a German-held city outside Germany, and next to it
        assert "0505" not in dests  # an ordinary French hex
        s2 = position(units={"ge-7a": "0805", "us-1a": "0108"}, control=["0502"])
        dests2 = {board().label(h) for h in rail_destinations(s2, "ge-7a")}
        assert "0502" not in dests2 and "0402" not in dests2  # the city is Allied now
        s3 = position(units={"ge-7a": "0805", "us-1a": "0603"})
        dests3 = {board().label(h) for h in rail_destinations(s3, "ge-7a")}
        assert "0502" not in dests3 and "0703" not in dests3  # nothing in or through Allied ZOC


ALLIED_ACT = [{"step": "activation", "side": "allied"}]


def test_the_mover_chooses_the_route_through_a_city():
    # 1944 14.0: moving into or through a city takes it: the route is the mover's choice (through, then on)
    places = [{"name": "Villeneuve", "hex": "0404", "kind": "city"}]
    with on(synthetic_board(places=places)):
        s = position(turn=4, units={"uk-30c": "0505"}, flow=ALLIED_ACT)
        s.apply("move uk-30c")
        assert "through 0404" in {str(a) for a in s.legal_actions()}
        assert "through 0605" not in {str(a) for a in s.legal_actions()}  # nothing to take there
        cost = s.preview("to 0404")["cost"]
        s.apply("through 0404")
        assert s.controls("allied", board().hex("0404")) and s.unit("uk-30c")["hex"] == "0404"
        assert s.frame()["step"] == "move_unit" and s.frame()["left"] == s.frame()["mp"] - cost
        s.apply("to 0304")
        assert s.unit("uk-30c")["hex"] == "0304" and s.frame()["step"] == "activation"
        assert s.rp("allied") == 9  # 10.0: one activation, one RP, however many waypoints


def test_a_motorised_route_takes_the_cities_it_passes():
    # 1944 11.2: a motorised move gains the cities it passes through, on the route the mover chose
    places = [{"name": "Villeneuve", "hex": "0403", "kind": "city"}]
    with on(synthetic_board(places=places)):
        s = position(turn=4, units={"us-7c": "0505"}, flow=ALLIED_ACT)
        s.g["beachheads"]["12"] = "0505"
        s.touch()
        s.apply("motor us-7c")
        s.apply("through 0403")
        assert s.controls("allied", board().hex("0403"))
        s.apply("to 0702")
        assert s.unit("us-7c")["hex"] == "0702" and s.unit("us-7c")["strat"]


def test_a_route_towards_a_marker_uncovers_it_and_the_move_goes_on():
    # 1944 18.5: a phantom is eliminated when an enemy unit moves within two hexes; the unit may move on
    with on(synthetic_board(width=12, height=9)):
        s = position(turn=3, units={"uk-30c": "0205"}, options={"phantoms": True}, flow=ALLIED_ACT)
        s.g["phantoms"]["ph-1"].update({"hex": "0605", "hid": "hm5"})
        s.touch()
        s.apply("move uk-30c")
        assert "through 0405" in {str(a) for a in s.legal_actions()}
        s.apply("through 0405")
        assert s.g["phantoms"]["ph-1"]["hex"] is None
        assert s.frame()["step"] == "move_unit" and "stop" in {str(a) for a in s.legal_actions()}
        s.apply("stop")
        assert s.unit("uk-30c")["hex"] == "0405"


def test_cheap_move_checks_agree_with_full_searches():
    # 1944 11.0, 11.2: "may it move at all" (the activation list) is answered from the first steps or by a
    # layer flood; it must say exactly what the full search says, in positions of real random games
    import random

    from westfront import api
    from westfront.games.dday_to_the_rhine import units as U
    from westfront.games.dday_to_the_rhine.movement import can_motor_somewhere, can_step_somewhere

    checked = 0
    for seed in (1000, 1003):
        s = api.load("dday-to-the-rhine", seed=seed)
        rnd = random.Random(seed)
        for n in range(400):
            if s.is_terminal():
                break
            if n % 10 == 0:
                for uid in s.on_map():
                    if U.base_mp(uid) <= 0:
                        continue
                    for mp in (1, 2, unit_mp(s, uid, True)):
                        assert can_step_somewhere(s, uid, mp) == bool(tactical_reach(s, uid, mp).ends)
                    if s.side_of(uid) == "allied":
                        assert can_motor_somewhere(s, uid) == bool(motor_reach(s, uid).ends)
                    checked += 1
            acts = s.legal_actions()
            s.apply(acts[rnd.randrange(len(acts))])
    assert checked > 200


def test_activation_list_agrees_with_the_rule_functions():
    # 1944 10.0, 11.1, 16.0, 18.5: the activation list tests each piece in one pass over its record; it must
    # offer exactly what may_move / in_supply / unit_mp / may_strategic say, in positions of real random games
    import random

    from westfront import api
    from westfront.core.actions import act
    from westfront.games.dday_to_the_rhine.combat import affordable, targets
    from westfront.games.dday_to_the_rhine.hidden import disband_actions, handle
    from westfront.games.dday_to_the_rhine.movement import (
        can_motor_somewhere,
        can_step_somewhere,
        may_move,
        may_strategic,
        rail_allowed,
    )
    from westfront.games.dday_to_the_rhine.supply import in_supply

    def reference(s, side):
        out = []
        pieces = s.on_map(side) + ([p for p, v in s.g["phantoms"].items() if v["hex"]] if side == "german" else [])
        rail = side == "german" and rail_allowed(s)
        for pid in sorted(pieces):
            h = handle(s, pid)
            if may_move(s, pid):
                supplied = s.is_phantom(pid) or in_supply(s, pid)
                if can_step_somewhere(s, pid, unit_mp(s, pid, supplied)):
                    out.append(act("move", h))
            if s.is_phantom(pid):
                continue
            if side == "allied" and may_strategic(s, pid) and can_motor_somewhere(s, pid):
                out.append(act("motor", h))
            if rail and may_strategic(s, pid) and (s.turn >= 2 or s.unit(pid).get("free_move")):
                out.append(act("rail", h))
            u = s.unit(pid)
            if side == "german" and s.g["rco"]["markers"] > 0 and not u["rco"] and not (u["moved"] and u["attacked"]) \
                    and in_supply(s, pid):
                out.append(act("surprise", h))
        out += [act("attack", board().label(t)) for t in targets(s, side) if affordable(s, side, t)]
        out += disband_actions(s, side)
        return [*out, act("end")]

    checked = 0
    for seed, options in ((1000, {}), (1001, {"phantoms": True})):
        s = api.load("dday-to-the-rhine", seed=seed, options=options)
        rnd = random.Random(seed)
        while not s.is_terminal():
            f = s.frame()
            if f["step"] == "activation":
                assert s.legal_actions() == reference(s, f["side"])
                checked += 1
            acts = s.legal_actions()
            s.apply(acts[rnd.randrange(len(acts))])
    assert checked > 100


def test_rail_areas_are_named_by_their_nearest_city():
    # 1944 11.3: a rail move picks the area by its nearest German-held city, as the prompt says, then the
    # hex; the actions named the city's hex ("via 2910"), which old records still use and still replay
    import json
    from pathlib import Path

    import westfront
    from westfront.games.dday_to_the_rhine.view import labels

    old = json.loads((Path(__file__).parent / "data" / "legacy_mid_month.json").read_text())
    acts = old["actions"]
    upto = acts[:acts.index("rail ge-1a") + 1]
    s = westfront.replay(old["game"], old["scenario"], old["options"], old["seed"], upto)
    assert s.prompt().endswith("choose the area (nearest city)")
    vias = [a.split()[1] for a in legal(s) if a.startswith("via ")]
    assert vias and not any(v.isdigit() for v in vias)
    cities = {c.name.replace(" ", "-") for c in board().cities.values()}
    assert set(vias) <= cities and {"Giessen", "Paris", "Le-Havre"} <= set(vias)
    assert labels()["names"]["Le-Havre"] == "Le Havre"
    with pytest.raises(IllegalAction, match=r"11\.3.*Nowhere names no rail area"):
        s.clone().apply("via Nowhere")
    legacy = s.clone()
    s.apply("via Giessen")
    assert s.prompt().endswith("choose the hex near Giessen") and "to 2909" in legal(s)
    legacy.apply("via 2910")  # Giessen's hex, as recorded before
    assert legal(legacy) == legal(s)


def test_motorised_reach_by_rings_is_the_generic_reach():
    # 1944 11.2: a motorised move counts hexes (land, never across the Rhine or the sea); the ring-by-ring search
    # must give the generic reach's costs, predecessors (so the same paths, and the same cities taken on the way,
    # 14.0) and end hexes — on the real map, from every Allied unit's hex of random games, with the real blocks
    import random

    from westfront import api
    from westfront.games.dday_to_the_rhine.movement import _motor_generic, _motor_of, motor_model

    b = board()
    checked = 0
    for seed in (3, 4):
        s = api.load("dday-to-the-rhine", seed=seed)
        rnd = random.Random(seed)
        for n in range(700):
            if s.is_terminal():
                break
            if n % 10 == 0:
                for uid in s.on_map("allied"):
                    i = s.hex_of(uid)
                    for hexes in (0, 1, 2, 4, 6, 8):
                        m = motor_model(s, uid, hexes)
                        for blocked in (m.blocked, 0):
                            got = _motor_of(b, i, hexes, blocked, m.no_end)  # the kit's LayeredReach
                            want = _motor_generic(b, i, hexes, blocked, m.no_end)
                            assert (got.start, got.cost, got.pred, got.ends) == \
                                (want.start, want.cost, want.pred, want.ends), (seed, n, uid, hexes)
                            assert all(got.path(h) == want.path(h) for h in want.ends)
                            checked += 1
            s.apply(rnd.choice(s.legal_actions()))
    assert checked > 1000
