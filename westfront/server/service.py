"""The game service: seats, moves, undo, replay and saves on top of the store.

Everything a seat receives is built by :meth:`GameService.payload` from
``view(side)``, ``visible_log(side)`` and — only for the seat that must decide —
``legal_actions()``. Raw state, the RNG and the seed are never sent while a game
is in progress; the full record (seed included) becomes readable when the game
is over, or by whoever holds every seat of it.
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

from .. import api
from ..ai import get_agent
from ..ai.hooks import explain, hooks_for
from ..analysis.chances import AnalysisError, analyse
from ..core.errors import IllegalAction, SaveError, UnknownGame
from ..core.rng import KEYED_FROM
from ..core.savefile import parse_save
from ..core.state import State, canonical_json, conceding_side, is_undo_barrier
from ..games import registry
from . import chat, patch
from .ai_seats import AIRunner
from .errors import BadRequest, Broken, Conflict, Forbidden, NotFound, TooMany
from .hub import Hub
from .labels import choice_places, engagement
from .live import LiveGame, RecordBroken
from .notify import MailSettings, Notifier, check_email, check_webhook
from .store import ActionRecord, GameRecord, Seat, StaleVersion, Store, Summary
from .watchdog import PHASE_ACTIONS, Watchdog

log = logging.getLogger("westfront.server")

MAX_ACTION_TEXT = 500


def secret_seed() -> int:
    """128 random bits above 2**128: always selects the keyed dice generator (core/rng.py)."""
    return (KEYED_FROM << 64) | secrets.randbits(128)


def has_hidden_information(game: str) -> bool:
    """Whether a seat of this game may be kept from seeing something (unknown: assume it may)."""
    try:
        hooks = hooks_for(game)
    except UnknownGame:
        return True
    return hooks.hidden_information or not hooks.provided


@dataclass(frozen=True)
class Settings:
    ai_time: float = 2.0  # seconds an AI agent may think per decision
    ai_delay: float = 0.0  # minimum seconds per AI move, so people can follow
    snapshot_every: int = 50  # cache the position at a barrier at most this often
    max_live_games: int = 500  # games kept in memory (least recently used are dropped)
    ai_workers: int = 2
    max_body_bytes: int = 2 * 1024 * 1024  # larger request bodies get 413
    max_import_actions: int = 20_000  # a save with more actions is refused (a long campaign has ~5,000)
    shared: bool = False  # other server processes write the same (PostgreSQL) database
    smtp: str = "127.0.0.1:25"  # where turn-notice mails go (host:port)
    mail_from: str = "westfront@localhost"
    notify_retries: int = 5  # attempts per turn notice and channel
    notify_backoff: float = 2.0  # seconds before the first retry; doubles each time
    notify_poll: float = 2.0  # seconds between looks at the outbox when nothing woke the notifier
    notify_workers: int = 8  # turn notices delivered at once (one at a time per receiver)
    notify_deadline: float = 10.0  # seconds a delivery may take in all, however slowly the receiver answers
    # operator setting: allow webhooks to private, loopback and link-local addresses (a LAN server; the tests)
    notify_private: bool = field(default_factory=lambda: os.environ.get("WESTFRONT_NOTIFY_PRIVATE") == "1")
    ai_pool: str = "thread"  # "thread": AI thinks on threads here; "process": in a pool of worker processes
    # operator setting: let a creator choose the seed of a game with two human seats and hidden information
    # (it then predicts every deck, marker and die for both; test servers use it for repeatable games)
    chosen_seeds: bool = field(default_factory=lambda: os.environ.get("WESTFRONT_CHOSEN_SEEDS") == "1")
    ai_phase_actions: int = PHASE_ACTIONS  # the watchdog: actions an AI seat may play in one phase
    ai_phase_seconds: float | None = None  # ... and seconds it may spend there (None: its level's promise)


def summary_of(s: State, turn_label: str | None = None, known: bool = False) -> Summary:
    """The lobby line. ``known``: ``turn_label`` is still right (no barrier since it was read), so
    the spectator view — as costly as a seat's view in a big game — need not be built again."""
    r = s.result()
    turn = turn_label
    if not known:
        try:
            turn = s.view(None).get("turn_label")
        except Exception:  # noqa: BLE001 - the lobby line is cosmetic
            log.exception("view(None) failed while summarising a game")
    return Summary(status="over" if s.is_terminal() else "active", to_move=s.current_player(),
                   turn_label=str(turn) if turn is not None else None, result=r.to_dict() if r else None)


