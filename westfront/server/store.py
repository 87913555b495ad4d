"""Reading and writing game records: one short transaction per accepted action.

Every write checks the game's ``version`` in the same statement that bumps it
(``UPDATE … WHERE version = :expected``), so a stale writer — another request,
another thread, another server process on the same PostgreSQL — changes
nothing and gets :class:`StaleVersion`. The caller acknowledges an action only
after :meth:`Store.append_action` has returned, i.e. after the commit.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, func, insert, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from ..core.state import canonical_json
from . import db

MAX_BIGINT = 2**63 - 1


class StaleVersion(Exception):
    """The game moved on since the caller read it (HTTP 409)."""

    def __init__(self, current: int | None):
        super().__init__(f"stale version; the game is now at version {current}")
        self.current = current


@dataclass(frozen=True)
class Seat:
    side: str
    kind: str  # "human" | "ai:<level>"
    token: str | None
    webhook: str | None = None  # turn notifications, shown to this seat only
    email: str | None = None
    link: str | None = None  # the seat's play URL, for the notice

    @property
    def is_ai(self) -> bool:
        return self.kind.startswith("ai:")


@dataclass(frozen=True)
class ActionRecord:
    ordinal: int
    side: str
    action: str
    events: list[dict[str, Any]]
    hash: str
    barrier: bool
    version: int
    created_at: float = 0.0


@dataclass(frozen=True)
class Summary:
    """What the lobby shows; refreshed with every write, never used to play."""

    status: str  # active | over
    to_move: str | None
    turn_label: str | None
    result: dict[str, Any] | None


@dataclass
class GameRecord:
    id: str
    game: str
    scenario: str
    options: dict[str, Any]
    seed: int
    version: int
    setup_hash: str
    status: str
    seats: dict[str, Seat]
    actions: list[ActionRecord] = field(default_factory=list)
    snapshots: dict[int, str] = field(default_factory=dict)  # ordinal -> hash
    created_at: float = 0.0
    seed_public: bool = False  # chosen by the creator or known from an imported save: every seat may know it


# Statements built once: building them per call (``.values(**kw)``) costs more
# than executing them. SQLAlchemy caches their compiled form.
_BUMP = (update(db.games)
         .where(db.games.c.id == bindparam("gid"), db.games.c.version == bindparam("expected"))
         .values(version=bindparam("new"), n_actions=bindparam("n"), updated_at=bindparam("now"),
                 status=bindparam("s_status"), to_move=bindparam("s_to_move"),
                 turn_label=bindparam("s_turn_label"), result=bindparam("s_result")))
_INSERT_ACTION = insert(db.actions)
_INSERT_SNAPSHOT = insert(db.snapshots)
_VERSION = select(db.games.c.version).where(db.games.c.id == bindparam("gid"))
_NOTIFY = text("SELECT pg_notify('westfront', :payload)")
CHANNEL = "westfront"

# A turn notice is queued in the same transaction as the move that hands over the turn, for each
# channel the seat registered (read from the seat row there and then: another process may have set it).
_QUEUE_NOTICE = """
INSERT INTO outbox (game_id, side, version, channel, target, link, game, turn_label, attempts, next_at,
                    gave_up, created_at)
SELECT game_id, side, :new, 'webhook', notify_webhook, notify_link, :game, :s_turn_label, 0, :now, false, :now
  FROM seats WHERE game_id = :gid AND side = :notify_side AND notify_webhook IS NOT NULL AND notify_link IS NOT NULL
    {guard}
UNION ALL
SELECT game_id, side, :new, 'email', notify_email, notify_link, :game, :s_turn_label, 0, :now, false, :now
  FROM seats WHERE game_id = :gid AND side = :notify_side AND notify_email IS NOT NULL AND notify_link IS NOT NULL
    {guard}
