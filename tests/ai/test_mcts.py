"""MCTS: budgets, reproducibility, and deciding only from what its side may know."""

from __future__ import annotations

import math
import random

import pytest

import westfront
from westfront.ai import MCTSAgent, RandomAgent, get_agent
from westfront.ai.hooks import hooks_for
from westfront.core.rng import seed_state
from westfront.games.dday_to_the_rhine.hidden import hidden_pieces


def advance(game_id: str, seed: int, n: int, options: dict | None = None) -> westfront.State:
    s = westfront.load(game_id, seed=seed, options=options)
    r = RandomAgent(seed)
    for _ in range(n):
        s.apply(r.choose(s, s.current_player()))
    return s


def skirmish_position() -> westfront.State:
    s = advance("skirmish", 3, 10)
    assert len(s.legal_actions()) > 2
    return s


def test_iteration_budget_is_exact_and_the_move_is_legal():
    s = skirmish_position()
    side = s.current_player()
    agent = MCTSAgent(1, iterations=37)
    a = agent.choose(s, side)
    assert a in s.legal_actions()
    assert agent.report.iterations == 37
    assert sum(agent.report.visits.values()) == 37


def test_same_seed_same_search():
    # determinism: a game is its seed and actions, and agents seeded alike decide alike
    s = skirmish_position()
    side = s.current_player()
    one, two = MCTSAgent(5, iterations=60), MCTSAgent(5, iterations=60)
    assert one.choose(s, side) == two.choose(s, side)
    assert one.report.visits == two.report.visits


def test_time_budget_stops_the_search():
    s = advance("onslaught", 2, 30)
    side = s.current_player()
    agent = MCTSAgent(1, iterations=None, time_budget=0.05)
    assert agent.choose(s, side) in s.legal_actions()
    assert agent.report.iterations >= 1 and agent.report.seconds < 2.0  # one iteration may overrun, not 40x
    capped = get_agent("mcts@1000000", seed=1)
    capped.choose(s, side, time_budget=0.05)  # the caller's limit (the server's) caps any level
    assert capped.report.iterations < 1_000_000 and capped.report.seconds < 2.0


def test_a_single_legal_action_needs_no_search():
    s = westfront.load("skirmish", seed=0)
    while len(s.legal_actions()) != 1:
        s.apply(s.legal_actions()[0])
    agent = MCTSAgent(1, iterations=500)
    assert agent.choose(s, s.current_player()) == s.legal_actions()[0]
    assert agent.report.iterations == 0


def test_budgets_are_validated():
    with pytest.raises(ValueError, match="budget"):
        MCTSAgent(1, iterations=None, time_budget=None)
    with pytest.raises(ValueError, match="at least 1"):
        MCTSAgent(1, iterations=0)


def test_search_does_not_read_the_dice():
    # skirmish 4: combat dice come from the game's RNG; two games alike but for the RNG's
    # future must get the same decision, or the search was peeking at the real rolls
    s = skirmish_position()
    other = s.clone()
    other.g["rng"] = seed_state(987654321)
    side = s.current_player()
    assert s.view(side) == other.view(side) and s.hash() != other.hash()
    a, b = MCTSAgent(9, iterations=80), MCTSAgent(9, iterations=80)
    assert a.choose(s, side) == b.choose(other, side)
    assert a.report.visits == b.report.visits


def hidden_position() -> westfront.State:
    """A 1944 Allied activation with at least three hidden German markers on the map."""
    s = westfront.load("dday-to-the-rhine", seed=0, options={"phantoms": True})
    r = RandomAgent(0)
    while not (s.current_player() == "allied" and s.frame()["step"] == "activation"
               and len(hidden_pieces(s)) >= 3 and len(s.legal_actions()) > 4):
        s.apply(r.choose(s, s.current_player()))
    return s


def assignment(s: westfront.State) -> dict[str, object]:
    g = s.g
    return {p: (g["phantoms"].get(p) or g["units"][p])["hex"] for p in hidden_pieces(s)}


def other_truth(s: westfront.State, seed: int) -> westfront.State:
    """A position the Allies cannot tell from ``s`` with the hidden units elsewhere."""
    hooks = hooks_for("dday-to-the-rhine")
    rng = random.Random(seed)
    other = hooks.determinize(s, "allied", rng)
    while assignment(other) == assignment(s):
        other = hooks.determinize(s, "allied", rng)
    return other


