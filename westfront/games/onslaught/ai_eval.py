"""The Onslaught campaign evaluations, one per seat (issue 21, search for the defender).

Each seat's search judges its leaves by the evaluation it was measured to play best with:

* **the Allies** by the hand-written one (:func:`hand_allied_view`): victory points weighted
  by how late it is; early, material, the advance, the sealed Victory Line and port income.
  Its gradients are the plan's (a pocket closed, a division scoring, a gap covered), and
  `normal` as the Allies beat the heuristic with it on every measured seed;
* **the Germans** by a logistic fit (:func:`fitted_allied_value`, negated). Measured on
  heuristic mirror games the hand-written one read +0.8 to +1.0 for the German in the last
  turns of games the Allies went on to win, and nothing in it moved with a German move in the
  four decisions a rollout sees, so the German search played the German heuristic. The fit
  (``WEIGHTS``, on ``eval_terms``: facts both sides see, signed for the Allies) has the
  term a German move changes at once: a division stepping into a fortification west of the
  Rhine, always in supply and so always scoring (7.5, 8.4, 13.3). With it `normal` as the
  Germans won 6 of 8 seeds where the heuristic mirror wins 4; as the Allies it lost two seeds
  the hand-written evaluation wins (docs/ai.md), hence one evaluation per seat. The deeper search
  of `hard` reads a second fit (``DEEP_WEIGHTS``) whose forts count by how late it is.

MCTS asks only for its own seat's value (``westfront.ai.mcts``: the opponent's is its
negation), so two evaluations never meet in one tree. ``bench/fit_eval_terms.py`` refits
``WEIGHTS`` from ``westfront simulate`` records.
"""

from __future__ import annotations

import math

from .data import LAST_TURN, UNITS
from .plan import cover_counts, front_bb
from .position import Position
from .supply import supply_area
from .victory import score

# Fitted by bench/fit_eval_terms.py on 41,472 positions of 320 heuristic games (seeds 2000-2039 and 3000-3119 of the
# heuristic mirror: Allies 85, Germans 74, one draw; seeds 3000-3039 and 4000-4119 with the German heuristic scoring
# a block of hexes by its best hex, which finds the fortifications: Germans 144 of 160): held-out games (seed 4 mod 5)
# 74.1 % right, log loss 0.47, against 67.3 % and 0.60 for the hand-written evaluation. Left out because their fitted
# sign contradicts how they work in the rules (a correlation a search would exploit backwards): Allied divisions out
# of supply (they go with a deep advance), either side's divisions scoring and the lead before the last turns (the
# Allies are expected to be behind), the share of the line sealed and German divisions on it, the Allied gap bonus
# on its own and the German pockets: --drop allied_cut,german_points,sealed,allied_gap,lead,lead_progress,
# german_pockets,front_held,allied_points. (Holding the lead and the seal at the hand-written evaluation's weights
# with --fix and fitting the rest around them cost the German search 2 of the first 5 seeds and did not win
# back the Allied seeds.)
WEIGHTS: dict[str, float] = {"advance": 4.877, "german_forts": 1.524, "german_gap": 0.280, "income": 4.161,
                             "lead_final": 1.635, "lead_late": 1.185, "material": 0.915, "progress": -1.539}
BIAS = 1.391

# The German seat of `hard` (``evaluate_deep``): the same games and terms, with the forts weighted by how late it is
# (german_forts_late instead of german_forts; the material then fits negative and is left out too: --drop ...,
# german_forts,material); held out 73.4 % right, log loss 0.51. With the flat forts above, `hard`'s deeper search
# drew the German divisions back into the West Wall early (41 in fortifications by turn 14 of seed 1, against 21
# under `normal`) and let the Allies through to the ports and the Victory Line: it lost seeds 1 and 3, which it wins
# with these. `normal` keeps the flat forts: with these it lost seeds 1 and 3 too, with fewer divisions in the
# fortifications (always in supply) when the German points fell from 96 to 20 in two turns of seed 1 (docs/ai.md).
DEEP_WEIGHTS: dict[str, float] = {"advance": 4.963, "german_forts_late": 2.400, "german_gap": 1.550, "income": 3.720,
                                  "lead_final": 0.479, "lead_late": 0.941, "progress": -0.845}
DEEP_BIAS = 1.134

VP_SCALE, VP_SCALE_LAST = 25.0, 8.0  # points of lead worth tanh(1): early in the game, and in the last turn


def vp_scale(progress: float) -> float:
    """How many points of lead make a clear advantage: 25 for most of the game, 8 by the last turn.

    The result is the sign of the lead after turn 20 (13.3), so late in the game a few points decide it.
    With a flat 25 and no gap bonus, a German losing 77-88 valued his last replacement step at about
    -0.2 while every move that ended the game was worth -1, and the search backed out of each
    replacement again and again (issue 21). The sharpening starts late, so mid-game leads keep their
    gradient."""
    return VP_SCALE - (VP_SCALE - VP_SCALE_LAST) * progress ** 4


