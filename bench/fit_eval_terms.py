"""Fit a campaign's evaluation weights: the log-odds of an Allied win from the game's ``eval_terms``.

    .venv/bin/python bench/fit_eval_terms.py onslaught RUN_DIR [RUN_DIR ...] [--every 25] [--l2 1]

``RUN_DIR`` is a ``westfront simulate ... --out RUN_DIR`` directory (or its records.jsonl).
Every finished game is replayed and every ``--every`` actions the position's terms
(``westfront.games.<game>.ai_eval.eval_terms``: facts both sides see, signed for the
Allies) are labelled with the game's outcome (1 Allied win, 0 German, 0.5 draw). The
fit is ``westfront.ai.learned.fit`` (L2 logistic regression, Newton steps) converted back
to raw units, printed as the ``WEIGHTS``/``BIAS`` to paste into ``ai_eval.py``. Games
whose seed is 4 mod 5 are held out; the report compares the fit with the evaluation in
use on them (accuracy of the sign, log loss, and the same for the last quarter of the
game, where a saturated evaluation shows).
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
from pathlib import Path

from westfront.ai.hooks import hooks_for
from westfront.ai.learned import fit
from westfront.games import registry
from westfront.sim.evaltrain import held_out, outcome, sampled
from westfront.sim.simulate import read_records


def _terms_fn(game: str):  # type: ignore[no-untyped-def]
    pkg = registry.module(game).__name__
    return importlib.import_module(f"{pkg}.ai_eval").eval_terms


def _rows(rec, every: int, terms):  # type: ignore[no-untyped-def]
    """(terms, label, value of the evaluation in use for the Allies, the terms' progress) along one game."""
    evaluate = hooks_for(rec.game).evaluate
    label = outcome(rec, "allied")
    return [(t, label, evaluate(s, "allied"), t.get("progress", 0.0))
            for s in sampled(rec, every) if s.result() is None for t in (terms(s),)]


def _report(name: str, probs: list[float], rows: list) -> str:  # type: ignore[type-arg]
    decided = [(p, r[1]) for p, r in zip(probs, rows, strict=True) if r[1] != 0.5]
    if not decided:
        return f"{name}: no decided positions"
    acc = sum((p > 0.5) == (y > 0.5) for p, y in decided) / len(decided)
    eps = 1e-6
    loss = -sum(y * math.log(max(p, eps)) + (1 - y) * math.log(max(1 - p, eps)) for p, y in decided) / len(decided)
    late = [(p, y) for (p, y), r in zip(decided, [r for r in rows if r[1] != 0.5], strict=True) if r[3] > 0.75]
    late_acc = sum((p > 0.5) == (y > 0.5) for p, y in late) / len(late) if late else float("nan")
    return f"{name}: accuracy {100 * acc:.1f}%, log loss {loss:.3f}; last quarter {100 * late_acc:.1f}% ({len(late)})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--every", type=int, default=25)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--fix", default="", help="terms whose weight is set by hand (name=weight,...): the rest "
                    "is fitted around them")
    ap.add_argument("--drop", default="", help="terms left out (comma-separated): a term whose fitted sign "
                    "contradicts how it works in the rules is a correlation a search would exploit backwards")
    a = ap.parse_args()
    terms = _terms_fn(a.game)
    records = [r for run in a.runs for r in read_records(run) if r.error is None and not r.truncated]
    if not records:
        sys.exit("no finished games in these records")
    train: list = []  # type: ignore[type-arg]
    hold: list = []  # type: ignore[type-arg]
    for r in records:
        (hold if held_out(r) else train).extend(_rows(r, a.every, terms))
    fixed = {k: float(v) for k, v in (item.split("=") for item in filter(None, a.fix.split(",")))}
    drop = set(filter(None, a.drop.split(","))) | set(fixed)
    model = fit(a.game, [{k: v for k, v in t.items() if k not in drop} for t, *_ in train],
                [y for _, y, *_ in train], l2=a.l2,
                offset=[sum(w * t[k] for k, w in fixed.items()) for t, *_ in train])
    weights = {n: w / sc for n, w, sc in zip(model.names, model.weights, model.scale, strict=True)} | fixed
    bias = model.bias - sum(weights[n] * m for n, m in zip(model.names, model.mean, strict=True))
    weights = dict(sorted(weights.items()))

    def prob(t: dict[str, float]) -> float:
        z = bias + sum(w * t[k] for k, w in weights.items())  # dropped terms have no weight
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    wins = sum(r.winner == "allied" for r in records)
    print(f"{len(records)} games (Allied wins {wins}), {len(train)} training and {len(hold)} held-out positions")
    for name, rows in (("training", train), ("held out", hold)):
        if rows:
            print(" ", _report(f"fit, {name}", [prob(t) for t, *_ in rows], rows))
            print(" ", _report(f"evaluation in use, {name}", [(v + 1) / 2 for _, _, v, _ in rows], rows))
    print("WEIGHTS = {" + ", ".join(f'"{k}": {w:.3f}' for k, w in weights.items()) + "}")
    print(f"BIAS = {bias:.3f}")


if __name__ == "__main__":
    main()
