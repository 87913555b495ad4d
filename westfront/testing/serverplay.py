"""Play a game to its end through the HTTP API with computer seats on every side (issue 33).

Shared by the ``make test`` version (tests/server/test_every_game.py: the fast level, a short game
or the last stretch of a campaign) and the bench (bench/server_campaigns.py: full campaigns with
``normal`` on both sides).
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field
from typing import Any

from westfront import api
from westfront.ai import get_agent
from westfront.core.state import State


@functools.cache
def engine_history(game: str, seed: int, level: str = "heuristic") -> tuple[str, ...]:
    """The actions of :func:`engine_game` (computed once per process)."""
    return tuple(engine_game(game, seed, level).history)


def engine_game(game: str, seed: int, level: str = "heuristic", cap: int = 20_000) -> State:
    """The game played to its end by the engine alone (no server), ``level`` on every side."""
    s = api.load(game, None, None, seed)
    agents = {side: get_agent(level, seed=seed) for side in s.INFO.seated(s.options)}
    while not s.is_terminal() and len(s.history) < cap:
        side = s.current_player()
        assert side is not None
        s.apply(agents[side].choose(s, side))
    assert s.is_terminal(), f"{game} seed {seed}: the engine game did not end in {cap} actions"
    return s


def save_before_end(game: str, seed: int, tail: int, level: str = "random") -> tuple[str, int]:
    """A save of the engine game (``level`` on every side: random is quick) ``tail`` actions before its
    end, and how many actions it holds: the server then plays the game's own end."""
    full = engine_history(game, seed, level)
    keep = max(0, len(full) - tail)
    s = api.load(game, None, None, seed)
    for text in full[:keep]:
        s.apply(text)
    return s.to_json(), keep


@dataclass
class Played:
    """What the server did with a computer-only game."""

    id: str
    started_at: int  # actions in the game when the server took it over
    actions: int = 0
    result: dict[str, Any] | None = None
    seconds: float = 0.0
    watchdog: dict[str, int] = field(default_factory=dict)


def play_through_server(c: Any, game: str, level: str, seed: int, tail: int | None,
                        timeout: float, stall: float, prefix: str = "random") -> Played:
    """Create (or, with ``tail``, import the end of) a game with ``level`` on every seat over HTTP and
    wait for its end, failing when it stops advancing for ``stall`` seconds or takes over ``timeout``."""
    info = api.registry.info(game)
    sides = info.seated(api.resolve_options(info, None))
    seats = {side: f"ai:{level}" for side in sides}
    t0 = time.monotonic()
    if tail is None:
        r = c.post("/api/games", json={"game": game, "seats": seats, "seed": seed})
        start = 0
    else:
        text, start = save_before_end(game, seed, tail, prefix)
        r = c.post("/api/games/import", json={"save": text, "seats": seats})
    assert r.status_code == 200, r.text
    gid = r.json()["id"]
    played = Played(gid, start)
    last, moved_at = -1, time.monotonic()
    while True:
        row = next(x for x in c.get("/api/games", params={"limit": 500}).json() if x["id"] == gid)
        now = time.monotonic()
        if row["actions"] != last:
            last, moved_at = row["actions"], now
        if row["status"] != "active":
            break
        assert now - moved_at < stall, f"{game}: no move for {stall:.0f} s at action {last} ({row['turn_label']})"
        assert now - t0 < timeout, f"{game}: not over after {timeout:.0f} s (action {last}, {row['turn_label']})"
        time.sleep(0.1)
    played.actions, played.result, played.seconds = row["actions"], row["result"], time.monotonic() - t0
    played.watchdog = c.get("/api/metrics").json()["ai"]["watchdog"]
    assert row["status"] == "over", f"{game}: the game is {row['status']}"
    return played
