"""Chat between the seats of a game (issue 35 item 10): seats only, limited, stored, outside the game."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from westfront.server import chat
from westfront.server.app import create_app

from .conftest import act, new_game, token, view


def say(c: Any, gid: str, tok: str | None, text: str) -> Any:
    return c.post(f"/api/games/{gid}/chat", json={"token": tok, "text": text})


def read(c: Any, gid: str, tok: str | None, after: int = 0) -> Any:
    params: dict[str, Any] = {"after": after}
    if tok is not None:
        params["token"] = tok
    return c.get(f"/api/games/{gid}/chat", params=params)


def texts(c: Any, gid: str, tok: str) -> list[tuple[str, str]]:
    r = read(c, gid, tok)
    assert r.status_code == 200, r.text
    return [(m["side"], m["text"]) for m in r.json()["messages"]]


def test_the_two_seats_see_each_others_messages(client):
    g = new_game(client)
    gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
    assert say(client, gid, tb, "good luck").status_code == 200
    r = say(client, gid, tr, "<b>html</b> & you")
    assert r.status_code == 200 and r.json()["message"]["side"] == "red"
    want = [("blue", "good luck"), ("red", "<b>html</b> & you")]  # stored as sent: the client shows it as text
    assert texts(client, gid, tb) == want and texts(client, gid, tr) == want
    first = read(client, gid, tb).json()["messages"][0]["id"]
    assert [m["text"] for m in read(client, gid, tb, after=first).json()["messages"]] == ["<b>html</b> & you"]


def test_a_message_is_pushed_to_the_seats_sockets(client):
    g = new_game(client)
    gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
    with client.websocket_connect(f"/ws/games/{gid}?token={tr}") as ws:
        ws.receive_json()  # the first view
        assert say(client, gid, tb, "hello red").status_code == 200
        msg = ws.receive_json()
        assert msg["type"] == "chat" and msg["message"]["text"] == "hello red" and msg["message"]["side"] == "blue"


def test_spectators_and_other_games_cannot_read_or_write(client):
    g, other = new_game(client), new_game(client)
    gid = g["id"]
    assert say(client, gid, token(g, "blue"), "secret plan").status_code == 200
    for tok in (None, "", "not-a-token", token(other, "blue")):
        assert read(client, gid, tok).status_code == 403, tok
        assert say(client, gid, tok, "let me in").status_code in (400, 403), tok
    assert texts(client, other["id"], token(other, "blue")) == []  # another game's chat is its own
    assert texts(client, gid, token(g, "red")) == [("blue", "secret plan")]
    assert read(client, "no-such-game", token(g, "blue")).status_code == 404


def test_a_game_with_one_human_seat_has_no_chat(client):
    g = new_game(client, seats={"blue": "human", "red": "ai:random"})
    r = say(client, g["id"], token(g, "blue"), "hello computer")
    assert r.status_code == 400 and "two or more human seats" in r.json()["detail"]


def test_at_most_five_messages_per_ten_seconds_per_seat(client):
    g = new_game(client)
    gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
    for i in range(chat.RATE_COUNT):
        assert say(client, gid, tb, f"spam {i}").status_code == 200
    r = say(client, gid, tb, "one too many")
    assert r.status_code == 429 and "per 10 s" in r.json()["detail"]
    assert say(client, gid, tr, "red may still talk").status_code == 200  # the limit is per seat
    assert len(texts(client, gid, tr)) == chat.RATE_COUNT + 1


def test_too_long_empty_nul_and_control_characters_are_refused(client):
    g = new_game(client)
    gid, tb = g["id"], token(g, "blue")
    assert say(client, gid, tb, "x" * chat.MAX_CHARS).status_code == 200
    for bad, why in (("x" * (chat.MAX_CHARS + 1), "at most 500"), ("x" * 5000, "malformed"), ("   ", "needs some text"),
                     ("a\x00b", "NUL"), ("bell\x07", "control"), ("esc\x1b[2J", "control"), ("del\x7f", "control")):
        r = say(client, gid, tb, bad)
        assert r.status_code == 400 and why in r.json()["detail"], (bad, r.text)
    assert say(client, gid, tb, "two\nlines").status_code == 200
    assert [t for _, t in texts(client, gid, tb)] == ["x" * chat.MAX_CHARS, "two\nlines"]


def test_chat_never_touches_the_game_version_log_or_hash(client):
    g = new_game(client)
    gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
    assert act(client, gid, tb, "move b-inf-1").status_code == 200
    before, log_before = view(client, gid, tb), client.get(f"/api/games/{gid}/log", params={"token": tb}).json()
    assert say(client, gid, tb, "watch this").status_code == 200
    assert say(client, gid, tr, "hm").status_code == 200
    assert view(client, gid, tb) == before
    assert client.get(f"/api/games/{gid}/log", params={"token": tb}).json() == log_before
    # an action with the version from before the chat is still current (a message is not a game change)
    assert act(client, gid, tb, "to 0303", before["version"]).status_code == 200


def test_messages_survive_a_server_restart(db_url, fog_game):
    with TestClient(create_app(db_url)) as c:
        g = new_game(c)
        gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
        assert say(c, gid, tb, "before the restart").status_code == 200
        for i in range(chat.RATE_COUNT - 1):
            assert say(c, gid, tb, f"m{i}").status_code == 200
    with TestClient(create_app(db_url)) as c:
        assert texts(c, gid, tr)[0] == ("blue", "before the restart")
        assert say(c, gid, tb, "still limited").status_code == 429  # the rate limit is counted in the database
        assert say(c, gid, tr, "after the restart").status_code == 200
        assert texts(c, gid, tb)[-1] == ("red", "after the restart")
