"""``bench``: the performance figures of bench/ (ARCHITECTURE.md §6)."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import typer

from ._common import console, err_console


def register(app: typer.Typer) -> None:
    app.command("bench")(bench)


def bench(
    as_json: bool = typer.Option(False, "--json", help="one JSON object per line"),
    repeats: int = typer.Option(5, help="repeats per figure (the median is reported)"),
    quick: bool = typer.Option(False, help="fewer games and repeats (smoke run)"),
    only: list[str] = typer.Option(None, "--only", help="run only figures whose name contains this"),
    against: str = typer.Option(None, "--against", metavar="REV",
                                help="A/B: measure this tree and git revision REV in turns, report speed-ups"),
    parts: str = typer.Option("kits,play,mcts", help="with --against: kits, play (random play, per-phase), mcts"),
    game: list[str] = typer.Option(None, "--game", help="with --against: only these games"),
) -> None:
    """Measure engine speed: random play per game, movement and supply against scipy, AI decisions.

    With ``--against REV`` both trees run the same work in alternating fresh processes (CPU time,
    median of ``--repeats``) and each figure is reported with the speed-up of this tree over REV."""
    if against:
        from ..testing.bench_ab import compare

        def log(msg: str) -> None:
            if not as_json:
                console.print(f"[dim]{msg}[/dim]")

        rows = []
        try:
            for row in compare(against, repeats=repeats, parts=parts.split(","), games=game or None, quick=quick,
                               log=log):
                rows.append(row)
                if as_json:
                    typer.echo(json.dumps(row))
        except subprocess.CalledProcessError as e:
            detail = e.stderr.decode() if isinstance(e.stderr, bytes) else str(e.stderr or "")
            err_console.print(f"[red]cannot read revision {against!r}: {detail.strip()}[/red]")
            raise typer.Exit(1) from None
        except RuntimeError as e:
            err_console.print(f"[red]{e}[/red]")
            raise typer.Exit(1) from None
        if not as_json:
            print_comparison(rows)
        return

    from ..testing.bench import run_all

    for fig in run_all(repeats=repeats, quick=quick, only=only):
        if as_json:
            typer.echo(json.dumps(fig))
        else:
            console.print(fig)


def print_comparison(rows: list[dict[str, Any]]) -> None:
    from rich.table import Table

    if not rows:
        console.print("no figures")
        return
    t = Table(title=f"this tree against {rows[0]['against']} (CPU time, medians of {rows[0]['repeats']} repeats)")
    for col in ("figure", "metric", "base", "new", "speed-up", "range", "note"):
        t.add_column(col)
    for r in rows:
        rng = r["speedup_range"]
        t.add_row(r["figure"], r["metric"], f"{r['base']:g}", f"{r['new']:g}",
                  f"×{r['speedup']:g}" if r["speedup"] else "-", f"{rng[0]:g}–{rng[1]:g}" if rng else "",
                  "work differs: " + ",".join(r["work_differs"]) if r.get("work_differs") else "")
    console.print(t)
