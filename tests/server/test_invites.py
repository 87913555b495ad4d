"""The creator holds every seat's token (issue 38): claiming an invite link gives the friend a fresh token
and kills the link's; a save (every hidden unit and the seed) is not for anyone while people still play a
game that hides information."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import FOG, act, new_game, token, view


def claim(c, gid: str, tok: str):
    return c.post(f"/api/games/{gid}/claim", json={"token": tok})


def test_claiming_an_invite_link_replaces_its_token(client):
    g = new_game(client, game=FOG, seed=None)
    gid, tb, link = g["id"], token(g, "blue"), token(g, "red")
    assert g["seats"]["red"]["url"].endswith(f"/play/{gid}?invite={link}")
    with client.websocket_connect(f"/ws/games/{gid}?token={link}") as spy:  # the creator peeks with the link
        assert spy.receive_json()["seat"] == "red"
        r = claim(client, gid, link)
        assert r.status_code == 200, r.text
        fresh = r.json()["token"]
        assert r.json()["side"] == "red" and fresh != link and r.json()["url"].endswith(f"?token={fresh}")
        with pytest.raises(WebSocketDisconnect) as closed:  # the socket opened with the link's token is closed
            for _ in range(5):
                spy.receive_json()
        assert closed.value.code == 1008
    # the link's token holds no seat any more: no view, no move, no second claim
    assert client.get(f"/api/games/{gid}", params={"token": link}).status_code == 403
    assert claim(client, gid, link).status_code == 403
    assert "claimed once" in claim(client, gid, link).json()["detail"]
    assert view(client, gid, fresh)["seat"] == "red"
    # play goes on for both seats (the claim moved the version on)
    assert act(client, gid, tb, "end").status_code == 200
    assert view(client, gid, fresh)["your_turn"]
    assert act(client, gid, fresh, "end").status_code == 200


def test_the_notice_link_follows_the_claimed_token(client):
    g = new_game(client, game=FOG, seed=None)
    gid, link = g["id"], token(g, "red")
    assert client.put(f"/api/games/{gid}/notify", json={"token": link, "webhook": None,
                                                          "email": "red@example.org"}).status_code == 200
    fresh = claim(client, gid, link).json()["token"]
    seat = client.app.state.service.store.seat(gid, "red")
    assert seat.token == fresh and seat.link.endswith(f"?token={fresh}")


def test_no_save_of_a_game_between_people_that_hides_information_until_it_is_over(client):
    g = new_game(client, game=FOG, seed=None)
    gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
    # even holding both tokens (the creator before the friend claims): no save while the game is on
    r = client.get(f"/api/games/{gid}/save", params={"token": [tb, tr]})
    assert r.status_code == 403 and "once the game is over" in r.json()["detail"]
    assert act(client, gid, tr, "concede red").status_code == 200
    assert client.get(f"/api/games/{gid}/save", params={"token": tb}).status_code == 200


def test_a_player_alone_against_the_computer_may_still_save(client):
    g = new_game(client, game=FOG, seats={"blue": "human", "red": "ai:random"}, seed=None)
    assert client.get(f"/api/games/{g['id']}/save", params={"token": token(g, "blue")}).status_code == 200
