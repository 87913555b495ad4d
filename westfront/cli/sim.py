"""``tournament``, ``simulate`` and ``replay-record``: batch games on a process pool or a Ray cluster.

See docs/simulation.md. Bad input (unknown game, scenario, option or agent,
``--games`` below 1, an unreachable Ray address) exits with code 2 and one line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import typer

from ._common import console, err_console, friendly_errors

AGENTS_HELP = ("comma-separated agent specs (see westfront.ai.get_agent): random, easy, heuristic, normal, hard, "
               "mcts, or mcts@N for N search iterations per decision")
RAY_HELP = "run on Ray: 'local' (a private local instance), 'auto' (the cluster of `ray start`), or ray://host:10001"


def register(app: typer.Typer) -> None:
    app.command("tournament")(tournament)
    app.command("simulate")(simulate)
    app.command("replay-record")(replay_record)
    app.command("fit-eval")(fit_eval)


def _fail(msg: str) -> NoReturn:
    typer.echo(f"error: {msg}", err=True)
    raise typer.Exit(2)


def _checked(game: str, scenario: str | None, option: list[str] | None, agents: str, games: int,
             workers: int) -> tuple[dict[str, Any], list[str]]:
    """Validate everything before a single game starts; returns (options, agent specs)."""
    from .. import api
    from ..ai import get_agent
    from ..core.errors import UnknownGame
    from ..games import registry
    from ._common import parse_options

    if game not in registry.game_ids():
        _fail(f"unknown game {game!r}; registered games: {', '.join(registry.game_ids())}")
    if games < 1:
        _fail(f"--games must be at least 1, got {games}")
    if workers < 1:
        _fail(f"--workers must be at least 1, got {workers}")
    specs = [a.strip() for a in agents.split(",")]
    if not all(specs):
        _fail(f"--agents takes a comma-separated list of agent names, got {agents!r}")
    for spec in specs:
        try:
            get_agent(spec, seed=0)
        except ValueError as e:
            _fail(str(e))
    try:
        options = parse_options(option)
        api.load(game, scenario=scenario, options=options, seed=0)
    except (typer.BadParameter, UnknownGame) as e:
        _fail(str(e))
    return options, specs


def _run(tasks: list[Any], workers: int, ray: str | None, label: str,
         records_path: Path | None = None) -> tuple[list[Any], float, str]:
    from ..sim.runner import RunnerError, collect

    try:
        records, wall = collect(tasks, workers=workers, ray_address=ray, description=label, console=err_console,
                                records_path=records_path)
    except RunnerError as e:
        _fail(str(e))
    return records, wall, f"ray:{ray}" if ray else f"pool:{workers}" if workers > 1 else "in-process"


def tournament(
    game: str = typer.Argument(..., help="game id, see `westfront games`"),
    agents: str = typer.Option(..., "--agents", help=AGENTS_HELP + " (at least two)"),
    games: int = typer.Option(20, "--games", help="games per pairing of agents, split evenly across sides"),
    workers: int = typer.Option(1, "--workers", "-w", help="worker processes (1: in this process)"),
    ray: str = typer.Option(None, "--ray", help=RAY_HELP),
    scenario: str = typer.Option(None, help="scenario id (default: the game's first)"),
    option: list[str] = typer.Option(None, "--option", "-o", help="optional rule, key=value (repeatable)"),
    seed: int = typer.Option(0, help="first seed; games 2j and 2j+1 of a pairing share seed+j with sides swapped"),
    time_budget: float = typer.Option(None, "--time-budget", help="seconds per decision passed to the agents"),
    max_actions: int = typer.Option(50_000, "--max-actions", help="stop a game after this many actions"),
    prior: float = typer.Option(1.0, "--elo-prior", help="virtual drawn games per pair of agents in the Elo fit"),
    json_out: Path = typer.Option(None, "--json", help="write the full results (summary and per-game rows) here"),
    records_out: Path = typer.Option(None, "--records", help="write every game's record (JSONL, for replay-record)"),
) -> None:
    """Round-robin between agents: win rates with 95% CI, levels, lengths, time per decision, Elo."""
    from ..sim import tournament as T

    options, specs = _checked(game, scenario, option, agents, games, workers)
    if len(specs) < 2 or len(set(specs)) != len(specs):
        _fail(f"a tournament needs at least two different agents, got {agents!r}")
    with friendly_errors():
        tasks = T.schedule(game, specs, games, scenario=scenario, options=options, seed=seed,
                           time_budget=time_budget, max_actions=max_actions)
    records, wall, runner = _run(tasks, workers, ray, f"{game} tournament", records_out)
    summary = T.summarize(records, specs, prior_games=prior)
    summary["throughput"] = {"runner": runner, "wall_s": round(wall, 3), "games_per_s": round(len(records) / wall, 3)}
    for t in T.tables(summary):
        console.print(t)
    console.print(T.levels_line(summary))
    if json_out is not None:
        from ..sim.simulate import game_row

        doc = {**summary, "games_detail": [game_row(r) for r in records]}
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(doc, indent=2, default=str) + "\n", encoding="utf-8")
        console.print(f"results -> {json_out}")
    if records_out is not None:
        console.print(f"records -> {records_out}")


def simulate(
    game: str = typer.Argument(..., help="game id, see `westfront games`"),
    agents: str = typer.Option("random", "--agents", help=AGENTS_HELP + "; one per side in the game's order, "
                               "or one for every side"),
    games: int = typer.Option(100, "--games", help="number of games (seeds seed, seed+1, ...)"),
    workers: int = typer.Option(1, "--workers", "-w", help="worker processes (1: in this process)"),
    ray: str = typer.Option(None, "--ray", help=RAY_HELP),
    scenario: str = typer.Option(None, help="scenario id (default: the game's first)"),
    option: list[str] = typer.Option(None, "--option", "-o", help="optional rule, key=value (repeatable)"),
    seed: int = typer.Option(0, help="seed of the first game"),
    time_budget: float = typer.Option(None, "--time-budget", help="seconds per decision passed to the agents"),
    max_actions: int = typer.Option(50_000, "--max-actions", help="stop a game after this many actions"),
    out: Path = typer.Option(..., "--out", help="output directory (created)"),
    report: bool = typer.Option(True, "--report/--no-report", help="draw the plots and report.html"),
) -> None:
    """Play many games and write records (Parquet, CSV, JSONL), summary.json and a balance report."""
    from ..sim import simulate as S

    options, specs = _checked(game, scenario, option, agents, games, workers)
    if out.exists() and not out.is_dir():
        _fail(f"--out {out} exists and is not a directory")
    try:
        by_side = S.agents_for_sides(game, specs, options)
    except ValueError as e:
        _fail(str(e))
    tasks = S.schedule(game, by_side, games, scenario=scenario, options=options, seed=seed,
                       time_budget=time_budget, max_actions=max_actions)
    records, wall, runner = _run(tasks, workers, ray, f"{game} simulation", out / "records.jsonl")
    summary = S.write_outputs(out, records, wall_s=wall, runner=runner, report=report, records_written=True)
    for side, d in summary["win_rate_by_side"].items():
        lo, hi = d["ci95"]
        rate = "-" if d["win_rate"] is None else f"{100 * d['win_rate']:.1f}%"
        console.print(f"{side} ({d['agent']}): {d['wins']} wins, {rate} [95% CI {100 * lo:.1f}-{100 * hi:.1f}%]")
    console.print(f"draws {summary['draws']['games']}, capped {summary['truncated']}, errors {len(summary['errors'])}; "
                  f"{summary['throughput']['games_per_s']} games/s ({runner})")
    console.print(f"wrote {len(summary['files'])} files to {out}" + (f" (open {out / 'report.html'})" if report else ""))


def replay_record(
    source: Path = typer.Argument(..., help="records.jsonl, or a simulate output directory"),
    seed: int = typer.Option(None, "--seed", help="the game with this seed (default: every game)"),
    save: Path = typer.Option(None, "--save", help="write the re-created game as a save file (needs --seed)"),
) -> None:
    """Re-create games from their records (scenario, options, seed, actions) and check each final hash."""
    from ..sim.match import replay
    from ..sim.simulate import read_records

    path = source / "records.jsonl" if source.is_dir() else source
    if not path.is_file():
        _fail(f"no records file at {path}")
    try:
        records = read_records(path)
    except (ValueError, KeyError, TypeError) as e:
        _fail(f"{path} is not a records.jsonl file: {e}")
    if seed is not None:
        records = [r for r in records if r.seed == seed]
        if not records:
            _fail(f"no game with seed {seed} in {path}")
    if save is not None and len(records) != 1:
        _fail("--save needs --seed naming exactly one game")
    with friendly_errors():
        for r in records:
            s = replay(r)
            console.print(f"seed {r.seed}: {len(r.actions)} actions replay to hash {s.hash()} [green]verified[/green]")
            if save is not None:
                save.write_text(s.to_json(), encoding="utf-8")
                console.print(f"saved -> {save} (`westfront replay {save} --verify`)")


def fit_eval(
    source: Path = typer.Argument(..., help="records.jsonl, or a simulate output directory"),
    out: Path = typer.Option(None, "--out", help="model file (default: the game's data/eval_model.json)"),
    every: int = typer.Option(25, "--every", help="sample a position every N actions"),
    l2: float = typer.Option(1.0, "--l2", help="L2 penalty of the logistic regression"),
    note: str = typer.Option(None, "--note", help="provenance kept in the model file (how the records were made)"),
) -> None:
    """Fit the learned evaluation (win probability from each side's view) on simulated games."""
    from ..ai.learned import model_path
    from ..sim.evaltrain import fit_records
    from ..sim.simulate import read_records

    path = source / "records.jsonl" if source.is_dir() else source
    if not path.is_file():
        _fail(f"no records file at {path}")
    if every < 1:
        _fail("--every must be at least 1")
    with friendly_errors():
        try:
            rep = fit_records(read_records(path), every=every, l2=l2)
        except ValueError as e:
            _fail(str(e))
        if note:
            rep.model.trained_on["note"] = note
        rep.model.trained_on["seeds"] = _ranges(sorted({r.seed for r in read_records(path)}))
        target = out or model_path(rep.model.game)
        target.write_text(rep.model.to_json() + "\n", encoding="utf-8")
    hold = "-" if rep.holdout_accuracy is None else f"{100 * rep.holdout_accuracy:.1f}%"
    hand = "-" if rep.hand_holdout_accuracy is None else f"{100 * rep.hand_holdout_accuracy:.1f}%"
    console.print(f"{rep.games} games, {rep.positions} positions; accuracy {100 * rep.train_accuracy:.1f}% "
                  f"(held-out games {hold}; the hand-written evaluate there {hand}); wrote {target}")
    if rep.holdout_log_loss is not None:
        console.print(f"held-out log-loss {rep.holdout_log_loss:.3f} (each side's training win rate: "
                      f"{rep.prior_holdout_log_loss:.3f}, accuracy {100 * (rep.prior_holdout_accuracy or 0):.1f}%; "
                      "a coin: 0.693)")
    for name, w in sorted(zip(rep.model.names, rep.model.weights, strict=True), key=lambda x: -abs(x[1])):
        console.print(f"  {name:24s} {w:+.3f}")


def _ranges(xs: list[int]) -> str:
    """1000,1001,1002,2000 -> "1000-1002, 2000" (the seeds a model was fitted on, for its file)."""
    out: list[str] = []
    for x in xs:
        if out and x == int(out[-1].rpartition("-")[2]) + 1:
            out[-1] = f"{out[-1].partition('-')[0]}-{x}"
        else:
            out.append(str(x))
    return ", ".join(out)
