"""Native-core prototype (issue 34): skirmish's legal-action list compiled, checked and timed.

    python bench/native_legal.py check                 # every decision of the golden game and of random games
    python bench/native_legal.py time --repeats 3      # engine vs compiled list, fresh processes, alternating

Builds ``bench/native/skirmish_legal.pyx`` on first use with Cython and the C compiler here into
``bench/native/build/`` (not part of the package, not installed). ``check`` compares the compiled list with
``State.legal_actions`` (text and order) at every decision of the skirmish golden game and of random games
under every scenario and option. ``time`` plays the same random games in fresh processes and measures CPU time
of the engine's ``legal_actions`` and of the compiled ``legal`` on the same positions (the position is encoded
untimed: a native core would hold it as arrays), plus the compiled list turned into interned ``Action``s.
See docs/performance.md, "A native rules core".
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
NATIVE = HERE / "native"
BUILD = NATIVE / "build"
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(NATIVE)]

from westfront import api  # noqa: E402
from westfront.core.actions import act  # noqa: E402

SEEDS = range(3000, 3040)  # random games timed: meeting, default options


def build() -> Any:
    """Import the compiled module, building it first when absent or older than its source."""
    pyx = NATIVE / "skirmish_legal.pyx"
    BUILD.mkdir(exist_ok=True)
    sys.path.insert(0, str(BUILD))
    built = list(BUILD.glob("skirmish_legal*.so"))
    if not built or built[0].stat().st_mtime < pyx.stat().st_mtime:
        from Cython.Build import cythonize
        from setuptools import Extension
        from setuptools.dist import Distribution

        ext = cythonize([Extension("skirmish_legal", [str(pyx)], extra_compile_args=["-O2"])],
                        build_dir=str(BUILD / "c"), quiet=True)
        dist = Distribution({"ext_modules": ext, "script_args": [
            "build_ext", "--build-lib", str(BUILD), "--build-temp", str(BUILD / "tmp")]})
        dist.parse_command_line()
        dist.run_commands()
    return importlib.import_module("skirmish_legal")


def board(mod: Any) -> Any:
    import encode
    return mod.Board(*encode.board_args())


def games_to_check() -> list[tuple[str, dict[str, Any], int, list[str] | None]]:
    """(scenario, options, seed, recorded actions or None for random play)."""
    with gzip.open(ROOT / "tests/golden/data/skirmish.json.gz") as fh:
        golden = json.load(fh)
    out: list[tuple[str, dict[str, Any], int, list[str] | None]] = [
        (g["scenario"], g["options"], g["seed"], g["actions"]) for g in golden["games"]]
    seed = 5000
    for scen, zoc, combat in itertools.product(("meeting", "river"), ("stop", "cost2", "engage"),
                                               ("odds", "dice", "fire")):
        for _ in range(10):
            out.append((scen, {"zoc": zoc, "combat": combat, "turns": 8}, seed, None))
            seed += 1
    return out


def check() -> int:
    import encode
    mod = build()
    b = board(mod)
    ids = encode.unit_ids()
    positions = games = 0
    steps: dict[str, int] = {}
    for scen, opts, seed, actions in games_to_check():
        s = api.load("skirmish", scenario=scen, options=opts, seed=seed)
        rnd = random.Random(seed)
        k = 0
        while not s.is_terminal() and (actions is None or k < len(actions)):
            want = [str(a) for a in s.legal_actions()]
            got = encode.as_text(mod.legal(b, encode.encode(s, ids)))
            if got != want:
                print(f"DIFF {scen} {opts} seed {seed} action {k} step {s.frame()['step']}:\n  engine {want}\n  native {got}")
                return 1
            steps[s.frame()["step"]] = steps.get(s.frame()["step"], 0) + 1
            positions += 1
            fight = [x for x in want if x.split()[0] in ("attack", "add", "resolve", "retreat", "advance")]
            if actions is not None:
                a = actions[k]
            else:  # lean towards combat half the time, so retreats and advances come up often
                pool = fight if fight and rnd.random() < 0.5 else want
                a = pool[rnd.randrange(len(pool))]
            s.apply(a)
            k += 1
        games += 1
    print(json.dumps({"check": "identical", "games": games, "positions": positions, "by_step": steps}))
    return 0


def time_one(mode: str) -> dict[str, Any]:
    """One fresh process: the timed random games, CPU ns of the list per position."""
    import encode
    mod = build() if mode != "engine" else None
    b = board(mod) if mod else None
    ids = encode.unit_ids()
    cpu = time.process_time_ns
    total = apply_ns = 0
    n = 0
    per_step: dict[str, list[int]] = {}
    for seed in SEEDS:
        s = api.load("skirmish", seed=seed)
        rnd = random.Random(seed * 7919 + 1)
        while not s.is_terminal():
            before = total
            step = s.frame()["step"]
            if mode == "engine":
                t0 = cpu()
                acts = s.legal_actions()
                total += cpu() - t0
                a = acts[rnd.randrange(len(acts))]
            else:
                pos = encode.encode(s, ids)
                t0 = cpu()
                got = mod.legal(b, pos)
                if mode == "native+act":
                    got = [act(*t) for t in got]
                total += cpu() - t0
                a = got[rnd.randrange(len(got))]
                a = a if mode == "native+act" else " ".join(a)
            row = per_step.setdefault(step, [0, 0])
            row[0] += 1
            row[1] += total - before
            t0 = cpu()
            s.apply(a)
            apply_ns += cpu() - t0
            n += 1
    return {"mode": mode, "positions": n, "us_per_list": total / n / 1e3, "apply_us": apply_ns / n / 1e3,
            "by_step_us": {k: round(v[1] / v[0] / 1e3, 2) for k, v in per_step.items()},
            "by_step_n": {k: v[0] for k, v in per_step.items()}}


def time_all(repeats: int) -> None:
    build()
    rows: dict[str, list[float]] = {"engine": [], "native": [], "native+act": []}
    counts: dict[str, int] = {}
    for r in range(repeats):
        order = list(rows) if r % 2 == 0 else list(reversed(rows))
        for mode in order:
            out = subprocess.run(["nice", sys.executable, __file__, "time-one", mode], capture_output=True, text=True,
                                 check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
            got = json.loads(out.stdout.strip().splitlines()[-1])
            rows[mode].append(got["us_per_list"])
            counts[mode] = got["positions"]
            print(json.dumps(got))
    eng = statistics.median(rows["engine"])
    for mode, vals in rows.items():
        med = statistics.median(vals)
        print(json.dumps({"mode": mode, "positions": counts[mode], "us_per_list_median": round(med, 3),
                          "runs": [round(v, 3) for v in vals], "speedup_vs_engine": round(eng / med, 1)}))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("check", "time", "time-one", "build"))
    ap.add_argument("mode", nargs="?", default="engine")
    ap.add_argument("--repeats", type=int, default=3)
    o = ap.parse_args()
    if o.what == "build":
        build()
        return 0
    if o.what == "check":
        return check()
    if o.what == "time-one":
        print(json.dumps(time_one(o.mode)))
        return 0
    time_all(o.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
