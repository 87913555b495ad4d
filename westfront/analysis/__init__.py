"""Post-game analysis (issue 36): each side's winning chances over a finished game from the
learned evaluation, the three actions that moved them most, the victory track and losses by side.

The analysis reads every side's view of every position, so it is for games that are over (or
records whose owner sees everything); the server refuses it for a game in progress.
"""

from __future__ import annotations

from .chances import Analysis, Point, TurningPoint, analyse, analyse_save

__all__ = ["Analysis", "Point", "TurningPoint", "analyse", "analyse_save"]
