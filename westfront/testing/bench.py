"""Performance figures (ARCHITECTURE.md §6), one JSON-able dict each.

* ``random_play``: full random-vs-random games per second and actions per
  second, per registered game;
* ``movement_reach_us`` / ``supply_trace_us``: the kits on a synthetic
  2,500-hex map, with the same search done by ``scipy.sparse.csgraph`` on the
  same graph in the same run, and the ratio (ours / scipy);
* ``ai_decisions``: decisions per second of the heuristic and of MCTS at a fixed
  iteration budget, and MCTS iterations per second, on the same positions of each
  game (win rates between agents: ``westfront tournament``, docs/ai.md).

* ``phases`` (from :mod:`.bench_worker`): random play split into legal_actions, apply,
  clone and view, and an MCTS iteration split into its parts.

Figures are medians over ``repeats`` runs of CPU time (``time.process_time``): on a shared
machine wall time measures the neighbours too. To compare two revisions use
``westfront bench --against REV`` (:mod:`.bench_ab`), which runs both in one go.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from .. import api
from ..core.movement import MoveModel, reach, zoc_of
from ..core.supply import passable_for_supply, supplied_area
from ..games import registry
from . import bench_worker
from .bench_worker import synthetic_map
from .fuzz import play_random


def _median_us(fn: Callable[[], Any], repeats: int, inner: int) -> float:
    samples = []
    for _ in range(repeats):
        t0 = time.process_time_ns()
        for _ in range(inner):
            fn()
        samples.append((time.process_time_ns() - t0) / inner / 1000)
    return statistics.median(samples)


def kit_figures(repeats: int = 5) -> Iterator[dict[str, Any]]:
    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import breadth_first_order, dijkstra

    m = synthetic_map()
    rnd = random.Random(2)
    hexes = list(m.hexes())
    enemy = m.bb(rnd.sample(hexes[len(hexes) // 2:], 60))
    friendly = m.bb(rnd.sample(hexes[: len(hexes) // 2], 60))
    dil = m.dilator()
    ezoc = zoc_of(dil, enemy)
    cost = {"clear": 1, "forest": 2, "marsh": 2}
    enter = [cost.get(t, -1) for t in m.terrain]
    side_extra = {k: 1 for k, fs in m.side_features.items() if "river" in fs}
    start = m.index["2525"]
    model = MoveModel(mp=8, enter=enter, side_extra=side_extra, blocked=enemy, zoc=ezoc, zoc_cost=2)
    r = reach(m.nbrs, start, model)
    ours_reach = _median_us(lambda: reach(m.nbrs, start, model), repeats, 20)

    # the same weighted graph for scipy: edge weight = cost of entering the target (+ river)
    rows, cols, w = [], [], []
    for h in hexes:
        if (enemy >> h) & 1:
            continue
        for n in m.nbrs[h]:
            if (enemy >> n) & 1:
                continue
            e = max(enter[n], 2) if (ezoc >> n) & 1 else enter[n]
            rows.append(h)
            cols.append(n)
            w.append(e + side_extra.get((h, n), 0))
    g = csr_matrix((np.array(w, dtype=float), (rows, cols)), shape=(m.size, m.size))
    sp = dijkstra(g, indices=start, limit=8.0)
    agree = sorted(int(i) for i in np.nonzero(np.isfinite(sp))[0]) == sorted(r.cost)
    scipy_reach = _median_us(lambda: dijkstra(g, indices=start, limit=8.0), repeats, 20)
    yield {"figure": "movement_reach_us", "hexes": len(hexes), "reached": len(r.cost), "ours_us": round(ours_reach, 1),
           "scipy_us": round(scipy_reach, 1), "ratio_ours_over_scipy": round(ours_reach / scipy_reach, 2),
           "same_hexes": agree}

    passable = passable_for_supply(m.all_bb, enemy, ezoc, friendly, negate=True)
    sources = m.bb(m.zone("west")) & passable
    area = supplied_area(dil, sources, passable)
    ours_supply = _median_us(lambda: supplied_area(dil, sources, passable), repeats, 20)
    # scipy: BFS from a virtual super-source through passable hexes
    rows, cols = [], []
    n = m.size
    for h in hexes:
        if not (passable >> h) & 1:
            continue
        for nb in m.nbrs[h]:
            if (passable >> nb) & 1:
                rows.append(h)
                cols.append(nb)
    for s_ in m.zone("west"):
        if (passable >> s_) & 1:
            rows.append(n)
            cols.append(s_)
    g2 = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n + 1, n + 1))
    order = breadth_first_order(g2, n, directed=True, return_predecessors=False)
    scipy_supply = _median_us(lambda: breadth_first_order(g2, n, directed=True, return_predecessors=False), repeats, 20)
    inner = set(int(x) for x in order if x != n)
    agree2 = inner == set(m.labels.index(lab) for lab in m.labels_of(dil.flood(sources, passable)))
    yield {"figure": "supply_trace_us", "hexes": len(hexes), "supplied": area.bit_count(),
           "ours_us": round(ours_supply, 1), "scipy_us": round(scipy_supply, 1),
           "ratio_ours_over_scipy": round(ours_supply / scipy_supply, 2), "same_hexes": agree2}


def random_play_figures(repeats: int = 3, games: int = 5) -> Iterator[dict[str, Any]]:
    for gid in registry.game_ids():
        info = registry.info(gid)
        rates, aps = [], []
        for rep in range(repeats):
            t0 = time.process_time()
            actions = 0
            for k in range(games):
                s = play_random(gid, 1000 * rep + k, check_every=1 << 30)
                actions += len(s.history)
            dt = time.process_time() - t0
            rates.append(games / dt)
            aps.append(actions / dt)
        yield {"figure": "random_play", "game": gid, "scenario": info.scenarios[0].id,
               "games_per_s": round(statistics.median(rates), 3), "actions_per_s": round(statistics.median(aps), 1),
               "games": games * repeats}


def apply_figures(repeats: int = 3) -> Iterator[dict[str, Any]]:
    """legal_actions + apply throughput during play, per game."""
    for gid in registry.game_ids():
        s = api.load(gid, seed=1)
        rnd = random.Random(1)
        n = 0
        t0 = time.process_time()
        while not s.is_terminal() and n < 2000:
            s.apply(rnd.choice(s.legal_actions()))
            n += 1
        dt = time.process_time() - t0
        yield {"figure": "legal_and_apply_per_s", "game": gid, "actions": n, "per_s": round(n / dt, 1)}


def ai_positions(gid: str, n: int, seed: int = 7) -> list[Any]:
    """``n`` positions with a real choice (two or more actions), spread along one random game."""
    s = api.load(gid, seed=seed)
    rnd = random.Random(seed)
    out: list[Any] = []
    while not s.is_terminal() and len(out) < n:
        if len(s.legal_actions()) > 1 and rnd.random() < 0.2:
            out.append(s.clone())
        s.apply(rnd.choice(s.legal_actions()))
    return out


def ai_figures(repeats: int = 3, positions: int = 20, iterations: int = 48) -> Iterator[dict[str, Any]]:
    from ..ai import HeuristicAgent, MCTSAgent

    for gid in registry.game_ids():
        spots = ai_positions(gid, positions)
        agents: list[tuple[str, Callable[[], Any]]] = [
            ("heuristic", lambda: HeuristicAgent(1)),
            (f"mcts@{iterations}", lambda: MCTSAgent(1, iterations=iterations)),
        ]
        for name, make in agents:
            rates, its = [], []
            for _ in range(repeats):
                agent = make()
                done = 0
                t0 = time.process_time()
                for p in spots:
                    agent.choose(p, p.current_player())
                    done += getattr(getattr(agent, "report", None), "iterations", 0)
                dt = time.process_time() - t0
                rates.append(len(spots) / dt)
                its.append(done / dt)
            fig: dict[str, Any] = {"figure": "ai_decisions", "game": gid, "agent": name, "positions": len(spots),
                                   "decisions_per_s": round(statistics.median(rates), 1)}
            if name.startswith("mcts"):
                fig["iterations_per_s"] = round(statistics.median(its), 1)
            yield fig


def run_all(repeats: int = 5, quick: bool = False, only: list[str] | None = None) -> Iterator[dict[str, Any]]:
    gens: list[tuple[str, Callable[[], Iterator[dict[str, Any]]]]] = [
        ("kits", lambda: kit_figures(2 if quick else repeats)),
        ("random_play", lambda: random_play_figures(1 if quick else 3, 2 if quick else 5)),
        ("apply", lambda: apply_figures()),
        ("ai", lambda: ai_figures(1 if quick else 3, 8 if quick else 20)),
        ("phases", lambda: bench_worker.run(["play", "mcts"], None, quick)),
    ]
    for name, gen in gens:
        if only and not any(o in name for o in only):
            continue
        yield from gen()
