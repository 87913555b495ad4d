"""Every named agent plays every registered game legally, and the loop guard keeps greedy play finite."""

from __future__ import annotations

import pytest

import westfront
from westfront.ai import HeuristicAgent, MCTSAgent, get_agent, known_agents
from westfront.ai.base import parse_spec
from westfront.ai.cycles import CycleGuard
from westfront.ai.hooks import hooks_for

# tests taking ``game_id`` run once per registered game (tests/conftest.py)

def play(game_id: str, specs: dict[str, str] | str, seed: int, cap: int) -> westfront.State:
    s = westfront.load(game_id, seed=seed)
    specs = specs if isinstance(specs, dict) else dict.fromkeys(s.INFO.players, specs)
    agents = {side: get_agent(spec, seed=seed + i) for i, (side, spec) in enumerate(specs.items())}
    for _ in range(cap):
        if s.is_terminal():
            break
        side = s.current_player()
        before = s.hash()
        a = agents[side].choose(s, side)
        assert s.hash() == before, "choosing must not change the game"
        assert a in s.legal_actions()
        s.apply(a)
    return s


def test_levels_and_named_agents_are_registered():
    assert {"random", "heuristic", "easy", "normal", "hard", "mcts"} <= set(known_agents())
    assert get_agent("ai:normal").name == "normal"
    agent = get_agent("mcts@17")
    assert isinstance(agent, MCTSAgent) and agent.iterations == 17
    assert parse_spec("ai:hard") == ("hard", None)


@pytest.mark.parametrize("spec, message", [
    ("grandmaster", "unknown agent"),
    ("mcts@0", "positive number"),
    ("mcts@many", "positive number"),
    ("heuristic@5", "takes no search budget"),
])
def test_bad_agent_specs_are_refused_clearly(spec, message):
    with pytest.raises(ValueError, match=message):
        get_agent(spec)


def test_every_game_has_ai_hooks(game_id):
    hooks = hooks_for(game_id)
    assert hooks.provided, f"{game_id} has no ai.py: its agents would play blind"
    s = westfront.load(game_id, seed=1)
    side = s.current_player()
    acts = s.legal_actions()
    assert len(hooks.score_actions(s, side, acts)) == len(acts)
    assert -1.0 <= hooks.evaluate(s, side) <= 1.0


def test_heuristic_plays_every_game_to_the_end(game_id):
    # the greedy agent used to walk declare-then-cancel loops forever; the guard ends them
    for seed in range(2):
        s = play(game_id, "heuristic", seed, cap=20_000)
        assert s.is_terminal(), f"{game_id} seed {seed}: unfinished after 20,000 actions"


def test_search_levels_move_legally(game_id):
    # a stretch of each game with every level seated; full games are for tournaments (bench/)
    s = westfront.load(game_id, seed=2)
    players = s.INFO.players
    for specs in ({players[0]: "easy", players[1]: "mcts@6"}, {players[0]: "mcts@6", players[1]: "random"}):
        play(game_id, specs, seed=2, cap=40)


def test_skirmish_complete_games_with_search():
    s = play("skirmish", {"blue": "normal", "red": "heuristic"}, seed=4, cap=2_000)
    assert s.is_terminal()


def test_cycle_guard_bans_the_action_that_closed_a_loop():
    # skirmish 4: declaring an attack and cancelling it returns to the same position
    s = westfront.load("skirmish", seed=0)
    side = s.current_player()
    guard = CycleGuard()
    acts = s.legal_actions()
    key = guard.enter(s, side)
    assert guard.untried(key, acts) == acts
    attack = next((a for a in acts if a.verb == "attack"), acts[0])
    guard.record(s, key, attack, *guard.lead(s, side, attack))
    fresh = guard.untried(key, acts)
    assert attack not in fresh and len(fresh) == len(acts) - 1
    for a in acts:
        guard.record(s, key, a, None, [])
    assert guard.untried(key, acts) == acts  # nothing left untried: everything is allowed again


def test_easy_is_a_noisier_heuristic():
    s = westfront.load("onslaught", seed=5)
    side = s.current_player()
    greedy = {str(HeuristicAgent(seed).choose(s, side)) for seed in range(12)}
    noisy = {str(get_agent("easy", seed=seed).choose(s, side)) for seed in range(12)}
    assert len(noisy) > len(greedy)


def test_bench_reports_ai_speed_for_every_game():
    from westfront.testing.bench import ai_figures

    figs = list(ai_figures(repeats=1, positions=2, iterations=4))
    assert {f["game"] for f in figs} == {g.id for g in westfront.list_games()}
    assert all(f["decisions_per_s"] > 0 for f in figs)
    assert all(f["iterations_per_s"] > 0 for f in figs if f["agent"] == "mcts@4")
