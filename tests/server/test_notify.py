"""Turn notifications (issue 18, item 11): a webhook and an e-mail when it is your turn,
retried with back-off, never blocking a move, never shown to the other seat.

Everything stays on loopback: a local HTTP receiver and a local SMTP server (aiosmtpd).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from westfront.server.app import create_app
from westfront.server.service import Settings

from .conftest import act, free_port, new_game, token, view, wait_for


class Receiver:
    """A webhook receiver that fails its first ``fail`` calls with 500 and can be slow."""

    def __init__(self, fail: int = 0, delay: float = 0.0):
        self.bodies: list[dict[str, Any]] = []
        self.calls = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                outer.calls += 1
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                time.sleep(delay)
                if outer.calls <= fail:
                    self.send_response(500)
                    self.end_headers()
                    return
                outer.bodies.append(body)
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()


class Mailbox:
    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        self.messages.append(envelope)
        return "250 OK"


@pytest.fixture
def smtp() -> Iterator[tuple[Mailbox, int]]:
    box = Mailbox()
    port = free_port()
    ctl = Controller(box, hostname="127.0.0.1", port=port)
    ctl.start()
    try:
        yield box, port
    finally:
        ctl.stop()


def app_for(db_url: str, smtp_port: int) -> Any:
    return create_app(db_url, Settings(ai_time=0.2, smtp=f"127.0.0.1:{smtp_port}", notify_backoff=0.05))


def test_webhook_and_mail_say_it_is_your_turn_with_a_link(db_url, smtp):
    box, port = smtp
    hook = Receiver(fail=2)  # the first two deliveries fail: retried with back-off
    try:
        with TestClient(app_for(db_url, port)) as c:
            g = new_game(c)
            gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
            r = c.put(f"/api/games/{gid}/notify", json={"token": tr, "webhook": hook.url, "email": "red@example.org"})
            assert r.status_code == 200 and r.json() == {"side": "red", "webhook": hook.url, "email": "red@example.org"}
            assert act(c, gid, tb, "move b-inf-1").status_code == 200  # still blue's turn: no notice
            time.sleep(0.3)
            assert hook.calls == 0 and not box.messages
            act(c, gid, tb, "cancel")
            assert act(c, gid, tb, "end").status_code == 200  # red's turn now
            wait_for(lambda: hook.bodies and box.messages, timeout=10)
            body = hook.bodies[0]
            assert hook.calls == 3  # two failures, then delivered
            assert body["event"] == "your_turn" and body["side"] == "red" and body["game_id"] == gid
            assert body["link"].endswith(f"/play/{gid}?token={tr}")
            mail = box.messages[0]
            assert mail.rcpt_tos == ["red@example.org"]
            assert f"/play/{gid}?token={tr}" in mail.content.decode()
            # the other seat never sees red's address or hook
            blue_sees = json.dumps([view(c, gid, tb), c.get(f"/api/games/{gid}/log", params={"token": tb}).json(),
                                    c.get("/api/games").json(),
                                    c.get(f"/api/games/{gid}/notify", params={"token": tb}).json()])
            assert "red@example.org" not in blue_sees and hook.url not in blue_sees
            assert c.get(f"/api/games/{gid}/notify", params={"token": tb}).json()["email"] is None
            # bad addresses are a clear 400; clearing works
            for bad in ({"webhook": "ftp://x"}, {"email": "not an address"}, {"webhook": "javascript:alert(1)"}):
                assert c.put(f"/api/games/{gid}/notify", json={"token": tr, **bad}).status_code == 400
            assert c.put(f"/api/games/{gid}/notify", json={"token": "nope", "email": "a@b.org"}).status_code == 403
            cleared = c.put(f"/api/games/{gid}/notify", json={"token": tr}).json()
            assert cleared["webhook"] is None and cleared["email"] is None
    finally:
        hook.close()


def test_a_slow_or_dead_receiver_never_holds_up_a_move(db_url, smtp):
    _, port = smtp
    slow = Receiver(delay=3.0)
    dead = socket.socket()  # accepts connections (backlog) but never answers
    dead.bind(("127.0.0.1", 0))
    dead.listen(8)
    try:
        with TestClient(app_for(db_url, port)) as c:
            g = new_game(c)
            gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
            c.put(f"/api/games/{gid}/notify", json={"token": tr, "webhook": slow.url})
            c.put(f"/api/games/{gid}/notify",
                  json={"token": tb, "webhook": f"http://127.0.0.1:{dead.getsockname()[1]}/x"})
            for tok, v in ((tb, 0), (tr, 1), (tb, 2)):  # each "end" hands the turn over and queues a notice
                t0 = time.monotonic()
                assert act(c, gid, tok, "end", v).status_code == 200
                assert time.monotonic() - t0 < 1.0
    finally:
        slow.close()
        dead.close()


def test_the_registration_survives_a_restart(db_url, smtp):
    box, port = smtp
    with TestClient(app_for(db_url, port)) as c:
        g = new_game(c)
        gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
        c.put(f"/api/games/{gid}/notify", json={"token": tr, "email": "red@example.org"})
    with TestClient(app_for(db_url, port)) as c:
        assert c.get(f"/api/games/{gid}/notify", params={"token": tr}).json()["email"] == "red@example.org"
        act(c, gid, tb, "end", 0)
        wait_for(lambda: box.messages, timeout=10)
        assert box.messages[0].rcpt_tos == ["red@example.org"]


class Switchable(Receiver):
    """A webhook receiver that answers 503 while ``down`` is set."""

    def __init__(self) -> None:
        self.down = True
        outer = self
        super().__init__()
        handler = self.server.RequestHandlerClass
        original = handler.do_POST  # type: ignore[attr-defined]

        def do_post(h: Any) -> None:
            if outer.down:
                outer.calls += 1
                h.rfile.read(int(h.headers["Content-Length"]))
                h.send_response(503)
                h.end_headers()
                return
            original(h)

        handler.do_POST = do_post  # type: ignore[attr-defined]


def outbox_rows(db_url: str) -> list[dict[str, Any]]:
    from sqlalchemy import create_engine, select

    from westfront.server import db

    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return [dict(r) for r in conn.execute(select(db.outbox)).mappings().all()]
    finally:
        engine.dispose()


def test_an_undelivered_notice_is_delivered_after_a_restart(db_url, smtp):
    """The notice is written with the move; a server that stops before it could deliver leaves it
    in the outbox, and the next server (same database) delivers it with its retries."""
    _, port = smtp
    hook = Switchable()
    try:
        # retries without end here: a slow shutdown of the first server must not use them all up
        settings = Settings(ai_time=0.2, smtp=f"127.0.0.1:{port}", notify_backoff=0.05, notify_poll=0.1,
                            notify_retries=10_000)
        with TestClient(create_app(db_url, settings)) as c:
            g = new_game(c)
            gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
            c.put(f"/api/games/{gid}/notify", json={"token": tr, "webhook": hook.url})
            t0 = time.monotonic()
            assert act(c, gid, tb, "end", 0).status_code == 200  # red's turn: a notice is due
            assert time.monotonic() - t0 < 1.0
            wait_for(lambda: hook.calls >= 1, timeout=10)  # tried, refused
        rows = outbox_rows(db_url)
        assert len(rows) == 1 and rows[0]["delivered_at"] is None and rows[0]["attempts"] >= 1
        assert not rows[0]["gave_up"]
        assert rows[0]["side"] == "red" and rows[0]["version"] == 1 and "503" in rows[0]["last_error"]
        assert not hook.bodies
        hook.down = False
        with TestClient(create_app(db_url, settings)) as c:  # no request needed: the notifier resumes
            wait_for(lambda: hook.bodies, timeout=10)
            body = hook.bodies[0]
            assert body["event"] == "your_turn" and body["side"] == "red" and body["game_id"] == gid
            assert body["version"] == 1 and body["notice_id"] == rows[0]["id"]
            assert body["link"].endswith(f"/play/{gid}?token={tr}")
            wait_for(lambda: outbox_rows(db_url)[0]["delivered_at"] is not None, timeout=5)
            assert c.app.state.service.notifier.delivered == [("webhook", gid, "red")]  # by the new server
            time.sleep(0.3)
            assert len(hook.bodies) == 1  # delivered once, not again
    finally:
        hook.close()


def test_notices_give_up_after_the_retries(db_url, smtp):
    _, port = smtp
    hook = Switchable()  # never comes up
    try:
        settings = Settings(ai_time=0.2, smtp=f"127.0.0.1:{port}", notify_backoff=0.02, notify_poll=0.1,
                            notify_retries=3)
        with TestClient(create_app(db_url, settings)) as c:
            g = new_game(c)
            gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
            c.put(f"/api/games/{gid}/notify", json={"token": tr, "webhook": hook.url})
            assert act(c, gid, tb, "end", 0).status_code == 200
            wait_for(lambda: outbox_rows(db_url)[0]["gave_up"], timeout=10)
            time.sleep(0.3)
            assert hook.calls == 3 and outbox_rows(db_url)[0]["attempts"] == 3
    finally:
        hook.close()


def test_a_stopping_server_finishes_the_delivery_under_way(db_url, smtp):
    """Shutting down waits for a notice being sent: its outcome is recorded by the process that sent
    it, before the outbox is handed on (else the next server could find a half-done notice and the
    receiver could hear from a server that has stopped)."""
    _, port = smtp
    hook = Receiver(delay=1.0)  # answers 204, slowly
    try:
        settings = Settings(ai_time=0.2, smtp=f"127.0.0.1:{port}", notify_backoff=0.05, notify_poll=0.1)
        app = create_app(db_url, settings)
        with TestClient(app) as c:
            g = new_game(c)
            gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
            c.put(f"/api/games/{gid}/notify", json={"token": tr, "webhook": hook.url})
            assert act(c, gid, tb, "end", 0).status_code == 200
            wait_for(lambda: hook.calls >= 1, timeout=10)  # the POST is in flight: stop now
        notifier = app.state.service.notifier
        assert notifier.delivered == [("webhook", gid, "red")]
        rows = outbox_rows(db_url)
        assert len(rows) == 1 and rows[0]["delivered_at"] is not None
    finally:
        hook.close()


class Drip:
    """A receiver that answers a webhook a header line at a time, one every ``every`` seconds, for ever
    (the per-read timeout of an HTTP client never fires): the issue 38 stall."""

    def __init__(self, every: float = 0.4):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/hook"
        self.every = every
        self.calls = 0
        self.closed = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while not self.closed.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.calls += 1
            threading.Thread(target=self._drip, args=(conn,), daemon=True).start()

    def _drip(self, conn: socket.socket) -> None:
        with conn:
            try:
                conn.sendall(b"HTTP/1.1 200 OK\r\n")
                k = 0
                while not self.closed.is_set():
                    time.sleep(self.every)
                    conn.sendall(f"X-Drip-{k}: .\r\n".encode())
                    k += 1
            except OSError:
                return

    def close(self) -> None:
        self.closed.set()
        self.sock.close()


def test_a_slow_drip_receiver_does_not_delay_another_games_notice(db_url, smtp):
    """Issue 38: one receiver dripping its answer held the single notifier ~30 s and another game's
    notice waited all that time. Now each delivery has a total deadline, deliveries run concurrently,
    and the dripping receiver's notice fails (and is retried later) alone."""
    _, port = smtp
    drip, fast = Drip(), Receiver()
    try:
        settings = Settings(ai_time=0.2, smtp=f"127.0.0.1:{port}", notify_backoff=30.0, notify_poll=0.1,
                            notify_deadline=1.5)
        with TestClient(create_app(db_url, settings)) as c:
            slow_game, other = new_game(c), new_game(c)
            c.put(f"/api/games/{slow_game['id']}/notify", json={"token": token(slow_game, "red"), "webhook": drip.url})
            c.put(f"/api/games/{other['id']}/notify", json={"token": token(other, "red"), "webhook": fast.url})
            assert act(c, slow_game["id"], token(slow_game, "blue"), "end", 0).status_code == 200
            wait_for(lambda: drip.calls >= 1, timeout=5)  # the dripping delivery is under way
            t0 = time.monotonic()
            assert act(c, other["id"], token(other, "blue"), "end", 0).status_code == 200
            wait_for(lambda: fast.bodies, timeout=5)
            delay = time.monotonic() - t0
            assert delay < 1.0, f"the other game's notice waited {delay:.1f} s"
            # the dripping delivery is cut at its deadline and recorded as a failed attempt, to be retried
            wait_for(lambda: any(r["attempts"] == 1 for r in outbox_rows(db_url)), timeout=5)
            row = next(r for r in outbox_rows(db_url) if r["target"] == drip.url)
            assert row["delivered_at"] is None and "longer than 1.5 s" in row["last_error"]
    finally:
        drip.close()
        fast.close()