def test_search_does_not_read_hidden_units():
    # 1944 18.5: the Allies see markers, not what is under them (phantom or real unit);
    # a position alike in everything the Allies see must get the same decision
    s = hidden_position()
    other = other_truth(s, 1)
    assert other.view("allied") == s.view("allied")
    a, b = MCTSAgent(4, iterations=40), MCTSAgent(4, iterations=40)
    assert a.choose(s, "allied") == b.choose(other, "allied")
    assert a.report.visits == b.report.visits and a.report.values == b.report.values


def test_determinize_samples_vary_and_keep_the_view():
    # 1944 18.5: the samples the search plays out are all consistent with the Allied view
    s = hidden_position()
    hooks = hooks_for("dday-to-the-rhine")
    rng = random.Random(2)
    samples = [hooks.determinize(s, "allied", rng) for _ in range(12)]
    assert all(x.view("allied") == s.view("allied") for x in samples)
    assert len({tuple(sorted(assignment(x).items())) for x in samples}) > 1
    assert s.hash() == hidden_position().hash()  # the real game is untouched


def test_samples_depend_only_on_what_the_side_sees():
    # 1944 18.5: two truths the Allies cannot tell apart must give the search identical samples,
    # otherwise the true hidden assignment leaks into the statistics
    s = hidden_position()
    hooks = hooks_for("dday-to-the-rhine")
    other = other_truth(s, 3)
    for k in range(5):
        assert hooks.determinize(s, "allied", random.Random(k)).hash() == \
            hooks.determinize(other, "allied", random.Random(k)).hash()


def test_dice_make_explicit_chance_branches():
    # skirmish 4: resolving an attack rolls dice; the search keeps one branch per outcome
    # it sampled, so the follow-up (retreat, advance) is searched per result
    s = westfront.load("skirmish", seed=6)
    r = RandomAgent(6)
    while "resolve" not in {a.verb for a in s.legal_actions()}:
        s.apply(r.choose(s, s.current_player()))
    resolve = next(a for a in s.legal_actions() if a.verb == "resolve")
    others = [a for a in s.legal_actions() if a.verb != "resolve"]
    agent = MCTSAgent(2, iterations=60)
    agent.search(s, s.current_player(), [resolve], None)  # every iteration goes through the roll
    assert agent.report.visits == {"resolve": 60} and 1 < agent.report.outcomes["resolve"] <= 6  # one die
    agent.search(s, s.current_player(), others, None)
    assert set(agent.report.outcomes.values()) == {1}  # no dice, one branch


def test_the_tree_is_kept_across_consecutive_decisions():
    # skirmish 2: "move u" then "to HEX" is one unit's move in two atomic decisions, no dice between
    s = westfront.load("skirmish", seed=4)
    side = s.current_player()
    agent = MCTSAgent(3, iterations=60, reuse=True)
    first = agent.choose(s, side)
    s.apply(first)
    assert first.verb == "move"  # at the start every blue unit can move: the search does not end the turn
    agent.choose(s, side)
    assert agent.report.reused > 0, "the destination search should start from the move's subtree"
    fresh = MCTSAgent(3, iterations=60)
    fresh.choose(s, side)
    assert fresh.report.reused == 0


def test_kept_tree_is_dropped_when_the_game_went_elsewhere():
    s = westfront.load("skirmish", seed=4)
    side = s.current_player()
    agent = MCTSAgent(3, iterations=40, reuse=True)
    agent.choose(s, side)
    other = westfront.load("skirmish", seed=4)
    other.apply("end")  # a history the kept tree does not lead to
    agent.choose(other, other.current_player())
    assert agent.report.reused == 0


def test_progressive_widening_searches_only_the_best_prior_actions_first():
    s = skirmish_position()
    side = s.current_player()
    n = 15
    agent = MCTSAgent(5, iterations=n, widening=1.0)
    agent.choose(s, side)
    tried = [k for k, v in agent.report.visits.items() if v]
    assert len(tried) <= math.ceil(math.sqrt(n + 1))  # the widest the root ever got
    wide = MCTSAgent(5, iterations=n)
    wide.choose(s, side)
    assert len([k for k, v in wide.report.visits.items() if v]) >= len(tried)


def test_hard_level_keeps_its_tree_and_widens():
    hard = get_agent("hard", seed=1)
    assert isinstance(hard, MCTSAgent) and hard.reuse and hard.widening


