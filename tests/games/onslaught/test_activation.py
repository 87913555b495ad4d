"""Activations that could do nothing are never offered (onslaught 5.2, 5.3, 5.5, 4.0).

5.2: a supply point is paid for each stack that moves or attacks. A stack that
can do neither would only lose its point, so no kind of activation offers it,
the refusal says why, the preview says so, and a type of action with nothing
to activate is not offered either (nor listed in the prompt).
"""

from __future__ import annotations

import random

import pytest

import westfront
from westfront.core.errors import IllegalAction

from .helpers import clear, enter, legal, nb, new, open_areas, play, put, quiet_centre, to_action, units, walk


def pinned_german(s, centre: int) -> str:
    """A German division at ``centre`` with Allied divisions on three alternate neighbours: every free
    neighbour is in Allied ZOC, and from ZOC it may not step straight into ZOC (6.2), nor move
    strategically (6.4) — it cannot move at all."""
    g = put(s, units("german", "inf", 1)[0], centre)
    for d, u in zip((0, 2, 4), units("allied", "inf", 3), strict=True):
        put(s, u, nb(centre, d))
    return g


def dist(s, a: int, b: int) -> int:
    (qa, ra), (qb, rb) = s.map.axial[a], s.map.axial[b]
    return max(abs(qa - qb), abs(ra - rb), abs(qa - qb + ra - rb))


def far_hex(s, c: int) -> int:
    """An open hex as far from ``c`` as the map allows (beyond any strategic-movement distance, 6.4)."""
    return max(open_areas(2), key=lambda h: dist(s, h, c))


def far_german(s, c: int) -> int:
    """A German division far from the Allies around ``c`` (it can move, strategically too): its hex."""
    h = far_hex(s, c)
    put(s, units("german", "inf", 2)[1], h)
    return h


def test_movement_never_offers_a_stack_that_cannot_move():
    # onslaught 5.2, 5.3, 6.2: a stack that cannot move would waste its supply point: not offered,
    # refused with the rule and the actual cause, state unchanged (the old code charged it a point and
    # then offered only "done": turn 1, activate 0519, 0920, 1020, 1120)
    s = new()
    clear(s)
    c = quiet_centre()
    pinned_german(s, c)
    free = far_german(s, c)
    to_action(s, "german")
    s.g["supply_points"]["german"] = 5
    play(s, "movement")
    acts = legal(s)
    pinned = f"activate {s.map.label(c)}"
    assert pinned not in acts and f"activate {s.map.label(free)}" in acts
    h = s.hash()
    with pytest.raises(IllegalAction, match=r"5\.2, 5\.3.*could do nothing.*none of its divisions can move"):
        s.apply(pinned)
    assert s.hash() == h and s.supply_points("german") == 5
    p = s.preview(pinned)
    assert p["nothing"] and p["can_move"] == [] and "5.2" in p["why"]
    q = s.preview(f"activate {s.map.label(free)}")
    assert not q["nothing"] and q["can_move"] and "why" not in q


def test_no_movement_action_when_no_stack_could_move():
    # onslaught 5.1, 5.2: with only the pinned stack, Movement is not offered (it could only be a pass) and
    # the prompt lists only the legal choices: no "breakthrough" without armour (the old prompt always did)
    s = new()
    clear(s)
    pinned_german(s, quiet_centre())
    to_action(s, "german")
    s.g["supply_points"]["german"] = 5
    assert legal(s) == ["combat", "pass"]
    assert s.prompt().endswith("combat or pass") and "breakthrough" not in s.prompt()
    with pytest.raises(IllegalAction, match=r"5\.2, 5\.3.*none of your stacks could move"):
        s.apply("movement")


def test_prompt_names_breakthrough_when_it_is_legal():
    # onslaught 5.5: armour that can move makes Breakthrough legal, and the prompt then names it
    s = new()
    clear(s)
    put(s, units("german", "pz", 1)[0], quiet_centre())
    to_action(s, "german")
    s.g["supply_points"]["german"] = 5
    assert legal(s) == ["movement", "breakthrough", "pass"]
    assert "movement, breakthrough or pass" in s.prompt()


def test_breakthrough_offers_armour_that_can_only_attack():
    # onslaught 5.5: activated armour may move or attack; pinned armour next to the enemy can still attack,
    # so it is offered, and its preview says what it could attack
    s = new()
    clear(s)
    c = quiet_centre()
    arm = put(s, units("german", "pz", 1)[0], c)
    for d, u in zip((0, 2, 4), units("allied", "inf", 3), strict=True):
        put(s, u, nb(c, d))
    to_action(s, "german")
    s.g["supply_points"]["german"] = 5
    play(s, "breakthrough")
    assert legal(s) == [f"activate {s.map.label(c)}", "done"]
    p = s.preview(f"activate {s.map.label(c)}")
    assert p["can_move"] == [] and len(p["can_attack"]) == 3 and not p["nothing"] and p["units"] == [arm]


def test_reserve_step_refuses_a_stack_without_a_strategic_move():
    # onslaught 4.0, 6.4, 8.6: in the Reserve Step (strategic moves only) a stack two hexes from the enemy,
    # or one out of supply, has no strategic move: not offered, and each refusal names its own cause
    s = new()
    clear(s)
    cut = quiet_centre()
    pinned_german(s, cut)
    free = far_german(s, cut)
    c = next(h for h in open_areas(2) if min(dist(s, h, cut), dist(s, h, free)) > 8)
    near = put(s, units("german", "inf", 3)[2], c)
    put(s, units("allied", "inf", 4)[3], walk(c, 0, 0))
    enter(s, {"step": "reserve_step"})
    assert legal(s) == [f"activate {s.map.label(free)}", "done"]
    with pytest.raises(IllegalAction, match=r"5\.2, 4\.0.*none of its divisions has a strategic move"):
        s.apply(f"activate {s.map.label(c)}")
    with pytest.raises(IllegalAction, match=r"5\.2, 4\.0.*cannot trace supply"):
        s.apply(f"activate {s.map.label(cut)}")
    assert s.hex_of(near) == c


@pytest.mark.parametrize("options", [None, {"allied_cooperation": True, "infantry_breakthrough": True}])
def test_no_offered_activation_is_a_no_op_in_random_play(options):
    # onslaught 5.2, 5.3, 5.5, 4.0: over random play, every activation offered (Movement, Breakthrough,
    # Reserve Step) leaves something to do; the old code offered 52 no-ops in 6,122 over 4 games to turn 6
    offered = 0
    for seed in range(2):
        rng = random.Random(seed)
        s = westfront.load("onslaught", options=options, seed=seed)
        while s.result() is None and s.g["turn"] <= 3:
            acts = s.legal_actions()
            if s.frame()["step"] in ("movement_action", "breakthrough_action"):
                for a in acts:
                    if a.verb == "activate":
                        offered += 1
                        c = s.clone()
                        c.apply(a)
                        assert [x.verb for x in c.legal_actions()] != ["done"], (s.g["turn"], str(a))
            s.apply(rng.choice(acts))
    assert offered > 100
