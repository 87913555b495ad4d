"""``westfront map``: build, show, check and render the game maps.

``build`` needs the optional geography packages (``pip install 'westfront[geo]'``);
``show``, ``check`` and ``render`` only read the committed ``map.json`` files.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import typer

GAMES_HELP = (
    "game id: dday-to-the-rhine, onslaught, second-front-now, dday-3rd, race-to-the-rhine (or 'all' for build/check)"
)


def _games(game: str) -> list[str]:
    from ..geo.spec import PACKAGES

    if game == "all":
        return list(PACKAGES)
    if game not in PACKAGES:
        raise typer.BadParameter(f"unknown game {game!r}; choose from {', '.join(PACKAGES)} or 'all'")
    return [game]


def build(
    game: str = typer.Argument(..., help=GAMES_HELP),
    check: bool = typer.Option(False, "--check", help="rebuild in memory and fail if the committed map differs"),
    quiet: bool = typer.Option(False, "--quiet", "-q"),
) -> None:
    """Build GAME's map.json (and geometry.json, the board's drawing) from the geography packages (deterministic)."""
    try:
        from ..geo.build_all import build_game_files
    except ImportError as e:  # the geo extra is missing
        typer.echo(f"map build needs the geography packages: pip install 'westfront[geo]' ({e})", err=True)
        raise typer.Exit(2) from None
    bad = 0
    for g in _games(game):
        t = time.perf_counter()
        files = build_game_files(g)
        dt = time.perf_counter() - t
        for path, text in files.items():
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if check:
                same = old == text
                bad += not same
                typer.echo(f"{g}: {'identical' if same else 'DIFFERS from'} {path} ({dt:.1f} s)")
            else:
                if old != text:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(text, encoding="utf-8")
                if not quiet:
                    typer.echo(f"{g}: {'wrote' if old != text else 'unchanged'} {path} ({dt:.1f} s)")
    if bad:
        raise typer.Exit(1)


def show(
    game: str = typer.Argument(..., help=GAMES_HELP),
    as_json: bool = typer.Option(False, "--json", help="print the whole map as JSON"),
    hex_label: str = typer.Option(None, "--hex", help="print one hex with its hexsides and places"),
    path: Path = typer.Option(None, "--map", help="read this map.json instead of the committed one"),
) -> None:
    """Describe GAME's committed map."""
    from ..geo.show import load_map_json, show_json, summary

    m = load_map_json(game, path)
    if hex_label:
        h = m["hexes"].get(hex_label)
        if h is None:
            typer.echo(f"{hex_label} is not a hex of the {game} map", err=True)
            raise typer.Exit(1)
        sides = {k: v for k, v in m.get("hexsides", {}).items() if hex_label in k.split("|")}
        places = [p for p in m.get("places", []) if p["hex"] == hex_label]
        zones = [z for z, v in m.get("zones", {}).items() if hex_label in v["hexes"]]
        out = {"hex": hex_label, **h, "hexsides": sides, "places": places, "zones": zones}
        typer.echo(json.dumps(out, ensure_ascii=False, indent=1))
        return
    if as_json:
        json.dump(show_json(m), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return
    for line in summary(m):
        typer.echo(line)


def check(game: str = typer.Argument(..., help=GAMES_HELP)) -> None:
    """Run GAME's rulebook calibration checks on the committed map."""
    from ..geo.checks import run_any_checks
    from ..geo.show import load_map_json
    from ..geo.spec import load_calibration

    failed = 0
    for g in _games(game):
        results = run_any_checks(load_map_json(g), load_calibration(g))
        for r in results:
            if not r.ok:
                typer.echo(f"{g}: {r}")
        ok = sum(r.ok for r in results)
        failed += len(results) - ok
        typer.echo(f"{g}: {ok}/{len(results)} calibration checks hold")
    if failed:
        raise typer.Exit(1)


def render(
    game: str = typer.Argument(..., help=GAMES_HELP),
    out: Path = typer.Argument(..., help="output PNG"),
    hex_px: float = typer.Option(None, "--hex-px", help="hex radius in pixels (default: per map)"),
    no_labels: bool = typer.Option(False, "--no-labels", help="leave out hex numbers"),
    path: Path = typer.Option(None, "--map", help="read this map.json instead of the committed one"),
    plain: bool = typer.Option(False, "--plain", help="hexes only: leave out the geography (geometry.json)"),
) -> None:
    """Draw GAME's map as a PNG (terrain, rivers, places, zones, hex numbers), over the real
    coast, relief, rivers and towns of its geometry.json when it has one."""
    from ..geo.render import default_hex_px, render_any
    from ..geo.render_art import load_geometry
    from ..geo.show import load_map_json, map_path

    m = load_map_json(game, path)
    geometry = None if plain else load_geometry(Path(path) if path else map_path(game))
    p = render_any(m, out, hex_px=hex_px or default_hex_px(m), labels=not no_labels, geometry=geometry)
    typer.echo(f"wrote {p} ({p.stat().st_size // 1024} KiB)")


def make_app() -> typer.Typer:
    app = typer.Typer(
        help="Game maps: build from geography, show, check against the rulebooks, render.", no_args_is_help=True
    )
    app.command("build")(build)
    app.command("show")(show)
    app.command("check")(check)
    app.command("render")(render)
    return app


def register(app: typer.Typer) -> None:
    """Hook used by ``westfront.cli`` to add the ``map`` command group."""
    app.add_typer(make_app(), name="map")
