"""Movement reach under each game's cost model."""

from westfront.core.movement import PROHIBITED, MoveModel, flood_reach, reach, zoc_of

from .helpers import costs, grid_map

TEC_1944 = {"clear": 1, "forest": 2, "bocage": 2, "marsh": 2, "mountain": 2}


def ids(m, labels):
    return {m.index[x] for x in labels}


def test_1944_woods_in_enemy_zoc_costs_2_not_4():
    # 1944 2.0: entering a woods hex in an enemy ZOC costs 2 MP, not 4 (not cumulative)
    m = grid_map(terrain={"0405": "forest"})
    enemy = m.bb([m.index["0505"]])
    z = zoc_of(m.dilator(), enemy)
    assert (z >> m.index["0405"]) & 1
    model = MoveModel(mp=4, enter=costs(m, TEC_1944), blocked=enemy, zoc=z, zoc_cost=2)
    r = reach(m.nbrs, m.index["0305"], model)
    assert r.cost[m.index["0405"]] == 2


def test_1944_clear_in_enemy_zoc_costs_2_not_3():
    # 1944 11.0: moving into a clear hex in an enemy ZoC costs 2 MP, not 3
    m = grid_map()
    enemy = m.bb([m.index["0505"]])
    z = zoc_of(m.dilator(), enemy)
    r = reach(m.nbrs, m.index["0305"], MoveModel(mp=4, enter=costs(m, TEC_1944), blocked=enemy, zoc=z, zoc_cost=2))
    assert r.cost[m.index["0405"]] == 2


def test_1944_rhine_into_clear_enemy_zoc_costs_3():
    # 1944 11.0: crossing a Rhine hexside into a clear hex in enemy ZoC costs 3 MP (2 + 1)
    m = grid_map(sides={"0305|0405": ["major_river"]})
    enemy = m.bb([m.index["0505"]])
    z = zoc_of(m.dilator(), enemy)
    a, b = m.index["0305"], m.index["0405"]
    model = MoveModel(mp=4, enter=costs(m, TEC_1944), blocked=enemy, zoc=z, zoc_cost=2,
                      side_extra={(a, b): 1, (b, a): 1})
    r = reach(m.nbrs, a, model)
    assert r.cost[b] == 3
    assert r.path(b) == [a, b]


def test_1944_motorised_four_mp_moves_eight_hexes():
    # 1944 11.2: a 4-MP unit moves up to 8 hexes by motorised movement, ignoring terrain
    m = grid_map(width=12, height=3, terrain={"0502": "forest", "0702": "marsh"})
    flat = [1 if lab else PROHIBITED for lab in m.labels]
    r = reach(m.nbrs, m.index["0102"], MoveModel(mp=2 * 4, enter=flat))
    far = max(r.cost, key=lambda h: m.distance(m.index["0102"], h))
    assert m.distance(m.index["0102"], far) == 8
    assert m.index["1002"] not in r.cost and m.index["0902"] in r.cost


def test_marsh_must_stop():
    # 1944 20.0: marsh costs 2 MP and the unit must stop on entering
    m = grid_map(terrain={"0302": "marsh"})
    model = MoveModel(mp=6, enter=costs(m, TEC_1944), stop=m.terrain_bb("marsh"))
    r = reach(m.nbrs, m.index["0202"], model)
    assert r.cost[m.index["0302"]] == 2
    # nothing beyond the marsh is reached *through* it: 0402 costs 2 via 0301/0303 or directly is blocked
    assert r.path(m.index["0402"])[1] != m.index["0302"]


def test_onslaught_zoc_stop_and_no_zoc_to_zoc():
    # onslaught 6.2: entering enemy ZOC ends the move; a unit starting in enemy ZOC cannot move
    # directly to another hex in enemy ZOC, but may step out and then enter one
    m = grid_map(width=10, height=10)
    one = [1 if lab else PROHIBITED for lab in m.labels]
    enemy = m.bb([m.index["0505"]])
    z = zoc_of(m.dilator(), enemy)
    start = m.index["0504"]  # in the enemy's ZOC
    r = reach(m.nbrs, start, MoveModel(mp=4, enter=one, blocked=enemy, stop=z, first_step_forbidden=z))
    for h in m.nbrs[start]:
        if (z >> h) & 1 and h in r.cost:
            assert r.pred[h] != start and not (z >> r.pred[h]) & 1
    assert m.index["0405"] in r.cost  # 0504 -> 0404 -> 0405: out, then in again
    # a unit entering ZOC from outside stops there: no reached hex has a ZOC hex as predecessor
    r2 = reach(m.nbrs, m.index["0502"], MoveModel(mp=6, enter=one, blocked=enemy, stop=z))
    assert all(not (z >> p) & 1 for p in r2.pred.values() if p != m.index["0502"])
    assert any((z >> h) & 1 for h in r2.cost)


def test_sfn_zoc_to_zoc_allowed_then_stop():
    # SFN 11.4: a unit starting in EZOC may move directly into another EZOC hex, then must stop
    m = grid_map(width=10, height=10)
    one = [1 if lab else PROHIBITED for lab in m.labels]
    enemy = m.bb([m.index["0505"]])
    z = zoc_of(m.dilator(), enemy)
    start = m.index["0504"]
    r = reach(m.nbrs, start, MoveModel(mp=4, enter=one, blocked=enemy, stop=z))
    assert any(h in m.nbrs[start] and (z >> h) & 1 for h in r.cost if h != start)


