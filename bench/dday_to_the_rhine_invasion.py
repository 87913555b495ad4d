"""The Normandy invasion odds, by simulation through the game itself (1944 6.2).

    PYTHONPATH=$PWD python bench/dday_to_the_rhine_invasion.py --games 20000

The rulebook says one landing fails "just over 5 percent" of the time and both
"less than 1 percent". With the reconstructed die (aircraft, panzer, infantry
and three blanks) a landing is 4 dice against a 1-SP defender that every
symbol hits, so it fails with (1/2)^4 = 1/16 and both with 1/256; the beach
defence's two dice hit the (infantry) army half the time each, a mean loss of
1.0 step (0/1/2 at 25/50/25%). Each game
loads the campaign with a new seed and lands both armies; prints JSON with the
observed rates, their 99% intervals and whether the exact values lie inside.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

import westfront
from westfront.games.dday_to_the_rhine.board import board

GAME = "dday-to-the-rhine"


def interval(k: int, n: int, z: float = 2.576) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials."""
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def simulate(games: int, seed: int = 0) -> dict[str, Any]:
    b = board()
    west, east = (b.label(h) for h in b.zone("lower_normandy"))
    fails = both = 0
    losses: list[int] = []
    t0 = time.perf_counter()
    for k in range(games):
        s = westfront.load(GAME, seed=seed + k)
        full = {a: s.unit(a)["strength"] for a in ("uk-2a", "us-1a")}
        s.apply(f"land {east}")  # 6.2: both landings are chosen, then fought
        s.apply(f"land {west}")
        uk = s.unit("co-716")["hex"] is not None
        us = s.unit("ge-84c")["hex"] is not None
        losses += [full[a] - s.unit(a)["strength"] for a in full]
        fails += uk + us
        both += uk and us
        assert (uk and us) == (s.is_terminal() and s.result().winner == "german")
    attacks = 2 * games
    mean_loss = sum(losses) / len(losses)
    sd_loss = math.sqrt(sum((x - mean_loss) ** 2 for x in losses) / len(losses))
    lo, hi = interval(fails, attacks)
    blo, bhi = interval(both, games)
    return {
        "game": GAME, "games": games, "seconds": round(time.perf_counter() - t0, 2),
        "p_fail_per_attack": round(fails / attacks, 5), "expected_per_attack": 1 / 16,
        "ci99_per_attack": [round(lo, 5), round(hi, 5)], "per_attack_ok": lo <= 1 / 16 <= hi,
        "p_both_fail": round(both / games, 5), "expected_both": 1 / 256,
        "ci99_both": [round(blo, 5), round(bhi, 5)], "both_ok": blo <= 1 / 256 <= bhi,
        "mean_army_step_loss": round(mean_loss, 4), "expected_step_loss": 1.0,
        "step_loss_distribution": {str(k): round(losses.count(k) / len(losses), 4) for k in range(3)},
        "ci99_step_loss": [round(mean_loss - 2.576 * sd_loss / math.sqrt(len(losses)), 4),
                           round(mean_loss + 2.576 * sd_loss / math.sqrt(len(losses)), 4)],
        "rulebook": "6.2: one attack 'just over 5 percent', both 'less than 1 percent'; two beach dice hit the army",
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    out = simulate(a.games, a.seed)
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
