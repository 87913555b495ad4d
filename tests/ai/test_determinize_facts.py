"""A determinised sample carries no stale derived fact (hooks.determinize, issue 21's search).

A sample is a clone, so it starts with the original's memoised facts (core/state.py: the one cache
contract); a game's ``determinize`` that re-samples a hidden part must forget the facts that read it
(``touch``). Checked behaviourally: what the search asks of a sample — the legal actions, the priors,
the evaluation for each side, there and a few decisions on — must be what a copy with an empty cache
answers. (Checked along random games of every game: no determinize leaves a stale fact; 1944's German
sample redraws the objective and the card order, Race to the Rhine's the deck order, and no cached fact
reads them.)"""

from __future__ import annotations

import random

import westfront
from westfront.ai import RandomAgent
from westfront.ai.hooks import hooks_for


def _asked_of(s: westfront.State) -> tuple[object, ...]:
    hooks = hooks_for(s.INFO.id)
    mover = s.current_player()
    acts = s.legal_actions()
    priors = hooks.score_actions(s, mover, acts) if mover is not None and acts else []
    return ([str(a) for a in acts], priors, [hooks.evaluate(s, side) for side in s.INFO.players])


def test_a_sample_answers_like_a_copy_that_cached_nothing(game_id):  # every registered game (conftest)
    s = westfront.load(game_id, seed=11)
    agent = RandomAgent(11)
    hooks = hooks_for(game_id)
    rng = random.Random(5)
    checked = 0
    for step in range(240):
        if s.is_terminal():
            break
        if step % 40 == 5:
            _asked_of(s)  # fill the original's cache, which the samples inherit
            for side in s.INFO.players:
                sample = hooks.determinize(s, side, rng)
                fresh = sample.clone()
                fresh.touch()  # the same position with an empty cache
                for depth in range(3):  # and a few decisions on, where a stale fact shows in what is offered
                    asked = _asked_of(sample)
                    assert asked == _asked_of(fresh), f"{game_id} step {step}, {side}'s sample, {depth} on"
                    if sample.is_terminal():
                        break
                    action = rng.choice(asked[0])
                    sample.apply(action)
                    fresh.apply(action)
                checked += 1
        s.apply(agent.choose(s, s.current_player()))
    assert checked >= 2 or s.is_terminal() and checked >= 1


def test_the_check_sees_a_sample_changed_without_touch():
    # the comparison has teeth: an enemy unit moved in a sample without ``touch`` leaves the inherited ZOC stale,
    # and the destinations offered once a unit is picked differ from those of a copy that cached nothing
    s = westfront.load("skirmish", seed=3)
    _asked_of(s)
    sample = s.clone()
    enemy = next(u for u in sample.g["units"].values() if u["side"] == "red")
    sample.edit("units", enemy["id"])["hex"] = "0405"  # next to b-inf-1 (0304)
    fresh = sample.clone()
    fresh.touch()
    for state in (sample, fresh):
        state.apply("move b-inf-1")
    assert _asked_of(sample) != _asked_of(fresh)
