"""Round-robin tournaments between agents: schedule, aggregate, Elo.

Every pair of agents plays ``games`` games, alternating side assignments;
games 2j and 2j+1 of a pairing share seed ``seed + j`` with the sides swapped
(common random numbers: the luck of the dice is the same for both agents, which
narrows the confidence intervals for a given number of games).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from rich.table import Table

from ..games import registry
from .match import DEFAULT_MAX_ACTIONS, GameRecord
from .runner import GameTask
from .stats_math import elo_ratings, wilson


def schedule(
    game: str,
    agents: Sequence[str],
    games: int,
    *,
    scenario: str | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    time_budget: float | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> list[GameTask]:
    """The tasks of a round-robin: ``games`` per pairing, half with each side assignment."""
    info = registry.info(game)
    players = info.seated(options)
    if len(players) != 2:
        raise ValueError(f"tournaments need a two-player game; {game} seats {len(players)} players"
                         + (f" (set --option {info.seat_count_option}=2)" if info.seat_count_option else ""))
    if len(set(agents)) != len(agents) or len(agents) < 2:
        raise ValueError(f"a tournament needs at least two different agents, got {', '.join(agents)}")
    tasks: list[GameTask] = []
    for a, b in combinations(agents, 2):
        for k in range(games):
            first, second = (a, b) if k % 2 == 0 else (b, a)
            tasks.append(GameTask(index=len(tasks), game=game, seed=seed + k // 2,
                                  agents={players[0]: first, players[1]: second}, scenario=scenario,
                                  options=dict(options or {}), time_budget=time_budget, max_actions=max_actions))
    return tasks


def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else None, "ci95": [round(lo, 4), round(hi, 4)]}


def agent_of(rec: GameRecord, side: str | None) -> str | None:
    return rec.agents.get(side) if side else None


def summarize(records: Sequence[GameRecord], agents: Sequence[str], *, prior_games: float = 1.0) -> dict[str, Any]:
    """Win rates with 95 % Wilson intervals (overall, per side, per pairing), levels, lengths, timing and Elo.

    Games that ended in an error or hit the action cap are counted apart and left out of the rates.
    """
    done = [r for r in records if r.finished]
    players = sorted({s for r in records for s in r.agents})
    pairings = []
    elo_games: list[tuple[str, str, float]] = []
    for a, b in combinations(agents, 2):
        rs = [r for r in done if set(r.agents.values()) == {a, b}]
        a_w = sum(1 for r in rs if agent_of(r, r.winner) == a)
        b_w = sum(1 for r in rs if agent_of(r, r.winner) == b)
        draws = len(rs) - a_w - b_w
        by_side = {}
        for side in players:
            sr = [r for r in rs if r.agents.get(side) == a]
            by_side[side] = {"a_" + k: v for k, v in _rate(sum(1 for r in sr if r.winner == side), len(sr)).items()}
        for r in rs:
            elo_games.append((a, b, 1.0 if agent_of(r, r.winner) == a else 0.0 if agent_of(r, r.winner) == b else 0.5))
        pairings.append({
            "a": a, "b": b, "games": len(rs), "a_wins": a_w, "b_wins": b_w, "draws": draws,
            "a_score": round((a_w + draws / 2) / len(rs), 4) if rs else None,
            "a_win_rate": _rate(a_w, len(rs)), "b_win_rate": _rate(b_w, len(rs)),
            "by_side_of_a": by_side,
            "levels": dict(Counter(f"{agent_of(r, r.winner) or 'draw'}:{r.level}" for r in rs).most_common()),
            "unfinished": sum(1 for r in records if set(r.agents.values()) == {a, b} and not r.finished),
        })
    elo = elo_ratings(agents, elo_games, prior_games=prior_games)
    per_agent: dict[str, Any] = {}
    for ag in agents:
        rs = [r for r in done if ag in r.agents.values()]
        wins = sum(1 for r in rs if agent_of(r, r.winner) == ag)
        draws = sum(1 for r in rs if r.winner is None)
        sides = {}
        for side in players:
            sr = [r for r in rs if r.agents.get(side) == ag]
            sides[side] = _rate(sum(1 for r in sr if r.winner == side), len(sr))
        dec = [r.decisions[s] for r in records for s, spec in r.agents.items() if spec == ag and s in r.decisions]
        count = sum(int(d["count"]) for d in dec)
        per_agent[ag] = {
            "elo": round(elo[ag], 1), "games": len(rs), "wins": wins, "draws": draws, "losses": len(rs) - wins - draws,
            "score": round((wins + draws / 2) / len(rs), 4) if rs else None, "win_rate": _rate(wins, len(rs)),
            "by_side": sides, "decisions": count,
            "mean_s_per_decision": round(sum(d["total_s"] for d in dec) / count, 6) if count else None,
            "max_s_per_decision": round(max((d["max_s"] for d in dec), default=0.0), 6),
        }
    return {
        "game": records[0].game if records else None,
        "scenario": records[0].scenario if records else None,
        "options": records[0].options if records else {},
        "agents": list(agents),
        "games": len(records), "finished": len(done),
        "truncated": sum(1 for r in records if r.truncated), "errors": [
            {"seed": r.seed, "agents": r.agents, "error": r.error} for r in records if r.error][:20],
        "pairings": pairings, "per_agent": per_agent,
        "elo": sorted(({"agent": a, "elo": round(e, 1)} for a, e in elo.items()), key=lambda x: -x["elo"]),
        "elo_prior_draws_per_pair": prior_games,
        "levels": dict(Counter(f"{r.winner or 'draw'}:{r.level}" for r in done).most_common()),
        "length": length_stats(done),
    }


def length_stats(records: Sequence[GameRecord]) -> dict[str, Any]:
    acts = [r.n_actions for r in records]
    turns = [r.turns for r in records if r.turns is not None]
    return {
        "mean_actions": round(statistics.mean(acts), 1) if acts else None, "max_actions": max(acts, default=None),
        "mean_turns": round(statistics.mean(turns), 2) if turns else None, "max_turns": max(turns, default=None),
    }


def _pct(rate: dict[str, Any]) -> str:
    if not rate["games"]:
        return "-"
    lo, hi = rate["ci95"]
    return f"{100 * rate['win_rate']:.0f}% [{100 * lo:.0f}-{100 * hi:.0f}]"


def tables(summary: dict[str, Any]) -> list[Table]:
    """Rich tables: the pairings (win rates with 95 % CI, overall and per side of A), then agents by Elo."""
    players = sorted({s for p in summary["pairings"] for s in p["by_side_of_a"]})
    t = Table(title=f"{summary['game']} ({summary['scenario']}): {summary['games']} games")
    for col in ("A", "B", "games", "A-B-draw", "A win % [95% CI]", *[f"A as {s}" for s in players]):
        t.add_column(col)
    for p in summary["pairings"]:
        t.add_row(p["a"], p["b"], str(p["games"]), f"{p['a_wins']}-{p['b_wins']}-{p['draws']}", _pct(p["a_win_rate"]),
                  *[_pct({k[2:]: v for k, v in p["by_side_of_a"][s].items()}) for s in players])
    e = Table(title="Elo (maximum likelihood, draws half)")
    for col in ("agent", "Elo", "games", "score", *[f"win % as {s}" for s in players], "ms/decision", "max ms"):
        e.add_column(col)
    for row in summary["elo"]:
        a = summary["per_agent"][row["agent"]]
        mean = a["mean_s_per_decision"]
        e.add_row(row["agent"], f"{row['elo']:.0f}", str(a["games"]), "-" if a["score"] is None else f"{a['score']:.3f}",
                  *[_pct(a["by_side"][s]) for s in players], "-" if mean is None else f"{1000 * mean:.2f}",
                  f"{1000 * a['max_s_per_decision']:.1f}")
    return [t, e]


def levels_line(summary: dict[str, Any]) -> str:
    lv = ", ".join(f"{k} {v}" for k, v in summary["levels"].items()) or "none"
    ln = summary["length"]
    return (f"victory levels: {lv}; mean length {ln['mean_actions']} actions, {ln['mean_turns']} turns; "
            f"unfinished: {summary['games'] - summary['finished']}")
