"""One repeat of the A/B bench, runnable against any revision of westfront.

``westfront bench --against REV`` unpacks REV into a temporary folder and runs
this file there and here in turns (``python -P bench_worker.py`` with
``PYTHONPATH`` set to the tree being measured), so the file may use only what
every revision has: ``api.load``, ``legal_actions``/``apply``/``clone``/``view``,
the MCTS agent, ``GameMap`` and the movement and supply kits (imported absolutely: it
runs as a script too).
It prints one JSON object per figure.

Every figure is CPU time of this process (``time.process_time_ns``): on a shared
machine wall time measures the neighbours as much as the code. The work is the
same on both sides (same seeds, same choices by index), and each figure says how
much work it did (``actions``, ``calls``) so a behaviour change shows up as a
count that differs rather than as a speed-up.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from westfront import api
from westfront.ai import mcts as mcts_mod
from westfront.core.bitboard import bits
from westfront.core.hexgrid import COLROW
from westfront.core.mapdata import GameMap
from westfront.core.movement import MoveModel, reach, zoc_of
from westfront.core.supply import passable_for_supply, supplied_area
from westfront.games import registry

cpu = time.process_time_ns

GAMES_PER_REPEAT = {"skirmish": 40}  # short games: enough that one repeat is ~0.3 s of CPU
DEFAULT_GAMES = 2


def _games() -> list[str]:
    return list(registry.game_ids())


def synthetic_map(width: int = 50, height: int = 50, seed: int = 1) -> GameMap:
    """The bench map: ``width`` x ``height`` hexes of clear, forest and marsh, a river every 10 columns."""
    rnd = random.Random(seed)
    hexes = {}
    for c in range(1, width + 1):
        for r in range(1, height + 1):
            t = rnd.choices(["clear", "forest", "marsh"], [0.7, 0.2, 0.1])[0]
            hexes[f"{c:02d}{r:02d}"] = {"terrain": t}
    sides = {}
    for c in range(10, width, 10):  # north-south rivers every 10 columns
        for r in range(1, height + 1):
            a = f"{c:02d}{r:02d}"
            for b in COLROW.neighbors(a):
                if b in hexes and b.startswith(f"{c + 1:02d}"):
                    sides[COLROW.side_id(a, b)] = {"features": ["river"]}
    return GameMap.from_dict({"schema": "westfront-map/1", "game": "bench", "grid": {"scheme": "colrow"},
                              "hexes": hexes, "hexsides": sides,
                              "zones": {"west": {"hexes": [f"01{r:02d}" for r in range(1, height + 1)]}}})


# --------------------------------------------------------------------------
# random play, with the per-phase split
# --------------------------------------------------------------------------
def random_play(gid: str, games: int, seed0: int = 1000) -> dict[str, Any]:
    """Random games; CPU time of legal_actions and apply measured per call, clone and view sampled."""
    legal_ns = apply_ns = new_ns = 0
    clone_ns: list[int] = []  # the first copy after an action: the position is cold in the CPU caches
    warm_ns: list[int] = []  # a second copy at once (as MCTS copies its root again and again)
    view_ns: list[int] = []
    actions = 0
    for k in range(games):
        seed = seed0 + k
        t0 = cpu()
        s = api.load(gid, seed=seed)
        new_ns += cpu() - t0
        rnd = random.Random(seed * 7919 + 1)
        n = 0
        while not s.is_terminal() and n < 20_000:
            t0 = cpu()
            acts = s.legal_actions()
            t1 = cpu()
            a = acts[rnd.randrange(len(acts))]
            s.apply(a)
            t2 = cpu()
            legal_ns += t1 - t0
            apply_ns += t2 - t1
            n += 1
            if n % 16 == 0:
                t0 = cpu()
                s.clone()
                t1 = cpu()
                s.clone()
                t2 = cpu()
                s.view(s.current_player())
                t3 = cpu()
                clone_ns.append(t1 - t0)
                warm_ns.append(t2 - t1)
                view_ns.append(t3 - t2)
        actions += n
    play = legal_ns + apply_ns
    return {
        "figure": "random_play", "game": gid, "games": games, "actions": actions,
        "cpu_s": play / 1e9, "actions_per_cpu_s": actions / (play / 1e9) if play else 0.0,
        "legal_us": legal_ns / actions / 1e3 if actions else 0.0,
        "apply_us": apply_ns / actions / 1e3 if actions else 0.0,
        "legal_share": legal_ns / play if play else 0.0,
        "new_game_ms": new_ns / games / 1e6,
        # medians per call: a call that happens to run the garbage collector says little
        "clone_us": statistics.median(clone_ns) / 1e3 if clone_ns else 0.0,
        "clone_warm_us": statistics.median(warm_ns) / 1e3 if warm_ns else 0.0,
        "view_us": statistics.median(view_ns) / 1e3 if view_ns else 0.0,
        "clones": len(clone_ns),
    }


# --------------------------------------------------------------------------
# MCTS: iterations per CPU second, and where an iteration spends its time
# --------------------------------------------------------------------------
class _Split:
    """Exclusive CPU time per label of nested, wrapped calls."""

    def __init__(self) -> None:
        self.ns: dict[str, int] = {}
        self.stack: list[list[Any]] = []  # [label, start, child time]

    def wrap(self, label: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*a: Any, **kw: Any) -> Any:
            frame: list[Any] = [label, cpu(), 0]
            self.stack.append(frame)
            try:
                return fn(*a, **kw)
            finally:
                self.stack.pop()
                dt = cpu() - frame[1]
                self.ns[label] = self.ns.get(label, 0) + dt - frame[2]
                if self.stack:
                    self.stack[-1][2] += dt

        return timed


def _positions(gid: str, n: int, seed: int = 7) -> list[Any]:
    s = api.load(gid, seed=seed)
    rnd = random.Random(seed)
    out: list[Any] = []
    while not s.is_terminal() and len(out) < n:
        acts = s.legal_actions()
        if len(acts) > 1 and rnd.random() < 0.2:
            out.append(s.clone())
        s.apply(acts[rnd.randrange(len(acts))])
    return out


def mcts(gid: str, positions: int, iterations: int, split: bool) -> dict[str, Any]:
    """MCTS at a fixed iteration budget on the same positions; ``split`` times its parts."""
    spots = _positions(gid, positions)
    cls = type(spots[0]) if spots else None
    timer = _Split()
    saved: dict[str, Any] = {}
    orig_hooks = mcts_mod.hooks_of
    if split and cls is not None and hasattr(mcts_mod, "hooks_of"):
        for name, label in (("clone", "clone"), ("legal_actions", "legal"), ("apply", "apply")):
            saved[name] = cls.__dict__.get(name)
            setattr(cls, name, timer.wrap(label, getattr(cls, name)))

        def hooks_of(state: Any) -> Any:
            h = orig_hooks(state)
            return dataclasses.replace(
                h, evaluate=timer.wrap("evaluate", h.evaluate),
                score_actions=timer.wrap("score_actions", h.score_actions),
                game_determinize=timer.wrap("determinize", h.game_determinize))

        mcts_mod.hooks_of = hooks_of  # type: ignore[assignment]
    try:
        done = 0
        t0 = cpu()
        for p in spots:
            agent = mcts_mod.MCTSAgent(1, iterations=iterations)  # fresh: no tree carried over between positions
            agent.choose(p, p.current_player())
            done += getattr(getattr(agent, "report", None), "iterations", 0)
        total = cpu() - t0
    finally:
        mcts_mod.hooks_of = orig_hooks  # type: ignore[assignment]
        if cls is not None:
            for name, fn in saved.items():
                if fn is None:
                    delattr(cls, name)
                else:
                    setattr(cls, name, fn)
    fig: dict[str, Any] = {"figure": "mcts_split" if split else "mcts", "game": gid, "positions": len(spots),
                           "iterations": done, "cpu_s": total / 1e9,
                           "iterations_per_cpu_s": done / (total / 1e9) if total else 0.0}
    if split and done:
        parts = dict(timer.ns)
        parts["search"] = total - sum(parts.values())  # the tree itself: select, expand, back up
        fig["us_per_iteration"] = {k: v / done / 1e3 for k, v in sorted(parts.items())}
    return fig


# --------------------------------------------------------------------------
# kits on the 2,500-hex synthetic map, against scipy in the same process
# --------------------------------------------------------------------------
def _per_call_us(fn: Callable[[], Any], inner: int) -> float:
    t0 = cpu()
    for _ in range(inner):
        fn()
    return (cpu() - t0) / inner / 1e3


def kits(inner: int = 30) -> Iterator[dict[str, Any]]:
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
    rows, cols, w = [], [], []
    for h in hexes:
        if (enemy >> h) & 1:
            continue
        for n in m.nbrs[h]:
            if (enemy >> n) & 1:
                continue
            rows.append(h)
            cols.append(n)
            w.append((max(enter[n], 2) if (ezoc >> n) & 1 else enter[n]) + side_extra.get((h, n), 0))
    g = csr_matrix((np.array(w, dtype=float), (rows, cols)), shape=(m.size, m.size))
    for mp in (8, 20):
        model = MoveModel(mp=mp, enter=enter, side_extra=side_extra, blocked=enemy, zoc=ezoc, zoc_cost=2)
        got = reach(m.nbrs, start, model)
        ours = _per_call_us(lambda model=model: reach(m.nbrs, start, model), inner)  # type: ignore[misc]
        sp = dijkstra(g, indices=start, limit=float(mp))
        theirs = _per_call_us(lambda mp=mp: dijkstra(g, indices=start, limit=float(mp)), inner)  # type: ignore[misc]
        same = sorted(int(i) for i in np.nonzero(np.isfinite(sp))[0]) == sorted(got.cost)
        yield {"figure": "movement_reach", "mp": mp, "reached": len(got.cost), "ours_us": ours, "scipy_us": theirs,
               "ratio_ours_over_scipy": ours / theirs, "same_hexes": same}

    passable = passable_for_supply(m.all_bb, enemy, ezoc, friendly, negate=True)
    sources = m.bb(m.zone("west")) & passable
    area = supplied_area(dil, sources, passable)
    ours = _per_call_us(lambda: supplied_area(dil, sources, passable), inner)
    rows, cols = [], []
    n = m.size
    for h in hexes:
        if (passable >> h) & 1:
            for nb in m.nbrs[h]:
                if (passable >> nb) & 1:
                    rows.append(h)
                    cols.append(nb)
    for s_ in m.zone("west"):
        if (passable >> s_) & 1:
            rows.append(n)
            cols.append(s_)
    g2 = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n + 1, n + 1))
    theirs = _per_call_us(lambda: breadth_first_order(g2, n, directed=True, return_predecessors=False), inner)
    order = breadth_first_order(g2, n, directed=True, return_predecessors=False)
    same = {int(x) for x in order if x != n} == set(bits(dil.flood(sources, passable)))
    yield {"figure": "supply_trace", "supplied": area.bit_count(), "ours_us": ours, "scipy_us": theirs,
           "ratio_ours_over_scipy": ours / theirs, "same_hexes": same}


# --------------------------------------------------------------------------
def run(parts: list[str], games: list[str] | None, quick: bool) -> Iterator[dict[str, Any]]:
    known = _games()
    gids = [g for g in games if g in known] if games else known  # a game this revision lacks is skipped
    if "kits" in parts:
        yield from kits(10 if quick else 30)
    if "play" in parts:
        for gid in gids:
            n = GAMES_PER_REPEAT.get(gid, DEFAULT_GAMES)
            yield random_play(gid, max(1, n // 4) if quick else n)
    if "mcts" in parts:
        for gid in gids:
            yield mcts(gid, 3 if quick else 6, 48, split=False)
            yield mcts(gid, 3 if quick else 6, 48, split=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--parts", default="kits,play,mcts")
    p.add_argument("--games", default="")
    p.add_argument("--quick", action="store_true")
    ns = p.parse_args(argv)
    for fig in run(ns.parts.split(","), [g for g in ns.games.split(",") if g] or None, ns.quick):
        sys.stdout.write(json.dumps(fig) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