"""
_QUEUE = text(_QUEUE_NOTICE.format(guard=""))

# PostgreSQL: the whole commit of a move — version check and bump, the action, the turn notice,
# the NOTIFY to other processes — is one statement in autocommit mode: one round trip. A stale
# version bumps no row, so nothing else happens and no row comes back.
_PG_BUMP = """
WITH bump AS (
  UPDATE games SET version = :new, n_actions = :n, updated_at = :now, status = :s_status, to_move = :s_to_move,
                   turn_label = :s_turn_label, result = :s_result
   WHERE id = :gid AND version = :expected RETURNING id
), act AS (
  INSERT INTO actions (game_id, ordinal, side, action, events, hash, barrier, undone, version, created_at)
  SELECT id, :ordinal, :side, :action, :events, :hash, :barrier, false, :new, :created_at FROM bump
){queue}
SELECT {notify} FROM bump
"""


def _pg_append(queue: bool, notify: bool) -> Any:
    q = ", note AS (" + _QUEUE_NOTICE.format(guard="AND EXISTS (SELECT 1 FROM bump)") + ")" if queue else ""
    return text(_PG_BUMP.format(queue=q, notify="pg_notify('westfront', :payload)" if notify else "1"))


_PG_APPEND = {(q, n): _pg_append(q, n) for q in (False, True) for n in (False, True)}


class Store:
    """Game records in a SQL database (SQLAlchemy Core; SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine, notify_as: str | None = None):
        self.engine = engine
        # PostgreSQL with several server processes: every write also sends NOTIFY westfront,
        # '<game id> <version> <process>' (delivered at commit) so the others refresh and push
        self.notify_as = notify_as if engine.dialect.name == "postgresql" else None
        # SQLite has one writer at a time; queueing writers here is faster than
        # letting them spin on the busy timeout. PostgreSQL needs no such lock.
        self._sqlite = engine.dialect.name == "sqlite"
        self._write_lock = threading.Lock()
        # PostgreSQL: single-statement writes need no BEGIN/COMMIT round trips
        self._auto = None if self._sqlite else engine.execution_options(isolation_level="AUTOCOMMIT")

    @contextlib.contextmanager
    def _write(self) -> Iterator[Connection]:
        lock = self._write_lock if self._sqlite else contextlib.nullcontext()
        with lock, self.engine.begin() as conn:
            yield conn

    # ----- writes ------------------------------------------------------------
    def create_game(self, rec: GameRecord, summary: Summary) -> None:
        """Insert a game, its seats and (for imported saves) its whole record at once."""
        now = time.time()
        with self._write() as conn:
            conn.execute(insert(db.games).values(
                id=rec.id, game=rec.game, scenario=rec.scenario, options=canonical_json(rec.options),
                seed=rec.seed if rec.seed <= MAX_BIGINT else 0,
                seed_text=str(rec.seed) if rec.seed > MAX_BIGINT else None, seed_public=rec.seed_public,
                version=rec.version, n_actions=len(rec.actions), setup_hash=rec.setup_hash,
                created_at=now, updated_at=now, **_summary_cols(summary),
            ))
            conn.execute(insert(db.seats), [
                {"game_id": rec.id, "side": s.side, "kind": s.kind, "token": s.token} for s in rec.seats.values()
            ])
            if rec.actions:
                conn.execute(insert(db.actions), [_action_row(rec.id, a, now) for a in rec.actions])

    def append_action(self, game_id: str, expected_version: int, a: ActionRecord, summary: Summary,
                      snapshot: tuple[int, str, str] | None = None, notify_side: str | None = None,
                      game: str = "") -> None:
        """Commit one action; raises StaleVersion when ``expected_version`` is not current.

        ``notify_side``: the move hands the turn to this human seat — queue its turn notices
        (if it registered any) in the outbox, in the same transaction as the move."""
        now = time.time()
        try:
            if self._auto is not None and snapshot is None:
                self._append_pg(game_id, expected_version, a, summary, now, notify_side, game)
                return
            with self._write() as conn:
                params = self._bump(conn, game_id, expected_version, a.version, summary, now, n_actions=a.ordinal)
                conn.execute(_INSERT_ACTION, _action_row(game_id, a, now))
                if snapshot is not None:
                    ordinal, h, state_json = snapshot
                    conn.execute(_INSERT_SNAPSHOT, {"game_id": game_id, "ordinal": ordinal, "hash": h,
                                                    "state": state_json, "created_at": now})
                if notify_side is not None:
                    conn.execute(_QUEUE, {**params, "notify_side": notify_side, "game": game})
                self._notify(conn, game_id, a.version)
        except IntegrityError:
            # another process extended the game at this ordinal first
            raise StaleVersion(self.version_of(game_id)) from None

    def _append_pg(self, game_id: str, expected: int, a: ActionRecord, summary: Summary, now: float,
                   notify_side: str | None, game: str) -> None:
        assert self._auto is not None
        row = _action_row(game_id, a, now)
        params = {"gid": game_id, "expected": expected, "new": a.version, "n": a.ordinal, "now": now,
                  **{f"s_{k}": v for k, v in _summary_cols(summary).items()},
                  "ordinal": a.ordinal, "side": a.side, "action": a.action, "events": row["events"], "hash": a.hash,
                  "barrier": a.barrier, "created_at": row["created_at"], "notify_side": notify_side, "game": game,
                  "payload": f"{game_id} {a.version} {self.notify_as}"}
        stmt = _PG_APPEND[(notify_side is not None, self.notify_as is not None)]
        with self._auto.connect() as conn:
            if conn.execute(stmt, params).first() is None:
                raise StaleVersion(conn.execute(_VERSION, {"gid": game_id}).scalar())

    def undo(self, game_id: str, expected_version: int, new_version: int, ordinals: list[int],
             summary: Summary) -> None:
        """Mark the tail of the record undone (kept for audit) in one transaction."""
        now = time.time()
        with self._write() as conn:
            self._bump(conn, game_id, expected_version, new_version, summary, now,
                       n_actions=min(ordinals) - 1)
            conn.execute(update(db.actions)
                         .where(db.actions.c.game_id == game_id, db.actions.c.ordinal.in_(ordinals),
                                db.actions.c.undone.is_(False))
                         .values(undone=True))
            self._notify(conn, game_id, new_version)

    def _notify(self, conn: Connection, game_id: str, version: int) -> None:
        if self.notify_as is not None:
            conn.execute(_NOTIFY, {"payload": f"{game_id} {version} {self.notify_as}"})

    @contextlib.contextmanager
    def claim_ai(self, game_id: str) -> Iterator[bool]:
        """Whether this process may run the AI of a game now: always, except that with several
        processes on PostgreSQL (``notify_as`` set) one holds a session advisory lock on it."""
        if self.notify_as is None:
            yield True
            return
        with self.engine.connect() as conn:
            key = {"k": f"westfront-ai:{game_id}"}
            got = bool(conn.execute(text("SELECT pg_try_advisory_lock(hashtext(:k))"), key).scalar())
            conn.commit()
            try:
                yield got
            finally:
                if got:
                    conn.execute(text("SELECT pg_advisory_unlock(hashtext(:k))"), key)
                    conn.commit()

    def set_notify(self, game_id: str, side: str, webhook: str | None, email: str | None, link: str) -> None:
        with self._write() as conn:
            conn.execute(update(db.seats).where(db.seats.c.game_id == game_id, db.seats.c.side == side)
                         .values(notify_webhook=webhook, notify_email=email, notify_link=link))

    def rotate_token(self, game_id: str, side: str, old: str, new: str, expected_version: int, new_version: int,
                     n_actions: int, summary: Summary, link: str | None) -> None:
        """Give a seat a fresh token (its old one stops working) and bump the game's version, so other
        server processes reload the game's seats; the notice link moves to the new token."""
        now = time.time()
        with self._write() as conn:
            self._bump(conn, game_id, expected_version, new_version, summary, now, n_actions=n_actions)
            res = conn.execute(update(db.seats)
                               .where(db.seats.c.game_id == game_id, db.seats.c.side == side, db.seats.c.token == old)
                               .values(token=new, notify_link=link))
            if res.rowcount != 1:
                raise StaleVersion(expected_version)
            self._notify(conn, game_id, new_version)

    # ----- chat between the seats (no game version, no action log) -------------------
    def add_chat(self, game_id: str, side: str, text: str, now: float, window: float, most: int) -> dict[str, Any] | None:
        """Store one chat message unless ``side`` already wrote ``most`` in the last ``window``
        seconds (then None). Counted in the database, so it holds across restarts and processes."""
        with self._write() as conn:
            recent = conn.execute(select(func.count()).select_from(db.chat).where(
                db.chat.c.game_id == game_id, db.chat.c.side == side, db.chat.c.created_at > now - window)).scalar()
            if int(recent or 0) >= most:
                return None
            res = conn.execute(insert(db.chat).values(game_id=game_id, side=side, text=text, created_at=now))
            key = res.inserted_primary_key
            assert key is not None
            msg_id = int(key[0])
        return {"id": msg_id, "side": side, "text": text, "at": now}

    def chat_after(self, game_id: str, after: int, limit: int) -> list[dict[str, Any]]:
        """The newest ``limit`` messages of the game with an id above ``after``, oldest first."""
        q = (select(db.chat.c.id, db.chat.c.side, db.chat.c.text, db.chat.c.created_at)
             .where(db.chat.c.game_id == game_id, db.chat.c.id > after).order_by(db.chat.c.id.desc()).limit(limit))
        with self.engine.connect() as conn:
            rows = conn.execute(q).all()
        return [{"id": r[0], "side": r[1], "text": r[2], "at": r[3]} for r in reversed(rows)]

    def seat(self, game_id: str, side: str) -> Seat | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(db.seats).where(db.seats.c.game_id == game_id, db.seats.c.side == side)
                             ).mappings().first()
        return _seat(r) if r is not None else None

    # ----- the turn-notice outbox ------------------------------------------------
    def claim_notices(self, now: float, lease: float, limit: int = 20) -> list[dict[str, Any]]:
        """Due, undelivered notices, each claimed for ``lease`` seconds (its ``next_at`` moves on, so
        another process — or this one after a crash — takes it up only once the claim has run out)."""
        ob = db.outbox
        due = (select(ob.c.id).where(ob.c.delivered_at.is_(None), ob.c.gave_up.is_(False), ob.c.next_at <= now)
               .order_by(ob.c.next_at).limit(limit))
        if not self._sqlite:
            due = due.with_for_update(skip_locked=True)
        with self._write() as conn:
            rows = conn.execute(update(ob).where(ob.c.id.in_(due.scalar_subquery())).values(next_at=now + lease)
                                .returning(*ob.c)).mappings().all()
        return [dict(r) for r in rows]

    def release_notices(self, notice_ids: list[int], now: float) -> None:
        """Give claimed notices back (due now): the claiming process stops before trying them."""
        with self._write() as conn:
            conn.execute(update(db.outbox).where(db.outbox.c.id.in_(notice_ids)).values(next_at=now))

    def notice_done(self, notice_id: int, now: float) -> None:
        with self._write() as conn:
            conn.execute(update(db.outbox).where(db.outbox.c.id == notice_id).values(delivered_at=now))

    def notice_failed(self, notice_id: int, attempts: int, next_at: float, error: str, gave_up: bool) -> None:
        with self._write() as conn:
            conn.execute(update(db.outbox).where(db.outbox.c.id == notice_id).values(
                attempts=attempts, next_at=next_at, last_error=error[:500], gave_up=gave_up))

    def next_notice_at(self) -> float | None:
        """When the earliest undelivered notice falls due (None: nothing waits)."""
        ob = db.outbox
        with self.engine.connect() as conn:
            return conn.execute(select(func.min(ob.c.next_at)).where(
                ob.c.delivered_at.is_(None), ob.c.gave_up.is_(False))).scalar()

    def set_status(self, game_id: str, status: str) -> None:
        with self._write() as conn:
            conn.execute(update(db.games).where(db.games.c.id == game_id).values(status=status))

    def _bump(self, conn: Connection, game_id: str, expected: int, new: int, summary: Summary, now: float,
              n_actions: int) -> dict[str, Any]:
        params = {"gid": game_id, "expected": expected, "new": new, "n": n_actions, "now": now,
                  **{f"s_{k}": v for k, v in _summary_cols(summary).items()}}
        res = conn.execute(_BUMP, params)
        if res.rowcount != 1:
            raise StaleVersion(conn.execute(_VERSION, {"gid": game_id}).scalar())
        return params

    # ----- reads -------------------------------------------------------------
    def version_of(self, game_id: str) -> int | None:
        with self.engine.connect() as conn:
            return conn.execute(_VERSION, {"gid": game_id}).scalar()

    def actions_after(self, game_id: str, ordinal: int) -> tuple[int, list[ActionRecord]] | None:
        """The game's version and its active actions after ``ordinal``, read in one statement (one
        snapshot: the version and the actions agree); None when there are no such actions."""
        gv = select(db.games.c.version).where(db.games.c.id == game_id).scalar_subquery().label("game_version")
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(gv, db.actions)
                .where(db.actions.c.game_id == game_id, db.actions.c.undone.is_(False),
                       db.actions.c.ordinal > ordinal)
                .order_by(db.actions.c.ordinal)
            ).mappings().all()
        if not rows:
            return None
        return int(rows[0]["game_version"]), [_action_record(r) for r in rows]

    def load(self, game_id: str) -> GameRecord | None:
        """The whole record: game row, seats, active actions in order, snapshot hashes."""
        with self.engine.connect() as conn:
            g = conn.execute(select(db.games).where(db.games.c.id == game_id)).mappings().first()
            if g is None:
                return None
            seat_rows = conn.execute(select(db.seats).where(db.seats.c.game_id == game_id)).mappings().all()
            act_rows = conn.execute(
                select(db.actions)
                .where(db.actions.c.game_id == game_id, db.actions.c.undone.is_(False))
                .order_by(db.actions.c.ordinal)
            ).mappings().all()
            snap_rows = conn.execute(
                select(db.snapshots.c.ordinal, db.snapshots.c.hash).where(db.snapshots.c.game_id == game_id)
            ).all()
        return GameRecord(
            id=g["id"], game=g["game"], scenario=g["scenario"], options=json.loads(g["options"]),
            seed=int(g["seed_text"]) if g["seed_text"] else int(g["seed"]), seed_public=bool(g["seed_public"]),
            version=g["version"], setup_hash=g["setup_hash"], status=g["status"],
            seats={r["side"]: _seat(r) for r in seat_rows},
            actions=[_action_record(r) for r in act_rows],
            snapshots={int(o): h for o, h in snap_rows},
            created_at=g["created_at"],
        )

    def snapshot_state(self, game_id: str, ordinal: int) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(db.snapshots.c.state).where(
                db.snapshots.c.game_id == game_id, db.snapshots.c.ordinal == ordinal)).scalar()

    def list_games(self, limit: int = 100, status: str | None = None) -> list[dict[str, Any]]:
        """Newest first, for the lobby. No tokens, no seeds."""
        q = select(db.games).order_by(db.games.c.updated_at.desc()).limit(limit)
        if status:
            q = q.where(db.games.c.status == status)
        with self.engine.connect() as conn:
            rows = conn.execute(q).mappings().all()
            ids = [r["id"] for r in rows]
            seat_rows = conn.execute(select(db.seats.c.game_id, db.seats.c.side, db.seats.c.kind)
                                     .where(db.seats.c.game_id.in_(ids))).all() if ids else []
        kinds: dict[str, dict[str, str]] = {}
        for gid, side, kind in seat_rows:
            kinds.setdefault(gid, {})[side] = kind
        return [{
            "id": r["id"], "game": r["game"], "scenario": r["scenario"], "status": r["status"],
            "version": r["version"], "actions": r["n_actions"], "to_move": r["to_move"],
            "turn_label": r["turn_label"], "result": json.loads(r["result"]) if r["result"] else None,
            "seats": kinds.get(r["id"], {}), "created_at": r["created_at"], "updated_at": r["updated_at"],
        } for r in rows]

    def games_to_resume(self) -> list[str]:
        """Active games whose side to move is an AI seat (restart the AI after a crash)."""
        q = (select(db.games.c.id).join(db.seats, (db.seats.c.game_id == db.games.c.id)
                                        & (db.seats.c.side == db.games.c.to_move))
             .where(db.games.c.status == "active", db.seats.c.kind.like("ai:%")))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(q).all()]

    def count_games(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(db.games)).scalar() or 0)


def _seat(r: Any) -> Seat:
    return Seat(r["side"], r["kind"], r["token"], r["notify_webhook"], r["notify_email"], r["notify_link"])


def _summary_cols(s: Summary) -> dict[str, Any]:
    return {"status": s.status, "to_move": s.to_move, "turn_label": s.turn_label,
            "result": json.dumps(s.result) if s.result else None}


def _action_row(game_id: str, a: ActionRecord, now: float) -> dict[str, Any]:
    return {"game_id": game_id, "ordinal": a.ordinal, "side": a.side, "action": a.action,
            "events": json.dumps(a.events, separators=(",", ":"), default=str), "hash": a.hash,
            "barrier": a.barrier, "undone": False, "version": a.version, "created_at": a.created_at or now}


def _action_record(r: Any) -> ActionRecord:
    return ActionRecord(r["ordinal"], r["side"], r["action"], json.loads(r["events"]), r["hash"], bool(r["barrier"]),
                        r["version"], r["created_at"])
