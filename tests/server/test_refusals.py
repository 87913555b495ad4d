"""Server-level scan (issue 38): a refusal names nothing the asking seat may not see.

Out of turn, the seat is answered with its own waiting text (never the decider's prompt, which
may name the reinforcement being placed or the fogged stack that moves); in turn, as follows.

For every game with hidden information, a random game is played through the HTTP API with two
human seats. At regular points the seat kept in the dark sends requests crafted from what it
sees and could guess (markers, unseen piece names, the legal actions with an argument swapped)
when it is its turn, and the answers — 400s with a reason — are searched for every hidden
identity, card and hex the engine's truth names (the truth functions of test_leaks.py).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.contract.test_hidden_information import crafted_actions

from .conftest import token
from .test_leaks import TRUTH, all_human_game, hidden_games, words_in

MAX_ACTIONS = 240
PROBE_EVERY = 7  # actions between probes
PER_PROBE = 45  # crafted requests per probe


def leaks_in(answer: str, request: str, secret: dict[str, list[str]], shown: str) -> list[str]:
    """Hidden words in an answer that the request did not name itself and the seat's view does not show."""
    return [w for w in words_in(answer, secret) if not words_in(request + " " + shown, {w: [w]})]


@pytest.mark.parametrize("game", hidden_games())
def test_refusals_to_crafted_requests_name_nothing_hidden(client, game):
    # 1944 18.5 (hidden markers, phantoms), SFN 10.6 (fog of war), Race: the decks' order
    g = all_human_game(client, game, seed=3)
    gid = g["id"]
    toks = {side: token(g, side) for side in g["seats"]}
    live = client.app.state.service.live(gid)
    rng = random.Random(3)
    dark = TRUTH[game](live)[0]
    probes = refused = out_of_turn = 0
    found: list[Any] = []
    for n in range(MAX_ACTIONS):
        with live.lock:
            if live.state.is_terminal():
                break
            side = live.state.current_player()
            secret = TRUTH[game](live)[1]
            crafted = crafted_actions(live.state.clone(), dark) if side == dark and secret else []
        assert side is not None
        mine = client.get(f"/api/games/{gid}", params={"token": toks[side]}).json()
        if side != dark and secret and n % PROBE_EVERY == 0:
            out_of_turn += 1
            theirs = client.get(f"/api/games/{gid}", params={"token": toks[dark]}).json()
            for text in [*rng.sample(mine["actions"], min(4, len(mine["actions"]))), "end", "pass"]:
                r = client.post(f"/api/games/{gid}/actions",
                                json={"token": toks[dark], "version": mine["version"], "action": text})
                assert r.status_code == 400, r.text[:300]
                detail = r.json()["detail"]
                # the asking seat's own waiting text, never the decider's prompt
                assert theirs["prompt"] in detail and mine["prompt"] not in detail, detail
                leaked = leaks_in(detail, text, secret, json.dumps(theirs["view"]))
                if leaked:
                    found.append((text, detail, leaked))
        if crafted and n % PROBE_EVERY == 0:
            shown = json.dumps(mine["view"])
            probes += 1
            for text in rng.sample(crafted, min(PER_PROBE, len(crafted))):
                r = client.post(f"/api/games/{gid}/actions",
                                json={"token": toks[dark], "version": mine["version"], "action": text})
                if r.status_code == 200:  # a crafted request that happened to be legal: play on from it
                    mine = r.json()
                    if mine["current_player"] != dark:
                        break
                    continue
                assert r.status_code == 400, r.text[:300]
                refused += 1
                leaked = leaks_in(r.json()["detail"], text, secret, shown)
                if leaked:
                    found.append((text, r.json()["detail"], leaked))
            with live.lock:
                side = live.state.current_player()
            if side is None:
                break
            mine = client.get(f"/api/games/{gid}", params={"token": toks[side]}).json()
        r = client.post(f"/api/games/{gid}/actions", json={"token": toks[side], "version": mine["version"],
                                                           "action": rng.choice(mine["actions"])})
        assert r.status_code == 200, r.text[:300]
    assert out_of_turn, "the dark seat never waited while something was hidden: the out-of-turn scan proved nothing"
    assert probes and refused, "the game never hid anything while the dark seat was to move: the test proved nothing"
    assert not found, f"{len(found)} refusals named hidden things, e.g. {found[:3]}"
