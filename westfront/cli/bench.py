"""``bench``: the performance figures of bench/ (ARCHITECTURE.md §6)."""

from __future__ import annotations

import json

import typer

from ._common import console


def register(app: typer.Typer) -> None:
    app.command("bench")(bench)


def bench(
    as_json: bool = typer.Option(False, "--json", help="one JSON object per line"),
    repeats: int = typer.Option(5, help="repeats per figure (the median is reported)"),
    quick: bool = typer.Option(False, help="fewer games and repeats (smoke run)"),
    only: list[str] = typer.Option(None, "--only", help="run only figures whose name contains this"),
) -> None:
    """Measure engine speed: random play per game, movement and supply against scipy, AI decisions."""
    from ..testing.bench import run_all

    for fig in run_all(repeats=repeats, quick=quick, only=only):
        if as_json:
            typer.echo(json.dumps(fig))
        else:
            console.print(fig)
