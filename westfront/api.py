"""The public entry points: list games, start one, load a save, replay a record."""

from __future__ import annotations

from typing import Any

from .core.errors import IllegalAction, SaveError, UnknownGame
from .core.savefile import parse_save
from .core.state import GameInfo, State
from .games import registry


def list_games() -> list[GameInfo]:
    return [registry.info(g) for g in registry.game_ids()]


def resolve_options(info: GameInfo, options: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in, values coerced; unknown option names are refused."""
    options = dict(options or {})
    known = {o.id: o for o in info.options}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise UnknownGame(
            f"{info.id} has no option {', '.join(unknown)}; options: {', '.join(known) or 'none'}"
        )
    out: dict[str, Any] = {}
    for oid, opt in known.items():
        try:
            out[oid] = opt.coerce(options[oid]) if oid in options else opt.default
        except ValueError as e:
            raise UnknownGame(str(e)) from None
    return out


def load(game_id: str, scenario: str | None = None, options: dict[str, Any] | None = None, seed: int = 0) -> State:
    """A new game in its starting position."""
    info = registry.info(game_id)
    if scenario is None:
        scenario = info.scenarios[0].id
    if scenario not in {s.id for s in info.scenarios}:
        raise UnknownGame(
            f"{game_id} has no scenario {scenario!r}; scenarios: {', '.join(s.id for s in info.scenarios)}"
        )
    if not isinstance(seed, int):
        raise UnknownGame(f"seed must be an integer, not {seed!r}")
    cls = registry.state_class(game_id)
    return cls.new(scenario, resolve_options(info, options), seed)


def replay(game_id: str, scenario: str, options: dict[str, Any], seed: int, actions: list[str]) -> State:
    """Rebuild a game from its record. Raises IllegalAction naming the bad step."""
    s = load(game_id, scenario, options, seed)
    for i, text in enumerate(actions):
        try:
            s.apply(text)
        except IllegalAction as e:
            raise IllegalAction(f"action {i + 1} of the record ({text!r}) is illegal: {e.reason}") from None
    return s


def from_json(text: str | bytes, verify: bool = False) -> State:
    """Load a save. A corrupt or foreign file raises SaveError and loads nothing."""
    doc = parse_save(text)
    try:
        cls = registry.state_class(doc["game"])
    except UnknownGame as e:
        raise SaveError(f"this save is for a game this westfront does not have: {e}") from None
    if verify:
        try:
            s = replay(doc["game"], doc["scenario"], doc["options"], doc["seed"], doc["actions"])
        except (IllegalAction, UnknownGame) as e:
            raise SaveError(f"the save's action list does not replay: {e}") from None
        if s.hash() != doc["hash"]:
            raise SaveError("the save's action list replays to a different position than the one saved")
        return s
    return cls(doc["state"], history=list(doc["actions"]))