@pytest.mark.parametrize("url", ["http://169.254.169.254/latest/meta-data/", "http://[::1]:8080/x",
                                 "http://127.0.0.1:9/x", "http://10.1.2.3/x", "http://192.168.0.7/x",
                                 "http://localhost:8000/x", "http://[::ffff:127.0.0.1]/x", "http://0.0.0.0/x"])
def test_webhooks_to_private_loopback_or_link_local_addresses_are_refused(db_url, url):
    settings = Settings(ai_time=0.2, notify_private=False)
    with TestClient(create_app(db_url, settings)) as c:
        g = new_game(c)
        r = c.put(f"/api/games/{g['id']}/notify", json={"token": token(g, "red"), "webhook": url})
        assert r.status_code == 400 and "private, loopback or link-local" in r.json()["detail"], r.text
        ok = c.put(f"/api/games/{g['id']}/notify", json={"token": token(g, "red"), "webhook": "https://example.org/h"})
        assert ok.status_code == 200


def test_a_name_resolving_to_a_private_address_is_refused_when_the_notice_goes():
    from westfront.server.notify import MailSettings, Notice, Notifier

    hook = Receiver()
    try:
        n = Notifier(None, MailSettings(), allow_private=False)  # type: ignore[arg-type]
        notice = Notice(1, "g", "skirmish", "red", 1, None, "link", "webhook", hook.url.replace("127.0.0.1", "localhost"))
        with pytest.raises(OSError, match="resolves only to private"):
            n._post(notice)
        assert hook.calls == 0
    finally:
        hook.close()


