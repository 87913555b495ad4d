"""Actions are small values with a stable text form, like chess UCI moves.

``Action("move", ("1st-US-Army", "K12"))`` prints as ``move 1st-US-Army K12`` and
parses back. Arguments never contain spaces (unit ids use hyphens), so the text
form is unambiguous and good for logs, saves, URLs and RL action masks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .kernels import KERNELS

_TOKEN = re.compile(r"^[A-Za-z0-9_.:+\-/'#@*]+$")
# Actions already made, by (verb, args): games build thousands of actions per second from a
# small vocabulary, so each distinct action is checked and built once and then shared. Shared
# instances also make ``a in legal`` an identity hit. Bounded, because parse() also sees
# arbitrary user text.
_INTERNED: dict[tuple[str, tuple[str, ...]], Action] = {}
_INTERNED_MAX = 200_000


class Action:
    """One move's value: a verb and word arguments, with a stable text form.

    Immutable; equal, hashed and ordered by ``(verb, args)`` like the frozen dataclass it
    replaces (and never equal to anything but an Action). Construction returns the shared
    instance for that verb and arguments; the text is made once.
    """

    __slots__ = ("verb", "args", "_text", "_hash")
    verb: str
    args: tuple[str, ...]
    _text: str
    _hash: int

    def __new__(cls, verb: str, args: tuple[str, ...] = ()) -> Action:
        try:
            got = _INTERNED.get((verb, args))
        except TypeError:  # unhashable arguments: refused below
            got = None
        if got is not None and cls is Action:
            return got
        if args.__class__ is not tuple:
            if not isinstance(args, (tuple, list)):
                raise ValueError(f"action arguments must be a tuple of words, not {args!r}")
            args = tuple(args)
        for tok in (verb, *args):
            if not isinstance(tok, str) or not _TOKEN.match(tok):
                raise ValueError(f"action token {tok!r} must be a non-empty word without spaces")
        self = object.__new__(cls)
        set_ = object.__setattr__
        set_(self, "verb", verb)
        set_(self, "args", args)
        set_(self, "_text", " ".join((verb, *args)) if args else verb)
        set_(self, "_hash", hash((verb, args)))
        if cls is Action:
            if len(_INTERNED) >= _INTERNED_MAX:
                _INTERNED.clear()
            _INTERNED[(verb, args)] = self
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"actions are immutable; cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"actions are immutable; cannot delete {name}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.verb, self.args))

    def __repr__(self) -> str:
        return f"Action(verb={self.verb!r}, args={self.args!r})"

    def __str__(self) -> str:
        return self._text

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Action)
        return self._hash == other._hash and self.verb == other.verb and self.args == other.args

    def _key(self, other: object) -> tuple[tuple[str, tuple[str, ...]], tuple[str, tuple[str, ...]]] | None:
        if other.__class__ is not self.__class__:
            return None
        assert isinstance(other, Action)
        return (self.verb, self.args), (other.verb, other.args)

    def __lt__(self, other: object) -> bool:
        k = self._key(other)
        return NotImplemented if k is None else k[0] < k[1]

    def __le__(self, other: object) -> bool:
        k = self._key(other)
        return NotImplemented if k is None else k[0] <= k[1]

    def __gt__(self, other: object) -> bool:
        k = self._key(other)
        return NotImplemented if k is None else k[0] > k[1]

    def __ge__(self, other: object) -> bool:
        k = self._key(other)
        return NotImplemented if k is None else k[0] >= k[1]

    @property
    def text(self) -> str:
        return self._text

    @classmethod
    def parse(cls, text: str) -> Action:
        parts = text.split()
        if not parts:
            raise ValueError("empty action")
        return cls(parts[0], tuple(parts[1:]))

    def to_json(self) -> str:
        return self._text


def _act_py(verb: str, *args: Any) -> Action:
    """Shorthand: ``act("move", unit_id, hex_label)``; arguments are str()-ed."""
    try:
        got = _INTERNED.get((verb, args))
    except TypeError:  # an unhashable argument: str() it below
        got = None
    if got is not None:
        # only tuples of plain str are interned and no other value equals a str, except
        # instances of str subclasses, whose str() may differ (an Enum mixing in str)
        for a in args:
            if a.__class__ is not str:
                break
        else:
            return got
    return Action(verb, tuple(a if a.__class__ is str else str(a) for a in args))


if KERNELS is not None:
    KERNELS.bind_actions(_INTERNED, Action)
act: Callable[..., Action] = _act_py if KERNELS is None else KERNELS.act
"""``act("move", unit_id, hex_label)``: the compiled twin of ``_act_py`` (core/_kernels.pyx) when built."""


Event = dict[str, Any]
"""A structured record of something that happened (a roll, a move, a combat).

Every event has ``type``; optional keys: ``rule`` (e.g. ``"onslaught 7.2"``),
``text`` (one readable line for the log), ``side``, ``hex``, ``visible_to``
(a list of sides; absent = public) and ``reveal`` (True when it discloses
information a player did not have, which ends undo)."""
