"""SFN 10.6 fog of war: what the German may not see never reaches his seat."""

from __future__ import annotations

import json
import random

from westfront.ai.hooks import hooks_for
from westfront.core.state import is_visible
from westfront.games.second_front_now.data import units
from westfront.games.second_front_now.view import hidden_from
from westfront.testing.kit import new


def hidden_ids(s):
    return {u for u in s.g["units"] if hidden_from(s, "german", u)}


def test_german_view_actions_and_log_hide_allied_stacks():
    # SFN 10.6: the German never sees what is inside Allied stacks or the England box
    s = new("second-front-now", 3)
    rnd = random.Random(3)
    checked = 0
    for _ in range(1500):
        if s.is_terminal():
            break
        secret = hidden_ids(s)
        blob = json.dumps(s.view("german"))
        assert not any(f'"{u}"' in blob for u in secret)
        if s.current_player() == "german":
            for a in s.legal_actions():
                assert not set(a.args) & secret, a
        checked += 1
        events = s.apply(rnd.choice(s.legal_actions()))
        for e in events:
            named = set(e.get("units") or []) | ({e["unit"]} if isinstance(e.get("unit"), str) else set())
            allied = any(units()[u].side == "allied" for u in named if u in units())
            if e["type"] in ("move", "group", "commit", "land", "rebuild", "restore") and allied:
                assert not is_visible(e, "german"), e
            if e["type"] == "supply_allied":
                assert not is_visible(e, "german"), e
    assert checked > 500


def test_the_german_cannot_tell_two_truths_apart():
    # SFN 10.6: two positions differing only in which Allied unit is where look the same to the German
    s = new("second-front-now", 5)
    rnd = random.Random(5)
    while not (s.g["turn"] >= 3 and s.current_player() == "german" and s.frame()["step"] == "command"):
        s.apply(rnd.choice(s.legal_actions()))
    hooks = hooks_for("second-front-now")
    other = hooks.determinize(s, "german", random.Random(1))
    assert other.view("german") == s.view("german")
    assert [str(a) for a in other.legal_actions()] == [str(a) for a in s.legal_actions()]
    # SFN 10.6: the Allied player sees everything German (and his own units, of course)
    assert not any(hidden_from(s, "allied", u) for u in s.g["units"])


def test_without_fog_everything_is_open():
    # SFN 10.6 beginners' note: with fog of war off both players see all stacks
    s = new("second-front-now", 1, fog_of_war=False)
    s.apply("calais")
    assert not hidden_ids(s)
    assert any(u["id"] == "cw-1cdn" for u in s.view("german")["units"])


def test_small_fuzz_to_the_end():
    # SFN 5.2: random play through all 80 turns ends with a result (4.6)
    from westfront.testing.fuzz import fuzz
    rep = fuzz("second-front-now", games=1, seed=11, deep_every=400)
    assert rep.games == 1 and sum(rep.results.values()) == 1


def test_samples_depend_only_on_what_the_german_sees():
    # SFN 10.6: two truths the German cannot tell apart give the search identical samples
    s = new("second-front-now", 7)
    rnd = random.Random(7)
    while not (s.g["turn"] >= 4 and s.current_player() == "german" and s.frame()["step"] == "command"):
        s.apply(rnd.choice(s.legal_actions()))
    hooks = hooks_for("second-front-now")
    other = hooks.determinize(s, "german", random.Random(99))
    other.g["rng"] = s.g["rng"]
    assert other.view("german") == s.view("german")
    for k in range(3):
        a = hooks.determinize(s, "german", random.Random(k))
        b = hooks.determinize(other, "german", random.Random(k))
        assert a.g["units"] == b.g["units"]
