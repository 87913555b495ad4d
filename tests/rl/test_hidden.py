"""No observation carries hidden information: positions a side cannot tell apart give it identical
observations (planes, globals and action mask), whatever the hidden facts or the dice to come."""

from __future__ import annotations

import random

import numpy as np

import westfront
import westfront.rl as rl
from westfront.ai import RandomAgent
from westfront.ai.hooks import hooks_for
from westfront.core.rng import seed_state
from westfront.games import registry


def same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return all(np.array_equal(a[k], b[k]) for k in ("observation", "globals", "action_mask"))


def truths(game_id: str, options: dict | None, decisions: int, seed: int = 0):
    """Along a random game: (position, side, another truth of it for that side) — the game's own
    determinisation with the real dice kept, so only the hidden facts differ."""
    hooks = hooks_for(game_id)
    s = westfront.load(game_id, seed=seed, options=options)
    agent = RandomAgent(seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if s.is_terminal():
            return
        for side in s.INFO.players:
            other = hooks.game_determinize(s, side, rng)
            other.g["rng"] = s.g["rng"]
            if other.hash() != s.hash():
                yield s, side, other
        s.apply(agent.choose(s, s.current_player()))


def test_future_dice_never_enter_an_observation(game_id):
    # every game's dice come from its RNG: two positions alike but for the RNG's future look alike
    s = westfront.load(game_id, seed=0)
    agent = RandomAgent(0)
    for _ in range(15):
        s.apply(agent.choose(s, s.current_player()))
    other = s.clone()
    other.g["rng"] = seed_state(123456789)
    assert other.hash() != s.hash()
    for side in s.INFO.players:
        assert same(rl.observe_state(s, side), rl.observe_state(other, side))


def test_hidden_facts_never_enter_an_observation(game_id):
    # each game's determinize re-samples exactly what a side may not see; its observation must not move
    if not hooks_for(game_id).hidden_information:
        return  # nothing hidden but the dice (previous test)
    pairs = 0
    for s, side, other in truths(game_id, None, 60):
        assert same(rl.observe_state(s, side), rl.observe_state(other, side))
        pairs += 1
    del pairs  # default options may hide nothing yet; the 1944 tests below force hidden pieces


def test_1944_hidden_markers_and_objective_card():
    # 1944 18.5: the Allies see hidden markers, not what is under them; 1944 18.2: the German player
    # does not see the Allied objective card. Truths that differ only there must look the same.
    found = {"allied": 0, "german": 0}
    for s, side, other in truths("dday-to-the-rhine", {"phantoms": True, "objectives": "random"}, 250):
        a, b = rl.observe_state(s, side), rl.observe_state(other, side)
        assert same(a, b), f"{side} can tell two truths apart at decision {len(s.history)}"
        found[side] += 1
        if found["allied"] >= 8 and found["german"] >= 8:
            break
    assert found["allied"] >= 8 and found["german"] >= 8


def test_1944_hidden_markers_are_counted_as_hidden():
    # 1944 18.5: a hidden piece shows in the Allied planes as a hidden unit, never by its kind
    s = westfront.load("dday-to-the-rhine", seed=0, options={"phantoms": True})
    agent = RandomAgent(0)
    while not any(u.get("kind") == "hidden" for u in s.view("allied")["units"]):
        s.apply(agent.choose(s, s.current_player()))
    obs = rl.observe_state(s, "allied")["observation"]
    names = rl.spaces_for("dday-to-the-rhine").observer.spec.plane_names
    hidden = obs[names.index("side1:units:hidden")]
    n_hidden = sum(1 for u in s.view("allied")["units"] if u.get("kind") == "hidden" and u.get("hex"))
    assert hidden.sum() == n_hidden > 0
    kinds = rl.spaces_for("dday-to-the-rhine").layout.unit_kinds
    seen_by_allies = sum(obs[names.index(f"side1:units:{k}")].sum() for k in kinds)
    german = rl.observe_state(s, "german")["observation"]
    truth = sum(german[names.index(f"side0:units:{k}")].sum() for k in kinds)
    assert german[names.index("side0:units:hidden")].sum() == 0  # the German player knows his pieces
    assert seen_by_allies < truth  # the hidden real pieces' kinds and steps are not in the Allied planes


def test_fog_of_war_units_out_of_sight(monkeypatch):
    # a game whose view hides distant enemy units: moving such a unit elsewhere out of sight changes
    # nothing the other side observes, moving it into sight does
    monkeypatch.setitem(registry.GAMES, "fog-skirmish", "tests.server.foggame")
    registry._loaded.pop("fog-skirmish", None)
    s = westfront.load("fog-skirmish", seed=0)
    assert s.current_player() == "blue"
    assert "r-arm-1" not in {u["id"] for u in s.view("blue")["units"]}
    other = s.clone()
    other.move_piece("r-arm-1", "1107")  # still far from every blue unit (clones share records: the kit writes)
    assert other.hash() != s.hash()
    assert same(rl.observe_state(s, "blue"), rl.observe_state(other, "blue"))
    near = s.clone()
    near.move_piece("r-arm-1", "0405")  # next to b-inf-1 (0304)
    assert not same(rl.observe_state(s, "blue"), rl.observe_state(near, "blue"))
