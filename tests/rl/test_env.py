"""The RL environments on every registered game: PettingZoo's and Gymnasium's own conformance
checks, seeded reproducibility, the action mask against the engine's legal actions, frames."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import westfront
import westfront.rl as rl
from westfront.ai import RandomAgent, get_agent
from westfront.core.errors import IllegalAction

STEPS = 40  # decisions per episode in the conformance runs: enough to cross phases, small enough for make test


def pick(obs: dict, rng: np.random.Generator) -> int:
    """A random legal index."""
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo/Gymnasium style advice (agent names, dict observations)
        yield


def test_pettingzoo_api(game_id):
    api_test(rl.env(game_id, max_steps=STEPS), num_cycles=STEPS // 2)


def test_pettingzoo_seed(game_id):
    seed_test(lambda: rl.env(game_id, max_steps=STEPS), num_cycles=STEPS // 2)


def test_gymnasium_check_env(game_id):
    check_env(rl.gym_env(game_id, opponent="random", max_steps=STEPS), skip_render_check=True)


def test_same_seed_same_trajectory_different_seed_differs(game_id):
    # determinism: a game is its scenario, options, seed and actions; the env adds nothing random
    def run(seed):
        e = rl.env(game_id, max_steps=STEPS)
        e.reset(seed=seed)
        picks = np.random.default_rng(0)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else int(picks.choice(np.flatnonzero(obs["action_mask"]))))
        return e.game.hash(), list(e.game.history)

    assert run(3) == run(3)
    assert run(3)[0] != run(4)[0]


def test_mask_is_exactly_the_legal_actions(game_id):
    e = rl.env(game_id)
    e.reset(seed=1)
    r = RandomAgent(1)
    for _ in range(STEPS):
        s = e.game
        if s.is_terminal():
            break
        agent = e.agent_selection
        assert agent == s.current_player()
        mask = e.observe(agent)["action_mask"]
        legal = s.legal_actions()
        indices = np.flatnonzero(mask)
        assert len(indices) == len(legal)  # none lost, none invented
        assert sorted(str(e.action_of(agent, i)) for i in indices) == sorted(str(a) for a in legal)
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()  # only the side asked may act
        a = r.choose(s, agent)
        idx = e.index_of(agent, a)
        d = e.codec.describe(idx)
        if d.verb != "overflow" and not d.verb.startswith("bucket:"):
            assert d.verb == a.verb
        if d.location_kind in ("location", "unit", "box"):
            view_units = {u["id"]: u for u in s.view(agent)["units"]}
            assert d.location in a.args or any(view_units.get(x, {}).get("hex") == d.location for x in a.args)
        e.step(idx)


def test_illegal_index_raises_or_is_a_noop(game_id):
    e = rl.env(game_id)
    e.reset(seed=0)
    agent = e.agent_selection
    bad = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    before = e.game.hash()
    with pytest.raises(IllegalAction):
        e.step(bad)
    assert e.game.hash() == before
    g = rl.gym_env(game_id, opponent="random")
    obs, _ = g.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = g.aec.game.hash()
    _, reward, term, trunc, info = g.step(bad)
    assert info["illegal"] and reward == 0.0 and not term and not trunc and g.aec.game.hash() == before


def test_observation_follows_the_position(game_id):
    # the dynamic planes are not constant: a decision that changes the position changes them
    e = rl.env(game_id)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    layout = e.spaces.layout
    static = len(layout.static_names)
    first = {a: e.observe(a) for a in e.possible_agents}
    for _agent in e.agent_iter(400):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        e.step(pick(obs, rng))
        now = {a: e.observe(a)["observation"][static:] for a in e.possible_agents}
        if any(not np.array_equal(now[a], first[a]["observation"][static:]) for a in e.possible_agents):
            break
    else:
        pytest.fail("400 decisions changed no dynamic plane")
    assert np.array_equal(first[e.possible_agents[0]]["observation"][:static], layout.static_planes)
    own_units = first[e.possible_agents[0]]["observation"][static]
    assert own_units.shape == layout.grid_shape


def test_win_loss_reward_at_the_end():
    # skirmish 6: the game ends with a winner; the env pays +1 and -1 and nothing before
    e = rl.env("skirmish", options={"turns": 4})
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        e.step(pick(obs, rng))
    r = e.game.result()
    assert r is not None and r.winner in total
    assert total[r.winner] == 1.0 and sum(total.values()) == 0.0


def test_info_carries_the_action_text_and_visible_events():
    e = rl.env("skirmish")
    e.reset(seed=0)
    agent = e.agent_selection
    idx = e.index_of(agent, "move b-inf-1")
    e.step(idx)
    assert e.infos[agent]["action"] == "move b-inf-1"
    assert "action" not in e.infos["red"]
    e.step(e.index_of("blue", e.game.legal_actions()[0]))
    assert any(ev["type"] == "move" for ev in e.infos["red"]["events"])


def test_shaped_reward_is_potential_based():
    # the shaped term telescopes: over an episode it sums to the final potential minus the first
    e = rl.env("skirmish", reward="shaped", options={"turns": 4})
    e.reset(seed=1)
    players = {a: get_agent("heuristic", seed=k) for k, a in enumerate(e.possible_agents)}  # they attack
    first = dict(e._potential)
    total = {a: 0.0 for a in e.possible_agents}
    moved = False
    for agent in e.agent_iter():
        _, reward, term, trunc, _ = e.last()
        total[agent] += reward
        e.step(None if term or trunc else e.index_of(agent, players[agent].choose(e.game, agent)))
        moved |= not e.game.is_terminal() and any(x != 0 for x in e.rewards.values())
    r = e.game.result()
    last = e._potentials()
    for a in total:
        win = 0.0 if r.winner is None else (1.0 if r.winner == a else -1.0)
        assert total[a] == pytest.approx(win + last[a] - first[a])
    assert moved  # losses in combat paid something before the end


def test_gym_opponent_plays_the_other_side():
    g = rl.gym_env("skirmish", side="red", opponent="heuristic", options={"turns": 4})
    obs, info = g.reset(seed=3)
    assert g.aec.game.current_player() == "red"  # blue moves first; the heuristic already played
    assert any(h.split()[0] in ("move", "end") for h in g.aec.game.history)
    done = False
    rng = np.random.default_rng(3)
    while not done:
        obs, reward, term, trunc, info = g.step(pick(obs, rng))
        done = term or trunc
        assert g.aec.game.is_terminal() or g.aec.game.current_player() == "red"
    assert reward in (-1.0, 0.0, 1.0) and "result" in info


def test_rgb_frames(game_id):
    e = rl.env(game_id, render_mode="rgb_array")
    e.reset(seed=0)
    a = e.render()
    assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3 and a.shape[0] > 50 and a.shape[1] > 50
    s = e.game
    v = s.view(None)
    if any(u.get("hex") for u in v["units"]):
        from westfront.rl.render import base_frame, draw
        empty = draw(game_id, {**v, "units": [], "markers": []}, tuple(e.possible_agents))
        assert np.array_equal(empty, base_frame(game_id)[0])
        assert not np.array_equal(a, empty)  # counters are drawn


def test_spaces_are_the_same_for_every_scenario_and_side(game_id):
    # one policy can play every scenario and either side
    envs = [rl.env(game_id, scenario=sc.id) for sc in westfront.api.registry.info(game_id).scenarios]
    first = envs[0].possible_agents[0]
    for x in envs:
        for a in x.possible_agents:
            assert x.observation_space(a) == envs[0].observation_space(first)
            assert x.action_space(a) == envs[0].action_space(first)


def test_point_to_point_maps_become_node_planes():
    # Race to the Rhine's map (westfront-p2p/1) is committed before its rules: its planes are per node
    import json
    from pathlib import Path

    from westfront.rl.layout import _p2p_static

    path = Path(westfront.__file__).parent / "games" / "race_to_the_rhine" / "data" / "map.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    shape, locations, cell, names, planes, nbrs, _ = _p2p_static(raw)
    nodes = raw.get("nodes") or raw.get("spaces")
    assert shape == (len(nodes),) and len(locations) == len(nodes) and list(cell) == list(range(len(nodes)))
    assert "on_map" in names and any(n.startswith("links:") for n in names) and any(n.startswith("zone:") for n in names)
    assert all(p.shape == shape for p in planes)
    links = {frozenset((ln["a"], ln["b"])) for ln in raw["links"]}
    assert sum(len(x) for x in nbrs) == 2 * len(links)  # adjacency from the links, both ways
    degrees = sum(planes[k] for k, n in enumerate(names) if n.startswith("links:"))
    assert degrees.sum() == 2 * len(raw["links"])


def test_hexside_planes_mark_both_hexes_of_every_river_side():
    # skirmish 2: rivers run along hexsides; each side shows in the planes of the hexes on both banks
    from westfront.core.hexgrid import direction_between
    from westfront.core.mapdata import load_map
    from westfront.games.skirmish import MAP_FILE

    m = load_map(MAP_FILE)
    lay = rl.layout_for("skirmish")
    planes = lay.static_planes.reshape(len(lay.static_names), -1)
    rivers = [(a, b) for (a, b), fs in m.side_features.items() if "river" in fs]
    assert rivers
    for a, b in rivers:
        d = direction_between(m.axial[a], m.axial[b])
        assert planes[lay.static_names.index(f"hexside:river:{d}")][a] == 1.0
    total = sum(planes[lay.static_names.index(f"hexside:river:{d}")].sum() for d in range(6))
    assert total == len(rivers)  # (a, b) and (b, a) are both listed: one entry per bank
