"""Errors with messages meant for players and tool users."""

from __future__ import annotations


class WestfrontError(Exception):
    """Base class for every error westfront raises on purpose."""


class IllegalAction(WestfrontError):
    """An action that the rules do not allow now; ``reason`` says why, citing the rule."""

    def __init__(self, reason: str, *, action: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.action = action


class SaveError(WestfrontError):
    """A save file that cannot be loaded (corrupt, foreign or from another version)."""


class MapError(WestfrontError):
    """A map file or map lookup that is invalid."""


class UnknownGame(WestfrontError):
    """A game id, scenario or option that is not registered."""
