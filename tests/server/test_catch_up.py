"""A process bringing its copy of a game up to another process's record (several workers)."""

from __future__ import annotations

import random
from dataclasses import replace

from westfront import api
from westfront.core.state import is_undo_barrier
from westfront.server.live import LiveGame
from westfront.server.store import ActionRecord, GameRecord, Seat


def record_of(game: str, seed: int, n: int) -> GameRecord:
    s = api.load(game, None, None, seed)
    setup = s.hash()
    rng = random.Random(seed)
    acts = []
    for i in range(1, n + 1):
        before, text = s.current_player(), str(rng.choice(s.legal_actions()))
        events = s.apply(text)
        acts.append(ActionRecord(i, str(before), s.history[-1], events, s.hash(),
                                 is_undo_barrier(events, before, s.current_player()), i))
    seats = {side: Seat(side, "human", f"t-{side}") for side in s.INFO.players}
    return GameRecord(id="g1", game=game, scenario=s.g["meta"]["scenario"], options=s.g["meta"]["options"],
                      seed=seed, version=n, setup_hash=setup, status="active", seats=seats, actions=acts)


def test_catch_up_plays_the_new_actions_and_checks_where_they_end():
    full = record_of("skirmish", 3, 30)
    early = replace(full, actions=full.actions[:10], version=10)
    g = LiveGame.rebuild(early)
    assert g.catch_up(full) and g.version == 30 and g.state.hash() == full.actions[-1].hash
    assert len(g.actions) == 30

    g = LiveGame.rebuild(early)
    lie = full.actions[-1]
    forged = replace(full, actions=[*full.actions[:-1], replace(lie, hash="0" * 64)])
    assert not g.catch_up(forged)  # the record does not end where it says: nothing changes here
    assert g.version == 10 and g.state.hash() == full.actions[9].hash and len(g.actions) == 10

    other = record_of("skirmish", 4, 30)  # not an extension of this copy (an undo elsewhere)
    assert not LiveGame.rebuild(early).catch_up(replace(other, id="g1"))
