"""Database schema and engine: SQLite by default, PostgreSQL when the URL says so.

The *record* of a game is its row in ``games`` (game, scenario, options, seed)
plus its rows in ``actions`` (one per accepted action, with the events it
produced and the hash of the position after it). Everything else — the live
``State`` kept in memory, the rows in ``snapshots`` — is a cache that can be
rebuilt from the record and is checked against the stored hashes.

Undone actions stay in ``actions`` with ``undone`` set, for audit; a partial
unique index keeps at most one *active* action per ordinal, so two writers can
never both extend a game at the same point, even from two server processes.
"""

from __future__ import annotations

import os
import select
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    inspect,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(24), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("scenario", String(64), nullable=False),
    Column("options", Text, nullable=False),  # canonical JSON
    Column("seed", BigInteger, nullable=False),  # the seed when it fits 63 bits, else 0
    Column("seed_text", String(80)),  # the seed in decimal when it does not fit (server secrets: 129 bits)
    Column("seed_public", Boolean, nullable=False, default=False),  # chosen or imported: announced to every seat
    Column("version", Integer, nullable=False, default=0),  # bumped by every action and every undo
    Column("n_actions", Integer, nullable=False, default=0),  # active actions in the record
    Column("setup_hash", String(64), nullable=False),  # hash of the starting position
    Column("status", String(16), nullable=False, default="active"),  # active | over | broken
    # summary columns for the lobby, refreshed with every action (never trusted for play)
    Column("to_move", String(32)),
    Column("turn_label", String(128)),
    Column("result", Text),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(24), ForeignKey("games.id"), primary_key=True),
    Column("side", String(32), primary_key=True),
    Column("kind", String(64), nullable=False),  # "human" or "ai:<level>"
    Column("token", String(64), unique=True),  # secret; NULL for AI seats
    # turn notifications (issue 18): only ever shown to this seat
    Column("notify_webhook", Text),  # http(s) URL POSTed when it becomes this seat's turn
    Column("notify_email", Text),  # address mailed when it becomes this seat's turn
    Column("notify_link", Text),  # the seat's play URL put in the notice
)

actions = Table(
    "actions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(24), ForeignKey("games.id"), nullable=False),
    Column("ordinal", Integer, nullable=False),  # 1-based position in the active record
    Column("side", String(32), nullable=False),  # who made it
    Column("action", Text, nullable=False),  # action text, parsed back by State.parse
    Column("events", Text, nullable=False),  # JSON list of every event (hidden ones too)
    Column("hash", String(64), nullable=False),  # State.hash() after the action
    Column("barrier", Boolean, nullable=False),  # revealed information or handed over: no undo past it
    Column("undone", Boolean, nullable=False, default=False),
    Column("version", Integer, nullable=False),  # game version this action created
    Column("created_at", Float, nullable=False),
)
Index("ix_actions_game", actions.c.game_id, actions.c.ordinal)
Index(
    "ux_actions_active",
    actions.c.game_id,
    actions.c.ordinal,
    unique=True,
    sqlite_where=actions.c.undone.is_(False),
    postgresql_where=actions.c.undone.is_(False),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(24), ForeignKey("games.id"), primary_key=True),
    Column("ordinal", Integer, primary_key=True),
    Column("hash", String(64), nullable=False),
    Column("state", Text, nullable=False),  # State.g as canonical JSON
    Column("created_at", Float, nullable=False),
)


outbox = Table(
    "outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(24), ForeignKey("games.id"), nullable=False),
    Column("side", String(32), nullable=False),  # the seat whose turn it is
    Column("version", Integer, nullable=False),  # the game version that handed it the turn
    Column("channel", String(16), nullable=False),  # "webhook" | "email"
    Column("target", Text, nullable=False),  # the URL or address (copied from the seat when queued)
    Column("link", Text, nullable=False),  # the seat's play URL put in the notice
    Column("game", String(64), nullable=False),
    Column("turn_label", String(128)),
    Column("attempts", Integer, nullable=False, default=0),  # failed deliveries so far
    Column("next_at", Float, nullable=False),  # wall-clock time of the next attempt (or end of a claim)
    Column("delivered_at", Float),  # NULL until delivered
    Column("gave_up", Boolean, nullable=False, default=False),  # retries exhausted
    Column("last_error", Text),
    Column("created_at", Float, nullable=False),
)
Index("ix_outbox_due", outbox.c.delivered_at, outbox.c.gave_up, outbox.c.next_at)

