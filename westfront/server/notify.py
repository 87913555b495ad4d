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

Deliveries run concurrently on a small pool (``workers``), each under a total
``deadline`` (a watchdog shuts the socket down when it runs out, however slowly
the receiver drips its answer), and one target is sent at most one notice at a
time: a slow or failing receiver holds one worker, never the other games'
notices. Webhooks to private, loopback and link-local addresses are refused,
when registered and again when delivered (a name may resolve anywhere), unless
the operator allows them (``allow_private``).
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import json
import logging
import re
import smtplib
import socket
import ssl
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

from .store import Store

log = logging.getLogger("westfront.server")

EMAIL = re.compile(r"^[^@\s<>\"']{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z]{2,24}$")
WEBHOOK = re.compile(r"^https?://[^\s]{1,480}$")


def private_address(ip: str) -> bool:
    """Whether an address is one a webhook may not reach: private, loopback, link-local (the cloud
    metadata service at 169.254.169.254), multicast, reserved or unspecified — IPv4 inside IPv6 too."""
    try:
        a = ipaddress.ip_address(ip.split("%", 1)[0])
    except ValueError:
        return True
    if isinstance(a, ipaddress.IPv6Address) and a.ipv4_mapped is not None:
        a = a.ipv4_mapped
    return a.is_private or a.is_loopback or a.is_link_local or a.is_multicast or a.is_reserved or a.is_unspecified


def check_webhook(url: str | None, allow_private: bool = False) -> str | None:
    """Why ``url`` cannot be a webhook (None: it can). A host given as an address (or ``localhost``)
    is checked here; a name is checked again for every address it resolves to when a notice goes."""
    if url is None:
        return None
    if not WEBHOOK.match(url) or "\x00" in url:
        return "webhook must be an http:// or https:// URL of at most 480 characters"
    try:
        host = urlsplit(url).hostname or ""
        urlsplit(url).port  # noqa: B018 - raises on a port out of range
    except ValueError:
        return "webhook must be an http:// or https:// URL with a valid host and port"
    if not host:
        return "webhook must name a host"
    if not allow_private:
        literal = True
        try:
            ipaddress.ip_address(host.split("%", 1)[0])
        except ValueError:
            literal = False
        if (literal and private_address(host)) or host == "localhost" or host.endswith(".localhost"):
            return (f"webhook host {host} is a private, loopback or link-local address: notices go only to "
                    "public addresses on this server")
    return None


def check_email(addr: str | None) -> str | None:
    if addr is not None and (not EMAIL.match(addr) or "\x00" in addr):
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


def watchdog(deadline: float, sock: Callable[[], socket.socket | None]) -> threading.Timer:
    """A timer that shuts the delivery's socket down at ``deadline`` (monotonic seconds): the per-read
    timeouts of http.client and smtplib let a receiver dripping a line at a time hold a delivery for ever."""
    def cut() -> None:
        s = sock()
        if s is not None:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
    t = threading.Timer(max(0.0, deadline - time.monotonic()), cut)
    t.daemon = True
    t.start()
    return t


