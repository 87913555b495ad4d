"""The ``westfront`` command line (Typer + Rich).

Every module in this package that defines ``register(app)`` adds its commands,
so each area (maps, server, AI, simulation) keeps its commands beside itself
without editing a shared file.
"""

from __future__ import annotations

import importlib
import pkgutil

import typer

app = typer.Typer(
    name="westfront",
    help="Western Front 1943-45 board wargames: play, replay, simulate, inspect.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


def _register_all() -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        reg = getattr(mod, "register", None)
        if callable(reg):
            reg(app)


_register_all()


def main() -> None:
    app()
