"""Actions are small values with a stable text form, like chess UCI moves.

``Action("move", ("1st-US-Army", "K12"))`` prints as ``move 1st-US-Army K12`` and
parses back. Arguments never contain spaces (unit ids use hyphens), so the text
form is unambiguous and good for logs, saves, URLs and RL action masks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_TOKEN = re.compile(r"^[A-Za-z0-9_.:+\-/'#@*]+$")
# Tokens already checked. Games build thousands of actions per second from a small
# vocabulary (verbs, unit ids, hex labels); checking each once keeps action
# construction cheap. Bounded, because parse() also sees arbitrary user text.
_CHECKED: set[str] = set()
_CHECKED_MAX = 200_000


@dataclass(frozen=True, slots=True, order=True)
class Action:
    verb: str
    args: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for tok in (self.verb, *self.args):
            if tok.__class__ is str and tok in _CHECKED:
                continue
            if not isinstance(tok, str) or not _TOKEN.match(tok):
                raise ValueError(f"action token {tok!r} must be a non-empty word without spaces")
            if len(_CHECKED) >= _CHECKED_MAX:
                _CHECKED.clear()
            _CHECKED.add(tok)

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args)) if self.args else self.verb

    @property
    def text(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        parts = text.split()
        if not parts:
            raise ValueError("empty action")
        return cls(parts[0], tuple(parts[1:]))

    def to_json(self) -> str:
        return str(self)


def act(verb: str, *args: Any) -> Action:
    """Shorthand: ``act("move", unit_id, hex_label)``; arguments are str()-ed."""
    return Action(verb, tuple(str(a) for a in args))


Event = dict[str, Any]
"""A structured record of something that happened (a roll, a move, a combat).

Every event has ``type``; optional keys: ``rule`` (e.g. ``"onslaught 7.2"``),
``text`` (one readable line for the log), ``side``, ``hex``, ``visible_to``
(a list of sides; absent = public) and ``reveal`` (True when it discloses
information a player did not have, which ends undo)."""
