"""The watchdog (issue 33): a computer seat that would play one phase for ever is cut short — it plays
the phase's safe exit, the operator sees a warning and a counter, and the game goes on to its end."""

from __future__ import annotations

import logging

from fastapi.testclient import TestClient

from westfront.server.app import create_app
from westfront.server.service import Settings
from westfront.server.watchdog import Watchdog, promise, safe_exit

from .conftest import new_game, wait_for


def test_the_safe_exit_is_found_among_the_legal_actions_by_verb():
    assert safe_exit(["move a", "attack b", "done"]) == "done"
    assert safe_exit(["to X", "strategic", "cancel"]) == "cancel"  # a sub-decision: back out
    assert safe_exit(["pass", "end"]) == "end"  # ending the phase is preferred to passing one action
    assert safe_exit(["retreat a X", "retreat a Y"]) is None


def test_a_seat_is_cut_short_after_its_actions_and_only_until_the_turn_passes():
    dog = Watchdog(actions=5, seconds=100.0)
    legal = ["strategic", "march", "done"]
    assert dog.forced("g", "north", "ai:normal", 4, 1, legal) is None
    assert dog.forced("g", "north", "ai:normal", 5, 1, legal) == "done"
    assert dog.forced("g", "north", "ai:normal", 6, 1, ["go", "cancel"]) == "cancel"
    assert dog.forced("g", "north", "ai:normal", 0, 8, legal) is None  # a new phase: thinking again
    assert dog.metrics() == {"trips ai:normal": 1, "forced ai:normal": 2}


def test_a_seat_is_cut_short_after_its_levels_promise():
    dog = Watchdog(actions=1000, seconds=0.0)
    assert dog.forced("g", "north", "ai:easy", 0, 1, ["march", "done"]) == "done"
    assert promise("ai:normal") < promise("ai:hard") and promise("ai:mcts@40") > 0


def test_a_loop_no_guard_can_see_ends_and_the_game_with_it(db_url, loop_game, caplog):
    """Counted toggles make every pass of the loop a new position, so the agents' guard cannot stop it:
    the watchdog does, after its bound, and the player sees the computer finish the game."""
    caplog.set_level(logging.WARNING, logger="westfront.server")
    app = create_app(db_url, Settings(ai_time=0.2, ai_delay=0.0, ai_phase_actions=25))
    with TestClient(app) as c:
        g = new_game(c, game=loop_game, seats={"north": "ai:heuristic", "south": "ai:heuristic"},
                     options={"turns": 1, "counted": True})
        wait_for(lambda: [r for r in c.get("/api/games").json() if r["status"] == "over"], timeout=60)
        actions = app.state.service.live(g["id"]).actions  # an all-computer game has no seat token
        runs: list[int] = []
        for i, a in enumerate(actions):
            if i and a.side == actions[i - 1].side:
                runs[-1] += 1
            else:
                runs.append(1)
        assert runs == [26, 26]  # 25 actions of toggling, then the safe exit (done) hands over
        assert actions[-1].action == "done"
        m = c.get("/api/metrics").json()["ai"]["watchdog"]
        assert m == {"trips ai:heuristic": 2, "forced ai:heuristic": 2}
    warned = [r.getMessage() for r in caplog.records if "AI WATCHDOG" in r.getMessage()]
    assert len(warned) == 2 and "25 actions in one phase" in warned[0]
