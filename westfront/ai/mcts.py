"""Monte Carlo tree search over the game's atomic decisions.

Determinised PUCT search with explicit chance nodes (the "information set" family
used for card and wargames with dice and fog of war):

- every iteration starts from a fresh *determinisation* of the root: a copy of the
  game whose hidden parts are re-sampled from what the searching side can see and
  whose dice are re-seeded (``hooks.determinize``), so the search never peeks at the
  real hidden units or the real future rolls;
- a decision node holds one *edge* per action (visits, value, prior); an edge is a
  chance node: the dice its action rolled and the cards it drew (the ``roll`` and
  ``draw`` events ``apply`` returns) pick the child, so what follows a good roll and a bad one is searched separately,
  and the edge's value is the average over the outcomes the samples produced
  (outcomes are sampled by the game's own dice, in their true proportions). Hidden
  information that differs between samples stays averaged inside a node, and an
  action legal in only some samples is simply skipped in the others;
- selection is PUCT with priors from the game's ``score_actions`` (softmax at
  ``prior_temperature``), so the cheap heuristics steer the search and search fixes
  their mistakes; unvisited actions start at their siblings' mean (first-play urgency);
- a new leaf is played on for ``rollout_depth`` decisions by a softmax over the same
  priors, then scored by the game's ``evaluate`` (both in westfront.ai.hooks);
- backup: with two seats an edge gets the value from its chooser's view (the other
  seat's is its negation); with three or more competing seats (Race to the Rhine's
  commanders) the leaf is evaluated for every seat that chose on the path and each edge
  backs up its own chooser's value, as OpenSpiel's MCTS backs up the returns of every player.

Budgets: ``iterations`` (reproducible: same seed, same move) and/or ``time_budget``
seconds (a cap; the caller's ``time_budget`` caps it further). The move played is
the most visited root action.

Two options spend the budget where decisions matter:

- ``reuse``: the subtree below the chosen action is kept, and the next search starts
  from it when the game went on along actions the tree already holds with no dice
  rolled (a unit's move then its destination; an attack's attackers one by one), so
  a turn of many atomic decisions is searched as one growing tree;
- ``widening`` (progressive widening): a node considers only its
  ``ceil(widening * sqrt(visits + 1))`` best-prior actions, so wide decisions (a
  hundred destinations) are searched deeply among the plausible ones first;
- ``prior_margin``: the best-prior move (the game's plan and tactics) is kept unless the
  search values another one at least this much higher, so a small budget overrides the
  plan only where it sees a real difference;
- ``confident``: a decision whose best prior already has this much of the softmax
  (a forced-looking move) is played without search, so the budget goes to open decisions.

An agent with ``prior_margin`` also plays the best-prior move unsearched where the game's
``plan_decides`` hook says the search cannot compare the options (hooks.py; 1944's Allied
reinforcements, where ending the step lets a 4-decision rollout reach the army's moves).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ..core.actions import Action
from ..core.state import State
from .cycles import CycleGuard, choose_guarded
from .heuristic import softmax
from .hooks import GameHooks, hooks_of
from .learned import load_model

FPU_REDUCTION = 0.1  # an untried action starts this far below its tried siblings' mean


Outcome = tuple[tuple[object, ...], ...]


@dataclass(slots=True)
class Node:
    """A decision: the actions tried from here, each with its statistics."""

    visits: int = 0
    edges: dict[str, Edge] = field(default_factory=dict)


@dataclass(slots=True)
class Edge:
    """An action from a decision node, and the chance node behind it."""

    prior: float
    visits: int = 0
    total: float = 0.0  # sum of values from the view of the player who chose this action (his own seat's value)
    outcomes: dict[Outcome, Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def chance_outcome(events: list[dict[str, object]]) -> Outcome:
    """The dice an action rolled and the cards it drew, in order: the key of the chance branch it took.

    A card draw is a ``draw`` event naming its ``deck`` and ``card`` (core/cards.py); in a
    determinised sample the unseen order is re-shuffled, so draws branch like dice."""
    out: list[tuple[object, ...]] = []
    for e in events:
        if e.get("type") == "roll":
            out.append(tuple(e.get("values") or e.get("faces") or ()))  # type: ignore[arg-type]
        elif e.get("type") == "draw" and "card" in e:
            out.append(("draw", e.get("deck"), e["card"]))
    return tuple(out)


def same_position(sample: State, state: State) -> bool:
    """Whether a determinised ``sample`` is ``state`` itself but for the re-seeded dice: nothing hidden was
    re-sampled, so the game's scores of an action list are the same in both."""
    g, h = sample.g, state.g
    return len(g) == len(h) and all(k == "rng" or (k in h and v == h[k]) for k, v in g.items())