# per-game chat between the seats (issue 35): not game actions — never in the action log, the
# state hash, saves or replays; read only by the game's seat tokens
chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(24), ForeignKey("games.id"), nullable=False),
    Column("side", String(32), nullable=False),  # the seat that wrote it
    Column("text", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)
Index("ix_chat_game", chat.c.game_id, chat.c.id)
Index("ix_chat_seat", chat.c.game_id, chat.c.side, chat.c.created_at)


def default_db_url() -> str:
    """SQLite under ``$XDG_DATA_HOME/westfront`` (``~/.local/share/westfront``)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "westfront"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'westfront.db'}"


def resolve_db_url(url: str | None) -> str:
    """Explicit URL, else ``WESTFRONT_DATABASE_URL``, else the default SQLite file."""
    return url or os.environ.get("WESTFRONT_DATABASE_URL") or default_db_url()


def make_engine(url: str) -> Engine:
    """An engine with the pragmas that make SQLite safe and quick for many small commits.

    WAL lets readers run while one writer commits; ``synchronous=NORMAL`` in WAL
    mode keeps every committed transaction across a crash or ``kill -9`` of the
    server (only a power cut can lose the last commits; set
    ``WESTFRONT_SQLITE_SYNC=FULL`` to guard against that as well).
    """
    kwargs: dict[str, Any] = {"future": True}
    check = os.environ.get("WESTFRONT_DB_PRE_PING", "socket")
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        if url in ("sqlite://", "sqlite:///:memory:"):
            from sqlalchemy.pool import StaticPool

            kwargs["poolclass"] = StaticPool
    else:
        # a connection the database dropped (a PostgreSQL restart, a terminated backend) must be
        # replaced when it leaves the pool, not fail a request with a 500. The default looks at
        # the socket (see ``_dropped``: no round trip); WESTFRONT_DB_PRE_PING=1 asks the server
        # instead (SQLAlchemy's pre-ping: one round trip per checkout), =0 checks nothing.
        kwargs["pool_pre_ping"] = check == "1"
        kwargs["pool_recycle"] = 1800
        # as many kept connections as request threads (anyio's 40) can want at once: connections
        # opened beyond the pool are closed again after one use, and opening one (a new backend
        # process) costs more than the move that needed it
        kwargs["pool_size"] = int(os.environ.get("WESTFRONT_DB_POOL", "40"))
        kwargs["max_overflow"] = 10
    engine = create_engine(url, **kwargs)
    if not url.startswith("sqlite") and check == "socket":

        @event.listens_for(engine, "checkout")
        def _alive(dbapi_conn: Any, _record: Any, _proxy: Any) -> None:
            if _dropped(dbapi_conn):
                raise DisconnectionError("the database closed this pooled connection")  # the pool reconnects

    if url.startswith("sqlite"):
        sync = os.environ.get("WESTFRONT_SQLITE_SYNC", "NORMAL").upper()
        if sync not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"WESTFRONT_SQLITE_SYNC must be NORMAL, FULL or EXTRA, not {sync!r}")

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sync}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

    metadata.create_all(engine)
    _add_missing_columns(engine)
    return engine


def _dropped(dbapi_conn: Any) -> bool:
    """Whether the server has closed this idle pooled connection. An idle connection that listens
    for nothing is sent nothing, unless its backend goes away: then the socket holds the server's
    farewell (a FATAL message) and the end of the stream, and polls readable — a system call
    instead of the pre-ping's round trip to the database."""
    try:
        fd = dbapi_conn.fileno()
    except Exception:  # noqa: BLE001 - psycopg raises on a connection it knows is closed
        return True
    p = select.poll()
    p.register(fd, select.POLLIN | select.POLLPRI)
    return bool(p.poll(0))


def _add_missing_columns(engine: Engine) -> None:
    """Bring a database made by an older westfront up to date (new nullable or defaulted columns)."""
    for table in metadata.sorted_tables:
        have = {c["name"] for c in inspect(engine).get_columns(table.name)}
        for col in table.columns:
            if col.name in have:
                continue
            ddl = col.type.compile(dialect=engine.dialect)
            default = ""
            if isinstance(col.type, Boolean):
                default = " NOT NULL DEFAULT FALSE"
            with engine.begin() as conn:
                conn.execute(text(f'ALTER TABLE {table.name} ADD COLUMN {col.name} {ddl}{default}'))
