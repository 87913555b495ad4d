"""Turn notifications for asynchronous play: a webhook call or an e-mail when it is your turn.

A seat may register a webhook URL and/or an e-mail address (stored with the
seat, shown only to that seat). When a move hands the decision to a human seat
that registered one, the notice is written to the ``outbox`` table *in the same
transaction as the move* (:meth:`Store.append_action`): it is exactly as
durable as the move, and queueing it costs the move no extra round trip.

A :class:`Notifier` thread in every server process delivers what is due —
``POST`` of a small JSON body to the webhook, a short mail through the
configured SMTP server — and retries failures with exponential back-off
(``backoff * 2**k``, ``retries`` attempts per notice and channel). Each notice
is claimed for a lease before delivery, so with several processes one delivers
it, and after a crash or restart the survivors (or the restarted process) take
up whatever was not marked delivered. Delivery is at least once: a process
killed between sending and recording it sends that notice again (the body
carries ``notice_id`` for receivers that care). Delivery never runs on a
request thread, so a slow or dead receiver can never hold up a move.
"""

from __future__ import annotations

import json
import logging
import re
import smtplib
import threading
import time
import urllib.request
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

from .store import Store

log = logging.getLogger("westfront.server")

EMAIL = re.compile(r"^[^@\s<>\"']{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z]{2,24}$")
WEBHOOK = re.compile(r"^https?://[^\s]{1,480}$")


def check_webhook(url: str | None) -> str | None:
    """Why ``url`` cannot be a webhook (None: it can)."""
    if url is not None and not WEBHOOK.match(url):
        return "webhook must be an http:// or https:// URL of at most 480 characters"
    return None


def check_email(addr: str | None) -> str | None:
    if addr is not None and not EMAIL.match(addr):
        return "email must be an address like name@example.org"
    return None


@dataclass
class Notice:
    id: int
    game_id: str
    game: str
    side: str
    version: int
    turn_label: str | None
    link: str
    channel: str  # "webhook" | "email"
    target: str  # the URL or the address
    attempts: int = 0  # failed attempts so far

    @classmethod
    def from_row(cls, r: dict[str, Any]) -> Notice:
        return cls(r["id"], r["game_id"], r["game"], r["side"], r["version"], r["turn_label"], r["link"],
                   r["channel"], r["target"], r["attempts"])

    def body(self) -> dict[str, Any]:
        return {"event": "your_turn", "notice_id": self.id, "game_id": self.game_id, "game": self.game,
                "side": self.side, "version": self.version, "turn": self.turn_label, "link": self.link}


@dataclass(frozen=True)
class MailSettings:
    host: str = "127.0.0.1"
    port: int = 25
    sender: str = "westfront@localhost"


MAX_BACKOFF = 3600.0  # seconds: a retry waits at most an hour, however many have failed


class Notifier:
    """Delivers the outbox: one thread, woken by :meth:`wake` after a move queued a notice and
    otherwise looking for due notices (retries, other processes' notices) every ``poll`` seconds."""

    def __init__(self, store: Store, mail: MailSettings, retries: int = 5, backoff: float = 2.0,
                 timeout: float = 5.0, poll: float = 2.0):
        self.store = store
        self.mail = mail
        self.retries = retries
        self.backoff = backoff
        self.timeout = timeout
        self.poll = poll
        self.lease = 2 * timeout + 5.0  # a claimed notice is someone's for this long
        self._wake = threading.Event()
        self._stop = threading.Event()
        self.delivered: list[tuple[str, str, str]] = []  # (channel, game id, side): for tests and the log
        self._thread = threading.Thread(target=self._run, name="westfront-notify", daemon=True)

    def start(self) -> None:
        """Start delivering (at server start-up: this also takes up what an earlier run left)."""
        if self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="westfront-notify", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        """A notice was queued: look now (never blocks)."""
        self._wake.set()

    def stop(self) -> None:
        """Stop and wait for a delivery under way: a notice this process is still sending when the
        server stops would otherwise be delivered behind the next server's back (its record of
        deliveries would miss it), and its outcome could land after the outbox was handed on."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=self.timeout + 5.0)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                wait = self._round()
            except Exception:  # noqa: BLE001 - the database may be away for a while: try again later
                log.exception("turn notices: the outbox could not be read")
                wait = self.poll
            self._wake.wait(wait)
            self._wake.clear()

    def _round(self) -> float:
        """Deliver what is due now; return how long to sleep."""
        rows = self.store.claim_notices(time.time(), self.lease)
        for i, r in enumerate(rows):
            if self._stop.is_set():
                # stopping: hand back what this process claimed but will not try, so that the next
                # server (or another process) takes it up at once instead of after the lease
                self.store.release_notices([x["id"] for x in rows[i:]], time.time())
                break
            self._deliver(Notice.from_row(r))
        if rows:
            return 0.0
        nxt = self.store.next_notice_at()
        return self.poll if nxt is None else min(self.poll, max(0.0, nxt - time.time()))

    def _deliver(self, notice: Notice) -> None:
        try:
            if notice.channel == "webhook":
                self._post(notice)
            else:
                self._mail(notice)
        except Exception as e:  # noqa: BLE001 - any failure is retried, then given up with a log line
            k = notice.attempts + 1
            gave_up = k >= self.retries
            if gave_up:
                log.warning("turn notice for game %s (%s) by %s given up after %d attempts: %s",
                            notice.game_id, notice.side, notice.channel, k, e)
            self.store.notice_failed(notice.id, k, time.time() + min(self.backoff * 2 ** (k - 1), MAX_BACKOFF), str(e),
                                     gave_up)
            return
        self.store.notice_done(notice.id, time.time())
        self.delivered.append((notice.channel, notice.game_id, notice.side))

    def _post(self, notice: Notice) -> None:
        req = urllib.request.Request(notice.target, data=json.dumps(notice.body()).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "User-Agent": "westfront"})
        with urllib.request.urlopen(req, timeout=self.timeout) as r:  # noqa: S310 - http(s) checked on register
            if not 200 <= r.status < 300:
                raise OSError(f"webhook answered {r.status}")

    def _mail(self, notice: Notice) -> None:
        msg = EmailMessage()
        msg["From"] = self.mail.sender
        msg["To"] = notice.target
        msg["Subject"] = f"westfront: your turn ({notice.side}, {notice.game})"
        msg.set_content(f"It is your turn as {notice.side} in {notice.game}"
                        f"{' (' + notice.turn_label + ')' if notice.turn_label else ''}.\n\n"
                        f"Play: {notice.link}\n")
        with smtplib.SMTP(self.mail.host, self.mail.port, timeout=self.timeout) as smtp:
            smtp.send_message(msg)