def seat_count(state: State) -> int:
    """How many sides take part (a 1-4 player game seats fewer than it lists)."""
    try:
        return len(state.INFO.seated(state.options))
    except ValueError:
        return len(state.INFO.players)


@dataclass
class SearchReport:
    """What the last search did, for tests, benchmarks and the curious."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)
    values: dict[str, float] = field(default_factory=dict)
    outcomes: dict[str, int] = field(default_factory=dict)  # chance branches seen behind each root action
    reused: int = 0  # visits the root already had from the previous decision's tree


class MCTSAgent:
    """PUCT search with determinised, re-seeded samples; see the module docstring."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = 200,
        time_budget: float | None = None,
        rollout_depth: int = 4,
        c_puct: float = 1.5,
        prior_temperature: float = 0.25,
        explicit_chance: bool = True,
        reuse: bool = False,
        widening: float | None = None,
        evaluation: str = "hand",
        prior_margin: float | None = None,
        confident: float | None = None,
        name: str = "mcts",
    ):
        if iterations is None and time_budget is None:
            raise ValueError("MCTSAgent needs an iteration budget, a time budget or both")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.name = name
        self.iterations = iterations
        self.time_budget = time_budget
        self.rollout_depth = rollout_depth
        self.c_puct = c_puct
        self.prior_temperature = prior_temperature
        self.explicit_chance = explicit_chance  # False: open loop, outcomes averaged inside each node
        self.reuse = reuse
        self.widening = widening
        if evaluation not in ("hand", "deep", "learned", "blend"):
            raise ValueError("evaluation is 'hand', 'deep', 'learned' or 'blend'")
        self.evaluation = evaluation
        self.prior_margin = prior_margin  # keep the best-prior move unless search finds one this much better
        self.confident = confident  # play the best-prior move unsearched when its prior is at least this
        self._kept: tuple[list[str], Node] | None = None  # (history after our move, the node it led to)
        self._many = False  # more than two seats play: values are backed up per seat, not negated
        self.rng = random.Random(seed)
        self.guard = CycleGuard()
        self.report = SearchReport()

    # ----- the Agent interface -------------------------------------------------
    def choose(self, state: State, side: str, *, time_budget: float | None = None) -> Action:
        self.report = SearchReport()  # stays empty when there is nothing to search
        seconds = self._budget(time_budget)
        return choose_guarded(self.guard, state, side, lambda acts: self.search(state, side, acts, seconds))

    def observe(self, state: State, side: str, action: Action | str) -> None:
        """An action this side played from ``state`` without asking this agent (a rebuilt mind catching up)."""
        self.guard.observe(state, side, action)

    def _budget(self, caller: float | None) -> float | None:
        limits = [t for t in (self.time_budget, caller) if t is not None]
        return min(limits) if limits else None

    # ----- search ----------------------------------------------------------------
    def search(self, state: State, side: str, candidates: list[Action], seconds: float | None) -> Action:
        """The most visited of ``candidates`` after the budgeted iterations."""
        hooks = hooks_of(state)
        scored: tuple[list[Action], list[float]] | None = None  # the root's scores, when already asked for
        if self.prior_margin is not None and len(candidates) > 1 and hooks.plan_decides is not None \
                and hooks.plan_decides(state, side):
            scores = hooks.score_actions(state, side, candidates)
            self._kept = None
            return candidates[max(range(len(candidates)), key=scores.__getitem__)]  # the game's plan decides
        if self.confident is not None and len(candidates) > 1:
            scores = hooks.score_actions(state, side, candidates)
            priors = softmax(scores, self.prior_temperature)
            top = max(range(len(candidates)), key=priors.__getitem__)
            if priors[top] >= self.confident:
                self._kept = None
                return candidates[top]  # the budget goes where the decision is open
            scored = (candidates, scores)
        self._many = seat_count(state) > 2
        root = self._reused_root(state) if self.reuse else None
        self.report.reused = root.visits if root is not None else 0
        root = root or Node()
        allowed = {str(a): a for a in candidates}
        start = time.perf_counter()
        deadline = start + seconds if seconds is not None else math.inf
        # nothing hidden: every sample is the root but for its dice, so the root's legal actions are listed once
        same_root = not hooks.hidden_information
        root_acts: list[Action] | None = None  # then the root's candidates too, once
        n = 0
        while (self.iterations is None or n < self.iterations) and (n == 0 or time.perf_counter() < deadline):
            sample = hooks.determinize(state, side, self.rng)
            if same_root:
                sample.legal_as(state)
                if root_acts is None:
                    root_acts = [a for a in sample.legal_actions() if str(a) in allowed] or sample.legal_actions()
            # the first sample's root priors are the scores above when it is the same position (no hidden part
            # re-sampled): the game is not asked twice for one decision
            first = scored is not None and n == 0 and same_position(sample, state)
            self._iterate(sample, root, side, hooks, allowed, scored if first else None, root_acts)
            n += 1
        self.report = SearchReport(
            n, time.perf_counter() - start,
            {k: e.visits for k, e in root.edges.items()},
            {k: e.mean for k, e in root.edges.items()},
            {k: len(e.outcomes) for k, e in root.edges.items()},
            reused=self.report.reused,
        )

        def rank(k: str) -> tuple[int, float, float]:
            e = root.edges.get(k)
            return (e.visits, e.mean, e.prior) if e else (0, -math.inf, 0.0)

        choice = max(allowed, key=rank)
        if self.prior_margin is not None:
            choice = self._prefer_prior(root, allowed, choice)
        if self.reuse:
            edge = root.edges.get(choice)
            child = edge.outcomes.get(()) if edge is not None and len(edge.outcomes) == 1 else None
            self._kept = ([*state.history, choice], child) if child is not None else None
        return allowed[choice]

    def _prefer_prior(self, root: Node, allowed: dict[str, Action], choice: str) -> str:
        """The game's best-prior move unless the search found one clearly better (``prior_margin``).

        With tens of iterations over atomic decisions and a short rollout, most visit counts are
        noise around the prior's ranking; the plan behind the priors (games' ``plan.py``) is
        then the better guide, and search decides where it sees a real difference (dice, odds)."""
        edges = root.edges
        best_prior = max((k for k in allowed if k in edges), key=lambda k: edges[k].prior, default=choice)
        top, alt = edges.get(choice), edges.get(best_prior)
        if top is None or alt is None or best_prior == choice or not alt.visits:
            return choice
        assert self.prior_margin is not None
        return choice if top.mean > alt.mean + self.prior_margin else best_prior

    def _reused_root(self, state: State) -> Node | None:
        """The kept subtree, walked down along the actions played since, if none of them rolled dice."""
        if self._kept is None:
            return None
        history, node = self._kept
        self._kept = None
        if state.history[:len(history)] != history:
            return None
        for text in state.history[len(history):]:
            edge = node.edges.get(text)
            if edge is None or len(edge.outcomes) != 1 or () not in edge.outcomes:
                return None
            node = edge.outcomes[()]
        return node

    def _iterate(self, sim: State, root: Node, side: str, hooks: GameHooks, allowed: dict[str, Action],
                 scored: tuple[list[Action], list[float]] | None = None,
                 root_acts: list[Action] | None = None) -> None:
        """One iteration from the sample ``sim`` of the root (``root_acts``: the root's candidates, when every
        sample has the same)."""
        path: list[tuple[Node, Edge, str]] = []
        node = root
        while not sim.is_terminal():
            mover = sim.current_player()
            assert mover is not None
            if node is root:
                acts = root_acts if root_acts is not None else \
                    [a for a in sim.legal_actions() if str(a) in allowed] or sim.legal_actions()
            else:
                acts = sim.legal_actions()
            edges = node.edges
            pairs = [(a, edges.get(str(a))) for a in acts]
            if any(e is None for _, e in pairs):
                self._add_edges(node, sim, mover, acts, hooks, scored if node is root and mover == side else None)
                pairs = [(a, edges[str(a)]) for a in acts]
            edge, action = self._select(node, pairs)  # type: ignore[arg-type]
            events = sim.apply(action)
            outcome = chance_outcome(events) if self.explicit_chance else ()
            path.append((node, edge, mover))
            child = edge.outcomes.get(outcome)
            if child is None:
                edge.outcomes[outcome] = Node()
                break
            node = child
        value = self._rollout(sim, side, hooks)
        if self._many:
            # three or more competing seats: one value per seat, each mover's edge backs up its own (as
            # OpenSpiel's MCTS backs up the returns of every player); negation is right only for two
            values = {side: value}
            for mover in {m for _, _, m in path} - {side}:
                values[mover] = self._evaluate(sim, mover, hooks)
            for n, edge, mover in path:
                n.visits += 1
                edge.visits += 1
                edge.total += values[mover]
            return
        for n, edge, mover in path:
            n.visits += 1
            edge.visits += 1
            edge.total += value if mover == side else -value

    def _add_edges(self, node: Node, sim: State, mover: str, acts: list[Action], hooks: GameHooks,
                   scored: tuple[list[Action], list[float]] | None = None) -> None:
        """Edges for actions this node has not seen, with priors from the game's scores (``scored``: the
        scores of these very actions in this position, already asked for)."""
        scores = scored[1] if scored is not None and scored[0] == acts else hooks.score_actions(sim, mover, acts)
        for a, p in zip(acts, softmax(scores, self.prior_temperature), strict=True):
            node.edges.setdefault(str(a), Edge(p))

    def _select(self, node: Node, pairs: list[tuple[Action, Edge]]) -> tuple[Edge, Action]:
        """PUCT: mean value plus an exploration bonus proportional to the prior (``pairs``: each action on offer
        with its edge, looked up once per visit)."""
        if len(pairs) == 1:
            return pairs[0][1], pairs[0][0]
        if self.widening is not None:
            k = max(2, math.ceil(self.widening * math.sqrt(node.visits + 1)))
            if k < len(pairs):
                pairs = sorted(pairs, key=lambda p: -p[1].prior)[:k]
        tried = [e.total / e.visits for _, e in pairs if e.visits]  # Edge.mean of the tried
        fpu = (sum(tried) / len(tried) - FPU_REDUCTION) if tried else 0.0
        scale = self.c_puct * math.sqrt(node.visits + 1)
        best_action, best_edge = pairs[0]
        best = -math.inf
        for a, e in pairs:
            v = e.visits
            q = e.total / v if v else fpu
            u = q + scale * e.prior / (1 + v)
            if u > best:
                best_edge, best_action, best = e, a, u
        return best_edge, best_action

    def _rollout(self, sim: State, side: str, hooks: GameHooks) -> float:
        """Play on ``rollout_depth`` decisions by softmax over the priors, then evaluate for ``side``."""
        for _ in range(self.rollout_depth):
            if sim.is_terminal():
                break
            acts = sim.legal_actions()
            if len(acts) > 1:
                mover = sim.current_player()
                assert mover is not None
                scores = hooks.score_actions(sim, mover, acts)
                action = self.rng.choices(acts, weights=softmax(scores, self.prior_temperature))[0]
            else:
                action = acts[0]
            sim.apply(action)
        return self._evaluate(sim, side, hooks)

    def _evaluate(self, sim: State, side: str, hooks: GameHooks) -> float:
        """The leaf value: the game's hand-written evaluation (``deep``: its evaluation for a deep search, where
        it has one), the fitted model, or their mean."""
        if self.evaluation == "hand":
            return hooks.evaluate(sim, side)
        if self.evaluation == "deep":
            return (hooks.evaluate_deep or hooks.evaluate)(sim, side)
        model = load_model(sim.INFO.id)
        if model is None:
            raise ValueError(f"{sim.INFO.id} has no fitted evaluation model (westfront fit-eval, docs/ai.md)")
        learned = model.evaluate(sim, side)
        return learned if self.evaluation == "learned" else 0.5 * (learned + hooks.evaluate(sim, side))
