"""Placeholder application: lists the registered games (the full server replaces it)."""

from __future__ import annotations

import html
import os
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from .. import api


def default_db_url() -> str:
    base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "westfront"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'westfront.db'}"


def create_app(db_url: str | None = None) -> FastAPI:
    app = FastAPI(title="westfront")

    @app.get("/api/catalog")
    def catalog() -> list[dict]:
        return [g.to_dict() for g in api.list_games()]

    @app.get("/", response_class=HTMLResponse)
    def index() -> str:
        rows = "".join(f"<li><b>{html.escape(g.title)}</b> ({html.escape(g.id)})</li>" for g in api.list_games())
        return f"<!doctype html><title>westfront</title><h1>westfront</h1><p>Games:</p><ul>{rows}</ul>"

    return app

