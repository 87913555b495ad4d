"""``serve``: start the game server and print the URL to open in a browser."""

from __future__ import annotations

import typer

from ._common import console


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="TCP port"),
    db: str = typer.Option(None, "--db", help="database URL (default: $WESTFRONT_DATABASE_URL, else SQLite "
                                              "under ~/.local/share/westfront/)"),
    ai_time: float = typer.Option(2.0, "--ai-time", help="seconds an AI seat may think per decision"),
    ai_delay: float = typer.Option(0.35, "--ai-delay", help="minimum seconds per AI move, so you can follow them"),
    log_level: str = typer.Option("warning", "--log-level", help="uvicorn log level"),
) -> None:
    """Run the game server (FastAPI, SQLite by default) and print the URL to open."""
    import logging

    import uvicorn

    from ..server.app import create_app
    from ..server.service import Settings

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    app = create_app(db, Settings(ai_time=ai_time, ai_delay=ai_delay))
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(f"[green]westfront[/green] serving on [bold]http://{shown}:{port}/[/bold]  (Ctrl+C to stop)")
    console.print(f"database: {_redact(app.state.db_url)}")
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws="websockets-sansio")


def _redact(url: str) -> str:
    """Hide a password in a database URL before printing it."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 - printing is best effort
        return url.split("@")[-1]
