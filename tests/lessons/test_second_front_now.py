"""The refusals the Second Front Now! lessons tell the player to try: each is the engine's own, citing the rule the
rulebook's example illustrates (docs/lessons.md)."""

from __future__ import annotations

from westfront import lessons
from westfront.games.second_front_now.plans import drop_days
from westfront.lessons.runner import Run


def at(lesson_id: str, step: int) -> Run:
    """The lesson with its first ``step`` steps played."""
    r = Run(lessons.get(lesson_id))
    for _ in range(step):
        r.advance()
    return r


def refused(r: Run, action: str) -> str:
    before = r.state.hash()
    att = r.attempt(action)
    assert not att.ok and att.hint
    assert r.state.hash() == before  # a refused action leaves the state unchanged
    return att.refusal


def test_the_blooded_4th_armored_cannot_land():
    # SFN 2.13 / 7.3: the untried one-step counter enters from England; the blooded one waits in its own box
    assert refused(at("sfn-2-13-untried", 0), "enter us-4arm").startswith("SFN 7.3:")


def test_no_command_while_a_battle_is_open():
    # SFN 6.5: one command is completely executed before the next is begun
    r = at("sfn-6-5-sequencing", 2)
    assert refused(r, "move 2211")
    assert r.state.frame()["step"] == "fire"


def test_a_stack_that_moved_may_neither_attack_nor_move_again():
    # SFN 6.4: no unit or stack may move twice, or move and attack, in one player turn
    r = at("sfn-6-4-one-action", 2)
    assert r.state.g["cp"]["german"] == 2
    assert refused(r, "attack 2210 2109").startswith("SFN 6.4:")
    assert refused(r, "move 2210").startswith("SFN 6.4:")


def test_withheld_infantry_is_no_target():
    # SFN 6.3: the infantry left out of the attack is not in the battle; SFN 13.5: the artillery is no target
    r = at("sfn-6-3-withhold", 4)
    assert refused(r, "fire cw-50 g-47")
    assert refused(r, "fire cw-50 g-lxxxi").startswith("SFN 13.5")


def test_hq_waits_a_turn_in_the_south_box():
    # SFN 6.6: 10th Army HQ, in the South box on turn 5, may go to the CP box only from turn 6
    r = at("sfn-6-6-hq", 4)
    assert r.state.g["turn"] == 5 and r.state.g["units"]["g-10a"]["box"] == "south"
    assert refused(r, "hq g-10a").startswith("SFN 6.6:")


def test_17th_ss_may_not_enter_on_its_arrival_turn():
    # SFN 7.1: no unit enters the map on the game turn it reached the North box
    r = at("sfn-7-1-17ss", 5)
    assert r.state.g["turn"] == 60
    assert refused(r, "enter g-17ss").startswith("SFN 7.1:")


def test_french_may_not_stop_with_the_british():
    # SFN 10.2: the Free French stack as US units, and US and Commonwealth never end a move together
    assert refused(at("sfn-10-2-stacking", 1), "to 2108").startswith("SFN 10.2:")


def test_strategic_move_may_not_enter_the_zoc_of_2009_but_1909_is_free():
    # SFN 11.2 / 12.5: 2010 is in the ZOC of the unit in 2009, 1909 is not (all-sea hexside)
    r = at("sfn-11-2-zoc-sea", 1)
    assert refused(r, "to 2010").startswith("SFN 12.5:")
    assert r.attempt("to 1909").ok


def test_le_havre_to_1013_is_refused_across_the_all_sea_hexside():
    # SFN 12.3: moving directly from 1012 to 1013 is prohibited
    msg = refused(at("sfn-12-3-sea-hexside", 1), "to 1013")
    assert msg.startswith("SFN 12.3:") and "1012|1013 is all-sea" in msg


def test_withdrawn_101st_may_drop_from_d_plus_56():
    # SFN 15.5: withdrawn on D+26, the 101st rests in England until at least D+56 (plans are 2-7 turns ahead, 15.6)
    r = at("sfn-15-5-withdrawal", 3)
    s = r.state
    assert s.g["units"]["us-101abn"]["withdrawn"] == 26
    days = {}
    for t in (26, 48, 49, 50):
        s.g["turn"] = t
        days[t] = drop_days(s, "us-101abn")
    assert days == {26: [], 48: [], 49: [56], 50: [56, 57]}


def test_blue_point_chaos_day_refuses_moves():
    # SFN 15.7: on chaos day the Allies may not move, land or attack
    r = at("sfn-15-7-blue-point", 3)
    assert refused(r, "move 2006").startswith("SFN 15.7:")


def test_every_example_move_has_a_button_on_the_lesson_page():
    # issue 36: the lesson page shows 60 choices and every other kind (westfront/web/js/lesson.js shownActions); a
    # whole SFN turn has 68+ moves, so 'end', 'hq g-10a' or 'enter g-17ss' must survive the cut
    for lesson in lessons.lessons_for("second-front-now"):
        r = Run(lesson)
        while not r.done:
            st = r.step
            assert st is not None
            if st.action is not None:
                acts = [str(a) for a in r.state.legal_actions()]
                head = acts[:60]
                kinds = {a.split()[0] for a in head}
                assert st.action in head or st.action.split()[0] not in kinds, (lesson.id, r.at + 1, st.action)
            r.advance()