class Notifier:
    """Delivers the outbox: one thread, woken by :meth:`wake` after a move queued a notice and
    otherwise looking for due notices (retries, other processes' notices) every ``poll`` seconds;
    the deliveries themselves run on a pool of ``workers`` threads, each within ``deadline`` seconds."""

    def __init__(self, store: Store, mail: MailSettings, retries: int = 5, backoff: float = 2.0,
                 timeout: float = 5.0, poll: float = 2.0, workers: int = 8, deadline: float = 10.0,
                 allow_private: bool = False):
        self.store = store
        self.mail = mail
        self.retries = retries
        self.backoff = backoff
        self.timeout = timeout
        self.poll = poll
        self.workers = max(1, workers)
        self.deadline = deadline
        self.allow_private = allow_private
        self.lease = deadline + timeout + 5.0  # a claimed notice is someone's for this long
        self._wake = threading.Event()
        self._stop = threading.Event()
        self.delivered: list[tuple[str, str, str]] = []  # (channel, game id, side): for tests and the log
        self._thread = threading.Thread(target=self._run, name="westfront-notify", daemon=True)
        self._pool: ThreadPoolExecutor | None = None
        self._busy: set[str] = set()  # targets with a delivery under way
        self._inflight = 0
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start delivering (at server start-up: this also takes up what an earlier run left)."""
        if self._thread.is_alive():
            return
        self._stop.clear()
        self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="westfront-notice")
        self._thread = threading.Thread(target=self._run, name="westfront-notify", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        """A notice was queued: look now (never blocks)."""
        self._wake.set()

    def stop(self) -> None:
        """Stop and wait for the deliveries under way: a notice this process is still sending when the
        server stops would otherwise be delivered behind the next server's back (its record of
        deliveries would miss it), and its outcome could land after the outbox was handed on."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=self.deadline + 5.0)
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)  # each delivery ends by its deadline

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
        """Hand what is due to the pool (as many as it has free workers); return how long to sleep."""
        with self._lock:
            free = self.workers - self._inflight
        if free <= 0 or self._pool is None:
            return self.poll  # a finished delivery wakes the loop
        rows = self.store.claim_notices(time.time(), self.lease, limit=free)
        later: list[int] = []
        for i, r in enumerate(rows):
            if self._stop.is_set():
                # stopping: hand back what this process claimed but will not try, so that the next
                # server (or another process) takes it up at once instead of after the lease
                self.store.release_notices([x["id"] for x in rows[i:]], time.time())
                break
            notice = Notice.from_row(r)
            with self._lock:
                busy = notice.target in self._busy
                if not busy:
                    self._busy.add(notice.target)
                    self._inflight += 1
            if busy:  # one delivery per receiver at a time: a slow one holds one worker only
                later.append(notice.id)
                continue
            self._pool.submit(self._deliver_one, notice)
        if later:
            self.store.release_notices(later, time.time() + 1.0)
        if rows and len(later) < len(rows):
            return 0.0
        nxt = self.store.next_notice_at()
        return self.poll if nxt is None else min(self.poll, max(0.0, nxt - time.time()))

    def _deliver_one(self, notice: Notice) -> None:
        try:
            self._deliver(notice)
        except Exception:  # noqa: BLE001 - the outcome could not be recorded: the lease runs out, it is retried
            log.exception("turn notice %s: recording the outcome failed", notice.id)
        finally:
            with self._lock:
                self._busy.discard(notice.target)
                self._inflight -= 1
            self._wake.set()

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

    def _address(self, host: str, port: int) -> str:
        """The first address ``host`` resolves to that a notice may go to (checked at delivery: a name
        registered as public may resolve to a private address later)."""
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        for *_, addr in infos:
            ip = str(addr[0])
            if self.allow_private or not private_address(ip):
                return ip
        raise OSError(f"webhook host {host} resolves only to private, loopback or link-local addresses: refused")

    def _post(self, notice: Notice) -> None:
        """POST the notice, all of it (connect, send, the status line and headers) within the deadline.
        Redirects are not followed (one could point at a private address)."""
        end = time.monotonic() + self.deadline
        u = urlsplit(notice.target)
        host = u.hostname or ""
        port = u.port or (443 if u.scheme == "https" else 80)
        ip = self._address(host, port)
        conn = http.client.HTTPConnection(host, port, timeout=min(self.timeout, self.deadline))
        holder: list[socket.socket] = []
        dog = watchdog(end, lambda: holder[0] if holder else None)
        try:
            sock = socket.create_connection((ip, port), timeout=min(self.timeout, max(0.01, end - time.monotonic())))
            holder.append(sock)
            if u.scheme == "https":
                sock = ssl.create_default_context().wrap_socket(sock, server_hostname=host)
                holder[0] = sock
            conn.sock = sock
            path = (u.path or "/") + (f"?{u.query}" if u.query else "")
            conn.request("POST", path, body=json.dumps(notice.body()).encode(),
                         headers={"Content-Type": "application/json", "User-Agent": "westfront"})
            status = conn.getresponse().status
        except OSError:
            if time.monotonic() >= end:
                raise TimeoutError(f"webhook took longer than {self.deadline:g} s: cut off") from None
            raise
        finally:
            dog.cancel()
            conn.close()
        if time.monotonic() >= end:
            raise TimeoutError(f"webhook took longer than {self.deadline:g} s: cut off")
        if not 200 <= status < 300:
            raise OSError(f"webhook answered {status}")

    def _mail(self, notice: Notice) -> None:
        msg = EmailMessage()
        msg["From"] = self.mail.sender
        msg["To"] = notice.target
        msg["Subject"] = f"westfront: your turn ({notice.side}, {notice.game})"
        msg.set_content(f"It is your turn as {notice.side} in {notice.game}"
                        f"{' (' + notice.turn_label + ')' if notice.turn_label else ''}.\n\n"
                        f"Play: {notice.link}\n")
        end = time.monotonic() + self.deadline
        smtp = smtplib.SMTP(timeout=min(self.timeout, self.deadline))
        dog = watchdog(end, lambda: getattr(smtp, "sock", None))
        try:
            smtp.connect(self.mail.host, self.mail.port)
            smtp.send_message(msg)
            smtp.quit()
        except (OSError, smtplib.SMTPException):
            if time.monotonic() >= end:
                raise TimeoutError(f"mail took longer than {self.deadline:g} s: cut off") from None
            raise
        finally:
            dog.cancel()
            smtp.close()
