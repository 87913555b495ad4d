"""Race to the Rhine's lessons beyond the common checks (tests/lessons/test_lessons.py): the refusals and the
alternatives their texts promise, and that a lesson's data survives being played (rttr 4.1-4.9)."""

from __future__ import annotations

from westfront import lessons
from westfront.lessons.runner import Run


def test_a_lesson_plays_the_same_twice():
    # the set-up's values are copied into the game: the engine's edits (an Axis marker beaten at Remiremont,
    # rttr 4.4; Food trucked out of the Aix depot, rttr 4.6) must not change the lesson's data
    for lid in ("rttr-4-4-movement-halted", "rttr-4-6-no-food", "rttr-4-5-truck-supplies"):
        x = lessons.get(lid)
        first = lessons.play_through(x)
        second = lessons.play_through(x)
        assert first == second and all(c["ok"] for c in second), lid


def test_a_flipped_corps_move_is_refused_citing_the_logistics_step():
    # rttr 4.6: II FR without Food flips and cannot move until Food reaches it
    r = Run(lessons.get("rttr-4-6-no-food"))
    r.advance()
    before = r.state.hash()
    att = r.attempt("move II-FR")
    assert not att.ok and att.refusal.startswith("rttr 4.6") and "trucks 2" in att.hint
    assert r.state.hash() == before


def test_the_used_road_is_refused_citing_truck_supplies():
    # rttr 4.5: no Truck from Lons-le-Saunier straight to Besançon, a Truck is there from a previous round
    r = Run(lessons.get("rttr-4-5-truck-supplies"))
    r.advance()
    att = r.attempt("link lons_le_saunier besancon")
    assert not att.ok and att.refusal.startswith("rttr 4.5") and "already in use" in att.refusal


def test_an_ffi_marker_in_besancon_would_have_stopped_the_counter_attack():
    # rttr 4.8 with rttr 3.3.2: the lesson's text says an FFI marker moved into Besançon protects it
    r = Run(lessons.get("rttr-4-8-besancon"))
    r.advance()
    r.advance()
    s = r.state
    s.apply("ffi pontarlier besancon")
    assert s.controller("besancon") == "patch_devers" and s.gg["medals"]["patch_devers"] == 1
    played = Run(lessons.get("rttr-4-8-besancon"))
    for _ in range(3):
        played.advance()
    assert played.state.controller("besancon") is None


def test_the_lessons_follow_the_rulebook_order():
    # issue 36: the sequence of play first, then the text's special rules (3.x) and examples (4.x) in its order
    ids = [x.id for x in lessons.lessons_for("race-to-the-rhine")]
    assert ids == ["rttr-sequence", "rttr-3-3-2-ffi-support", "rttr-3-3-3-contact", "rttr-4-1-freiburg", "rttr-4-4-movement-halted", "rttr-4-5-truck-supplies",
                   "rttr-4-6-logistics-levels", "rttr-4-6-no-food", "rttr-4-8-besancon", "rttr-4-9-le-thillot",
                   "rttr-4-9-patton-no-priority"]
