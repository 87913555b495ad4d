"""The statistics behind tournament and balance reports: Wilson intervals and Elo by maximum likelihood."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (draws may count half, so ``successes`` may be fractional).

    Chosen over the normal approximation because it stays inside [0, 1] and
    behaves at 0 % and 100 %, which strong-versus-weak tournaments produce.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_ratings(
    agents: Sequence[str],
    results: Iterable[tuple[str, str, float]],
    *,
    prior_games: float = 1.0,
    mean: float = 1500.0,
    iterations: int = 10_000,
    tol: float = 1e-10,
) -> dict[str, float]:
    """Elo ratings fitted by maximum likelihood (Bradley-Terry, draws count half).

    ``results`` are (a, b, score of a) per game. ``prior_games`` adds that many
    virtual drawn games between every pair, so an agent that won every game gets
    a large finite rating instead of infinity (0 gives the plain MLE). Solved by
    the minorisation-maximisation iteration of Hunter (2004); ratings are
    shifted so their mean is ``mean``.
    """
    names = list(agents)
    idx = {a: i for i, a in enumerate(names)}
    k = len(names)
    wins = [0.0] * k
    n = [[0.0] * k for _ in range(k)]
    for a, b, s in results:
        i, j = idx[a], idx[b]
        wins[i] += s
        wins[j] += 1 - s
        n[i][j] += 1
        n[j][i] += 1
    if prior_games:
        for i in range(k):
            for j in range(k):
                if i != j:
                    n[i][j] += prior_games
                    wins[i] += prior_games / 2
    gamma = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            d = sum(n[i][j] / (gamma[i] + gamma[j]) for j in range(k) if j != i and n[i][j])
            new.append(wins[i] / d if d and wins[i] > 0 else 1e-12)
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        done = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, gamma, strict=True)) < tol
        gamma = new
        if done:
            break
    return {a: mean + 400 * math.log10(gamma[idx[a]]) for a in names}


def expected_score(elo_a: float, elo_b: float) -> float:
    return 1 / (1 + 10 ** ((elo_b - elo_a) / 400))
