"""Turn notifications for asynchronous play: a webhook call or an e-mail when it is your turn.

A seat may register a webhook URL and/or an e-mail address (stored with the
seat, shown only to that seat). When a committed action hands the decision to
a human seat that registered one, the service queues a notice; a worker thread
delivers it — ``POST`` of a small JSON body to the webhook, a short mail
through the configured SMTP server — retrying failures with exponential
back-off. Queueing never blocks and delivery never runs on a request thread,
so a slow or dead receiver can never hold up a move. Notices live in memory: a
server restart drops the ones not yet delivered (the next turn sends anew).
"""

from __future__ import annotations

import json
import logging
import queue
import re
import smtplib
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

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
    game_id: str
    game: str
    side: str
    version: int
    turn_label: str | None
    link: str
    webhook: str | None
    email: str | None
    attempts: dict[str, int] = field(default_factory=dict)  # channel -> failed attempts so far

    def body(self) -> dict[str, Any]:
        return {"event": "your_turn", "game_id": self.game_id, "game": self.game, "side": self.side,
                "version": self.version, "turn": self.turn_label, "link": self.link}


@dataclass(frozen=True)
class MailSettings:
    host: str = "127.0.0.1"
    port: int = 25
    sender: str = "westfront@localhost"


class Notifier:
    """A queue and one delivery thread; ``retries`` attempts per channel, delays ``backoff * 2**k``."""

    def __init__(self, mail: MailSettings, retries: int = 5, backoff: float = 2.0, timeout: float = 5.0):
        self.mail = mail
        self.retries = retries
        self.backoff = backoff
        self.timeout = timeout
        self._queue: queue.Queue[tuple[float, int, Notice, str] | None] = queue.Queue()
        self._later: list[tuple[float, int, Notice, str]] = []
        self._n = 0
        self._stop = threading.Event()
        self.delivered: list[tuple[str, str, str]] = []  # (channel, game id, side): for tests and the log
        self._thread = threading.Thread(target=self._run, name="westfront-notify", daemon=True)
        self._thread.start()

    def send(self, notice: Notice) -> None:
        """Queue a notice on each of its channels (never blocks)."""
        for channel in ("webhook", "email"):
            if getattr(notice, channel):
                self._push(0.0, notice, channel)

    def stop(self) -> None:
        self._stop.set()
        self._queue.put(None)

    def _push(self, when: float, notice: Notice, channel: str) -> None:
        self._n += 1
        self._queue.put((when, self._n, notice, channel))

    def _run(self) -> None:
        while not self._stop.is_set():
            now = time.monotonic()
            wait = min((w for w, *_ in self._later), default=now + 1.0) - now
            try:
                item = self._queue.get(timeout=max(0.0, min(wait, 1.0)))
            except queue.Empty:
                item = None
            if item is not None:
                self._later.append(item)
            now = time.monotonic()
            due = [x for x in self._later if x[0] <= now]
            self._later = [x for x in self._later if x[0] > now]
            for _, _, notice, channel in sorted(due, key=lambda x: x[:2]):
                self._deliver(notice, channel)

    def _deliver(self, notice: Notice, channel: str) -> None:
        try:
            if channel == "webhook":
                self._post(notice)
            else:
                self._mail(notice)
            self.delivered.append((channel, notice.game_id, notice.side))
        except Exception as e:  # noqa: BLE001 - any failure is retried, then given up with a log line
            k = notice.attempts.get(channel, 0) + 1
            notice.attempts[channel] = k
            if k >= self.retries:
                log.warning("turn notice for game %s (%s) by %s given up after %d attempts: %s",
                            notice.game_id, notice.side, channel, k, e)
                return
            self._later.append((time.monotonic() + self.backoff * 2 ** (k - 1), 0, notice, channel))

    def _post(self, notice: Notice) -> None:
        assert notice.webhook is not None
        req = urllib.request.Request(notice.webhook, data=json.dumps(notice.body()).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "User-Agent": "westfront"})
        with urllib.request.urlopen(req, timeout=self.timeout) as r:  # noqa: S310 - http(s) checked on register
            if not 200 <= r.status < 300:
                raise OSError(f"webhook answered {r.status}")

    def _mail(self, notice: Notice) -> None:
        assert notice.email is not None
        msg = EmailMessage()
        msg["From"] = self.mail.sender
        msg["To"] = notice.email
        msg["Subject"] = f"westfront: your turn ({notice.side}, {notice.game})"
        msg.set_content(f"It is your turn as {notice.side} in {notice.game}"
                        f"{' (' + notice.turn_label + ')' if notice.turn_label else ''}.\n\n"
                        f"Play: {notice.link}\n")
        with smtplib.SMTP(self.mail.host, self.mail.port, timeout=self.timeout) as smtp:
            smtp.send_message(msg)