class DripSmtp(Drip):
    """An SMTP server that never finishes its greeting: a continuation line every ``every`` seconds."""

    def _drip(self, conn: socket.socket) -> None:
        with conn:
            try:
                while not self.closed.is_set():
                    conn.sendall(b"220-still greeting\r\n")
                    time.sleep(self.every)
            except OSError:
                return


def test_a_mail_server_that_drips_its_greeting_is_cut_off_at_the_deadline(db_url):
    drip = DripSmtp(every=0.3)
    try:
        settings = Settings(ai_time=0.2, smtp=f"127.0.0.1:{drip.sock.getsockname()[1]}", notify_backoff=30.0,
                            notify_poll=0.1, notify_deadline=1.0)
        with TestClient(create_app(db_url, settings)) as c:
            g = new_game(c)
            c.put(f"/api/games/{g['id']}/notify", json={"token": token(g, "red"), "email": "red@example.org"})
            t0 = time.monotonic()
            assert act(c, g["id"], token(g, "blue"), "end", 0).status_code == 200
            wait_for(lambda: any(r["attempts"] == 1 for r in outbox_rows(db_url)), timeout=6)
            assert time.monotonic() - t0 < 3.0
            assert "mail took longer than 1 s" in outbox_rows(db_url)[0]["last_error"]
    finally:
        drip.close()
