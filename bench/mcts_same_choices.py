"""Does the AI still choose the same? ``mcts@48`` on this tree against a git revision (issue 34).

A speed-up of the AI's priors, evaluations or tree must not change what it plays. This script plays
games with ``mcts@48`` in every seat, in this tree and in ``REV`` (unpacked with ``git archive``, as
``westfront bench --against`` does), each in a fresh process, and compares decision by decision:

- the action chosen, and the root's visit counts and mean values (``repr`` of the floats: a change of
  summation order shows up here even when the choice survives);
- ``score_actions`` of every legal action and ``evaluate`` for every seat at that position (exact floats).

    python bench/mcts_same_choices.py --against main --games dday-3rd,onslaught --decisions 300

Exit status 1 and the first difference per game when the two trees differ.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve()


def record(gid: str, decisions: int, seed: int, spec: str = "mcts@48") -> list[str]:
    """One digest per decision of games of ``gid`` played by ``spec`` (``mcts@48``) in every seat (this tree)."""
    from westfront import api
    from westfront.ai import get_agent
    from westfront.ai.hooks import hooks_of

    out: list[str] = []
    game = 0
    while len(out) < decisions:
        s = api.load(gid, seed=seed + game)
        hooks = hooks_of(s)
        seats = list(s.INFO.players)
        agents = {p: get_agent(spec, seed=seed + game * 31 + i) for i, p in enumerate(seats)}
        n = 0
        while not s.is_terminal() and len(out) < decisions and n < decisions:
            side = s.current_player()
            assert side is not None
            acts = s.legal_actions()
            scores = hooks.score_actions(s, side, acts) if len(acts) > 1 else []
            values = [hooks.evaluate(s, p) for p in seats]
            a = agents[side].choose(s, side)
            rep = getattr(agents[side], "report", None)
            visits = sorted(rep.visits.items()) if rep is not None else []
            means = sorted((k, repr(v)) for k, v in rep.values.items()) if rep is not None else []
            text = json.dumps([game, n, side, str(a), [repr(x) for x in scores], [repr(v) for v in values],
                               visits, means])
            out.append(f"{game}:{n} {side} {a} " + hashlib.blake2b(text.encode(), digest_size=8).hexdigest())
            s.apply(a)
            n += 1
        game += 1
    return out


def run_in(root: Path, gid: str, decisions: int, seed: int, spec: str) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0")
    cmd = [sys.executable, "-P", str(HERE), "--record", gid, "--decisions", str(decisions), "--seed", str(seed),
           "--agent", spec]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(root))
    if done.returncode:
        raise RuntimeError(f"recording {gid} failed in {root}:\n{done.stderr[-2000:]}")
    return done.stdout.splitlines()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--against", default="main", help="the git revision to compare with")
    p.add_argument("--games", default="dday-3rd,onslaught,second-front-now,dday-to-the-rhine")
    p.add_argument("--decisions", type=int, default=300)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--agent", default="mcts@48", help="the agent in every seat (hard: widening, tree reuse)")
    p.add_argument("--record", help=argparse.SUPPRESS)  # internal: record one game id in this process's tree
    ns = p.parse_args()
    if ns.record:
        for line in record(ns.record, ns.decisions, ns.seed, ns.agent):
            print(line)
        return 0
    sys.path.insert(0, str(HERE.parent.parent))
    from westfront.testing.bench_ab import HERE as TREE
    from westfront.testing.bench_ab import unpack

    commit, tmp = unpack(ns.against)
    bad = 0
    with tmp:
        for gid in [g for g in ns.games.split(",") if g]:
            base = run_in(Path(tmp.name), gid, ns.decisions, ns.seed, ns.agent)
            new = run_in(TREE, gid, ns.decisions, ns.seed, ns.agent)
            diff = next((i for i, (x, y) in enumerate(zip(base, new, strict=False)) if x != y), None)
            if diff is None and len(base) == len(new):
                print(f"{gid}: {len(new)} decisions of {ns.agent} identical to {commit[:10]}")
                continue
            bad += 1
            i = diff if diff is not None else min(len(base), len(new))
            print(f"{gid}: differs from {commit[:10]} at decision {i}: base {base[i:i + 1]} new {new[i:i + 1]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
