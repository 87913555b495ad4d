"""Helpers every game's tests share: start a game, list and play actions, enter a
position at a chosen step, and build small synthetic boards.

Building positions, the one documented way:

* **On the real map** — ``s = new("onslaught")``, move pieces by editing ``s.g``
  (each game's tests keep small ``put``/``clear`` helpers for its unit layout),
  then ``s.touch()`` so derived facts are recomputed, then ``enter(s, frame...)``
  to start the decision you want to test.
* **On a small synthetic board** — ``grid_map(8, 8, terrain={...}, sides={...})``
  builds a :class:`GameMap` for kit tests (movement, supply, retreat) without a game.
* **Dice** — ``westfront.testing.dice.forced_dice(s, 6, 1)`` chooses the next faces.
"""

from __future__ import annotations

from typing import Any

from .. import api
from ..core.actions import Event
from ..core.mapdata import GameMap
from ..core.state import State


def new(game: str, seed: int = 0, scenario: str | None = None, **options: Any) -> State:
    """A new game; keyword arguments are options (``new("skirmish", combat="fire")``)."""
    return api.load(game, scenario=scenario, options=options or None, seed=seed)


def legal(s: State) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in s.legal_actions()]


def play(s: State, *texts: str) -> list[Event]:
    """Apply actions in order; returns all their events."""
    events: list[Event] = []
    for t in texts:
        events += s.apply(t)
    return events


def enter(s: State, *frames: dict[str, Any], resume: bool = False) -> State:
    """Replace the flow by ``frames`` (bottom first) and run the top step's ``begin``
    (or ``resume`` with no value), as the engine does when a step is called.

    ``enter(s, {"step": "turn"})`` starts a turn; a decision step's frame needs the
    locals its ``begin`` or ``actions`` read (see the step's docstring)."""
    s.g["flow"] = [dict(f) for f in frames]
    s.touch()
    top = s.g["flow"][-1]
    s._ops = [("resume", (top, None))] if resume else [("begin", top)]
    s._events = []
    s._run()
    s.log.extend(s._events)
    s._events = None
    return s


def grid_map(width: int = 8, height: int = 8, terrain: dict[str, str] | None = None,
             sides: dict[str, list[str]] | None = None, scheme: str = "colrow", **extra: Any) -> GameMap:
    """A ``width`` × ``height`` board labelled ``CCRR``; ``terrain`` per label (default clear),
    ``sides`` maps ``"0304|0305"`` to hexside features."""
    terrain = terrain or {}
    hexes = {}
    for c in range(1, width + 1):
        for r in range(1, height + 1):
            lab = f"{c:02d}{r:02d}"
            hexes[lab] = {"terrain": terrain.get(lab, "clear")}
    doc = {"schema": "westfront-map/1", "game": "test", "grid": {"scheme": scheme}, "hexes": hexes,
           "hexsides": {k: {"features": v} for k, v in (sides or {}).items()}}
    doc.update(extra)
    return GameMap.from_dict(doc)


def walk_on_the_position_kit(game: str, seeds: tuple[int, ...] = (5, 6), actions: int = 400,
                             scenario: str | None = None, **options: Any) -> None:
    """Random games of a game on ``core.pieces`` (issue 34), in the cache-check mode (shared records are read-only,
    so a write behind the kit raises): after every action the placement kept move by move equals the one rebuilt
    from the unit table, and every 25th action a clone's move leaves the original's hash unchanged."""
    import random

    from ..core.state import checking_cache

    with checking_cache():
        for seed in seeds:
            s = api.load(game, scenario=scenario, options=options or None, seed=seed)
            rnd = random.Random(seed)
            for n in range(actions):
                if s.is_terminal():
                    break
                if n % 25 == 0:
                    before = s.hash()
                    c = s.clone()
                    c.apply(rnd.choice(c.legal_actions()))
                    assert s.hash() == before, f"{game} seed {seed}: a clone's move changed the original"
                s.apply(rnd.choice(s.legal_actions()))
                kept = s.placement()  # type: ignore[attr-defined]
                rebuilt = s._build_placement()  # type: ignore[attr-defined]  # the game's recipe (1944: two tables)
                assert kept == rebuilt, f"{game} seed {seed}, action {n}"