def _material(s: Position) -> float:
    """The Allied share of the strength on the map, centred: +1 all Allied, -1 all German."""
    strength = {"allied": 0, "german": 0}
    for u in s.on_map():
        strength[UNITS[u].side] += s.strength(u)
    total = strength["allied"] + strength["german"] or 1
    return (strength["allied"] - strength["german"]) / total


def _sealed(s: Position) -> float:
    """The plan's yardstick (plan.py): the share of the line east of the Victory Line in Allied ZOC."""
    cover = cover_counts(s)
    return sum(1 for n in cover.values() if n) / max(1, len(cover))


def hand_allied_view(s: Position) -> float:
    """The hand-written evaluation for the Allies, in [-1, 1]: victory points weighted by how late it is;
    material, the advance, the sealed line and port income weighted by how early.

    Unspent supply points are deliberately worth nothing: points turn into position only when spent,
    and a stockpile beyond the track's maximum is lost (8.2), so valuing it would teach hoarding."""
    sc = score(s)  # with the gap bonuses (5 or 15 each, 13.3): they decide close games
    progress = s.turn / LAST_TURN
    vp = math.tanh((sc.allied - sc.german) / vp_scale(progress))
    east = 0.0
    b = s.board
    allied = s.on_map("allied")
    for u in allied:
        h = s.hex_of(u)
        east += b.offset[h][0] / (b.max_col or 1) if h is not None else 0.0
    material = _material(s)
    advance = east / len(allied) - 0.25 if allied else -1.0  # the beaches are about a quarter of the way east
    income = (s.g["income"] - 12) / 30.0
    sealed = _sealed(s)
    # the Allies start far behind on points and are expected to catch up: early, material, the
    # advance, the seal and the ports say more about the outcome than the score does
    allied_view = progress * vp + (1 - progress) * (0.5 * material + 0.3 * advance + 0.4 * sealed + 0.2 * income)
    return max(-1.0, min(1.0, allied_view))


def eval_terms(s: Position) -> dict[str, float]:
    """The evaluation's inputs, each signed so that larger is better for the Allies."""
    b = s.board
    sc = score(s)  # with the gap bonuses (13.3)
    progress = s.turn / LAST_TURN
    lead = (sc.allied - sc.german) / 20.0
    allied = s.on_map("allied")
    german = s.on_map("german")
    allied_hexes = [h for h in (s.hex_of(u) for u in allied) if h is not None]
    east = sum(b.offset[h][0] for h in allied_hexes)
    a_sup = supply_area(s, "allied")
    g_sup = supply_area(s, "german")
    g_bb = s.side_bb("german")
    front = front_bb()
    west_g = [h for h in (s.hex_of(u) for u in german) if h is not None and (b.west_of_rhine >> h) & 1]
    return {
        "lead": lead,
        "lead_progress": lead * progress,
        "lead_late": lead * progress ** 4,
        # the last turns: the sign of the lead decides (13.3), whatever its size
        "lead_final": math.tanh((sc.allied - sc.german) / 5.0) * progress ** 8,
        "allied_points": sc.allied_divisions / 40.0,
        "german_points": -sc.german_divisions / 40.0,
        "allied_gap": sc.allied_gap / 15.0,
        "german_gap": -sc.german_gap / 15.0,
        "material": _material(s),
        "advance": east / (len(allied) * (b.max_col or 1)) - 0.25 if allied else -1.0,
        "income": (s.g["income"] - 12) / 30.0,
        "sealed": _sealed(s),
        "front_held": -bin(g_bb & front).count("1") / max(1, bin(front).count("1")),
        "german_forts": (forts := -sum(1 for h in west_g if (b.fortification >> h) & 1) / 20.0),
        "german_forts_late": forts * progress ** 2,  # the same, by how near the count after the last turn is
        "german_pockets": sum(1 for h in west_g if not (g_sup >> h) & 1) / 20.0,
        "allied_cut": -sum(1 for h in allied_hexes if not (a_sup >> h) & 1) / max(1, len(allied)),
        "progress": progress,
    }


def allied_log_odds(s: Position, deep: bool = False) -> float:
    """The fitted log-odds of an Allied win in this (unfinished) position (``deep``: by the fit for `hard`)."""
    t = eval_terms(s)
    weights, bias = (DEEP_WEIGHTS, DEEP_BIAS) if deep else (WEIGHTS, BIAS)
    return bias + sum(w * t[k] for k, w in weights.items())


def fitted_allied_value(s: Position, deep: bool = False) -> float:
    """2 P(Allied win) - 1 = tanh(z / 2) by the fit."""
    return math.tanh(allied_log_odds(s, deep) / 2.0)

