"""``serve``: start the game server and print its URL."""

from __future__ import annotations

import os

import typer

from ._common import console


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="TCP port"),
    db: str = typer.Option(None, "--db", help="database URL (default: SQLite under ~/.local/share/westfront/)"),
) -> None:
    """Run the game server (FastAPI + SQLite by default) and print the URL to open."""
    import uvicorn

    from ..server.app import create_app

    url = db or os.environ.get("WESTFRONT_DATABASE_URL")
    app = create_app(url)
    console.print(f"[green]westfront[/green] serving on [bold]http://{host}:{port}/[/bold]  (Ctrl+C to stop)")
    uvicorn.run(app, host=host, port=port, log_level="warning")
