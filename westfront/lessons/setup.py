"""Set-up operations a lesson's ``setup`` names: a few that work in every game (set a value, update a record,
play actions, enter a decision) and each game's own (place a unit, clear the board), registered by the game's
lesson module. They edit the real scenario's position, as the rulebook's example shows it, then
``State.touch`` recomputes what is derived."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

from ..core.state import State

Op = Callable[..., None]
_OPS: dict[str, dict[str, Op]] = {}


def register(game: str, ops: dict[str, Op]) -> None:
    _OPS.setdefault(game, {}).update(ops)


def walk(g: Any, path: str) -> tuple[Any, Any]:
    """The container holding ``path``'s last part, and that part (an int for a list index)."""
    parts = path.split("/")
    node = g
    for p in parts[:-1]:
        node = node[_key(node, p)]
    return node, _key(node, parts[-1])


def _key(node: Any, part: str) -> Any:
    return int(part) if isinstance(node, list) else part


def op_set(s: State, path: str, value: Any) -> None:
    """A copy of ``value``: the engine edits the game's lists and dicts in place, never the lesson's data."""
    node, last = walk(s.g, path)
    node[last] = deepcopy(value)


def op_update(s: State, path: str, values: dict[str, Any]) -> None:
    node, last = walk(s.g, path)
    node[last].update(deepcopy(values))


def op_play(s: State, actions: list[str]) -> None:
    for a in actions:
        s.apply(a)


def op_enter(s: State, frames: list[dict[str, Any]]) -> None:
    """Start the decision the example is about: the flow becomes ``frames`` (bottom first) and the top step
    begins, as the engine does when a step is called (westfront.testing.kit.enter, for lessons)."""
    s.g["flow"] = [deepcopy(f) for f in frames]
    s.touch()
    s._ops = [("begin", s.g["flow"][-1])]
    s._events = []
    s._run()
    s.log.extend(s._events)
    s._events = None


GENERIC: dict[str, Op] = {"set": op_set, "update": op_update, "play": op_play, "enter": op_enter}


def apply_setup(s: State, game: str, setup: tuple[tuple[str, dict[str, Any]], ...]) -> None:
    ops = {**GENERIC, **_OPS.get(game, {})}
    for name, kw in setup:
        if name not in ops:
            raise KeyError(f"lesson set-up: no operation {name!r} for {game}; known: {', '.join(sorted(ops))}")
        ops[name](s, **kw)
        s.touch()
