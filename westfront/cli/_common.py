"""Helpers shared by CLI modules: option parsing and friendly errors."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console

from ..core.errors import WestfrontError

console = Console()
err_console = Console(stderr=True)


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for p in pairs or []:
        k, sep, v = p.partition("=")
        if not sep or not k:
            raise typer.BadParameter(f"--option takes key=value, got {p!r}")
        out[k.strip()] = v.strip()
    return out


@contextmanager
def friendly_errors() -> Iterator[None]:
    """Print westfront errors as one red line and exit 1 instead of a traceback."""
    try:
        yield
    except WestfrontError as e:
        err_console.print(f"[red]error:[/red] {e}")
        sys.exit(1)
