"""Server-level leak test: random games through the HTTP API and the websocket, two human
seats, for every registered game with hidden information.

After every action the engine's truth (``hidden.hidden_pieces``: the German pieces under
hidden markers, phantoms included) names the identities the Allied seat must not learn.
None of them may appear in the Allied seat's payload (view and log), its websocket
pushes, the action record it reads (``/log``) or its replay frames. Each identity is
searched for as the unit id and as the unit's printed name.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from westfront.ai.hooks import hooks_for
from westfront.api import resolve_options
from westfront.core.state import is_visible
from westfront.games import registry

from .conftest import new_game, token

MAX_ACTIONS = 260  # per game: long enough for reinforcements, phantoms and hidden markers


def hidden_games() -> list[str]:
    return [g for g in registry.game_ids() if hooks_for(g).hidden_information]


def all_human_game(client: Any, game: str, seed: int) -> dict[str, Any]:
    """A game of ``game`` with a human on every seat (the scans' options), as created through the API."""
    info = registry.info(game)
    options = OPTIONS.get(game, {})
    return new_game(client, game=game, seats=dict.fromkeys(info.seated(resolve_options(info, options)), "human"),
                    seed=seed, options=options)


def test_every_game_with_hidden_information_is_covered():
    assert "dday-to-the-rhine" in hidden_games()
    for g in hidden_games():
        assert g in TRUTH, f"{g} has hidden information but no truth function in this leak test"


def truth_1944(live: Any) -> tuple[str, dict[str, list[str]]]:
    """(the seat kept in the dark, {hidden piece: words that would identify it})."""
    from westfront.games.dday_to_the_rhine import hidden
    from westfront.games.dday_to_the_rhine import units as U

    s = live.state
    out: dict[str, list[str]] = {}
    for pid in hidden.hidden_pieces(s):
        if pid in s.g["phantoms"]:
            out[pid] = [pid]  # "ph-1": the marker is a phantom
        elif hidden.marker(s, pid):
            out[pid] = [pid, U.udef(pid).name]
    return "allied", out


def boxes_1944(view: dict[str, Any]) -> list[str]:
    """German units the Allied view names in the boxes a unit can leave under a hidden marker (18.5):
    listed by id there, a unit vanishing from its box as markers appear would say which one it is."""
    return [u["id"] for u in view["units"]
            if u["side"] == "german" and not u["hex"] and u.get("box") in ("reinf", "pool")]


def truth_race(live: Any) -> tuple[str, dict[str, list[str]]]:
    """Race to the Rhine hides the order of the decks and what a Recon peek showed its commander:
    the second seat must never see the Axis draw pile in order, nor another commander's peek."""
    s = live.state
    seats = s.g["seats"]
    dark = seats[1]
    out: dict[str, list[str]] = {}
    draw = s.g["decks"]["axis"]["draw"]
    if len(draw) >= 3:
        out["axis deck order"] = [json.dumps(draw)[1:-1]]
    known = {e.get("text") for e in s.log if is_visible(e, dark)}  # e.g. its own peek at the same cards
    for i, e in enumerate(s.log):
        if e.get("type") == "recon" and not is_visible(e, dark) and e["text"] not in known:
            out[f"recon {i}"] = [e["text"]]
    return dark, out


def truth_sfn(live: Any) -> tuple[str, dict[str, list[str]]]:
    """SFN 10.6: the German never learns which Allied units stand in a stack or the England box
    (outside a battle): their ids and names must not reach him."""
    from westfront.games.second_front_now.data import units
    from westfront.games.second_front_now.view import hidden_from

    s = live.state
    names = Counter(u.name for u in units().values())  # "36 Infantry" is a German and an Allied division
    return "german", {uid: [uid] + ([units()[uid].name] if names[units()[uid].name] == 1 else [])
                      for uid in s.g["units"] if hidden_from(s, "german", uid)}


def no_boxes(view: dict[str, Any]) -> list[str]:
    return []


TRUTH = {"dday-to-the-rhine": truth_1944, "race-to-the-rhine": truth_race, "second-front-now": truth_sfn}
BOXES = {"dday-to-the-rhine": boxes_1944, "race-to-the-rhine": no_boxes, "second-front-now": no_boxes}
OPTIONS: dict[str, dict[str, Any]] = {"dday-to-the-rhine": {"phantoms": True}, "race-to-the-rhine": {"players": 2}}


def words_in(blob: str, words: dict[str, list[str]]) -> list[str]:
    """The words that stand in ``blob`` as whole words (one pass over the blob for all of them)."""
    wanted = {w for ws in words.values() for w in ws}
    if not wanted:
        return []
    alternatives = "|".join(re.escape(w) for w in sorted(wanted, key=len, reverse=True))
    found = set(re.findall(rf"(?<![\w-])(?:{alternatives})(?![\w-])", blob))
    return [w for ws in words.values() for w in ws if w in found]


@pytest.mark.parametrize("game", hidden_games())
@pytest.mark.parametrize("seed", [1, 2])
def test_no_hidden_identity_reaches_the_other_seat(client, game, seed):
    info = registry.info(game)
    options = OPTIONS.get(game, {})
    g = new_game(client, game=game, seats=dict.fromkeys(info.seated(resolve_options(info, options)), "human"),
                 seed=seed, options=options)
    gid = g["id"]
    toks = {side: token(g, side) for side in g["seats"]}
    live = client.app.state.service.live(gid)
    rng = random.Random(seed)
    seen_hidden: set[str] = set()
    hidden_after: list[dict[str, list[str]]] = []  # per ordinal: what was hidden right after it
    dark = TRUTH[game](live)[0]
    with client.websocket_connect(f"/ws/games/{gid}?token={toks[dark]}") as ws:
        pushes = [ws.receive_json()]
        dark_log = pushes[0]["log_len"]
        shown_before = json.dumps(pushes[0]["view"])  # what the seat was shown before each action
        shown_at: list[str] = []  # per ordinal: that view
        for n in range(MAX_ACTIONS):
            if n and n % 60 == 0:  # the record while the game is still on
                check_record_and_replay(client, gid, toks[dark], dark, hidden_after, shown_at)
            with live.lock:
                if live.state.is_terminal():
                    break
                side = live.state.current_player()
                version = live.version
            assert side is not None
            mine = client.get(f"/api/games/{gid}", params={"token": toks[side]}).json()
            action = rng.choice(mine["actions"])
            r = client.post(f"/api/games/{gid}/actions", json={"token": toks[side], "version": version,
                                                               "action": action})
            assert r.status_code == 200, r.text[:300]
            _, secret = TRUTH[game](live)
            hidden_after.append(secret)
            shown_at.append(shown_before)
            seen_hidden |= set(secret)
            pushes.append(ws.receive_json())
            theirs = r.json() if side == dark else client.get(
                f"/api/games/{gid}", params={"token": toks[dark], "log_since": dark_log}).json()
            for what, payload in (("payload", theirs), ("push", pushes[-1])):
                # the log is checked from where the seat had it: a unit named in public before it
                # went under a marker (eliminated, say) is old news, not a leak
                new_log = payload["log"][max(0, dark_log - payload["log_start"]):]
                leaked = words_in(json.dumps({"view": payload["view"], "log": new_log}), secret)
                # a unit the seat was shown a moment ago (SFN 13.1: both sides see the battle board) may be
                # named in the events that end its battle, though it goes back under the fog after them
                leaked = [w for w in leaked if w not in words_in(shown_before, {w: [w]})]
                assert not leaked, (what, len(hidden_after), action, leaked)
                named = BOXES[game](payload["view"])
                assert not named, (what, len(hidden_after), action, named)
            dark_log = theirs["log_len"]
            shown_before = json.dumps(theirs["view"])
    assert seen_hidden, "the random game never hid anything: the test proved nothing"
    check_record_and_replay(client, gid, toks[dark], dark, hidden_after, shown_at)


def check_record_and_replay(client: Any, gid: str, tok: str, dark: str, hidden_after: list[Any],
                            shown_at: list[str]) -> None:
    """The record and replay frames of a game in progress (once it is over, everything is shown)."""
    rec = client.get(f"/api/games/{gid}/log", params={"token": tok}).json()
    if rec["status"] == "over":
        return
    assert len(rec["actions"]) == len(hidden_after)
    for i, entry in enumerate(rec["actions"]):
        # an action naming a unit that goes under a marker a step or two later ("build X", then "at H")
        secret = {k: v for sec in hidden_after[i:i + 3] for k, v in sec.items()}
        if entry["action"] is not None and entry["side"] != dark:
            named = [w for w in words_in(entry["action"], secret) if not words_in(shown_at[i], {w: [w]})]
            assert not named, (entry, named)  # naming a unit the seat could see then (in battle) is no leak
        assert entry["hash"] is None
    for at in sorted({i + 1 for i, sec in enumerate(hidden_after) if sec})[::15]:
        frame = client.get(f"/api/games/{gid}/replay", params={"token": tok, "at": at, "side": dark}).json()
        secret = hidden_after[at - 1]
        leaked = words_in(json.dumps({"view": frame["view"], "action": frame["action"]}), secret)
        assert not leaked, (at, leaked)
