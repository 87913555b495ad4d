"""``serve``: start the game server and print the URL to open in a browser."""

from __future__ import annotations

import typer

from ._common import console, err_console


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
    workers: int = typer.Option(1, "--workers", min=1, max=64,
                                help="server processes behind this one address (more than 1 needs PostgreSQL)"),
    ai_pool: str = typer.Option("process", "--ai-pool",
                                help="where AI seats think: 'process' (a pool of worker processes), 'ray' "
                                     "(tasks on $RAY_ADDRESS or a local Ray) or 'thread'"),
) -> None:
    """Run the game server (FastAPI, SQLite by default) and print the URL to open."""
    import logging
    import os

    import uvicorn

    from ..server.app import create_app
    from ..server.db import resolve_db_url
    from ..server.lifeline import exit_with
    from ..server.service import Settings

    watched = os.environ.get("WESTFRONT_EXIT_WITH", "")
    if watched.isdigit():
        exit_with(int(watched))  # a test run (or any supervisor) that ends takes this server with it
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if ai_pool not in ("process", "ray", "thread"):
        raise typer.BadParameter("--ai-pool is 'process', 'ray' or 'thread'")
    url = resolve_db_url(db)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    if workers > 1:
        if not url.startswith("postgresql"):
            err_console.print("[red]error:[/red] --workers above 1 needs PostgreSQL (--db postgresql+psycopg://…): "
                              "SQLite has one writer and no way to tell other processes about a move")
            raise typer.Exit(2)
        # the workers end with this process however it ends (server.app.app_from_env)
        os.environ.update(WESTFRONT_DATABASE_URL=url, WESTFRONT_SHARED="1", WESTFRONT_AI_POOL=ai_pool,
                          WESTFRONT_AI_TIME=str(ai_time), WESTFRONT_AI_DELAY=str(ai_delay),
                          WESTFRONT_SUPERVISOR=str(os.getpid()))
        local_ray = None
        if ai_pool == "ray" and not os.environ.get("RAY_ADDRESS"):
            # one local cluster for all the workers, ended with this process (server.raypool)
            from ..server.raypool import LocalRay

            console.print("starting a local Ray cluster for the AI seats…")
            local_ray = LocalRay()
            os.environ.update(RAY_ADDRESS=local_ray.address, **local_ray.driver_env())
        console.print(f"[green]westfront[/green] serving on [bold]http://{shown}:{port}/[/bold] with {workers} "
                      "worker processes  (Ctrl+C to stop)")
        console.print(f"database: {_redact(url)}")
        try:
            uvicorn.run("westfront.server.app:app_from_env", factory=True, workers=workers, host=host, port=port,
                        log_level=log_level, ws="websockets-sansio")
        finally:
            if local_ray is not None:
                local_ray.stop()
        return
    app = create_app(url, Settings(ai_time=ai_time, ai_delay=ai_delay, ai_pool=ai_pool,
                                   shared=os.environ.get("WESTFRONT_SHARED") == "1",
                                   smtp=os.environ.get("WESTFRONT_SMTP", "127.0.0.1:25"),
                                   mail_from=os.environ.get("WESTFRONT_MAIL_FROM", "westfront@localhost")))
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