def test_a_decision_is_scored_once_when_confident_asked_first(monkeypatch):
    # ``confident`` scores the root's actions to decide whether to search; the tree's root takes those priors
    # instead of asking the game again for the same position (no hidden part in skirmish), and searches alike
    import dataclasses

    import westfront.ai.mcts as mcts_mod

    s = skirmish_position()
    side = s.current_player()
    legal = s.legal_actions()
    hooks = hooks_for("skirmish")
    asked: list[int] = []

    def counting(state, who, acts):
        asked.append(len(state.history) == len(s.history) and list(acts) == legal)
        return hooks.score_actions(state, who, acts)

    monkeypatch.setattr(mcts_mod, "hooks_of", lambda state: dataclasses.replace(hooks, score_actions=counting))
    once = MCTSAgent(5, iterations=20, confident=1.01)  # never confident enough: it always searches
    a = once.choose(s, side)
    assert asked.count(True) == 1
    monkeypatch.undo()
    plain = MCTSAgent(5, iterations=20)
    assert plain.choose(s, side) == a and plain.report.visits == once.report.visits


def test_plan_decides_plays_the_best_prior_unsearched_for_the_plan_s_agents(monkeypatch):
    # a game's ``plan_decides`` hook marks decisions the rollout cannot compare: the agents that defer to the
    # plan (``prior_margin``) play the best prior without search; a plain search and games without it search
    import dataclasses

    from westfront.ai import mcts as mcts_module

    s = skirmish_position()
    side = s.current_player()
    acts = s.legal_actions()
    scores = hooks_for("skirmish").score_actions(s, side, acts)
    best = acts[max(range(len(acts)), key=scores.__getitem__)]
    patched = dataclasses.replace(hooks_for("skirmish"), plan_decides=lambda state, who: True)
    monkeypatch.setattr(mcts_module, "hooks_of", lambda state: patched)
    planned = MCTSAgent(1, iterations=30, prior_margin=0.05)
    assert planned.choose(s, side) == best and planned.report.iterations == 0
    plain = MCTSAgent(1, iterations=30)
    plain.choose(s, side)
    assert plain.report.iterations == 30
    assert hooks_for("skirmish").plan_decides is None


def test_hard_reads_the_game_s_deep_evaluation_where_it_has_one(monkeypatch):
    # ``hard`` scores its leaves by the game's ``evaluate_deep`` (Onslaught's German seat: a fit a deeper search
    # does not exploit, docs/ai.md); a game without one is scored by ``evaluate`` at every level
    import dataclasses

    from westfront.ai import mcts as mcts_module
    from westfront.ai.levels import hard, normal

    s = skirmish_position()
    side = s.current_player()
    base = hooks_for("skirmish")
    calls = {"hand": 0, "deep": 0}

    def counted(name):
        def value(state, who):
            calls[name] += 1
            return base.evaluate(state, who)
        return value

    assert base.evaluate_deep is None
    patched = dataclasses.replace(base, evaluate=counted("hand"), evaluate_deep=counted("deep"))
    monkeypatch.setattr(mcts_module, "hooks_of", lambda state: patched)
    hard(1, iterations=20, confident=None).choose(s, side)
    assert calls["deep"] >= 20 and calls["hand"] == 0
    normal(1, iterations=20, confident=None).choose(s, side)
    assert calls["hand"] >= 20
    calls.update(hand=0, deep=0)
    monkeypatch.setattr(mcts_module, "hooks_of", lambda state: dataclasses.replace(patched, evaluate_deep=None))
    hard(1, iterations=20, confident=None).choose(s, side)
    assert calls["hand"] >= 20 and calls["deep"] == 0


def test_a_search_lists_the_root_legal_actions_once_where_nothing_is_hidden(monkeypatch):
    # issue 34: every determinised sample of a perfect-information game is the root but for its dice, so the
    # root's legal actions are the same list; asking the rules for them 48 times was a sixth of an iteration
    s = skirmish_position()
    assert not hooks_for("skirmish").hidden_information
    root_hist = list(s.history)
    step = s._step(s._top())
    step_cls = type(step)
    calls = []
    orig = step_cls.actions

    def counting(self, state, f):
        if state.history == root_hist:
            calls.append(1)
        return orig(self, state, f)

    monkeypatch.setattr(step_cls, "actions", counting)
    s._legal = None  # the list the position was reached with is forgotten: the search must list it, once
    agent = MCTSAgent(1, iterations=24)
    agent.choose(s, s.current_player())
    assert agent.report.iterations == 24
    assert len(calls) == 1


def test_a_sample_that_takes_the_root_legal_actions_plays_like_one_that_lists_them():
    s = skirmish_position()
    copy = s.clone()
    copy.legal_as(s)
    assert copy.legal_actions() == s.legal_actions()
    a = copy.legal_actions()[-1]
    copy.apply(a)
    fresh = s.clone()
    fresh.apply(a)
    assert copy.hash() == fresh.hash() and copy.legal_actions() == fresh.legal_actions()
    assert s.legal_actions() == s.clone().legal_actions()  # the root's list was not written to
