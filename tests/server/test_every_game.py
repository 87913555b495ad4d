"""Every registered game is played to its end through the server, computer seats on every side (issue 33).

A short game is played from its start; a campaign from a save of its last stretch (a random engine
game up to ``TAIL`` actions before its end), so the server plays the game's own end — its
last turns and victory check — in seconds. The game must keep advancing, end with a result, and no
seat may be cut short by the watchdog. Full campaigns with ``normal`` on both sides:
bench/server_campaigns.py (timings in docs/play.md).
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from westfront.server.app import create_app
from westfront.server.service import Settings
from westfront.testing.serverplay import engine_history, play_through_server

SHORT = 400  # a game whose random engine game is this short is played from its start
TAIL = 150  # else the server plays its last this many actions (give or take: its agents are its own)
SEED = 5


def test_every_game_plays_to_its_end_through_the_server(game_id, db_url):
    tail = None if len(engine_history(game_id, SEED, "random")) <= SHORT else TAIL
    app = create_app(db_url, Settings(ai_time=0.5, ai_delay=0.0))
    with TestClient(app) as c:
        played = play_through_server(c, game_id, "heuristic", SEED, tail, timeout=240, stall=30)
    assert played.result and played.result.get("reason"), played
    assert played.actions > played.started_at  # the server's seats played (to the game's own end)
    assert played.watchdog == {}, f"a seat was cut short by the watchdog: {played.watchdog}"
    print(f"{game_id}: {played.actions - played.started_at} actions by the server in {played.seconds:.1f} s")
