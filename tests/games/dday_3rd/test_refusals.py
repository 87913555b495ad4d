"""Every refusal names the rule and the actual cause (issue 30: refusals of `add`, `land`, `drop`, … said only
"not legal now"). Targeted positions for the causes, and a sweep over played games for the rest."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from westfront.core.errors import IllegalAction
from westfront.testing.kit import new

from .helpers import empty, put, start


def refusal(s, text: str) -> str:
    h = s.hash()
    with pytest.raises(IllegalAction) as e:
        s.apply(text)
    assert s.hash() == h  # refused: the position is unchanged
    return str(e.value)


def test_an_attacker_that_is_not_adjacent_is_told_so():
    # D-Day §10: every attacker is adjacent to every target hex
    s = empty(week=5)
    put(s, "DE-711-STD", "T32")
    put(s, "BR-6-ABID", "T33")
    put(s, "US-1-ID", "W36")
    start(s, "combat", side="allied")
    s.apply("attack T32")
    why = refusal(s, "add US-1-ID")
    assert why.startswith("D-Day 10:") and "not adjacent to T32" in why


def test_an_attacker_already_committed_is_told_so():
    # D-Day §10: a unit attacks once a phase
    s = empty(week=5)
    put(s, "DE-711-STD", "T32")
    put(s, "DE-352-ID", "U34")
    put(s, "BR-6-ABID", "T33")
    put(s, "US-1-ID", "U33")
    start(s, "combat", side="allied")
    s.apply("attack T32")
    s.apply("add BR-6-ABID")
    s.apply("declare")
    s.apply("attack U34")
    assert "committed to another combat" in refusal(s, "add BR-6-ABID")


def test_carpet_bombing_refused_for_a_hex_not_attacked_last_week():
    # D-Day §10.1.2: carpet bombing only on a hex attacked the week before
    s = empty(week=5)
    put(s, "DE-711-STD", "T32")
    put(s, "BR-6-ABID", "T33")
    s.g["attacked_last"] = []
    start(s, "combat", side="allied")
    s.apply("attack T32")
    s.apply("add BR-6-ABID")
    why = refusal(s, "air bomber")
    assert why.startswith("D-Day 10.1.2:") and "attacked last week" in why


def test_an_hq_cannot_invade():
    # D-Day §7: headquarters take no part in the first two weeks of an invasion
    s = new("dday-3rd", 1)
    s.apply("invade normandy")
    why = refusal(s, "land US-1-HQA")
    assert why.startswith("D-Day 7:") and "headquarters" in why


def test_the_first_invasion_cannot_be_passed():
    # D-Day §7: the week-1 invasion is mandatory
    s = new("dday-3rd", 1)
    assert "mandatory" in refusal(s, "pass")


def test_a_twin_counter_is_told_which_one_is_offered():
    # D-Day §7: identical counters are offered once (one decision per kind); the twin names the one offered
    s = new("dday-3rd", 1)
    s.apply("invade normandy")
    offered = {str(a).split()[1] for a in s.legal_actions() if a.verb == "land"}
    twins = [u for u in s.g["units"] if u.startswith("US-") and u.endswith("-ID") and u not in offered
             and s.g["units"][u]["box"] == "britain" and s.defn(u).arrival <= 1]
    assert twins, "the scenario has identical US infantry divisions in Britain"
    why = refusal(s, f"land {twins[0]}")
    assert "identical to" in why


def test_a_region_refusal_names_no_internal_id():
    # D-Day §8 (drops, region first): the refusal does not echo a region id
    s = new("dday-3rd", 1)
    s.apply("invade normandy")
    while s.frame()["step"] == "invasion":  # type: ignore[index]
        s.apply(s.legal_actions()[0])
    assert s.frame()["step"] == "airborne"  # type: ignore[index]
    drops = [a for a in s.legal_actions() if a.verb == "drop"]
    s.apply(drops[0])
    if s.frame()["step"] == "hex_choice" and any(a.verb == "region" for a in s.legal_actions()):  # type: ignore[index]
        why = refusal(s, "region rows99_cols99")
        assert why.startswith("D-Day 8:") and "rows99" not in why


def test_every_refusal_of_a_verb_the_decision_takes_cites_the_rule():
    # D-Day §5.2, §6.2, §7, §8, §9, §10, §11: over played games, an action this decision takes in other
    # positions (a unit, hex or combat it does not allow now) is refused with a D-Day section, never the
    # generic "not legal now"; the position is unchanged
    rng = random.Random(3)
    pool: dict[str, list[str]] = defaultdict(list)
    tried = 0
    for seed in (0, 1):
        s = new("dday-3rd", seed)
        for _ in range(700):
            if s.is_terminal():
                break
            acts = s.legal_actions()
            legal = {str(a) for a in acts}
            for a in acts[:8]:
                pool[a.verb].append(str(a))
                del pool[a.verb][:-200]
            for verb in {a.verb for a in acts}:
                for text in rng.sample(pool[verb], min(2, len(pool[verb]))):
                    if text in legal:
                        continue
                    why = refusal(s, text)
                    tried += 1
                    assert "not legal now" not in why and why.startswith("D-Day "), (text, s.prompt(), why)
            s.apply(rng.choice(acts))
    assert tried > 500


def test_a_move_refusal_gives_the_actual_cause_not_a_list():
    # D-Day §9.1, §9.1.4, §9.1.5: too far is told with the distance; a hex behind enemy ZOC is told as such
    s = empty(week=5)
    put(s, "DE-352-ID", "T31")
    put(s, "DE-711-STD", "S31")
    put(s, "US-1-ID", "T34")
    start(s, "movement", side="allied")
    s.apply("move US-1-ID")
    far = refusal(s, "to T24")
    assert far.startswith("D-Day 9.1:") and "hexes away by land, more than 8" in far and "ZOC" not in far
    behind = refusal(s, "to T30")
    assert "T30 is 5 hexes away, but every way there enters enemy ZOC" in behind and "mountain" not in behind
