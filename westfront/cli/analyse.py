"""``westfront analyse SAVE``: the post-game analysis of a finished game as a PNG chart and a JSON file."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..core.errors import SaveError
from ._common import console, friendly_errors


def register(app: typer.Typer) -> None:
    app.command("analyse")(analyse)


def analyse(
    save: Path = typer.Argument(..., help="save file of a finished game (the Save button, or `westfront replay --save`)"),
    out: Path = typer.Option(None, "--out", help="output stem: writes STEM.png and STEM.json (default: beside the save, "
                             "SAVE-STEM.analysis.png and .json, so the save itself is never overwritten)"),
    max_points: int = typer.Option(400, "--max-points", help="positions read in the first pass (longer games are "
                                   "sampled, then the biggest moves read action by action)"),
) -> None:
    """Each side's winning chances over a finished game, its three turning points, victory track and losses."""
    from ..analysis import analyse_save
    from ..analysis.chart import write_png

    if max_points < 2:
        _fail("--max-points must be at least 2")
    with friendly_errors():
        try:
            text = save.read_text(encoding="utf-8")
        except UnicodeDecodeError as e:
            raise SaveError(f"{save} is not a text save file ({e})") from None
        except OSError as e:
            raise SaveError(f"cannot read {save}: {e.strerror or e}") from None
        png, js = output_paths(save, out)
        if save.resolve() in (png.resolve(), js.resolve()):
            _fail(f"--out {out} would overwrite the save {save}; choose another stem")
        a = analyse_save(text, max_points=max_points)
        js.write_text(json.dumps(a.to_dict(), indent=1) + "\n", encoding="utf-8")
        write_png(a, png)
    r = a.result or {}
    console.print(f"{a.game}: {a.n_actions} actions, {len(a.points)} positions read"
                  f"{f' (every {a.stride}th first)' if a.stride > 1 else ''}; "
                  f"{r.get('winner') or 'no winner'} won")
    for i, t in enumerate(a.turning_points, 1):
        console.print(f"  turning point {i}: action {t.at} ({t.actor}: {t.action}) moved the chances "
                      f"{100 * t.swing:.0f} points towards {t.gainer}")
    console.print(f"wrote {png} and {js}")


def output_paths(save: Path, out: Path | None) -> tuple[Path, Path]:
    """The chart and the JSON: ``STEM.png``/``STEM.json`` for ``--out STEM``, else ``game.analysis.png``/``.json``
    beside ``game.json`` (a save is JSON too: writing ``game.json`` would replace the game with its analysis)."""
    stem = out if out is not None else save.with_name(save.with_suffix("").name + ".analysis")
    return stem.with_name(stem.name + ".png"), stem.with_name(stem.name + ".json")


def _fail(msg: str) -> None:
    from ._common import err_console

    err_console.print(f"[red]error:[/red] {msg}")
    raise typer.Exit(1)
