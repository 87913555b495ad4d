"""The turn sequence, the Action Step and the Bulge (onslaught 4.0-5.1, 12.0)."""

from __future__ import annotations

import pytest

from westfront.core.bitboard import bits
from westfront.core.errors import IllegalAction
from westfront.games.onslaught.movement import strategic_eligible
from westfront.games.onslaught.supply import in_supply
from westfront.testing.dice import forced_dice

from .helpers import (
    clear,
    enter,
    first_with,
    idx,
    lab,
    legal,
    nb,
    new,
    no_river,
    open_area,
    play,
    put,
    start_turn,
    units,
    walk,
)


def example_area() -> int:
    """An open area whose attack hexsides have no river (a river would change the odds' row)."""
    for k in range(40):
        c = open_area(4, skip=k)
        v2, v3 = walk(c, 3, 3, 3), walk(c, 5, 5, 5)
        pairs = [(nb(c, 0), c), (nb(c, 1), c), (nb(v2, 3), v2), (nb(v2, 2), v2), (nb(v3, 5), v3)]
        if all(no_river(a, b) for a, b in pairs):
            return c
    raise AssertionError("no suitable area")


def far_german_hexes(s, n: int) -> list[int]:
    """Hexes in Germany, far from everything, for German stacks."""
    b = s.board
    out = [h for h in bits(b.germany & ~b.fortification) if not (s.near_bb("allied") >> h) & 1]
    return out[::7][:n]


def test_turn_one_example():
    # onslaught 4.1 end to end: the Allied combat action costs 5 (three attacks, five stacks), the movement
    # action of seven stacks costs the remaining 7 (12 - 5 - 7 = 0); the Allies win a roll with no supply and
    # cannot act; the Germans win 3 to 1, spend 4 moving; a 5-5 tie ends the Action Step; the German Reserve
    # Step moves three stacks and saves one point; no German reinforcements on turn 1; the Germans rebuild an
    # eliminated division; incomes are 8 (German) and 12 (Allied: three landing hexes, no port)
    s = new()
    clear(s)
    c = example_area()
    v1, v2, v3 = c, walk(c, 3, 3, 3), walk(c, 5, 5, 5)
    stacks = [nb(v1, 0), nb(v1, 1), nb(v2, 3), nb(v2, 2), nb(v3, 5), walk(c, 2, 2, 2), walk(c, 4, 4, 4)]
    sizes = [2, 1, 2, 1, 3, 1, 1]
    inf = iter(units("allied", "inf", 11, late=3))
    for h, k in zip(stacks, sizes, strict=True):
        for _ in range(k):
            put(s, next(inf), h)
    vgs = units("german", "vg", 3)
    for v, h in zip(vgs, (v1, v2, v3), strict=True):
        put(s, v, h, full=False)  # depleted volksgrenadiers: 2 each
    gers = units("german", "inf", 7, late=1)
    for g, h in zip(gers, far_german_hexes(s, 7), strict=True):
        put(s, g, h)
    s.touch()
    assert all(in_supply(s, u) for u in s.on_map("allied"))

    # the Allied combat action: three attacks, five stacks activated
    play(s, "combat")
    for target, attack_stacks, die in ((v1, stacks[0:2], 3), (v2, stacks[2:4], 5), (v3, stacks[4:5], 4)):
        play(s, f"attack {lab(target)}")
        for h in attack_stacks:
            for u in s.at(h):
                play(s, f"add {u}")
        assert s.preview("resolve")["odds"] == "6:1"
        with forced_dice(s, die):
            ev = play(s, "resolve")
        assert [e["result"] for e in ev if e["type"] == "combat"] == ["DE"]
        play(s, "done")  # no advance
    with forced_dice(s, 5, 4):  # the example's initiative rolls: 5-4, 5-1, 1-3, then the tie 5-5
        ev = play(s, "done")
    assert s.g["supply_points"]["allied"] == 12 - 5
    rolls = [e["values"][0] for e in ev if e["type"] == "roll"]
    assert rolls == [5, 4] and s.current_player() == "allied"

    # the movement action: seven stacks, all the remaining points
    play(s, "movement")
    for h in stacks:
        play(s, f"activate {lab(h)}", "done")
    assert s.g["supply_points"]["allied"] == 0
    with forced_dice(s, 5, 1, 1, 3):
        ev = play(s, "done")
    assert any(e["type"] == "no_supply" and e["side"] == "allied" for e in ev)  # 5-1 but nothing to pay with
    assert [e["values"][0] for e in ev if e["type"] == "roll"] == [5, 1, 1, 3]
    assert s.current_player() == "german"

    # the German movement action: four stacks; then the tie ends the Action Step
    play(s, "movement")
    for g in gers[:4]:
        play(s, f"activate {s.unit(g)['hex']}", "done")
    assert s.g["supply_points"]["german"] == 4
    with forced_dice(s, 5, 5):
        ev = play(s, "done")
    assert any(e["type"] == "action_step_end" and "tied" in e["text"] for e in ev)
    assert "Reserve Step" in s.prompt()

    # the German Reserve Step: three more stacks, one point saved
    for g in gers[4:]:
        play(s, f"activate {s.unit(g)['hex']}", "done")
    ev = play(s, "done")
    assert s.g["supply_points"]["german"] == 1
    assert any(e["type"] == "reinforcements" and e["side"] == "german" and not e["units"] for e in ev)

    # the Allied reinforcements go to the landing hexes (the supply sources)
    landings = {lab(h) for h in s.board.landing_zone}
    while s.current_player() == "allied" and s.frame()["step"] == "reinforce":
        acts = legal(s)
        play(s, acts[0])
    placed = [u for u in s.on_map("allied") if s.unit(u)["hex"] in landings]
    assert len(placed) == 9 and s.in_box("delayed", "allied")

    # German replacements: 2 + one for three eliminated divisions
    assert s.g["replacement_points"]["german"] == 3 and s.current_player() == "german"
    play(s, f"rebuild {vgs[0]} full")
    play(s, legal(s)[0] if not legal(s)[0].startswith("near") else legal(s)[0])
    while s.frame()["step"] == "replace" and s.current_player() == "german":
        a = legal(s)
        play(s, "done" if "done" in a else a[0])
    # the Allies lost nothing: no replacement decision; incomes 8 and 12
    assert s.turn == 2
    assert s.g["supply_points"] == {"german": 1 + 8, "allied": 0 + 12}
    assert s.g["income"] == 12
    assert s.unit(vgs[0])["hex"] is not None


