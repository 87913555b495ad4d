"""``games``, ``new`` and ``replay``: the engine contract from the shell."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from .. import api
from ..core.errors import SaveError
from ._common import console, friendly_errors, parse_options


def register(app: typer.Typer) -> None:
    app.command("games")(games)
    app.command("new")(new)
    app.command("replay")(replay)


def games(as_json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """List the registered games with their scenarios and options."""
    infos = api.list_games()
    if as_json:
        typer.echo(json.dumps([i.to_dict() for i in infos], indent=2, default=str))
        return
    # one block per game rather than a table: the ids are what a user types next (`westfront new ID --scenario S
    # --option O=...`), and a five-column table on an 80-column terminal cut them short ("dday-to-the-…")
    for i in infos:
        console.print(f"[bold]{i.id}[/bold]  {i.title}", highlight=False)
        for label, ids in (("players", i.players), ("scenarios", [s.id for s in i.scenarios]),
                           ("options", [o.id for o in i.options])):
            console.print(f"  {label}: {', '.join(ids) or '-'}", highlight=False)


def new(
    game: str = typer.Argument(..., help="game id, see `westfront games`"),
    scenario: str = typer.Option(None, help="scenario id (default: the game's first)"),
    option: list[str] = typer.Option(None, "--option", "-o", help="optional rule, key=value (repeatable)"),
    seed: int = typer.Option(0, help="random seed"),
    out: Path = typer.Option(..., "--out", help="save file to write"),
) -> None:
    """Start a new game and write its save file."""
    with friendly_errors():
        s = api.load(game, scenario=scenario, options=parse_options(option), seed=seed)
    out.write_text(s.to_json(), encoding="utf-8")
    console.print(f"[green]new {game}[/green] ({s.scenario}, seed {seed}) -> {out}")
    console.print(f"next: {s.current_player()}: {s.prompt()}")


def replay(
    file: Path = typer.Argument(..., exists=True, dir_okay=False, readable=True, help="save file"),
    verify: bool = typer.Option(False, "--verify", help="replay the action log and check the position hash"),
) -> None:
    """Load a save; with --verify, rebuild it from its record and compare hashes."""
    with friendly_errors():
        try:
            text = file.read_text(encoding="utf-8")
        except UnicodeDecodeError as e:
            raise SaveError(f"{file} is not a text save file ({e})") from None
        except OSError as e:
            raise SaveError(f"cannot read {file}: {e.strerror or e}") from None
        s = api.from_json(text, verify=verify)
    console.print(f"{s.INFO.id}: {len(s.history)} actions, hash {s.hash()}")
    if verify:
        console.print("[green]verified[/green]: the action log replays to the saved position")
    r = s.result()
    console.print(f"result: {r.reason}" if r else f"next: {s.current_player()}: {s.prompt()}")
