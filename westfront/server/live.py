"""A game held in memory: its State, its record and the bookkeeping for undo and replay.

The server keeps one :class:`LiveGame` per game it is serving, guarded by the
game's own lock, so an action costs one ``apply`` and one database commit
instead of a replay. A live game is always rebuilt from the stored record
(:meth:`LiveGame.rebuild`), checking the hash after every action; a record that
does not reproduce its hashes raises :class:`RecordBroken` and is never played
on.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any

from .. import api
from ..core.actions import Event
from ..core.errors import IllegalAction
from ..core.refusals import refusal
from ..core.state import State, conceding_side, is_undo_barrier, is_visible
from .store import ActionRecord, GameRecord, Seat

log = logging.getLogger("westfront.server")

CHECKPOINT_EVERY = 32  # replay viewer: one cached position per this many actions


class RecordBroken(Exception):
    """The stored record does not rebuild the positions it claims (hash mismatch, illegal action)."""


@dataclass
class Applied:
    """One action applied in memory but not yet committed."""

    record: ActionRecord
    events: list[dict[str, Any]]
    log_before: dict[str | None, int]  # visible log length per side before the action


@dataclass
class LiveGame:
    id: str
    game: str
    scenario: str
    options: dict[str, Any]
    seed: int
    seats: dict[str, Seat]
    state: State
    version: int
    actions: list[ActionRecord]
    setup_hash: str
    created_at: float = 0.0
    seed_public: bool = False  # chosen or imported seed: every seat may know it
    turn_label: str | None = None  # the lobby's turn label as of the last barrier
    broken: str | None = None
    thinking: str | None = None  # the AI seat that is choosing a move now
    last_snapshot: int = 0  # ordinal of the newest cached position in the database
    lock: threading.RLock = field(default_factory=threading.RLock)
    _anchor: State | None = None  # position after the last barrier: undo never goes before it
    _anchor_n: int = 0
    _checkpoints: dict[int, State] = field(default_factory=dict)
    _previews: tuple[int, dict[str, Any]] = (-1, {})
    by_token: dict[str, str] = field(default_factory=dict)
    _views: dict[str | None, dict[int, dict[str, Any]]] = field(default_factory=dict)  # side -> version -> view
    # side -> (the state it was read from, how much of its log was read, the visible part)
    _vlogs: dict[str | None, tuple[State, int, list[Event]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_token = {s.token: s.side for s in self.seats.values() if s.token}
        if self._anchor is None:
            self._anchor = self.state.clone()
            self._anchor_n = len(self.actions)

    # ----- construction -----------------------------------------------------
    @classmethod
    def rebuild(cls, rec: GameRecord) -> LiveGame:
        """Replay the record from the start, checking every stored hash."""
        try:
            s = api.load(rec.game, rec.scenario, rec.options, rec.seed)
        except Exception as e:  # noqa: BLE001 - any failure to start means the record is unusable
            raise RecordBroken(f"game {rec.id}: cannot start {rec.game}/{rec.scenario}: {e}") from e
        if s.hash() != rec.setup_hash:
            raise RecordBroken(f"game {rec.id}: the starting position hashes to {s.hash()}, "
                               f"the record says {rec.setup_hash} (engine or data changed?)")
        anchor, anchor_n = s.clone(), 0
        for a in rec.actions:
            before = s.current_player()
            try:
                events = s.apply(a.action)
            except IllegalAction as e:
                raise RecordBroken(f"game {rec.id}: action {a.ordinal} ({a.action!r}) no longer replays: "
                                   f"{e.reason}") from None
            h = s.hash()
            if h != a.hash:
                raise RecordBroken(f"game {rec.id}: after action {a.ordinal} ({a.action!r}) the position hashes "
                                   f"to {h}, the record says {a.hash}")
            snap = rec.snapshots.get(a.ordinal)
            if snap is not None and snap != h:
                raise RecordBroken(f"game {rec.id}: snapshot {a.ordinal} hash {snap} disagrees with the replay {h}")
            if is_undo_barrier(events, before, s.current_player()):
                anchor, anchor_n = s.clone(), a.ordinal
        live = cls(id=rec.id, game=rec.game, scenario=rec.scenario, options=rec.options, seed=rec.seed,
                   seats=rec.seats, state=s, version=rec.version, actions=list(rec.actions),
                   setup_hash=rec.setup_hash, created_at=rec.created_at, seed_public=rec.seed_public,
                   _anchor=anchor, _anchor_n=anchor_n,
                   last_snapshot=max(rec.snapshots, default=0))
        return live

    def catch_up(self, rec: GameRecord) -> bool:
        """Play the actions another server process committed since this copy was made.

        False (nothing changed here) when the stored record is not an extension of this one
        (an undo happened elsewhere) or does not end in the position it claims: the caller then
        rebuilds the game from the record, checking every hash.
        """
        n = len(self.actions)
        if len(rec.actions) < n or any(a.hash != b.hash for a, b in zip(self.actions, rec.actions, strict=False)):
            return False
        return self._play_on(rec.actions[n:], list(rec.actions), rec.version)

    def extend(self, version: int, tail: list[ActionRecord]) -> bool:
        """Play ``tail``, the actions stored after this copy's last one at stored ``version``, when
        nothing but appends happened since this copy's version: every write (a move or an undo)
        bumps the version by exactly one, so as many new versions as new actions, numbered on
        from this copy's, means the stored record extends this one — without reading (and
        decoding) the whole record. False changes nothing (the caller reads the record)."""
        n = len(self.actions)
        if not tail or version - self.version != len(tail) or \
                [a.ordinal for a in tail] != list(range(n + 1, n + 1 + len(tail))):
            return False
        return self._play_on(tail, self.actions + list(tail), version)

    def _play_on(self, tail: list[ActionRecord], actions: list[ActionRecord], version: int) -> bool:
        """Replay ``tail`` on a copy; on success it becomes this game with record ``actions``."""
        s = self.state.clone()
        anchor, anchor_n = self._anchor, self._anchor_n
        for a in tail:
            before = s.current_player()
            try:
                events = s.apply(a.action)
            except IllegalAction:
                return False
            if is_undo_barrier(events, before, s.current_player()):
                anchor, anchor_n = s.clone(), a.ordinal
        # the position after the last action proves the ones before it (a hash per action costs
        # as much as the action: with several processes, each replays the others' moves)
        if tail and s.hash() != tail[-1].hash:
            return False
        self.state, self._anchor, self._anchor_n = s, anchor, anchor_n
        self.actions = actions
        self.version = version
        return True

    # ----- seats ---------------------------------------------------------------
    def reseat(self, seats: dict[str, Seat]) -> None:
        """Take the seats as stored (a token was replaced by a claim, maybe in another process)."""
        self.seats = dict(seats)
        self.by_token = {s.token: s.side for s in self.seats.values() if s.token}

    def side_of(self, token: str | None) -> str | None:
        return self.by_token.get(token) if token else None

    def human_sides(self) -> list[str]:
        return [s.side for s in self.seats.values() if not s.is_ai]

    def ai_to_move(self) -> str | None:
        """The AI seat that must decide now, if any."""
        if self.state.is_terminal() or self.broken:
            return None
        cur = self.state.current_player()
        seat = self.seats.get(cur) if cur else None
        return cur if seat is not None and seat.is_ai else None

    def sequence_start(self) -> tuple[State, int]:
        """A copy of the position after the last barrier (dice, a reveal, a hand-over) and how many
        actions led to it: where the decision sequence of the side to move began (undo never goes
        before it; a computer seat's mind is rebuilt from it, westfront.server.ai_minds)."""
        assert self._anchor is not None
        return self._anchor.clone(), self._anchor_n

    @property
    def n_actions(self) -> int:
        return len(self.actions)

    # ----- views ----------------------------------------------------------------
    def view_of(self, side: str | None) -> dict[str, Any]:
        """``state.view(side)``, computed once per version (call with ``lock`` held). Views are
        kept for the last two versions so answers can be patches against what a seat has."""
        v = self._views.get(side, {}).get(self.version)
        if v is None:
            v = self.state.view(side)
            self.keep_view(side, v)
        return v

    def keep_view(self, side: str | None, view: dict[str, Any]) -> None:
        """Remember ``view`` as ``side``'s view of the current version (the last two are kept)."""
        per = self._views.setdefault(side, {})
        per[self.version] = view
        for old in sorted(per)[:-2]:
            del per[old]

    def view_at(self, side: str | None, version: int) -> dict[str, Any] | None:
        return self._views.get(side, {}).get(version)

    def visible_log(self, side: str | None) -> list[Event]:
        """``state.visible_log(side)`` (do not change it), filtering only the events added since the
        last call: a state's log only grows, and a long game's log is thousands of events, read three
        times per move. A new state (undo, a failed commit, a catch-up) is read from the start."""
        s = self.state
        if type(s).visible_log is not State.visible_log:  # a game with its own rule: ask it
            return s.visible_log(side)
        cached = self._vlogs.get(side)
        if cached is None or cached[0] is not s or cached[1] > len(s.log):
            cached = (s, 0, [])
        _, n, out = cached
        if n < len(s.log):
            out.extend(e for e in s.log[n:] if is_visible(e, side))
        self._vlogs[side] = (s, len(s.log), out)
        return out

    # ----- play ---------------------------------------------------------------
    def apply(self, side: str, text: str, log_sides: set[str | None]) -> Applied:
        """Apply ``text`` for ``side`` in memory. Raises IllegalAction and changes nothing.

        The caller commits :attr:`Applied.record` and calls :meth:`accept`, or
        :meth:`discard` when the commit fails.
        """
        s = self.state
        refused = self._refused_before_rules(side, text)
        if refused:
            raise IllegalAction(refused)
        cur = s.current_player()
        log_before = {sd: len(self.visible_log(sd)) for sd in log_sides | {side}}
        try:
            events = s.apply(text)  # raises IllegalAction with the rule, state unchanged
        except IllegalAction as e:  # told as this side may be told it: no hidden piece named (issue 38)
            raise IllegalAction(refusal(s, side, text, e.reason, self.view_of(side)), action=text) from None
        barrier = is_undo_barrier(events, cur, s.current_player())
        rec = ActionRecord(ordinal=len(self.actions) + 1, side=side, action=s.history[-1], events=events,
                           hash=s.hash(), barrier=barrier, version=self.version + 1)
        return Applied(rec, events, log_before)

    def _refused_before_rules(self, side: str, text: str) -> str | None:
        """Why ``side`` may not send ``text`` at all now (game over, out of turn), before any rule is asked."""
        s = self.state
        if s.is_terminal():
            return "the game is over; no action is legal"
        conceding = conceding_side(text)
        if conceding is not None and conceding != side:
            return f"a seat concedes only for itself: send 'concede {side}'"
        if s.current_player() != side and conceding is None:
            # the asking seat's own waiting text: the decider's prompt may name its hidden pieces (issue 38)
            waiting = self.view_of(side).get("prompt") or s.waiting_text()
            return f"not {side}'s decision now: {waiting}"
        return None

    def why_not(self, side: str, text: str) -> str | None:
        """What :meth:`apply` would answer ``side`` for ``text`` — the rule and the actual reason, told as
        this side may be told it — or None when it is legal. Tried on a copy: nothing changes, nothing is
        recorded. The board asks it when a player clicks something that is not highlighted."""
        refused = self._refused_before_rules(side, text)
        if refused:
            return refused
        s = self.state
        try:
            s.clone().apply(text)
        except IllegalAction as e:
            return refusal(s, side, text, e.reason, self.view_of(side))
        return None

    def accept(self, ap: Applied) -> None:
        """The action is committed: make it part of the live record."""
        self.actions.append(ap.record)
        self.version = ap.record.version
        if ap.record.barrier:
            self._anchor, self._anchor_n = self.state.clone(), ap.record.ordinal

    def discard(self) -> None:
        """The commit failed: go back to the last committed position."""
        self.state = self._position_from_anchor(len(self.actions))

    # ----- undo -----------------------------------------------------------------
    def undo_reason(self, side: str) -> str | None:
        """Why ``side`` may not undo now (None: it may)."""
        if self.state.is_terminal():
            return "the game is over"
        if not self.actions or len(self.actions) <= self._anchor_n:
            return "nothing to undo since the last die roll, reveal or hand-over"
        last = self.actions[-1]
        if last.side != side:
            return f"the last action was {last.side}'s"
        if last.barrier:
            return "the last action rolled dice, revealed information or handed over play"
        return None

    def undo(self, new_version: int) -> int:
        """Drop the last action (already checked with :meth:`undo_reason`); returns its ordinal."""
        last = self.actions.pop()
        self.state = self._position_from_anchor(len(self.actions))
        self.version = new_version
        self._checkpoints = {k: v for k, v in self._checkpoints.items() if k <= len(self.actions)}
        return last.ordinal

    def _position_from_anchor(self, n: int) -> State:
        assert self._anchor is not None
        s = self._anchor.clone()
        for a in self.actions[self._anchor_n:n]:
            s.apply(a.action)
        return s

    # ----- replay -----------------------------------------------------------
    def position_at(self, n: int) -> State:
        """The position after ``n`` actions of the record (0: the start), from cached checkpoints."""
        n = max(0, min(n, len(self.actions)))
        if n == len(self.actions):
            return self.state.clone()
        base = (n // CHECKPOINT_EVERY) * CHECKPOINT_EVERY
        cp = self._checkpoints.get(base)
        if cp is None:
            lower = [k for k in self._checkpoints if k <= base]
            start = max(lower) if lower else 0
            s = self._checkpoints[start].clone() if lower else api.load(self.game, self.scenario, self.options,
                                                                         self.seed)
            for k in range(start, base):
                s.apply(self.actions[k].action)
                if (k + 1) % CHECKPOINT_EVERY == 0:
                    self._checkpoints[k + 1] = s.clone()
            self._checkpoints[base] = s.clone()
            cp = self._checkpoints[base]
        s = cp.clone()
        for a in self.actions[base:n]:
            s.apply(a.action)
        return s

    # ----- previews -----------------------------------------------------------
    def previews(self, texts: list[str]) -> dict[str, Any]:
        """Previews of legal actions, cached for the current version."""
        ver, cache = self._previews
        if ver != self.version:
            cache = {}
            self._previews = (self.version, cache)
        legal = {str(a) for a in self.state.legal_actions()}
        out: dict[str, Any] = {}
        for t in texts:
            if t not in legal:
                out[t] = None
                continue
            if t not in cache:
                try:
                    cache[t] = self.state.preview(t)
                except Exception:  # noqa: BLE001 - a preview is optional help; never fail the request
                    log.exception("preview of %r failed in game %s", t, self.id)
                    cache[t] = None
            out[t] = cache[t]
        return out
