"""Bad input at the boundary (issue 38 item 6): each is a clear refusal, never a 500 or an unhandled error.

The NUL case is run against PostgreSQL in test_postgres.py too (its text type cannot hold one: the
request was a 500 that reset the keep-alive connection)."""

from __future__ import annotations

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .conftest import new_game, token, view


def nul_notices_refused(c) -> None:
    g = new_game(c)
    for body in ({"webhook": "https://example.org/\u0000x"}, {"email": "red\u0000@example.org"}):
        r = c.put(f"/api/games/{g['id']}/notify", json={"token": token(g, "red"), **body})
        assert r.status_code == 400 and "NUL" in r.json()["detail"], r.text
    r = c.post("/api/games", json={"game": "skirmish\u0000", "seats": {"blue": "human", "red": "human"}})
    assert r.status_code == 400 and "NUL" in r.json()["detail"]


def test_a_nul_in_a_webhook_or_email_is_a_400(client):
    nul_notices_refused(client)


def test_diff_must_be_a_json_boolean(client):
    g = new_game(client)
    gid, tb = g["id"], token(g, "blue")
    for bad in ("yes", 1, "true"):
        r = client.post(f"/api/games/{gid}/actions", json={"token": tb, "version": 0, "action": "end", "diff": bad})
        assert r.status_code == 400, (bad, r.text)
    assert view(client, gid, tb)["version"] == 0
    r = client.post(f"/api/games/{gid}/actions", json={"token": tb, "version": 0, "action": "end", "diff": True})
    assert r.status_code == 200


def test_a_binary_websocket_frame_closes_with_1003(client):
    g = new_game(client)
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(f"/ws/games/{g['id']}?token={token(g, 'blue')}") as ws:
        ws.receive_json()
        ws.send_bytes(b"\x00\x01")
        ws.receive_json()
    assert closed.value.code == 1003


def test_a_bad_diff_flag_closes_the_websocket_with_1008_after_the_handshake(client, http, live_server):
    g = new_game(http)
    url = live_server.url.replace("http", "ws") + f"/ws/games/{g['id']}?token={token(g, 'blue')}&diff=maybe"
    with connect(url, open_timeout=10) as conn, pytest.raises(ConnectionClosed) as closed:
        conn.recv(timeout=10)  # the handshake completed (docs/play.md), then the close
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert "diff" in closed.value.rcvd.reason
    for ok in ("1", "0", "true"):
        with connect(url.replace("maybe", ok), open_timeout=10) as conn:
            assert '"seat"' in conn.recv(timeout=10)


def test_an_oversized_chunked_body_is_a_413_on_every_route(http, live_server):
    g = new_game(http)
    limit = live_server.app.state.service.settings.max_body_bytes

    def chunks():
        yield b'{"token": "' + token(g, "red").encode() + b'", "email": "'
        for _ in range(limit // 65536 + 2):
            yield b"x" * 65536
        yield b'"}'

    for method, path in (("PUT", f"/api/games/{g['id']}/notify"), ("POST", "/api/games"),
                         ("POST", f"/api/games/{g['id']}/actions")):
        r = http.request(method, path, content=chunks(), headers={"content-type": "application/json"})
        assert r.status_code == 413, (path, r.status_code, r.text[:200])
    assert isinstance(http, httpx.Client)