ANALYSIS_POINTS = 300  # positions read in the first pass (a long 1944 or D-Day 3rd game: ~2-5 s once)
ANALYSES_KEPT = 32


class GameService:
    def __init__(self, store: Store, settings: Settings | None = None, hub: Hub | None = None):
        self.store = store
        self.settings = settings or Settings()
        self.hub = hub or Hub()
        self.ai = AIRunner(self, self.settings.ai_time, self.settings.ai_delay, self.settings.ai_workers,
                           self.settings.ai_pool,
                           Watchdog(self.settings.ai_phase_actions, self.settings.ai_phase_seconds))
        host, _, port = self.settings.smtp.rpartition(":")
        self.notifier = Notifier(store, MailSettings(host or "127.0.0.1", int(port or 25), self.settings.mail_from),
                                 retries=self.settings.notify_retries, backoff=self.settings.notify_backoff,
                                 poll=self.settings.notify_poll, workers=self.settings.notify_workers,
                                 deadline=self.settings.notify_deadline, allow_private=self.settings.notify_private)
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._load_locks: dict[str, threading.Lock] = {}
        self._analyses: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()

    # ----- the cache of live games ---------------------------------------------
    def live(self, game_id: str, expect: int | None = None) -> LiveGame:
        """The game in memory, rebuilt from its record (with every hash checked) if needed.

        With other processes on the database, it is first brought up to the stored version —
        unless the caller is about to write with ``expect`` as the version it has seen and the
        copy here is at that version: the write checks the version in the database anyway (a
        stale copy makes it fail with 409 and drops the copy), so the read would be a round trip
        spent on every move to catch the rare race that check already catches."""
        with self._cache_lock:
            g = self._live.get(game_id)
            if g is not None:
                self._live.move_to_end(game_id)
        if g is None:
            return self._load(game_id)
        if self.settings.shared:
            if expect is None or expect != g.version:
                g = self._fresh(g)
            self.ai.poke(g)  # the process that was thinking for an AI seat may be gone
        return g

    def fresh(self, g: LiveGame) -> LiveGame:
        """``g`` as stored now (the same object when one process serves the database)."""
        return self._fresh(g) if self.settings.shared else g

    def _fresh(self, g: LiveGame) -> LiveGame:
        """``g`` at the version the database has (one indexed read; another process may have moved)."""
        stored = self.store.version_of(g.id)
        if stored is None or stored == g.version:
            return g
        with g.lock:
            if stored == g.version:
                return g
            tail = self.store.actions_after(g.id, g.n_actions)  # the usual case: only moves were added
            if tail is not None and g.extend(*tail):
                return g
            rec = self.store.load(g.id)
            if rec is not None and rec.version >= g.version and g.catch_up(rec):
                g.reseat(rec.seats)  # a claim elsewhere replaces a token (and bumps the version)
                return g
        self.forget(g.id)
        return self._load(g.id)

    def _load(self, game_id: str) -> LiveGame:
        with self._cache_lock:
            load_lock = self._load_locks.setdefault(game_id, threading.Lock())
        with load_lock:
            with self._cache_lock:
                g = self._live.get(game_id)
            if g is None:
                g = self._rebuild(game_id)
                self._remember(g)
        self.ai.poke(g)
        return g

    def _rebuild(self, game_id: str) -> LiveGame:
        rec = self.store.load(game_id)
        if rec is None:
            raise NotFound(f"no game {game_id!r}")
        try:
            return LiveGame.rebuild(rec)
        except RecordBroken as e:
            log.error("RECORD MISMATCH — game %s is not served: %s", game_id, e)
            if rec.status != "broken":
                self.store.set_status(game_id, "broken")
            raise Broken(f"the stored record of this game does not replay: {e}") from None

    def _remember(self, g: LiveGame) -> None:
        with self._cache_lock:
            self._live[g.id] = g
            self._live.move_to_end(g.id)
            while len(self._live) > self.settings.max_live_games:
                old_id, old = next(iter(self._live.items()))
                if old.thinking or self.ai.busy(old_id):
                    self._live.move_to_end(old_id)
                    break
                del self._live[old_id]
                self._load_locks.pop(old_id, None)

    def forget(self, game_id: str) -> None:
        """Drop the in-memory copy; the next request rebuilds it from the database."""
        with self._cache_lock:
            self._live.pop(game_id, None)

    def evicted(self, g: LiveGame) -> bool:
        with self._cache_lock:
            return self._live.get(g.id) is not g

    def resume_ai_games(self) -> None:
        """After a restart: load games where an AI must move, so their AI starts again."""
        for gid in self.store.games_to_resume():
            try:
                self.live(gid)
            except Exception:  # noqa: BLE001 - one broken game must not stop the others
                log.exception("could not resume game %s", gid)

    # ----- seats -----------------------------------------------------------------
    @staticmethod
    def seat(g: LiveGame, token: str | None) -> str:
        side = g.side_of(token)
        if side is None:
            raise Forbidden("a valid seat token is required for this game" if token else "missing seat token")
        return side

    # ----- creating games ---------------------------------------------------------
    def create(self, game: str, scenario: str | None, options: dict[str, Any] | None, seed: int | None,
               seats: dict[str, str]) -> tuple[LiveGame, dict[str, Seat]]:
        try:
            info = registry.info(game)
        except UnknownGame as e:
            raise BadRequest(str(e)) from None
        try:
            resolved = api.resolve_options(info, options)
            players = info.seated(resolved)
        except (UnknownGame, ValueError) as e:
            raise BadRequest(str(e)) from None
        seat_map = self._check_seats(players, seats)
        chosen = seed is not None
        humans = sum(1 for kind in seat_map.values() if kind == "human")
        if chosen and humans >= 2 and has_hidden_information(game) and not self.settings.chosen_seeds:
            # the seed is announced to every seat and predicts every deck, hidden marker and die: the other
            # player would compute what is hidden from him (and the creator could shop for a lucky seed)
            raise BadRequest(f"{info.title} hides information from its players: a game with two or more human "
                             "seats gets a secret server seed; leave 'seed' out")
        if seed is None:
            seed = secret_seed()
        try:
            s = api.load(game, scenario, options, seed)
        except UnknownGame as e:
            raise BadRequest(str(e)) from None
        # a chosen seed predicts the dice: whoever chose it knows it, so every seat is told it
        return self._start(s, seat_map, [], seed_public=chosen)

    def import_save(self, text: str, seats: dict[str, str]) -> tuple[LiveGame, dict[str, Seat]]:
        """A new game continuing an uploaded save. Its action list (at most ``max_import_actions``) is
        replayed once, with the hash after every action recorded as in live play, and must end in the
        position the save holds; the game is served from that replay (issue 38: it was replayed three
        times, a hash after every action twice, and a 120,000-action save took 7.8 s of server time)."""
        try:
            doc = parse_save(text)
            info = registry.state_class(doc["game"]).INFO
        except SaveError as e:
            raise BadRequest(str(e)) from None
        except UnknownGame as e:
            raise BadRequest(f"this save is for a game this westfront does not have: {e}") from None
        n, cap = len(doc["actions"]), self.settings.max_import_actions
        if n > cap:
            raise BadRequest(f"this save holds {n:,} actions; this server imports games of at most {cap:,} actions")
        seat_map = self._check_seats(info.seated(doc["options"]), seats)
        try:
            s = api.load(info.id, doc["scenario"], doc["options"], doc["seed"])
        except UnknownGame as e:
            raise BadRequest(f"the save's game cannot be started: {e}") from None
        # whoever uploaded the save knows its seed (and every hidden unit so far): so may every seat
        return self._start(s, seat_map, list(doc["actions"]), seed_public=True, final_hash=doc["hash"])

    def _check_seats(self, players: tuple[str, ...], seats: dict[str, str]) -> dict[str, str]:
        unknown = sorted(set(seats) - set(players))
        if unknown:
            raise BadRequest(f"no side called {', '.join(unknown)} takes part; the sides are {', '.join(players)}")
        missing = [p for p in players if p not in seats]
        if missing:
            raise BadRequest(f"seats must name every side; missing {', '.join(missing)}")
        for side, kind in seats.items():
            if kind == "human":
                continue
            if not kind.startswith("ai:"):
                raise BadRequest(f"seat {side}: expected 'human' or 'ai:<level>', got {kind!r}")
            try:
                get_agent(kind)
            except ValueError as e:
                raise BadRequest(f"seat {side}: {e}") from None
        return {p: seats[p] for p in players}

    def _start(self, s: State, seat_kinds: dict[str, str], history: list[str], seed_public: bool,
               final_hash: str | None = None) -> tuple[LiveGame, dict[str, Seat]]:
        """Store and serve a new game: ``s`` at its start, then ``history`` played on it once (the
        hash after each action recorded; with ``final_hash``, the replay must end there)."""
        game_id = secrets.token_urlsafe(9)
        seat_map = {side: Seat(side, kind, None if kind.startswith("ai:") else secrets.token_urlsafe(18))
                    for side, kind in seat_kinds.items()}
        setup_hash = s.hash()
        records: list[ActionRecord] = []
        anchor, anchor_n = s.clone(), 0  # undo never goes back before the last barrier
        for i, text in enumerate(history, start=1):
            before = s.current_player()
            try:
                events = s.apply(text)
            except IllegalAction as e:
                raise BadRequest(f"the save's action list does not replay: action {i} ({text[:80]!r}) is "
                                 f"illegal: {e.reason}") from None
            barrier = is_undo_barrier(events, before, s.current_player())
            records.append(ActionRecord(i, conceding_side(text) or before or "", s.history[-1], events, s.hash(),
                                        barrier, i))
            if barrier:
                anchor, anchor_n = s.clone(), i
        if final_hash is not None and (records[-1].hash if records else setup_hash) != final_hash:
            raise BadRequest("the save's action list replays to a different position than the one saved")
        meta = s.g["meta"]
        rec = GameRecord(id=game_id, game=s.INFO.id, scenario=meta["scenario"], options=meta["options"],
                         seed=meta["seed"], version=len(records), setup_hash=setup_hash, status="active",
                         seats=seat_map, actions=records, seed_public=seed_public)
        self.store.create_game(rec, summary_of(s))
        g = LiveGame(id=game_id, game=rec.game, scenario=rec.scenario, options=rec.options, seed=rec.seed,
                     seats=seat_map, state=s, version=len(records), actions=records, setup_hash=setup_hash,
                     seed_public=seed_public, _anchor=anchor, _anchor_n=anchor_n)
        self._remember(g)
        self.ai.poke(g)
        return g, seat_map

    # ----- playing ------------------------------------------------------------------
    def act(self, game_id: str, token: str | None, version: int, text: str, diff: bool = False) -> dict[str, Any]:
        g = self.live(game_id, expect=version)
        with g.lock:
            side = self.seat(g, token)
            if version != g.version:
                raise Conflict(f"stale version {version}: the game is at version {g.version}; reload it", g.version)
            if len(text) > MAX_ACTION_TEXT:
                raise BadRequest(f"action text is longer than {MAX_ACTION_TEXT} characters")
            since = len(g.visible_log(side))
            self.commit(g, side, text)
            out = self.payload(g, side, log_since=since, view_base=version if diff else None)
        self.ai.poke(g)
        return out

    def commit(self, g: LiveGame, side: str, text: str) -> None:
        """Apply, persist, then publish. Call with ``g.lock`` held."""
        if g.broken:
            raise Broken(g.broken)
        before = g.state.current_player()
        try:
            ap = g.apply(side, text, self.hub.sides(g.id))
        except IllegalAction as e:
            raise BadRequest(e.reason) from None
        snapshot = None
        rec = ap.record
        if rec.barrier and self._due_snapshot(g, rec.ordinal):
            snapshot = (rec.ordinal, rec.hash, canonical_json(g.state.g))
        # the lobby's turn label changes only at a barrier; then it is read from the mover's new
        # view (the turn is public in every game), which also answers this request
        known = not rec.barrier and g.turn_label is not None
        nxt = g.state.current_player()
        seat = g.seats.get(nxt) if nxt is not None else None
        # the turn passes to a human seat: queue its notices (if it registered any) with the move
        notify = nxt if (nxt != before and seat is not None and not seat.is_ai
                         and not g.state.is_terminal()) else None
        view = None
        try:
            if not known:
                view = g.state.view(side)
            summary = summary_of(g.state, g.turn_label if known else (view or {}).get("turn_label"), known=True)
            self.store.append_action(g.id, g.version, rec, summary, snapshot, notify_side=notify, game=g.game)
        except StaleVersion as e:
            g.discard()
            self.forget(g.id)  # another process wrote this game: reload it from the record
            raise Conflict("another move was recorded first; reload the game", e.current) from None
        except Exception:
            g.discard()
            raise
        g.accept(ap)
        if view is not None:
            g.keep_view(side, view)
        g.turn_label = summary.turn_label
        if snapshot:
            g.last_snapshot = rec.ordinal
        if notify is not None:
            self.notifier.wake()
        self.hub.newer(g.id, g.version)
        self.hub.publish(g.id, lambda sd: self.payload(g, sd, log_since=ap.log_before.get(sd)))

    # ----- invitations --------------------------------------------------------------
    def claim(self, game_id: str, token: str | None, base_url: str) -> dict[str, Any]:
        """The holder of an invite link takes the seat: a fresh token only they know, the link's token
        (which whoever created the game also holds) stops working, and its open sockets are closed."""
        g = self.live(game_id)
        with g.lock:
            side = g.side_of(token)
            if side is None or token is None:
                raise Forbidden("this invite link holds no seat (any more): a seat is claimed once, by the first "
                                "browser that opens its link" if token else "missing seat token")
            seat = g.seats[side]
            fresh = secrets.token_urlsafe(18)
            link = f"{base_url}/play/{g.id}?token={fresh}" if seat.link else None
            expected, new_version = g.version, g.version + 1
            try:
                self.store.rotate_token(g.id, side, token, fresh, expected, new_version, g.n_actions,
                                        summary_of(g.state, g.turn_label, known=g.turn_label is not None), link)
            except StaleVersion as e:
                self.forget(g.id)
                raise Conflict("the game changed before the seat was claimed; try again", e.current) from None
            g.reseat({**g.seats, side: replace(seat, token=fresh, link=link)})
            g.version = new_version
            self.hub.drop(g.id, token, "this seat was claimed with its invite link")
            self.hub.newer(g.id, g.version)
            self.hub.publish(g.id, lambda sd: self.payload(g, sd))
            return {"id": g.id, "game": g.game, "side": side, "token": fresh, "version": g.version,
                    "url": f"{base_url}/play/{g.id}?token={fresh}"}

    # ----- turn notifications -------------------------------------------------------

    def set_notify(self, game_id: str, token: str | None, webhook: str | None, email: str | None,
                   base_url: str) -> dict[str, Any]:
        """Register (or clear, with nulls) this seat's turn notifications."""
        why = check_webhook(webhook, self.settings.notify_private) or check_email(email)
        if why:
            raise BadRequest(why)
        g = self.live(game_id)
        with g.lock:
            side = self.seat(g, token)
            link = f"{base_url}/play/{g.id}?token={token}"
            self.store.set_notify(g.id, side, webhook, email, link)
            g.seats[side] = replace(g.seats[side], webhook=webhook, email=email, link=link)
            return self.notify_settings(g, side)

    def get_notify(self, game_id: str, token: str | None) -> dict[str, Any]:
        g = self.live(game_id)
        with g.lock:
            side = self.seat(g, token)
            if self.settings.shared:
                g.seats[side] = self.store.seat(g.id, side) or g.seats[side]
            return self.notify_settings(g, side)

    @staticmethod
    def notify_settings(g: LiveGame, side: str) -> dict[str, Any]:
        seat = g.seats[side]
        return {"side": side, "webhook": seat.webhook, "email": seat.email}

    # ----- chat between the seats (issue 35) --------------------------------------------
    def _chat_seat(self, game_id: str, token: str | None) -> tuple[LiveGame, str]:
        g = self.live(game_id)
        with g.lock:
            side = self.seat(g, token)
            humans = len(g.human_sides())
        if humans < 2:
            raise BadRequest("chat is for games with two or more human seats")
        return g, side

    def post_chat(self, game_id: str, token: str | None, text: str) -> dict[str, Any]:
        """Store a seat's message and push it to the game's seats (not a game action: no version bump)."""
        why = chat.bad_chat_text(text)
        if why:
            raise BadRequest(why)
        g, side = self._chat_seat(game_id, token)
        msg = self.store.add_chat(g.id, side, text, time.time(), chat.RATE_WINDOW, chat.RATE_COUNT)
        if msg is None:
            raise TooMany(f"at most {chat.RATE_COUNT} chat messages per {chat.RATE_WINDOW:g} s: wait a moment")
        self.hub.send_to_seats(g.id, {"type": "chat", "message": msg}, set(g.seats))
        return {"message": msg}

    def get_chat(self, game_id: str, token: str | None, after: int) -> dict[str, Any]:
        """The game's messages after id ``after`` (the newest ``chat.HISTORY``), for its seats only."""
        g, side = self._chat_seat(game_id, token)
        return {"seat": side, "messages": self.store.chat_after(g.id, after, chat.HISTORY)}

    def _due_snapshot(self, g: LiveGame, ordinal: int) -> bool:
        return ordinal - g.last_snapshot >= self.settings.snapshot_every

    def undo(self, game_id: str, token: str | None, version: int) -> dict[str, Any]:
        g = self.live(game_id, expect=version)
        with g.lock:
            side = self.seat(g, token)
            if version != g.version:
                raise Conflict(f"stale version {version}: the game is at version {g.version}; reload it", g.version)
            reason = g.undo_reason(side)
            if reason:
                raise BadRequest(f"cannot undo: {reason}")
            expected, new_version = g.version, g.version + 1
            ordinal = g.undo(new_version)
            try:
                self.store.undo(g.id, expected, new_version, [ordinal], summary_of(g.state))
            except Exception as e:
                self.forget(g.id)
                if isinstance(e, StaleVersion):
                    raise Conflict("the game changed before the undo was recorded; reload it", e.current) from None
                raise
            self.hub.newer(g.id, g.version)
            self.hub.publish(g.id, lambda sd: self.payload(g, sd))
            return self.payload(g, side)

    def remote_change(self, game_id: str, version: int) -> None:
        """Another process committed ``version`` of this game: refresh it and push to local sockets."""
        if not self.hub.sides(game_id):
            return
        g = self.live(game_id)  # brings it up to the stored version (several notices may coalesce)
        with g.lock:
            if not self.hub.newer(g.id, g.version):
                return  # this version was pushed already
            self.hub.publish(g.id, lambda sd: self.payload(g, sd))

    def publish(self, g: LiveGame) -> None:
        """Push every connected seat its current view (e.g. when the AI starts thinking)."""
        self.hub.publish(g.id, lambda sd: self._locked_payload(g, sd))

    def _locked_payload(self, g: LiveGame, side: str) -> dict[str, Any]:
        with g.lock:
            return self.payload(g, side)

    # ----- what a seat sees ------------------------------------------------------------
    def payload(self, g: LiveGame, side: str | None, log_since: int | None = None,
                view_base: int | None = None) -> dict[str, Any]:
        """What ``side`` may know now. With ``view_base`` (a version whose view this seat has) the
        view comes as ``view_patch`` against it when the server still has that view, else in full."""
        s = g.state
        view = g.view_of(side)
        cur = s.current_player()
        my_turn = side is not None and cur == side and not s.is_terminal()
        vlog = g.visible_log(side)
        start = log_since if log_since is not None and 0 <= log_since <= len(vlog) else 0
        r = s.result()
        undo_reason = g.undo_reason(side) if side else "spectators cannot undo"
        return {
            "id": g.id,
            "game": g.game,
            "version": g.version,
            "seat": side,
            "seats": {sd: st.kind for sd, st in g.seats.items()},
            "prompt": view.get("prompt") if isinstance(view, dict) else s.prompt(),
            "current_player": cur,
            "your_turn": my_turn,
            "actions": [str(a) for a in s.legal_actions()] if my_turn else [],
            "log": vlog[start:],
            "log_start": start,
            "log_len": len(vlog),
            "result": r.to_dict() if r else None,
            "status": "broken" if g.broken else ("over" if s.is_terminal() else "active"),
            "thinking": g.thinking,
            "can_undo": undo_reason is None,
            "undo_reason": undo_reason,
            "n_actions": g.n_actions,
            "seed": g.seed if g.seed_public else None,
            "engagement": engagement(s, side, view) if isinstance(view, dict) else None,
            "places": choice_places(s, s.legal_actions()) if my_turn else {},
        } | self._view_part(g, side, view, view_base)

    @staticmethod
    def _view_part(g: LiveGame, side: str | None, view: dict[str, Any], base: int | None) -> dict[str, Any]:
        old = g.view_at(side, base) if base is not None else None
        if old is None:
            return {"view": view}
        return {"view_patch": patch.diff(old, view), "view_base": base}

    def view_for(self, game_id: str, token: str | None, log_since: int | None = None) -> dict[str, Any]:
        g = self.live(game_id)
        with g.lock:
            return self.payload(g, self.seat(g, token), log_since)

    def previews(self, game_id: str, token: str | None, texts: list[str]) -> dict[str, Any]:
        g = self.live(game_id)
        with g.lock:
            side = self.seat(g, token)
            if g.state.current_player() != side:
                raise Forbidden("previews are for the seat that must decide now")
            return {"version": g.version, "previews": g.previews(texts[:500])}

    def why_not(self, game_id: str, token: str | None, text: str) -> dict[str, Any]:
        """Whether ``text`` would be accepted from this seat now and, if not, the refusal it would get."""
        g = self.live(game_id)
        with g.lock:
            side = self.seat(g, token)
            reason = g.why_not(side, text)
            return {"version": g.version, "legal": reason is None, "reason": reason}

    # ----- the record ---------------------------------------------------------------------
    def entitled_to_all(self, g: LiveGame, tokens: list[str]) -> bool:
        """True when the game is over or the caller holds every seat (nothing is hidden from them)."""
        if g.state.is_terminal():
            return True
        held = {g.side_of(t) for t in tokens} - {None}
        return held == set(g.seats)

    def plays_alone(self, g: LiveGame, tokens: list[str]) -> bool:
        """True when the caller holds every human seat and the others are the computer's: a solitaire
        player may export their own game (the UI warns that the file reveals hidden units and the seed)."""
        held = {g.side_of(t) for t in tokens} - {None}
        return bool(held) and held == set(g.human_sides())

    def record(self, game_id: str, token: str | None) -> dict[str, Any]:
        g = self.live(game_id)
        with g.lock:
            side = self.seat(g, token)
            full = self.entitled_to_all(g, [token] if token else [])
            # a position hash is an oracle for hidden moves (try candidates, compare): only for those
            # who may see everything, or in games that hide nothing
            hashes = full or not has_hidden_information(g.game)
            entries = []
            for a in g.actions:
                shown = full or g.state.action_visible_to(a.side, a.action, a.events, side)
                entries.append({"ordinal": a.ordinal, "side": a.side, "action": a.action if shown else None,
                                "hash": a.hash if hashes else None, "barrier": a.barrier, "version": a.version})
            return {"id": g.id, "game": g.game, "scenario": g.scenario, "options": g.options,
                    "seed": g.seed if full or g.seed_public else None, "seed_public": g.seed_public,
                    "setup_hash": g.setup_hash if hashes else None, "version": g.version,
                    "status": "over" if g.state.is_terminal() else "active", "actions": entries}

    def replay(self, game_id: str, token: str | None, at: int, side: str | None) -> dict[str, Any]:
        g = self.live(game_id)
        with g.lock:
            over = g.state.is_terminal()
            own = g.side_of(token)
            if not over:
                if own is None:
                    raise Forbidden("a seat token is required to replay a game in progress")
                if side != own:
                    raise Forbidden("while the game is in progress you may replay it only from your own side")
            elif side is not None and side not in g.seats:
                raise BadRequest(f"no side called {side!r}; the sides are {', '.join(g.seats)}")
            n = max(0, min(at, g.n_actions))
            s = g.position_at(n)
            last = g.actions[n - 1] if n else None
            shown = last is not None and (over or s.action_visible_to(last.side, last.action, last.events, side))
            return {"id": g.id, "at": n, "n_actions": g.n_actions, "side": side, "view": s.view(side),
                    "log": s.visible_log(side), "action": last.action if shown and last else None,
                    "actor": last.side if last else None, "sides": list(g.seats), "plans": ai_plans(g, s, over)}

    def save(self, game_id: str, tokens: list[str]) -> tuple[str, str]:
        """The full save file — only for someone from whom nothing is hidden."""
        g = self.live(game_id)
        with g.lock:
            if not any(g.side_of(t) for t in tokens):
                raise Forbidden("a valid seat token is required for this game")
            over = g.state.is_terminal()
            if not over and has_hidden_information(g.game) and len(g.human_sides()) >= 2:
                # nobody at the table sees everything (an unclaimed invite token held alongside one's own
                # proves nothing): the file would hand over the other player's hidden units and the seed
                raise Forbidden("a save holds every hidden unit and the dice seed: in a game between people "
                                "that hides information, it can be downloaded once the game is over")
            if not (self.entitled_to_all(g, tokens) or self.plays_alone(g, tokens)):
                raise Forbidden("a save holds every hidden unit and the dice seed: it can be downloaded when the "
                                "game is over, by whoever holds every seat, or by a player alone against the computer")
            return g.state.to_json(), f"westfront-{g.game}-{g.id}-{g.n_actions}.json"

    def analysis(self, game_id: str) -> dict[str, Any]:
        """The post-game analysis (issue 36): each side's chances over the game, the turning points, the
        victory track and losses by side. It reads every side's view of every position and the learned
        evaluation's verdict on them, so it is refused while the game is in progress, whoever asks."""
        g = self.live(game_id)
        with g.lock:
            if not g.state.is_terminal():
                raise Forbidden("the analysis of a game (winning chances, turning points) reads every side's view: "
                                "it is given once the game is over")
            key = (g.id, g.n_actions, g.setup_hash)
            record = (g.game, g.scenario, dict(g.options), g.seed, [a.action for a in g.actions])
        with self._cache_lock:
            got = self._analyses.get(key)
        if got is not None:
            return got
        try:  # outside the game's lock: a finished game does not change, and a long one takes seconds
            out = {"id": g.id, **analyse(*record, max_points=ANALYSIS_POINTS).to_dict()}
        except AnalysisError as e:
            raise NotFound(f"no analysis of this game: {e}") from None
        with self._cache_lock:
            self._analyses[key] = out
            while len(self._analyses) > ANALYSES_KEPT:
                self._analyses.popitem(last=False)
        return out

    def lobby(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        rows = self.store.list_games(limit=limit, status=status)
        for r in rows:
            try:
                r["title"] = registry.info(r["game"]).title
            except UnknownGame:
                r["title"] = r["game"]
            r["thinking"] = self.ai.busy(r["id"])
        return rows


def ai_plans(g: LiveGame, s: State, over: bool) -> dict[str, Any] | None:
    """The AI seats' plans in position ``s`` (issue 21): the computer's private intent, so only once the
    game is over; re-derived from the position, so every frame of a replay shows the plan of that moment."""
    if not over:
        return None
    out: dict[str, Any] = {}
    for side, seat in g.seats.items():
        if seat.is_ai:
            plan = explain(s, side)
            if plan is not None:
                out[side] = {**plan, "agent": seat.kind.split(":", 1)[-1]}
    return out
