"""Hidden information: phantoms and hidden markers (18.5) and the objective card (18.2)."""

from __future__ import annotations

import json
import random

import pytest

import westfront
from westfront.core.state import is_visible
from westfront.games.dday_to_the_rhine.board import board
from westfront.games.dday_to_the_rhine.hidden import OBJECTIVES, check_contact
from westfront.games.dday_to_the_rhine.movement import tactical_reach

from .helpers import on, position, synthetic_board

GAME = "dday-to-the-rhine"
PHANTOMS = ("ph-1", "ph-2")


def hidden_real(s):
    return {u for u in s.on_map("german") if s.unit(u).get("hid")}


def assert_no_leak(s, events, hidden_before, views=True, action=""):
    """The Allied view never names a phantom or a hidden unit; the German view never names the card.

    Like the server, an action's own text counts as public when all its events are."""
    if all(is_visible(e, "allied") for e in events):
        for word in action.split()[1:]:
            assert word not in PHANTOMS and word not in (hidden_before | hidden_real(s)), action
    allied_view = json.dumps(s.view("allied")) if views else ""
    for p in PHANTOMS:
        assert f'"{p}"' not in allied_view
    still = hidden_real(s) & hidden_before
    for u in hidden_real(s):
        assert f'"id": "{u}"' not in allied_view
    for e in events:
        if not is_visible(e, "allied"):
            continue
        text = json.dumps(e)
        assert not any(f'"{p}"' in text for p in PHANTOMS), e
        if not e.get("reveal"):
            assert not any(f'"{u}"' in text for u in still), e
    if s.is_terminal() or not views:
        return  # the result names the card once the game is over
    german_view = json.dumps(s.view("german"))
    spectator = json.dumps(s.view(None))
    for name in OBJECTIVES.values():
        assert name not in german_view and name not in spectator
    assert s.view("german").get("objective") is None and "cards" not in s.view("german")
    for e in events:
        if is_visible(e, "german"):
            assert "objective" not in e or e["type"] != "objective", e


@pytest.mark.parametrize("objectives", ["random", "chosen"])
def test_random_games_never_leak_hidden_information(objectives):
    # 1944 18.5: the Allied player never learns which markers are phantoms or which units hide under them;
    # 1944 18.2: the German player never sees the Allied objective card
    seen_hidden = seen_card = False
    for seed in range(2):
        s = westfront.load(GAME, scenario="quick-start", options={"phantoms": True, "objectives": objectives},
                           seed=seed)
        rnd = random.Random(seed)
        n = 0
        while not s.is_terminal():
            acts = s.legal_actions()
            # favour bringing on phantoms so the test sees plenty of them
            phantom_stage = s.frame() and s.frame().get("stage") == "phantom"
            pick = (acts[0] if phantom_stage else None) or rnd.choice(acts)
            before = hidden_real(s)
            events = s.apply(pick)
            n += 1
            assert_no_leak(s, events, before, views=n % 3 == 0 or phantom_stage, action=str(pick))
            seen_hidden |= bool(hidden_real(s)) or any(p["hex"] for p in s.g["phantoms"].values())
            seen_card |= s.g["objective"] is not None
    assert seen_hidden and seen_card


