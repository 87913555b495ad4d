"""A computer seat keeps one agent between decisions, and a rebuilt one decides the same (issue 33)."""

from __future__ import annotations

import ast
from pathlib import Path

from fastapi.testclient import TestClient

from westfront import api
from westfront.core.state import State, is_undo_barrier
from westfront.server import ai_seats
from westfront.server.ai_minds import Decision, Minds, minds_held
from westfront.server.app import create_app
from westfront.server.service import Settings

from .conftest import new_game, wait_for


class Sequence:
    """A game played by the engine alone, with the start of the side to move's decision sequence."""

    def __init__(self, game: str, seed: int):
        self.game, self.seed = game, seed
        self.state = api.load(game, None, None, seed)
        self.anchor, self.anchor_n = self.state.clone(), 0

    def decision(self, kind: str) -> Decision:
        s = self.state
        side = s.current_player()
        assert side is not None
        return Decision(self.game, "g1", side, kind, self.seed, self.anchor.clone().g, self.anchor_n,
                        tuple(s.history), s.hash(), 1.0)

    def play(self, text: str) -> None:
        before = self.state.current_player()
        events = self.state.apply(text)
        if is_undo_barrier(events, before, self.state.current_player()):
            self.anchor, self.anchor_n = self.state.clone(), len(self.state.history)


def test_a_rebuilt_mind_decides_as_the_kept_one():
    """Behaviour must not depend on where a decision runs: a mind rebuilt from the record at every
    decision (a restart, another worker) plays the game the kept mind plays, move for move."""
    kept, game = Minds(), Sequence("dday-3rd", 4)
    for _ in range(80):
        if game.state.is_terminal():
            break
        d = game.decision("ai:easy")  # easy samples its moves: the generator is re-seeded per decision
        text = kept.decide(d)
        assert Minds().decide(d) == text
        game.play(text)
    assert kept.rebuilds == 2  # one mind per seat, built once each


def test_a_rebuilt_mind_remembers_the_sequence_it_joins():
    """What a seat's loop guard knows comes from the record: a mind rebuilt in the middle of a decision
    sequence knows the (position, action) pairs the kept mind chose there."""
    kept, game = Minds(), Sequence("dday-3rd", 4)
    while len(game.state.history) < 12:
        game.play(kept.decide(game.decision("ai:heuristic")))
    d = game.decision("ai:heuristic")
    assert d.anchor_n < len(d.history)  # inside a sequence
    fresh = Minds()
    mine = kept.mind(d).agent.guard._tried  # type: ignore[attr-defined]
    rebuilt = fresh.mind(d).agent.guard._tried  # type: ignore[attr-defined]
    since = {k: v for k, v in mine.items() if k in rebuilt}
    assert since and rebuilt == since


def test_a_seat_keeps_its_agent_across_a_whole_game(db_url):
    app = create_app(db_url, Settings(ai_time=0.2, ai_delay=0.0))
    with TestClient(app) as c:
        g = new_game(c, seats={"blue": "ai:heuristic", "red": "ai:heuristic"}, options={"turns": 4})
        wait_for(lambda: [r for r in c.get("/api/games").json() if r["status"] == "over"], timeout=60)
        minds = app.state.service.ai.minds
        assert sorted(minds.held()) == [(g["id"], "blue", "ai:heuristic"), (g["id"], "red", "ai:heuristic")]
        assert minds.rebuilds == 2
        assert all(minds.mind_of(k).decisions > 4 for k in minds.held())


def test_a_game_is_always_decided_by_the_same_worker_process(db_url):
    """ai_pool="process": the seat's mind lives in one worker process, which decides every move."""
    app = create_app(db_url, Settings(ai_time=0.2, ai_delay=0.0, ai_pool="process", ai_workers=2))
    with TestClient(app) as c:
        g = new_game(c, seats={"blue": "ai:easy", "red": "ai:easy"}, options={"turns": 4})
        wait_for(lambda: [r for r in c.get("/api/games").json() if r["status"] == "over"], timeout=90)
        runner = app.state.service.ai
        worker = runner.worker_of(g["id"])
        assert sorted(worker.submit(minds_held).result()) == [(g["id"], "blue", "ai:easy"),
                                                             (g["id"], "red", "ai:easy")]
        others = [p for p in runner._procs if p is not worker]
        assert others and all(not p.submit(minds_held).result() for p in others)


def test_the_ai_runner_does_not_import_the_service():
    """The runner is handed a SeatHost: ai_seats and service no longer import each other (not even for
    type checking), so the layers' import graph has no circle there."""
    tree = ast.parse(Path(ai_seats.__file__).read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "service" not in imported and not any((m or "").endswith(".service") for m in imported)


def test_the_decision_position_is_the_games_position():
    game = Sequence("skirmish", 3)
    game.play("move b-inf-1")
    d = game.decision("ai:heuristic")
    s = Minds().mind(d).state
    assert isinstance(s, State) and s.hash() == game.state.hash() and s.history == game.state.history