def test_both_players_passing_ends_the_action_step():
    # onslaught 5.0: the Action Step ends when both players pass
    s = new()
    for seed in range(30):
        s = new(seed=seed)
        play(s, "pass")
        if s.current_player() == "german" and s.frame()["step"] == "action":
            break
    ev = play(s, "pass")
    assert any(e["type"] == "action_step_end" and "passed" in e["text"] for e in ev)


def test_a_tie_ends_the_action_step():
    # onslaught 5.0: a tied roll ends the Action Step at once
    for seed in range(60):
        s = new(seed=seed)
        ev = play(s, "pass")
        rolls = [e["values"][0] for e in ev if e["type"] == "roll"]
        if rolls[0] == rolls[1]:
            assert any(e["type"] == "action_step_end" and "tied" in e["text"] for e in ev)
            assert "Reserve" in s.prompt()
            return
    pytest.fail("no tie in 60 seeds")


def test_both_out_of_supply_ends_the_action_step():
    # onslaught 5.0: the Action Step also ends when both players are out of supply points
    s = new()
    s.g["supply_points"] = {"allied": 0, "german": 0}
    s.touch()
    ev = play(s, "pass")
    assert any(e["type"] == "action_step_end" and "out of supply" in e["text"] for e in ev)


def test_action_types_offered():
    # onslaught 5.1: three action types or a pass
    # onslaught 5.5: breakthrough needs armour and two points
    s = new()
    assert legal(s) == ["movement", "combat", "pass"]  # no Allied armour on the map at the start
    arm = units("allied", "arm", 1)[0]
    put(s, arm, s.unit("us-1")["hex"])
    s._legal = None
    assert "breakthrough" in legal(s)
    s.g["supply_points"]["allied"] = 1
    s.touch()
    assert "breakthrough" not in legal(s)
    with pytest.raises(IllegalAction, match="5.5"):
        s.apply("breakthrough")


