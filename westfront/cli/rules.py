"""``rules GAME``: which rule sections are implemented and cited by tests."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from ..games import registry
from ..testing.coverage import coverage
from ._common import console, friendly_errors


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)


def rules(
    game: str = typer.Argument(..., help="game id"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
) -> None:
    """Rule-coverage table built from rule citations in the tests (e.g. `# onslaught 7.3`)."""
    with friendly_errors():
        registry.info(game)
        rows, summary = coverage(game)
    if as_json:
        typer.echo(json.dumps({"game": game, "sections": rows, "summary": summary}, indent=2))
        return
    t = Table(title=f"{game}: rule coverage")
    for col in ("section", "title", "implemented in", "tests"):
        t.add_column(col)
    for r in rows:
        ok = "[green]" if r["tests"] else "[red]"
        t.add_row(r["id"], r["title"], r["implemented"] or "[red]-[/red]", f"{ok}{r['tests']}[/]")
    console.print(t)
    console.print(f"{summary['cited']}/{summary['sections']} sections cited by tests, "
                  f"{summary['implemented']}/{summary['sections']} marked implemented; "
                  f"{summary['citations']} citations in {summary['test_files']} test files")
    if summary.get("note"):
        console.print(summary["note"])