def test_phantom_entry_hides_both_pieces():
    # 1944 18.5: a phantom enters with a real unit, more than two hexes from the Allies; both get Hidden markers
    s = westfront.load(GAME, scenario="quick-start", options={"phantoms": True}, seed=2)
    b = board()
    s.apply("place ge-2sspc")
    events = s.apply(s.legal_actions()[0])
    assert all(e.get("unit") != "ge-2sspc" for e in events if is_visible(e, "allied"))
    assert s.unit("ge-2sspc")["hid"] and s.frame()["stage"] == "phantom"
    assert not [u for u in s.view("allied")["units"] if u["kind"] == "hidden"]  # nothing shown before the phantom
    hexes = [a.args[0] for a in s.legal_actions() if a.verb == "at"]
    real = b.hex(s.unit("ge-2sspc")["hex"])
    assert hexes and all(h == real or h in b.adj[real] for h in map(b.hex, hexes))
    events = s.apply(f"at {hexes[-1]}")
    public = [e for e in events if is_visible(e, "allied")]
    assert len(public) == 1 and sorted(public[0]["markers"]) == public[0]["markers"]
    assert s.unit("ge-2sspc")["hid"] and s.g["phantoms"]["ph-1"]["hid"]
    allied = [u for u in s.view("allied")["units"] if u["kind"] == "hidden"]
    assert len(allied) == 2 and {u["id"] for u in allied} == {s.unit("ge-2sspc")["hid"], s.g["phantoms"]["ph-1"]["hid"]}
    german = {u.get("unit", u["id"]): u for u in s.view("german")["units"]}
    assert german["ph-1"]["kind"] == "phantom" and "hidden" in german["ge-2sspc"]["flags"]
    assert german["ge-2sspc"]["id"] == s.unit("ge-2sspc")["hid"]  # actions name it by its marker
    s.apply("build ge-84c")
    s.apply(s.legal_actions()[0])
    assert s.frame()["step"] == "reinforce" and not s.unit("ge-84c")["hid"]  # one phantom a month


def test_no_phantom_means_the_marker_comes_off():
    # 1944 18.5: only a unit that enters with a phantom stays hidden
    s = westfront.load(GAME, scenario="quick-start", options={"phantoms": True}, seed=2)
    s.apply("place ge-2sspc")
    s.apply(s.legal_actions()[0])
    events = s.apply("none")
    assert not s.unit("ge-2sspc")["hid"]
    assert any(e["type"] == "enter" and e.get("unit") == "ge-2sspc" and is_visible(e, "allied") for e in events)


def test_phantoms_have_no_zoc_block_allied_moves_and_keep_their_distance():
    # 1944 18.5: phantoms exert no ZOC, never move within two hexes of an enemy, and the Allies cannot enter them
    with on(synthetic_board()):
        s = position(turn=3, units={"us-7c": "0205"}, options={"phantoms": True})
        s.g["phantoms"]["ph-1"].update({"hex": "0505", "hid": "hm1"})
        s.touch()
        assert s.zoc_bb("german") == 0
        r = tactical_reach(s, "us-7c", 5)
        assert board().hex("0505") not in r.cost and board().hex("0405") in r.cost
        pr = tactical_reach(s, "ph-1", 6)
        assert all(board().distance(h, board().hex("0205")) > 2 for h in pr.cost if h != pr.start)


def test_phantoms_vanish_and_hidden_units_show_when_the_allies_come_close():
    # 1944 18.5: a phantom is eliminated when an enemy unit comes within two hexes (hidden units are revealed)
    with on(synthetic_board()):
        s = position(turn=3, units={"us-7c": "0205", "ge-7a": "0807"}, options={"phantoms": True})
        s.g["phantoms"]["ph-1"].update({"hex": "0505", "hid": "hm1"})
        s.unit("ge-7a")["hid"] = "hm2"
        s.touch()
        s.move_piece("us-7c", "0305")
        s._events = []  # collect what check_contact says
        check_contact(s)
        assert s.g["phantoms"]["ph-1"]["hex"] is None
        assert s.unit("ge-7a")["hid"] == "hm2"  # still far away
        s.move_piece("us-7c", "0706")
        check_contact(s)
        assert s.unit("ge-7a")["hid"] is None
        assert any(e["type"] == "phantom_removed" and e.get("reveal") for e in s._events)
        s._events = None


def test_phantom_and_partner_move_for_one_rp_in_their_entry_month():
    # 1944 18.5: the real unit and its phantom may both be activated for movement on entry for 1 RP
    s = westfront.load(GAME, scenario="quick-start", options={"phantoms": True}, seed=2)
    s.apply("place ge-2sspc")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    s.apply("done")
    rp = s.rp("german")
    assert "move ge-2sspc" not in {str(a) for a in s.legal_actions()}  # hidden pieces go by their markers
    s.apply(f"move {s.unit('ge-2sspc')['hid']}")
    s.apply(next(a for a in s.legal_actions() if a.verb == "to"))
    assert s.rp("german") == rp - 1
    s.apply(f"move {s.g['phantoms']['ph-1']['hid']}")
    s.apply(next(a for a in s.legal_actions() if a.verb == "to"))
    assert s.rp("german") == rp - 1


