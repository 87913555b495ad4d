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


def test_extend_plays_a_tail_only_when_nothing_but_moves_happened():
    full = record_of("skirmish", 3, 30)
    early = replace(full, actions=full.actions[:10], version=10)
    g = LiveGame.rebuild(early)
    assert g.extend(30, full.actions[10:]) and g.version == 30 and g.state.hash() == full.actions[-1].hash
    assert [a.ordinal for a in g.actions] == list(range(1, 31))

    # one version more than new actions: an undo happened elsewhere, so the tail proves nothing
    g = LiveGame.rebuild(early)
    assert not g.extend(31, full.actions[10:])
    assert g.version == 10 and len(g.actions) == 10 and g.state.hash() == full.actions[9].hash
    assert not g.extend(20, full.actions[11:21])  # does not start right after this copy's last action
    assert not g.extend(10, [])
    lie = replace(full.actions[-1], hash="0" * 64)
    assert not g.extend(30, [*full.actions[10:-1], lie])  # does not end where it says
    assert g.version == 10 and g.state.hash() == full.actions[9].hash


def test_a_process_catches_up_from_the_tail_and_rebuilds_after_an_undo_elsewhere(tmp_path, monkeypatch):
    """Two services on one database (as two workers): a move through one is read by the other
    as the new actions only; after an undo there the other reads the whole record."""
    from westfront.server.db import make_engine
    from westfront.server.service import GameService, Settings
    from westfront.server.store import Store

    url = f"sqlite:///{tmp_path / 'w.db'}"
    shared = Settings(shared=True)
    a, b = GameService(Store(make_engine(url)), shared), GameService(Store(make_engine(url)), shared)
    g, seats = a.create("skirmish", None, None, 1, {"blue": "human", "red": "human"})
    tok = seats["blue"].token
    b.live(g.id)  # b holds a copy at version 0
    loads = []
    real_load = b.store.load
    monkeypatch.setattr(b.store, "load", lambda gid: loads.append(gid) or real_load(gid))
    a.act(g.id, tok, 0, "move b-inf-1")
    a.act(g.id, tok, 1, "to 0303")
    gb = b.live(g.id)
    assert gb.version == 2 and gb.state.hash() == a.live(g.id).state.hash() and loads == []
    a.undo(g.id, tok, 2)
    gb = b.live(g.id)
    assert gb.version == 3 and gb.n_actions == 1 and gb.state.hash() == a.live(g.id).state.hash()
    assert loads and set(loads) == {g.id}  # the undo is not an append: the whole record was read