def test_dday_engagement_rule():
    # D-Day §9.1.4 (Fig. 6): an engaged unit may not move into another hex of the same enemy's ZOC,
    # but may move straight into a different enemy's ZOC, or leave and re-engage
    m = grid_map(width=10, height=10)
    one = [1 if lab else PROHIBITED for lab in m.labels]
    e1, e2 = m.index["0505"], m.index["0703"]
    enemy = m.bb([e1, e2])
    dil = m.dilator()
    z_all = zoc_of(dil, enemy)
    start = m.index["0504"]  # engaged with e1 only
    engaged = m.bb(n for n in m.nbrs[start] if (enemy >> n) & 1)
    assert engaged == 1 << e1
    model = MoveModel(mp=4, enter=one, blocked=enemy, stop=z_all, first_step_forbidden=zoc_of(dil, engaged))
    r = reach(m.nbrs, start, model)
    assert r.pred[m.index["0604"]] == start          # straight into e2's ZOC (like P22)
    assert r.pred.get(m.index["0605"]) != start      # not into e1's ZOC again (like O21)
    assert r.path(m.index["0405"])[1] == m.index["0404"]  # disengage, then re-engage (like Q21 -> P20)
    assert m.index["0603"] in r.cost and r.pred[m.index["0603"]] != start


def test_onslaught_major_waterway_takes_whole_allowance():
    # onslaught 6.5: crossing a major waterway uses the whole allowance: only from an adjacent start
    from westfront.core.hexgrid import COLROW

    line = {COLROW.side_id(f"04{r:02d}", n): ["major_river"] for r in range(1, 9)
            for n in COLROW.neighbors(f"04{r:02d}") if n.startswith("05") and 1 <= int(n[2:]) <= 8}
    m = grid_map(sides=line)
    one = [1 if lab else PROHIBITED for lab in m.labels]
    a, b = m.index["0404"], m.index["0504"]
    side_all = frozenset(k for k, fs in m.side_features.items() if "major_river" in fs)
    r = reach(m.nbrs, a, MoveModel(mp=4, enter=one, side_all=side_all))
    assert r.cost[b] == 4 and r.pred[b] == a
    assert m.index["0604"] not in r.cost or r.path(m.index["0604"])[1] != b
    # a unit that has to move first to reach the waterway cannot cross it
    r2 = reach(m.nbrs, m.index["0304"], MoveModel(mp=4, enter=one, side_all=side_all))
    assert r2.pred.get(b) != a


def test_sfn_major_river_extra_mp_and_one_hex_minimum():
    # SFN 12.4: Rouen (1414) to 1415 across the Seine costs 2 MP; a 1-MP unit may still cross if adjacent
    m = grid_map(width=16, height=16, sides={"1414|1415": ["major_river"]})
    one = [1 if lab else PROHIBITED for lab in m.labels]
    a, b = m.index["1414"], m.index["1415"]
    extra = {(a, b): 1, (b, a): 1}
    assert reach(m.nbrs, a, MoveModel(mp=3, enter=one, side_extra=extra)).cost[b] == 2
    assert b not in reach(m.nbrs, a, MoveModel(mp=1, enter=one, side_extra=extra)).cost
    assert reach(m.nbrs, a, MoveModel(mp=1, enter=one, side_extra=extra, min_one_hex=True)).cost[b] == 1


def test_no_end_and_blocked():
    m = grid_map()
    one = [1 if lab else PROHIBITED for lab in m.labels]
    friend = m.index["0303"]
    enemy = m.index["0304"]
    r = reach(m.nbrs, m.index["0302"], MoveModel(mp=3, enter=one, no_end=1 << friend, blocked=1 << enemy))
    assert friend in r.cost and friend not in r.ends  # may pass through a full friendly hex but not stop
    assert enemy not in r.cost


def test_rail_flood_reach():
    # 1944 11.3: a rail move is unlimited through in-supply hexes
    m = grid_map(width=10, height=3)
    passable = m.all_bb & ~m.bb([m.index["0501"], m.index["0502"], m.index["0503"]])
    ends = flood_reach(m.dilator(), m.index["0102"], passable, m.all_bb)
    assert m.index["0402"] in ends and m.index["0602"] not in ends


def test_onslaught_strategic_movement_keeps_three_mp_from_enemy():
    # onslaught 6.4: strategic movement triples the allowance; the mover must start, and stay,
    # three or more movement points from every enemy division
    from westfront.core.movement import within_mp

    m = grid_map(width=16, height=6)
    one = [1 if lab else PROHIBITED for lab in m.labels]
    enemy = m.bb([m.index["1203"]])
    near = within_mp(m.dilator(), enemy, m.all_bb, 2)  # hexes an enemy reaches with 1 or 2 MP
    start = m.index["0103"]
    assert not (near >> start) & 1, "eligible: starts 3+ MP away"
    r = reach(m.nbrs, start, MoveModel(mp=3 * 4, enter=one, blocked=near))
    assert r.ends and all(m.distance(h, m.index["1203"]) >= 3 for h in r.ends)
    assert m.index["0903"] in r.cost and m.index["1003"] not in r.cost
    # a unit already within 2 MP of the enemy is not eligible
    assert (near >> m.index["1103"]) & 1