def test_chosen_objective_cards_are_numbered_at_random():
    # 1944 18.2 optional: the Allied player chooses a card; its number does not tell the German which it is
    orders = set()
    for seed in range(12):
        s = westfront.load(GAME, scenario="quick-start", options={"objectives": "chosen"}, seed=seed)
        orders.add(tuple(s.g["cards"]))
        assert "cards" in s.view("allied") and "cards" not in s.view("german")
    assert len(orders) > 1
    s = westfront.load(GAME, scenario="quick-start", options={"objectives": "chosen"}, seed=3)
    while s.frame()["step"] != "objective":
        s.apply("done" if s.frame()["step"] == "reinforce" else "end")
    assert s.turn == 4 and s.current_player() == "allied"
    assert s.view("german")["prompt"].startswith("Waiting")
    s.apply("card 2")
    assert s.g["objective"] == s.g["cards"][1]
    assert s.view("allied")["objective"] == OBJECTIVES[s.g["cards"][1]]


def twin_markers():
    """On the real map: us-7c in Paris, a hidden real unit and a phantom three hexes away under markers
    hm101/hm102, and the same position with the two pieces swapped (the Allied player cannot tell them apart)."""
    b = board()
    paris = b.find("Paris")
    ring = [i for i in range(b.size) if b.is_land(i) and b.distance(i, paris) == 3 and i not in b.cities and b.terrain[i] == "clear"]
    one = ring[0]
    two = next(i for i in ring if b.distance(i, one) >= 4)
    out = []
    for real_at, ph_at, real_m, ph_m in ((one, two, "hm101", "hm102"), (two, one, "hm102", "hm101")):
        s = position(turn=3, units={"us-7c": b.label(paris), "ge-67c": b.label(real_at)},
                     control=[b.label(paris)], options={"phantoms": True},
                     flow=[{"step": "activation", "side": "allied"}])
        s.unit("ge-67c")["hid"] = real_m
        s.g["phantoms"]["ph-1"].update({"hex": b.label(ph_at), "hid": ph_m})
        s.touch()
        out.append(s)
    return out


def test_hidden_markers_weigh_the_same_on_allied_moves_whether_real_or_phantom():
    # 1944 18.5: the Allies may not learn from their legal moves which marker is real: every marker counts as a
    # unit with a ZOC for Allied movement (and supply) until it is uncovered; then the truth applies
    a, b = twin_markers()
    assert json.dumps(a.view("allied"), sort_keys=True) == json.dumps(b.view("allied"), sort_keys=True)
    assert a.legal_actions() == b.legal_actions()
    for s in (a, b):
        s.apply("move us-7c")
    assert a.legal_actions() == b.legal_actions() and a.prompt() == b.prompt()
    assert [a.preview(x) for x in a.legal_actions()] == [b.preview(x) for x in b.legal_actions()]


def test_an_allied_move_uncovers_markers_along_its_route():
    # 1944 18.5: a phantom is eliminated as soon as an enemy unit moves within two hexes, on the way too
    with on(synthetic_board(width=12, height=9)):
        s = position(turn=3, units={"us-7c": "0205"}, options={"phantoms": True},
                     flow=[{"step": "activation", "side": "allied"}])
        s.g["beachheads"]["12"] = "0205"  # in supply, so it may motor (11.2)
        s.g["phantoms"]["ph-1"].update({"hex": "0505", "hid": "hm7"})
        s.touch()
        s.apply("motor us-7c")
        b = board()
        path = [b.hex(h) for h in s.preview("to 0805")["path"]]
        assert b.distance(path[-1], b.hex("0505")) == 3 and min(b.distance(h, b.hex("0505")) for h in path) == 2
        s.apply("to 0805")  # the route passes within two hexes of the marker, the end does not
        assert s.g["phantoms"]["ph-1"]["hex"] is None
