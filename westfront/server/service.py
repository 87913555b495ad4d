"""The game service: seats, moves, undo, replay and saves on top of the store.

Everything a seat receives is built by :meth:`GameService.payload` from
``view(side)``, ``visible_log(side)`` and — only for the seat that must decide —
``legal_actions()``. Raw state, the RNG and the seed are never sent while a game
is in progress; the full record (seed included) becomes readable when the game
is over, or by whoever holds every seat of it.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from .. import api
from ..ai import get_agent
from ..core.errors import IllegalAction, SaveError, UnknownGame
from ..core.state import State, canonical_json, is_undo_barrier, is_visible
from ..games import registry
from .ai_seats import AIRunner
from .errors import BadRequest, Broken, Conflict, Forbidden, NotFound
from .hub import Hub
from .live import LiveGame, RecordBroken
from .store import ActionRecord, GameRecord, Seat, StaleVersion, Store, Summary

log = logging.getLogger("westfront.server")

MAX_ACTION_TEXT = 500


@dataclass(frozen=True)
class Settings:
    ai_time: float = 2.0  # seconds an AI agent may think per decision
    ai_delay: float = 0.0  # minimum seconds per AI move, so people can follow
    snapshot_every: int = 50  # cache the position at a barrier at most this often
    max_live_games: int = 500  # games kept in memory (least recently used are dropped)
    ai_workers: int = 2


def summary_of(s: State) -> Summary:
    r = s.result()
    turn = None
    try:
        turn = s.view(None).get("turn_label")
    except Exception:  # noqa: BLE001 - the lobby line is cosmetic
        log.exception("view(None) failed while summarising a game")
    return Summary(status="over" if s.is_terminal() else "active", to_move=s.current_player(),
                   turn_label=str(turn) if turn is not None else None, result=r.to_dict() if r else None)


class GameService:
    def __init__(self, store: Store, settings: Settings | None = None, hub: Hub | None = None):
        self.store = store
        self.settings = settings or Settings()
        self.hub = hub or Hub()
        self.ai = AIRunner(self, self.settings.ai_time, self.settings.ai_delay, self.settings.ai_workers)
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._load_locks: dict[str, threading.Lock] = {}

    # ----- the cache of live games ---------------------------------------------
    def live(self, game_id: str) -> LiveGame:
        """The game in memory, rebuilt from its record (with every hash checked) if needed."""
        with self._cache_lock:
            g = self._live.get(game_id)
            if g is not None:
                self._live.move_to_end(game_id)
                return g
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
        except UnknownGame as e:
            raise BadRequest(str(e)) from None
        seat_map = self._check_seats(info.seated(resolved), seats)
        if seed is None:
            seed = secrets.randbits(48)
        try:
            s = api.load(game, scenario, options, seed)
        except UnknownGame as e:
            raise BadRequest(str(e)) from None
        return self._start(s, seat_map, [])

    def import_save(self, text: str, seats: dict[str, str]) -> tuple[LiveGame, dict[str, Seat]]:
        """A new game continuing an uploaded save; its action list is replayed and verified."""
        try:
            saved = api.from_json(text, verify=True)
        except SaveError as e:
            raise BadRequest(str(e)) from None
        seat_map = self._check_seats(saved.INFO.seated(saved.options), seats)
        meta = saved.g["meta"]
        s = api.load(saved.INFO.id, meta["scenario"], meta["options"], meta["seed"])
        return self._start(s, seat_map, list(saved.history))

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

    def _start(self, s: State, seat_kinds: dict[str, str], history: list[str]) -> tuple[LiveGame, dict[str, Seat]]:
        game_id = secrets.token_urlsafe(9)
        seat_map = {side: Seat(side, kind, None if kind.startswith("ai:") else secrets.token_urlsafe(18))
                    for side, kind in seat_kinds.items()}
        setup_hash = s.hash()
        records: list[ActionRecord] = []
        for i, text in enumerate(history, start=1):
            before = s.current_player()
            events = s.apply(text)
            records.append(ActionRecord(i, before or "", s.history[-1], events, s.hash(),
                                        is_undo_barrier(events, before, s.current_player()), i))
        meta = s.g["meta"]
        rec = GameRecord(id=game_id, game=s.INFO.id, scenario=meta["scenario"], options=meta["options"],
                         seed=meta["seed"], version=len(records), setup_hash=setup_hash, status="active",
                         seats=seat_map, actions=records)
        self.store.create_game(rec, summary_of(s))
        g = LiveGame.rebuild(self.store.load(game_id) or rec) if records else LiveGame(
            id=game_id, game=rec.game, scenario=rec.scenario, options=rec.options, seed=rec.seed, seats=seat_map,
            state=s, version=0, actions=[], setup_hash=setup_hash)
        self._remember(g)
        self.ai.poke(g)
        return g, seat_map

    # ----- playing ------------------------------------------------------------------
    def act(self, game_id: str, token: str | None, version: int, text: str) -> dict[str, Any]:
        g = self.live(game_id)
        with g.lock:
            side = self.seat(g, token)
            if version != g.version:
                raise Conflict(f"stale version {version}: the game is at version {g.version}; reload it", g.version)
            if len(text) > MAX_ACTION_TEXT:
                raise BadRequest(f"action text is longer than {MAX_ACTION_TEXT} characters")
            since = len(g.state.visible_log(side))
            self.commit(g, side, text)
            out = self.payload(g, side, log_since=since)
        self.ai.poke(g)
        return out

    def commit(self, g: LiveGame, side: str, text: str) -> None:
        """Apply, persist, then publish. Call with ``g.lock`` held."""
        if g.broken:
            raise Broken(g.broken)
        try:
            ap = g.apply(side, text, self.hub.sides(g.id))
        except IllegalAction as e:
            raise BadRequest(e.reason) from None
        snapshot = None
        rec = ap.record
        if rec.barrier and self._due_snapshot(g, rec.ordinal):
            snapshot = (rec.ordinal, rec.hash, canonical_json(g.state.g))
        try:
            self.store.append_action(g.id, g.version, rec, summary_of(g.state), snapshot)
        except StaleVersion as e:
            g.discard()
            self.forget(g.id)  # another process wrote this game: reload it from the record
            raise Conflict("another move was recorded first; reload the game", e.current) from None
        except Exception:
            g.discard()
            raise
        g.accept(ap)
        if snapshot:
            g.last_snapshot = rec.ordinal
        self.hub.publish(g.id, lambda sd: self.payload(g, sd, log_since=ap.log_before.get(sd)))

    def _due_snapshot(self, g: LiveGame, ordinal: int) -> bool:
        return ordinal - g.last_snapshot >= self.settings.snapshot_every

    def undo(self, game_id: str, token: str | None) -> dict[str, Any]:
        g = self.live(game_id)
        with g.lock:
            side = self.seat(g, token)
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
            self.hub.publish(g.id, lambda sd: self.payload(g, sd))
            return self.payload(g, side)

    def publish(self, g: LiveGame) -> None:
        """Push every connected seat its current view (e.g. when the AI starts thinking)."""
        self.hub.publish(g.id, lambda sd: self._locked_payload(g, sd))

    def _locked_payload(self, g: LiveGame, side: str) -> dict[str, Any]:
        with g.lock:
            return self.payload(g, side)

    # ----- what a seat sees ------------------------------------------------------------
    def payload(self, g: LiveGame, side: str | None, log_since: int | None = None) -> dict[str, Any]:
        s = g.state
        view = s.view(side)
        cur = s.current_player()
        my_turn = side is not None and cur == side and not s.is_terminal()
        vlog = s.visible_log(side)
        start = log_since if log_since is not None and 0 <= log_since <= len(vlog) else 0
        r = s.result()
        undo_reason = g.undo_reason(side) if side else "spectators cannot undo"
        return {
            "id": g.id,
            "game": g.game,
            "version": g.version,
            "seat": side,
            "seats": {sd: st.kind for sd, st in g.seats.items()},
            "view": view,
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
        }

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
            entries = []
            for a in g.actions:
                shown = full or a.side == side or all(is_visible(e, side) for e in a.events)
                entries.append({"ordinal": a.ordinal, "side": a.side, "action": a.action if shown else None,
                                "hash": a.hash, "barrier": a.barrier, "version": a.version})
            return {"id": g.id, "game": g.game, "scenario": g.scenario, "options": g.options,
                    "seed": g.seed if full else None, "setup_hash": g.setup_hash, "version": g.version,
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
            shown = last is not None and (over or last.side == side or all(is_visible(e, side) for e in last.events))
            return {"id": g.id, "at": n, "n_actions": g.n_actions, "side": side, "view": s.view(side),
                    "log": s.visible_log(side), "action": last.action if shown and last else None,
                    "actor": last.side if last else None, "sides": list(g.seats)}

    def save(self, game_id: str, tokens: list[str]) -> tuple[str, str]:
        """The full save file — only for someone from whom nothing is hidden."""
        g = self.live(game_id)
        with g.lock:
            if not any(g.side_of(t) for t in tokens):
                raise Forbidden("a valid seat token is required for this game")
            if not (self.entitled_to_all(g, tokens) or self.plays_alone(g, tokens)):
                raise Forbidden("a save holds every hidden unit and the dice seed: it can be downloaded when the "
                                "game is over, by whoever holds every seat, or by a player alone against the computer")
            return g.state.to_json(), f"westfront-{g.game}-{g.id}-{g.n_actions}.json"

    def lobby(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        rows = self.store.list_games(limit=limit, status=status)
        for r in rows:
            try:
                r["title"] = registry.info(r["game"]).title
            except UnknownGame:
                r["title"] = r["game"]
            r["thinking"] = self.ai.busy(r["id"])
        return rows