def test_turn_structure_and_last_turn():
    # onslaught 4.0
    # onslaught 13.0: Action Step, Reserve Step, Reinforcement Step; the game ends after turn 20
    s = new()
    steps: list[str] = []
    while not s.is_terminal():
        f = s.frame()
        if not steps or steps[-1] != f["step"]:
            steps.append(f["step"])
        acts = legal(s)
        for pref in ("pass", "done", "collect", "decline", "end"):
            if pref in acts:
                play(s, pref)
                break
        else:
            play(s, acts[0])
    first = steps[: steps.index("reinforce")]
    assert first.index("action") < first.index("movement_action")  # reserve step after the actions
    r = s.result()
    assert r is not None and s.turn == 20
    assert r.level in ("marginal", "decisive", "strategic", "draw", "automatic")


# ----- the Bulge ---------------------------------------------------------------------------
def at_turn(t: int, seed: int = 0):
    return start_turn(t, seed)


def test_bulge_window():
    # onslaught 12.0: the counteroffensive may be declared from turn 12 to turn 17
    assert at_turn(11).frame()["step"] == "action"
    s = at_turn(12)
    assert s.frame()["step"] == "choice" and s.current_player() == "german" and "Bulge" in s.prompt()
    assert at_turn(17).frame()["step"] == "choice"
    assert at_turn(18).frame()["step"] == "action"


def test_bulge_bonus_first_action_and_once_only():
    # onslaught 12.0: +10 supply points, the German player acts first, and only once per game
    s = at_turn(13)
    before = s.g["supply_points"]["german"]
    play(s, "bulge")
    assert s.g["supply_points"]["german"] == before + 10
    assert s.current_player() == "german" and s.frame()["step"] == "action"
    assert s.g["bulge"] == {"used": True, "turn": 13}
    s2 = new()
    s2.g["turn"] = 14
    s2.g["bulge"] = {"used": True, "turn": 13}
    enter(s2, {"step": "turn"})
    assert s2.frame()["step"] == "action" and s2.current_player() == "allied"


def test_bulge_tie_rule():
    # onslaught 12.0: on the counteroffensive turn the first tie lets the German player act; a second tie ends it
    s = at_turn(12)
    play(s, "bulge")
    with forced_dice(s, 3, 3):
        play(s, "pass")
    assert s.frame()["step"] == "choice" and s.current_player() == "german" and legal(s) == ["act", "end"]
    play(s, "act")
    assert s.frame()["step"] == "action" and s.current_player() == "german"
    with forced_dice(s, 4, 4):
        ev = play(s, "pass")
    assert any(e["type"] == "action_step_end" for e in ev)
    assert s.g["phase"] == "German Reserve Step"


def test_declined_bulge_keeps_the_option():
    # onslaught 12.0: the counteroffensive is optional; declining on one turn keeps it for a later one
    s = at_turn(12)
    play(s, "decline")
    assert not s.g["bulge"]["used"] and s.current_player() == "allied"


def test_illegal_text_changes_nothing():
    # onslaught 5.2: an illegal activation is refused with a reason and the state is unchanged
    s = new()
    play(s, "movement")
    h = s.hash()
    with pytest.raises(IllegalAction, match="5.2"):
        s.apply(f"activate {lab(idx(s.unit('de-352')['hex']))}")
    assert s.hash() == h


def test_reserve_step_offers_only_stacks_that_can_move():
    # onslaught 4.0, 6.4, 8.6: in the German Reserve Step a stack that cannot trace supply when activated
    # could not move strategically, so activating it would only waste a supply point: it is not offered
    # (the old code offered every stack three MP from the Allies)
    s = new()
    clear(s)
    b = s.board
    for p in b.ports:  # no fortified port left to the Germans in Brittany
        if p.fortified:
            s.g["captured"].append(s.map.label(p.hex))
    allies = iter(units("allied", "inf", 30))
    for h in bits(b.land):  # an Allied line across the base of Brittany cuts the west off
        if b.offset[h][0] == 6:
            put(s, next(allies), h)
    west = min(h for h in bits(b.land) if b.offset[h][0] <= 2)
    cut = put(s, units("german", "inf", 1)[0], west)
    home = put(s, units("german", "inf", 2)[1], first_with(lambda h: (b.germany >> h) & 1 and (b.east_edge >> h) & 1))
    assert not in_supply(s, cut) and strategic_eligible(s, cut) and in_supply(s, home)
    enter(s, {"step": "reserve_step"})
    assert s.frame()["step"] == "movement_action"
    assert f"activate {s.unit(cut)['hex']}" not in legal(s)
    assert f"activate {s.unit(home)['hex']}" in legal(s)
